/*
 * Timing shared by the benchmark programs (each bench program is one .c file,
 * so these are static): thread CPU time, and the median of repeated runs.
 */
#ifndef SMART_BENCH_BENCH_H
#define SMART_BENCH_BENCH_H

#include <stddef.h>
#include <sys/resource.h>
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

#endif
