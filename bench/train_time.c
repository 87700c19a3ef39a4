/*
 * What training the default model costs (issue 30, item 8): the Makefile's
 * training (linear, sign constraints, bad records skipped, 10-fold
 * cross-validation for the provenance, each application's profile from
 * build/profiles/APP.json where `make` learnt one) of the shipped corpora,
 *
 *  1. on 1 thread and on 2: the speed-up of measuring the pairs on the
 *     pool (each pair is measured once, into a table the folds reuse);
 *  2. on 2 threads without the cross-validation (--folds 0): the share of
 *     the time that is fitting and cross-validating rather than measuring;
 *  3. the reference, in the same run: classifying the same pairs on 2
 *     threads (smart_classify_corpus, a model of zero weights), which
 *     parses, scrubs, aligns and measures each pair once, as training does.
 *
 * Every training time is printed as a ratio to the reference (wall to
 * wall, CPU to CPU), beside its wall seconds, which is what a newcomer
 * waits and what the goal (20 s on this 2-core machine) is stated in. The
 * machine is shared: the CPU seconds (the process's, all threads) say how
 * much of a wall time was work, and the goal is also judged on what the
 * CPU seconds would take on two cores of their own (CPU / 2).
 *
 * Usage: train_time [CORPUS...] (default: every corpora/NAME.jsonl[.gz]),
 * from the repository root after `make` (for the profiles).
 */
#include <glob.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"
#include "smart.h"
#include "smart/profile_set.h"

#define GOAL_SECONDS 20.0

/* One timed run: wall and process CPU seconds, pairs done. */
typedef struct timed {
	double wall, cpu;
	size_t pairs;
} timed;

/* Counts the pairs of a batch that were classified (training skips the
 * others). */
static int count_verdict(void *ctx, const smart_verdict *v, smart_error *err)
{
	(void)err;
	*(size_t *)ctx += !v->problem;
	return 0;
}

/* Classifies every pair of the corpora on `threads` threads with a model of
 * zero weights: the reference. */
static timed classify_all(const char *const *paths, size_t n, unsigned threads)
{
	smart_model *m = bench_zero_model();
	timed t = { 0, 0, 0 };

	if (!m)
		exit(2);
	t.wall = bench_wall_now();
	t.cpu = bench_process_cpu_now();
	for (size_t i = 0; i < n; i++) {
		smart_classify_options o = SMART_CLASSIFY_OPTIONS_INIT;
		smart_error err = { "" };

		o.threads = threads;
		o.on_verdict = count_verdict;
		o.payload = &t.pairs;
		if (smart_classify_corpus(m, paths[i], &o, &err)) {
			fprintf(stderr, "train_time: %s\n", err.message);
			exit(2);
		}
	}
	t.cpu = bench_process_cpu_now() - t.cpu;
	t.wall = bench_wall_now() - t.wall;
	smart_model_free(m);
	return t;
}

/* Trains as the Makefile does on `threads` threads with `folds` folds. */
static timed train_once(const char *const *paths, size_t n, unsigned threads, unsigned folds,
			const signed char *signs, smart_profile_set *profiles)
{
	smart_train_corpora_options o = SMART_TRAIN_CORPORA_OPTIONS_INIT;
	smart_train_report r;
	smart_error err = { "" };
	timed t;

	o.train.sign_constraints = 1;
	o.train.signs = signs;
	o.skip_bad = 1;
	o.seed = 1;
	o.threads = threads;
	o.folds = folds;
	o.profiles = profiles;
	t.wall = bench_wall_now();
	t.cpu = bench_process_cpu_now();
	if (smart_train_corpora(paths, n, &o, &r, &err)) {
		fprintf(stderr, "train_time: %s\n", err.message);
		exit(2);
	}
	t.cpu = bench_process_cpu_now() - t.cpu;
	t.wall = bench_wall_now() - t.wall;
	t.pairs = r.n_rows;
	smart_train_report_free(&r);
	return t;
}

/* The profiles the Makefile trains with: build/profiles/APP.json for each
 * corpus corpora/APP.jsonl[.gz] that has one. Returns how many. */
static size_t add_profiles(smart_profile_set *ps, const char *const *paths, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const char *base = strrchr(paths[i], '/') ? strrchr(paths[i], '/') + 1 : paths[i];
		size_t len = strcspn(base, ".");
		char spec[512];
		smart_error err = { "" };

		snprintf(spec, sizeof(spec), "%.*s=build/profiles/%.*s.json", (int)len, base, (int)len,
			 base);
		if (access(strchr(spec, '=') + 1, R_OK) == 0 && smart_profile_set_add(ps, spec, &err)) {
			fprintf(stderr, "train_time: %s\n", err.message);
			exit(2);
		}
	}
	return ps->n;
}

/* One line of the table: a training run against the reference. */
static void print_run(const char *what, timed t, timed ref)
{
	printf("  %-22s %7.1f s %7.1f s   %6.2f   %6.2f   %6.0f\n", what, t.wall, t.cpu,
	       t.wall / ref.wall, t.cpu / ref.cpu, t.pairs / t.wall);
}

int main(int argc, char **argv)
{
	glob_t g = { 0 };
	const char *const *paths = (const char *const *)argv + 1;
	size_t n = (size_t)argc - 1, n_names, n_profiles;
	const char **names = smart_feature_names(&n_names);
	signed char *signs = malloc(n_names ? n_names : 1);
	smart_profile_set profiles = { 0 };
	timed one, two, no_cv, ref;

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
	n_profiles = add_profiles(&profiles, paths, n);
	ref = classify_all(paths, n, 2);
	two = train_once(paths, n, 2, 10, signs, &profiles);
	one = train_once(paths, n, 1, 10, signs, &profiles);
	no_cv = train_once(paths, n, 2, 0, signs, &profiles);
	printf("training the default model as the Makefile does: %zu corpora, %zu pairs, "
	       "%zu profiles, 10 folds\n", n, two.pairs, n_profiles);
	printf("reference: classifying the same pairs on 2 threads (%zu pairs): %.1f s wall, "
	       "%.1f s CPU\n", ref.pairs, ref.wall, ref.cpu);
	printf("  %-22s %9s %9s %8s %8s %8s\n", "", "wall", "CPU", "wall/ref", "CPU/ref",
	       "pairs/s");
	print_run("1 thread", one, ref);
	print_run("2 threads", two, ref);
	print_run("2 threads, no CV", no_cv, ref);
	printf("speed-up of 2 threads over 1:          %.2fx wall\n", one.wall / two.wall);
	printf("share of fitting and cross-validation: %.1f%% of the CPU\n",
	       100.0 * fmax(0.0, two.cpu - no_cv.cpu) / two.cpu);
	printf("2 threads against the %.0f s goal:       %.2f wall, %.2f on two cores of its own "
	       "(CPU / 2; at most 1 meets it)\n", GOAL_SECONDS, two.wall / GOAL_SECONDS,
	       two.cpu / 2 / GOAL_SECONDS);
	smart_profile_set_free(&profiles);
	globfree(&g);
	free(signs);
	free(names);
	return 0;
}
