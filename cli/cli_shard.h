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

/* A shard output of `kind` for a run with `params` (an asprintf result,
 * freed here; NULL when that ran out of memory). NULL (printed) on failure. */
smart_shard_out *cli_shard_out_take(const char *kind, char *params);

/* items[0..n) joined by commas into buf (cut at its end), for params. */
void cli_shard_join(char *buf, size_t size, const char *const *items, size_t n);

/* Writes shard output o of walk w to `path` atomically, or to standard
 * output when path is NULL, and frees o. CLI_SAME or CLI_TROUBLE (printed). */
int cli_shard_write(smart_shard_out *o, const smart_shard_walk *w, const char *path);

/* The end of a run that makes pairs (mutate, perturb): `stopped` (a
 * signal's status) or, when rc < 0, err printed; else the pairs written to
 * `path`: shard output o of walk w when o is not NULL, else the JSON Lines
 * (jsonl, len bytes; gzip when path ends in .gz). Frees jsonl and o.
 * CLI_SAME, CLI_TROUBLE (printed) or `stopped`. */
int cli_pairs_finish(int rc, int stopped, const smart_error *err, smart_shard_out *o,
		     const smart_shard_walk *w, const char *path, char *jsonl, size_t len);

#endif
