/*
 * The papers' comparators in the commands that measure corpora (eval
 * --baselines and --comparator-features, train --comparator-features) and
 * in loading a model trained with their verdicts as features.
 */
#ifndef SMART_CLI_COMPARE_H
#define SMART_CLI_COMPARE_H

#include <stddef.h>

#include "cli.h"

/* The prefix of a comparator verdict among a model's feature names. */
#define CLI_COMPARATOR_PREFIX "comparator:"

typedef struct cli_comparators {
	const smart_comparator **v; /* the selected comparators */
	size_t n;
	smart_compare_config *config;
	const char **names;  /* smart's features then "comparator:NAME" for each
	                      * (only when opened as features) */
	size_t n_names;
	char *storage;       /* the strings of names */
} cli_comparators;

/* Selects the comparators of `list` ("all" when NULL) and loads their
 * configuration (`config_path`, NULL: defaults); with `as_features`, also
 * the feature names smart's `base` names plus one per comparator. Prints
 * the error and returns CLI_TROUBLE on failure, else 0. Release with
 * cli_comparators_close (also after a failure). */
int cli_comparators_open(cli_comparators *c, const char *list, const char *config_path,
			 const char *const *base, size_t n_base, int as_features);

/* Makes the table run the comparators on every pair it loads (and, with
 * `as_features`, keep their verdicts as its last feature columns). */
void cli_comparators_attach(const cli_comparators *c, smart_table *t, int as_features);

void cli_comparators_close(cli_comparators *c);

/* The feature names to load the model `json` with: `base`, followed by
 * the "comparator:NAME" features the model lists after them when each names
 * a known comparator (a new array, *storage holds its extra strings; free()
 * both), or `base` itself (nothing to free) when it lists none. NULL when
 * out of memory. */
const char **cli_model_names(const char *json, size_t len, const char *const *base,
			     size_t n, size_t *n_out, char **storage);

#endif
