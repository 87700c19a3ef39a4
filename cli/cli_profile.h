/*
 * Volatility profiles for the train, classify and eval subcommands: given
 * with --profile FILE (every application) or --profile APP=FILE, or learned
 * per application on demand — from its clean run folders (eval --runs DIR:
 * DIR/APP/runs/RUN or DIR/APP/RUN) or from its rerun records (eval
 * --profile-reruns: half of its rerun records, split by test name, which
 * are then left out of the scoring; the other half is scored).
 */
#ifndef SMART_CLI_PROFILE_H
#define SMART_CLI_PROFILE_H

#include "cli.h"

typedef struct cli_profiles {
	char **apps;              /* per entry: the application, NULL = all */
	smart_profile **profiles; /* per entry, owned; NULL = none learned */
	size_t n;
	const char *runs_dir;     /* eval --runs */
	int from_reruns;          /* eval --profile-reruns */
	char *const *corpora;     /* for from_reruns */
	size_t n_corpora;
	smart_format format;
	int off;                  /* 1: answer NULL for every application (the
	                           * without-profiles side of a comparison) */
	int failed;               /* learning failed: err says why */
	smart_error err;
} cli_profiles;

/* Loads "FILE" or "APP=FILE" into `ps`; prints and returns CLI_TROUBLE on
 * error, else 0. */
int cli_profiles_add(cli_profiles *ps, const char *spec);

/* The profile of `app` (the table's profile_for). */
const smart_profile *cli_profiles_for(void *ctx, const char *app);

/* Makes `t` measure with these profiles (and, with from_reruns, skip the
 * rerun records). */
void cli_profiles_attach(cli_profiles *ps, smart_table *t);

void cli_profiles_free(cli_profiles *ps);

/* Calibration for `smart eval --by-app --calibrate`: the feature vectors
 * of an application's clean rerun pairs (each run folder against the
 * first, or its rerun records), measured with its profile unless
 * ps->off, learned on first use. */
typedef struct cli_reruns {
	char *app;
	double *rows;   /* n x n_features */
	size_t n;
} cli_reruns;

typedef struct cli_calibration {
	cli_profiles *ps;
	size_t n_features;
	cli_reruns *apps;
	size_t n_apps;
	size_t moved;   /* held-out applications whose cutoff was moved */
} cli_calibration;

/* The smart_eval_options.calibrate hook over a cli_calibration: moves the
 * cutoff just past the application's worst rerun pair when one would be
 * inspected. */
int cli_calibrate(void *ctx, const char *app, smart_model *model, smart_error *err);

void cli_calibration_free(cli_calibration *c);

/* smart eval --by-app with profiles (cli/cli_eval_profiles.c): prints the
 * per-application F1 without and with profiles (and calibrated). */
int cli_eval_profiles(cli_profiles *ps, int calibrate, smart_eval_options eo,
		      char *const *paths, size_t n_paths, smart_format format,
		      unsigned threads, int skip_bad, int json);

#endif
