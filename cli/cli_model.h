/*
 * What the train, classify and eval subcommands share: the hypothesised
 * signs of the features, the model to use (a file, or the default model
 * compiled in), and reporting the unusable records of corpora.
 */
#ifndef SMART_CLI_MODEL_H
#define SMART_CLI_MODEL_H

#include <stddef.h>

#include "cli.h"

/* The default model, trained on the shipped corpora when smart was built
 * (the generated build/default_model.c); empty in the bootstrap binary
 * that trains it. */
extern const char smart_default_model[];
extern const size_t smart_default_model_len;

/* The hypothesised sign of each of n named features (smart_feature_sign; 0
 * for names the registry does not know), a new array the caller frees, or
 * NULL when out of memory. */
signed char *cli_feature_signs(const char *const *names, size_t n);

/* Prints one warning line per feature of a linear model whose weight
 * contradicts its hypothesised sign. */
void cli_warn_signs(const smart_model *m, const signed char *signs);

/* Loads `path`, or the default model when path is NULL. */
smart_model *cli_load_model(const char *path, const char *const *names,
			    size_t n, smart_error *err);

/* How corpora are read: unusable records are warnings (--skip-bad) or an
 * error after reading (the first one named, the others counted). */
struct cli_progress;
typedef struct cli_bad_records {
	int skip;          /* --skip-bad: warn about each and go on */
	struct cli_progress *progress; /* erased before a warning, or NULL */
	size_t count;
	smart_error first;
} cli_bad_records;

/* The smart_bad_record_fn for a cli_bad_records context. */
void cli_on_bad_record(void *ctx, const smart_error *err);

/* Prints the first of `count` unusable records (and how many more there
 * were) as the reason a command stops; returns CLI_TROUBLE. */
int cli_fail_bad_records(const smart_error *first, size_t count);

/* Parses "linear" or "svm"; -1 when neither. */
int cli_parse_kind(const char *s, smart_model_kind *kind);

/* Parses --cutoff: "f1" (*transfer 0), "transfer", "transfer-mean" or
 * "transfer-pooled" (*transfer 1, *obj the objective); -1 when none. */
int cli_parse_cutoff(const char *s, int *transfer, smart_cutoff_objective *obj);

/* Parses a bound in (0, 10] (with zero_ok, [0, 10]: 0 means off) into
 * *v; -1 when it is not one. */
int cli_parse_bound(const char *s, int zero_ok, double *v);

#endif
