/*
 * Timing shared by the benchmark programs (each bench program is one .c file,
 * so these are static): thread CPU time, and the median of repeated runs.
 */
#ifndef SMART_BENCH_BENCH_H
#define SMART_BENCH_BENCH_H

#include <stddef.h>
#include <time.h>

#include <gsl/gsl_sort.h>
#include <gsl/gsl_statistics_double.h>

/* CPU time of this thread in seconds: the machine may be shared, and time
 * spent waiting for a core would punish the longer runs. */
static inline double bench_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The median of n samples (sorts them): it resists a busy machine better
 * than the minimum or the mean. */
static inline double bench_median(double *v, size_t n)
{
	gsl_sort(v, 1, n);
	return gsl_stats_median_from_sorted_data(v, 1, n);
}

#endif
