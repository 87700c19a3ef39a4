/*
 * What smart classify's command (cli/cmd_classify.c) and its batch forms
 * (cli/cli_classify_batch.c) share: the command line as read.
 */
#ifndef SMART_CLI_CLASSIFY_H
#define SMART_CLI_CLASSIFY_H

#include "cli.h"

typedef struct classify_args {
	const char *model_path, *corpus, *junit, *report;
	const char *app;         /* --app: the application's name (folders) */
	const smart_profile *profile;
	const struct smart_accepted *accepted; /* changes accepted in review, or NULL */
	const char *accepted_path;             /* its file */
	smart_shard_walk *shard; /* --shard: this run's part, else NULL */
	char params[256];        /* --shard: what the shards of one run share */
	int json, top, strict, quiet;
	unsigned threads;
	smart_format format;
	double calibrate_bound;  /* --calibrate-bound, 0: none */
} classify_args;

/* --calibrate (cli/cli_calibrate.c): the model's cutoff moved past the
 * clean runs' rerun pairs (within o->calibrate_bound), a line on `out`
 * saying what was done. 0, or CLI_TROUBLE with the cause printed. */
int cli_classify_calibrate(smart_model *m, const classify_args *o, char **runs, size_t n,
			   FILE *out);

/* The batch forms: every pair of o->corpus, or of the folders old_dir and
 * new_dir, classified on the pool, a row (or JSON line) each in input
 * order, with the JUnit and HTML reports or, with --shard, the shard
 * outputs that stand for them. Returns the exit status: CLI_SAME every pair
 * ignored, CLI_DIFFER some inspected, CLI_TROUBLE with the cause printed. */
int cli_classify_batch(const smart_model *m, const classify_args *o, const char *old_dir,
		       const char *new_dir);

#endif
