/*
 * The volatility profiles of several applications, for training,
 * classifying and evaluating corpora (train/profile_set.c): given per
 * application ("APP=FILE") or for all ("FILE"), or learned on demand, per
 * application, from its clean run folders (DIR/APP/runs/RUN or DIR/APP/RUN)
 * or from half of its rerun records (split by test name; that half is then
 * left out of the scoring, the other half is scored).
 *
 * And calibration on those clean reruns for leave-one-application-out
 * evaluation (train/rerun_calibration.c): the smart_eval_options.calibrate
 * hook that moves each fold's cutoff past the held-out application's rerun
 * pairs.
 */
#ifndef SMART_PROFILE_SET_H
#define SMART_PROFILE_SET_H

#include <stddef.h>

#include "smart/error.h"
#include "smart/model.h"
#include "smart/profile.h"
#include "smart/train.h"

typedef struct smart_profile_set {
	char **apps;              /* per entry: the application, NULL = all */
	smart_profile **profiles; /* per entry, owned; NULL = none learned */
	size_t n;
	const char *runs_dir;     /* learn from DIR/APP/runs/RUN (or DIR/APP/RUN) */
	int from_reruns;          /* learn from the learning half of the rerun records */
	const char *const *corpora; /* for from_reruns */
	size_t n_corpora;
	smart_format format;      /* for runs and records without a "format" */
	int off;                  /* 1: answer NULL for every application (the
	                           * without-profiles side of a comparison) */
	int failed;               /* learning failed: err says why */
	smart_error err;
} smart_profile_set;

/* Loads "FILE" (every application's) or "APP=FILE" into the set. */
int smart_profile_set_add(smart_profile_set *ps, const char *spec, smart_error *err);

/* The profile of `app` (a smart_table's profile_for: ctx is the set),
 * learned on first use when the set learns; NULL for none, and NULL with
 * ps->failed set when learning failed. */
const smart_profile *smart_profile_set_for(void *ctx, const char *app);

/* Makes `t` measure with these profiles (and, with from_reruns, skip the
 * rerun records of the learning half). */
void smart_profile_set_attach(smart_profile_set *ps, smart_table *t);

/* Frees the profiles; the set may be reused. */
void smart_profile_set_free(smart_profile_set *ps);

/* ---- calibration on clean reruns (train/rerun_calibration.c) ---- */

/* The feature vectors of one application's clean rerun pairs. */
typedef struct smart_rerun_rows {
	char *app;
	double *rows;   /* n x n_features */
	size_t n;
} smart_rerun_rows;

/* The state of smart_rerun_calibrate: the rerun pairs of each application
 * (each run folder against the first, or its learning-half rerun records),
 * measured with its profile unless ps->off, on first use. */
typedef struct smart_rerun_calibration {
	smart_profile_set *ps;
	size_t n_features;
	smart_rerun_rows *apps;
	size_t n_apps;
	size_t moved;   /* held-out applications whose cutoff was moved */
} smart_rerun_calibration;

/* The smart_eval_options.calibrate hook over a smart_rerun_calibration
 * (ctx): moves the cutoff just past the application's worst rerun pair
 * when one would be inspected. */
int smart_rerun_calibrate(void *ctx, const char *app, smart_model *model, smart_error *err);

void smart_rerun_calibration_free(smart_rerun_calibration *c);

#endif
