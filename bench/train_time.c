/*
 * What training the default model costs, and where the time goes (issue
 * 30, item 8): the Makefile's training (linear, sign constraints, bad
 * records skipped, 10-fold cross-validation for the provenance) of the
 * shipped corpora,
 *
 *  1. on 1 thread and on 2 (wall time, side by side in this run): the
 *     speed-up of measuring the pairs on the pool;
 *  2. on 2 threads without the cross-validation (--folds 0): the share of
 *     the time that is fitting and cross-validating rather than measuring
 *     (the folds reuse the measured table, so it should be small).
 *
 * Prints pairs per second of each run and the two ratios; never a bare
 * time as a verdict (the goal, 20 s on 2 threads, is printed as a ratio).
 *
 * Usage: train_time [CORPUS...] (default: every corpora/NAME.jsonl[.gz]).
 */
#include <glob.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "smart.h"

#define GOAL_SECONDS 20.0

/* Wall-clock seconds: the threads' work is what is measured. */
static double wall_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Trains as the Makefile does on `threads` threads with `folds` folds;
 * returns the wall time, and the pairs in *pairs. */
static double train_once(const char *const *paths, size_t n, unsigned threads, unsigned folds,
			 const signed char *signs, size_t *pairs)
{
	smart_train_corpora_options o = SMART_TRAIN_CORPORA_OPTIONS_INIT;
	smart_train_report r;
	smart_error err = { "" };
	double t0;

	o.train.sign_constraints = 1;
	o.train.signs = signs;
	o.skip_bad = 1;
	o.threads = threads;
	o.folds = folds;
	t0 = wall_now();
	if (smart_train_corpora(paths, n, &o, &r, &err)) {
		fprintf(stderr, "train_time: %s\n", err.message);
		exit(2);
	}
	t0 = wall_now() - t0;
	*pairs = r.n_rows;
	smart_train_report_free(&r);
	return t0;
}

int main(int argc, char **argv)
{
	glob_t g = { 0 };
	const char *const *paths = (const char *const *)argv + 1;
	size_t n = (size_t)argc - 1, pairs = 0, n_names;
	const char **names = smart_feature_names(&n_names);
	signed char *signs = malloc(n_names ? n_names : 1);
	double one, two, no_cv;

	if (!names || !signs)
		return 2;
	for (size_t i = 0; i < n_names; i++)
		signs[i] = (signed char)smart_feature_sign(names[i]);
	if (n == 0) {
		glob("corpora/*.jsonl", 0, NULL, &g);
		glob("corpora/*.jsonl.gz", GLOB_APPEND, NULL, &g);
		paths = (const char *const *)g.gl_pathv;
		n = g.gl_pathc;
	}
	if (n == 0) {
		fprintf(stderr, "train_time: no corpora (run from the repository root)\n");
		return 2;
	}
	two = train_once(paths, n, 2, 10, signs, &pairs);
	one = train_once(paths, n, 1, 10, signs, &pairs);
	no_cv = train_once(paths, n, 2, 0, signs, &pairs);
	printf("training the default model on %zu corpora, %zu pairs (wall time)\n", n, pairs);
	printf("  1 thread:              %6.1f s  %6.0f pairs/s\n", one, pairs / one);
	printf("  2 threads:             %6.1f s  %6.0f pairs/s\n", two, pairs / two);
	printf("  2 threads, no CV:      %6.1f s  %6.0f pairs/s\n", no_cv, pairs / no_cv);
	printf("speed-up of 2 threads over 1:          %.2fx\n", one / two);
	printf("share of fitting and cross-validation: %.1f%%\n",
	       100.0 * fmax(0.0, two - no_cv) / two);
	printf("2 threads against the %.0f s goal:       %.2f (at most 1 meets it)\n", GOAL_SECONDS,
	       two / GOAL_SECONDS);
	globfree(&g);
	free(signs);
	free(names);
	return 0;
}
