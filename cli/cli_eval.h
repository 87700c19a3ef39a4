/* The reports of smart eval that cli/cmd_eval.c does not print itself. */
#ifndef SMART_CLI_EVAL_H
#define SMART_CLI_EVAL_H

#include "cli.h"

/* Prints smart eval's usage text (cli/cli_eval_usage.c) to `out`. */
void cli_eval_usage(FILE *out);

/* Prints smart beside the baselines and the comparators, and with --by-app
 * each held-out application (cli/cli_eval_print.c): a table, or with `json`
 * one object. Returns CLI_SAME, or CLI_TROUBLE with the cause printed. */
int cli_eval_print(const smart_eval_report *r, const smart_eval_options *eo, int json);

/* --model FILE|default: loads the model (cli_load_model) that decides
 * every application of a first look into eo->model, and measures the
 * pairs as its training pairs were (raw, scrubbers). NULL with the cause
 * printed. */
smart_model *cli_eval_model(smart_eval_options *eo, const char *path, const char *const *names,
			    size_t n);

/* --ablate-scrubbers (cli/cli_eval_ablate.c): evaluates the corpora once
 * with eo's scrubbers and once more with each other scrubber turned off,
 * and prints every application's F1 in each, with the pooled and the worst
 * F1: which rules carry transfer and which carry one application.
 * CLI_SAME, or CLI_TROUBLE with the cause printed. */
int cli_eval_ablate(const char *const *corpora, size_t n, const smart_eval_options *eo,
		    int json);

/* Prints the comparison without and with profiles (--runs,
 * --profile-reruns, --profile): a table, or with `json` one object.
 * Returns CLI_SAME, or CLI_TROUBLE with the cause printed. */
int cli_eval_profiles_print(const smart_eval_report *r, smart_profile_set *ps, int json);

/* --review-sim (cli/cli_eval_review_sim.c): the simulated reviewer's
 * decisions per application (smart_review_simulate) and over all of them,
 * a table or with `json` one object. CLI_SAME, or CLI_TROUBLE with the
 * cause printed. */
int cli_eval_review_sim_print(const smart_eval_report *r, int json);

/* --scores FILE (cli/cli_eval_scores.c): every scored pair's application,
 * label, rule decision and held-out margin, one tab-separated line each
 * (with `adapt`, the adaptation pairs too, rule "adapt", margin nan).
 * CLI_SAME, or CLI_TROUBLE with the cause printed. */
int cli_eval_scores_write(const smart_eval_report *r, const char *path, int adapt);

/* ---- eval across machines (cli/cli_eval_shards.c, docs/shards.md) ---- */

/* What the rows of a sharded evaluation must share: how pairs are measured. */
void cli_eval_shard_params(const smart_eval_options *eo, char *buf, size_t size);

/* --shard K/N -o FILE: measures shard w's pairs of the corpora and writes
 * their rows to `out`. CLI_SAME, or CLI_TROUBLE with the cause printed. */
int cli_eval_shard(const smart_eval_options *eo, char *const *corpora, size_t n_corpora,
		   smart_shard_walk *w, const char *out);

/* --from-shards: the shard outputs to evaluate, as smart_eval_options'
 * fill_table (ctx: a cli_eval_shards) merges them into the table. */
typedef struct cli_eval_shards {
	char *const *paths;
	size_t n;
	char params[1024];
} cli_eval_shards;
int cli_eval_fill_from_shards(void *ctx, smart_table *t, smart_error *err);

#endif
