/*
 * Timing shared by the benchmark programs (each bench program is one .c file,
 * so these are static): thread CPU time, and the median of repeated runs.
 */
#ifndef SMART_BENCH_BENCH_H
#define SMART_BENCH_BENCH_H

#include <stddef.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>

#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>

#include "smart.h"

/* CPU time of this thread in seconds: the machine may be shared, and time
 * spent waiting for a core would punish the longer runs. */
static inline double bench_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Wall-clock seconds: for runs spread over threads, where what counts is
 * how long the user waits. */
static inline double bench_wall_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* CPU seconds of the whole process (every thread) so far: beside a wall
 * time on a shared machine, it says how much of the wait was work. */
static inline double bench_process_cpu_now(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + ru.ru_stime.tv_sec +
	       ru.ru_stime.tv_usec / 1e6;
}

/* The median of n samples (sorts them): it resists a busy machine better
 * than the minimum or the mean. */
static inline double bench_median(double *v, size_t n)
{
	gsl_sort(v, 1, n);
	return gsl_stats_median_from_sorted_data(v, 1, n);
}

/* The q-quantile (0 <= q <= 1) of n samples already sorted ascending,
 * interpolated as GSL does: with the median, the quartiles say how far a
 * ratio of paired runs strays on a shared machine. */
static inline double bench_quantile_sorted(const double *v, size_t n, double q)
{
	return gsl_stats_quantile_from_sorted_data(v, 1, n, q);
}

/* The machine's 1-minute load average, or -1 when it cannot be read: printed
 * beside each figure, so that a reader knows which were taken under load. */
static inline double bench_load_now(void)
{
	double l[1];

	return getloadavg(l, 1) == 1 ? l[0] : -1.0;
}

/* A linear model over every feature with all weights 0, inspect when the
 * score is >= 0: classifying with it does all the work of a real model
 * (parse, scrub, align, measure, score) whatever the corpora taught, so
 * the benches time smart's steps, not one model's. NULL when out of
 * memory. */
static inline smart_model *bench_zero_model(void)
{
	size_t n = smart_feature_count();
	const char **names = malloc((n ? n : 1) * sizeof(*names));
	smart_model *m;

	for (size_t i = 0; names && i < n; i++)
		names[i] = smart_feature_info_at(i)->name;
	m = names ? smart_model_alloc(SMART_MODEL_LINEAR, n, names) : NULL;
	free(names); /* the model keeps copies */
	if (m)
		m->comparison = SMART_CMP_GE;
	return m;
}

#endif
