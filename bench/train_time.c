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
 *     (the folds reuse the measured table, so it should be small);
 *  3. against classifying the same pairs on 2 threads in the same run
 *     (smart_classify_corpus, a model of zero weights): training measures
 *     each pair once, so it should cost about what classifying does.
 *
 * Prints pairs per second of each run and the ratios; never a bare time
 * as a verdict. The machine is shared: each run's CPU seconds (the
 * process's, all threads) are printed beside its wall time, and the goal
 * (20 s on 2 threads) is judged both on the wall time and on what the CPU
 * seconds would take on two cores of their own (CPU / 2, the measuring
 * being spread evenly over the pool).
 *
 * Usage: train_time [CORPUS...] (default: every corpora/NAME.jsonl[.gz]).
 */
#include <glob.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>

#include "bench.h"
#include "smart.h"

#define GOAL_SECONDS 20.0

/* Counts the pairs of a batch that were classified (training skips the
 * others). */
static int count_verdict(void *ctx, const smart_verdict *v, smart_error *err)
{
	(void)err;
	*(size_t *)ctx += !v->problem;
	return 0;
}

/* Classifies every pair of the corpora on `threads` threads with a model of
 * zero weights; returns the wall time, the CPU time in *cpu and the
 * verdicts in *pairs. */
static double classify_all(const char *const *paths, size_t n, unsigned threads, double *cpu,
			   size_t *pairs)
{
	smart_model *m;
	double t0, c0;

	m = bench_zero_model();
	if (!m)
		exit(2);
	*pairs = 0;
	t0 = bench_wall_now();
	c0 = bench_process_cpu_now();
	for (size_t i = 0; i < n; i++) {
		smart_classify_options o = SMART_CLASSIFY_OPTIONS_INIT;
		smart_error err = { "" };

		o.threads = threads;
		o.on_verdict = count_verdict;
		o.payload = pairs;
		if (smart_classify_corpus(m, paths[i], &o, &err)) {
			fprintf(stderr, "train_time: %s\n", err.message);
			exit(2);
		}
	}
	*cpu = bench_process_cpu_now() - c0;
	t0 = bench_wall_now() - t0;
	smart_model_free(m);
	return t0;
}

/* Trains as the Makefile does on `threads` threads with `folds` folds;
 * returns the wall time, the CPU time in *cpu and the pairs in *pairs. */
static double train_once(const char *const *paths, size_t n, unsigned threads, unsigned folds,
			 const signed char *signs, double *cpu, size_t *pairs)
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
	t0 = bench_wall_now();
	*cpu = bench_process_cpu_now();
	if (smart_train_corpora(paths, n, &o, &r, &err)) {
		fprintf(stderr, "train_time: %s\n", err.message);
		exit(2);
	}
	*cpu = bench_process_cpu_now() - *cpu;
	t0 = bench_wall_now() - t0;
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
	double one, two, no_cv, classify, cpu_one, cpu_two, cpu_no_cv, cpu_classify;
	size_t classified;

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
	two = train_once(paths, n, 2, 10, signs, &cpu_two, &pairs);
	one = train_once(paths, n, 1, 10, signs, &cpu_one, &pairs);
	no_cv = train_once(paths, n, 2, 0, signs, &cpu_no_cv, &pairs);
	classify = classify_all(paths, n, 2, &cpu_classify, &classified);
	printf("training the default model on %zu corpora, %zu pairs (wall and CPU seconds)\n", n,
	       pairs);
	printf("  1 thread:              %6.1f s wall %6.1f s CPU  %6.0f pairs/s\n", one, cpu_one,
	       pairs / one);
	printf("  2 threads:             %6.1f s wall %6.1f s CPU  %6.0f pairs/s\n", two, cpu_two,
	       pairs / two);
	printf("  2 threads, no CV:      %6.1f s wall %6.1f s CPU  %6.0f pairs/s\n", no_cv,
	       cpu_no_cv, pairs / no_cv);
	printf("  classifying, 2 threads:%6.1f s wall %6.1f s CPU  %6.0f pairs/s (%zu pairs)\n",
	       classify, cpu_classify, classified / classify, classified);
	printf("speed-up of 2 threads over 1:          %.2fx wall\n", one / two);
	printf("share of fitting and cross-validation: %.1f%% of the CPU\n",
	       100.0 * fmax(0.0, cpu_two - cpu_no_cv) / cpu_two);
	printf("training / classifying the same pairs: %.2fx per pair (CPU), %.2fx (wall)\n",
	       (cpu_two / pairs) / (cpu_classify / classified), (two / pairs) / (classify / classified));
	printf("2 threads against the %.0f s goal:       %.2f wall, %.2f on two cores of its own "
	       "(CPU / 2; at most 1 meets it)\n", GOAL_SECONDS, two / GOAL_SECONDS,
	       cpu_two / 2 / GOAL_SECONDS);
	globfree(&g);
	free(signs);
	free(names);
	return 0;
}
