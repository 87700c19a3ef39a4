/*
 * An ordered parallel map: jobs are produced one at a time on the calling
 * thread, worked on by a pool of threads, and handed back on the calling
 * thread in the order they were produced. Batch classification and corpus
 * measurement use it so that output order never depends on timing.
 */
#ifndef SMART_COMMON_POOL_H
#define SMART_COMMON_POOL_H

#include "smart/error.h"

typedef struct smart_pool_ops {
	/* Calling thread: produces the next job into *job. Returns 1 for a
	 * job, 0 when there are no more, -1 to stop with `err` set. */
	int (*next)(void *ctx, void **job, smart_error *err);
	/* Any pool thread, the calling one included: does the job's work,
	 * storing results in the job. Must not touch shared state except
	 * read-only. */
	void (*work)(void *ctx, void *job);
	/* Calling thread, in production order: consumes and frees the job.
	 * Returns 0, or -1 to stop with `err` set. */
	int (*done)(void *ctx, void *job, smart_error *err);
	/* Calling thread: frees a job that was produced but will not be
	 * consumed because the map stopped early. */
	void (*discard)(void *ctx, void *job);
	/* Optional, calling thread: the bytes a produced job holds until it
	 * is done. With it the map keeps up to SMART_POOL_DEPTH jobs per
	 * thread in flight while they hold under SMART_POOL_BYTES, so that
	 * one slow job does not leave the other threads without work; without
	 * it, SMART_POOL_MIN_DEPTH jobs per thread. */
	size_t (*job_bytes)(void *ctx, const void *job);
} smart_pool_ops;

/* Jobs in flight per thread: at least the first, at most the second. */
#define SMART_POOL_MIN_DEPTH 4
#define SMART_POOL_DEPTH 32
/* The bytes the jobs in flight may hold past the minimum depth. */
#define SMART_POOL_BYTES ((size_t)64 << 20)

/* Runs the map on `threads` threads (0: one per online core; 1: everything
 * on the calling thread): the calling thread and threads - 1 workers; the
 * calling thread works too while the oldest job is unfinished. Returns 0,
 * or -1 with `err` set when next or done stopped it or a thread could not
 * start. */
int smart__pool_map(unsigned threads, const smart_pool_ops *ops, void *ctx,
		   smart_error *err);

/* The number of online cores (at least 1). */
unsigned smart__pool_cores(void);

#endif
