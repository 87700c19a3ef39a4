/*
 * Which accepted changes (smart/accepted.h) smart classify and smart
 * review use by themselves: the file of the application's folder, .smart/
 * (docs/review.md).
 */
#ifndef SMART_CLI_ACCEPTED_H
#define SMART_CLI_ACCEPTED_H

#include <stddef.h>

#include "smart/accepted.h"

#define CLI_ACCEPTED_FILE ".smart/accepted.json"

/* The accepted changes to classify with: `given` (--accepted FILE), else
 * .smart/accepted.json of the current folder, else that of the folder
 * holding OLD (`old_path`, a folder or a file; NULL for a corpus); none
 * with `off` (--no-accepted). *out is NULL when there is none; `path`
 * receives the file used. 0, or -1 with `err` set when the file is there
 * but does not load (or `given` is missing). */
int cli_accepted_find(const char *given, int off, const char *old_path, smart_accepted **out,
		      char *path, size_t size, smart_error *err);

/* What classify and review name as the source of accepted changes when
 * only the model's classes are used. */
#define CLI_ACCEPTED_MODEL "the classes the adapted model accepts"

#endif
