/*
 * The files of two folders matched by relative path, in sorted order
 * (internal to classify/). Folders are listed iteratively, so deep trees
 * cannot exhaust the stack. A symbolic link to a file is followed; links to
 * folders, dangling links and loops are not. Every entry that is not an
 * HTML or XML document (a FIFO, a device, a JSON file, a link loop) comes
 * out with the reason it is skipped, never silently dropped.
 */
#ifndef SMART_CLASSIFY_WALK_H
#define SMART_CLASSIFY_WALK_H

#include <stddef.h>

#include "smart/error.h"

enum { SMART_WALK_BOTH = 0, SMART_WALK_OLD_ONLY, SMART_WALK_NEW_ONLY };

typedef struct smart_walk smart_walk;

/* Lists both folders; NULL with err set when one cannot be read. */
smart_walk *smart__walk_new(const char *old_dir, const char *new_dir,
			   smart_error *err);

/* The next relative path (valid until smart__walk_free), on which side it
 * exists, and why it is skipped (NULL: a document to classify; when both
 * sides have the path, either side's reason). Returns 1, or 0 at the end. */
int smart__walk_next(smart_walk *w, const char **rel, int *side, const char **skip);

void smart__walk_free(smart_walk *w);

#endif
