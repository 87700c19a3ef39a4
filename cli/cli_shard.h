/*
 * What the commands that take --shard K/N share (docs/shards.md): parsing
 * the option, fingerprinting the files a run's result depends on, and
 * writing a shard output to a file or standard output.
 */
#ifndef SMART_CLI_SHARD_H
#define SMART_CLI_SHARD_H

#include <stdint.h>

#include "cli.h"

/* Parses --shard's value into w (a fresh walk of shard K of N). Returns
 * CLI_SAME, or CLI_TROUBLE with a usage line for `command` printed. */
int cli_shard_parse(const char *command, const char *arg, smart_shard_walk *w);

/* The hash of a file's bytes (0 for NULL: no file), for a run's
 * parameters; -1 with err set when it cannot be read. */
int cli_file_fingerprint(const char *path, uint64_t *hash, smart_error *err);

/* The hash of a model's decision: weights, intercept, cutoff, comparison
 * (or the SVM's file bytes through the model's path, when one is given). */
uint64_t cli_model_fingerprint(const smart_model *m);

/* Writes shard output o of walk w to `path` atomically, or to standard
 * output when path is NULL, and frees o. CLI_SAME or CLI_TROUBLE (printed). */
int cli_shard_write(smart_shard_out *o, const smart_shard_walk *w, const char *path);

#endif
