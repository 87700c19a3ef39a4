/* The ordered parallel map (common/pool.h, common/pool.c). */
#include "../support/support.h"
#include "common/pool.h"

#include <pthread.h>
#include <stdlib.h>
#include <time.h>

/* A job: its position, and the work's result (its position squared). */
typedef struct job {
	size_t index;
	size_t square;
} job;

typedef struct map_ctx {
	size_t jobs, produced, consumed, discarded;
	size_t in_flight, most_in_flight; /* produced and not yet consumed */
	size_t stop_at;                   /* done fails at this job; SIZE_MAX: never */
	size_t bytes_per_job;
	size_t gate;                      /* job 0 waits until this many are produced */
	int order_kept;
	unsigned seed;
} map_ctx;

static int next_job(void *ctx, void **out, smart_error *err)
{
	map_ctx *c = ctx;
	job *j;

	if (c->produced == c->jobs)
		return 0;
	j = malloc(sizeof(*j));
	if (!j)
		return smart_error_oom(err);
	j->index = __atomic_fetch_add(&c->produced, 1, __ATOMIC_SEQ_CST);
	j->square = 0;
	if (++c->in_flight > c->most_in_flight)
		c->most_in_flight = c->in_flight;
	*out = j;
	return 1;
}

/* Every 8th job is slow for a moment, so that jobs finish out of order;
 * with a gate, job 0 waits (a second at most) until that many jobs were
 * produced: a slow job at the head of the queue. */
static void work_job(void *ctx, void *out)
{
	map_ctx *c = ctx;
	job *j = out;

	for (int waited = 0; j->index == 0 && waited < 1000 &&
			     __atomic_load_n(&c->produced, __ATOMIC_SEQ_CST) < c->gate; waited++)
		nanosleep(&(struct timespec){ 0, 1000000 }, NULL);
	if (j->index % 8 == 0)
		nanosleep(&(struct timespec){ 0, 200000 }, NULL);
	j->square = j->index * j->index;
}

static int done_job(void *ctx, void *out, smart_error *err)
{
	map_ctx *c = ctx;
	job *j = out;
	int stop = j->index == c->stop_at;

	c->order_kept &= j->index == c->consumed && j->square == j->index * j->index;
	c->consumed++;
	c->in_flight--;
	free(j);
	return stop ? smart_error_set(err, "stopped at job %zu", c->consumed - 1) : 0;
}

static void discard_job(void *ctx, void *out)
{
	map_ctx *c = ctx;

	c->discarded++;
	c->in_flight--;
	free(out);
}

static size_t job_bytes(void *ctx, const void *out)
{
	(void)out;
	return ((map_ctx *)ctx)->bytes_per_job;
}

static map_ctx run_gated_map(unsigned threads, size_t jobs, size_t stop_at, int with_bytes,
			     size_t bytes_per_job, size_t gate, int *rc)
{
	smart_pool_ops ops = { .next = next_job, .work = work_job, .done = done_job,
			       .discard = discard_job, .job_bytes = with_bytes ? job_bytes : NULL };
	map_ctx c = { .jobs = jobs, .stop_at = stop_at, .bytes_per_job = bytes_per_job,
		      .gate = gate, .order_kept = 1 };
	smart_error err = { "" };

	*rc = smart__pool_map(threads, &ops, &c, &err);
	return c;
}

static map_ctx run_map(unsigned threads, size_t jobs, size_t stop_at, int with_bytes,
		       size_t bytes_per_job, int *rc)
{
	return run_gated_map(threads, jobs, stop_at, with_bytes, bytes_per_job, 0, rc);
}

/* Whatever the threads and the order jobs finish in, every job is consumed
 * once, in the order it was produced, with its work done. */
static void pool_hands_jobs_back_in_production_order(void **state)
{
	static const unsigned threads[] = { 1, 2, 3, 4, 8 };

	(void)state;
	for (size_t t = 0; t < sizeof(threads) / sizeof(threads[0]); t++)
		for (int with_bytes = 0; with_bytes < 2; with_bytes++) {
			int rc;
			map_ctx c = run_map(threads[t], 500, SIZE_MAX, with_bytes, 100, &rc);

			assert_int_equal(rc, 0);
			assert_true(c.order_kept);
			assert_int_equal(c.consumed, 500);
			assert_int_equal(c.discarded, 0);
			assert_int_equal(c.in_flight, 0);
		}
}

/* Small jobs may queue SMART_POOL_DEPTH per thread; jobs without a size,
 * or whose bytes fill the budget, no more than SMART_POOL_MIN_DEPTH. */
static void pool_keeps_jobs_in_flight_within_depth_and_bytes(void **state)
{
	int rc;
	map_ctx small = run_map(2, 2000, SIZE_MAX, 1, 10, &rc);
	map_ctx unsized = run_map(2, 2000, SIZE_MAX, 0, 0, &rc);
	map_ctx big = run_map(2, 2000, SIZE_MAX, 1, SMART_POOL_BYTES, &rc);
	map_ctx halfway = run_map(2, 2000, SIZE_MAX, 1, SMART_POOL_BYTES / 20 + 1, &rc);

	(void)state;
	assert_true(small.most_in_flight <= 2 * SMART_POOL_DEPTH);
	assert_true(unsized.most_in_flight <= 2 * SMART_POOL_MIN_DEPTH);
	/* the minimum, then one job whose bytes pass the budget */
	assert_true(big.most_in_flight <= 2 * SMART_POOL_MIN_DEPTH);
	assert_true(halfway.most_in_flight <= 20);
	assert_true(small.order_kept && unsized.order_kept && big.order_kept && halfway.order_kept);
}

/* A slow job at the head of the queue does not starve the other thread
 * when jobs are small: the producer queues past the minimum depth (with
 * four jobs a thread, a worker stuck on the head left the other thread
 * idle: cmark's corpus on 2 threads ran 1.3x as fast as on one). */
static void pool_queues_small_jobs_past_a_slow_head(void **state)
{
	int rc;
	map_ctx c = run_gated_map(2, 400, SIZE_MAX, 1, 10, 2 * SMART_POOL_MIN_DEPTH + 8, &rc);

	(void)state;
	assert_int_equal(rc, 0);
	assert_true(c.order_kept);
	assert_true(c.most_in_flight >= 2 * SMART_POOL_MIN_DEPTH + 8);
}

/* When done fails, the map stops: it returns -1, consumes nothing after
 * the failed job, and hands every other produced job to discard. */
static void pool_stops_at_a_failed_done_and_discards_the_rest(void **state)
{
	static const unsigned threads[] = { 1, 2, 4 };

	(void)state;
	for (size_t t = 0; t < sizeof(threads) / sizeof(threads[0]); t++) {
		int rc;
		map_ctx c = run_map(threads[t], 300, 37, 1, 10, &rc);

		assert_int_equal(rc, -1);
		assert_true(c.order_kept);
		assert_int_equal(c.consumed, 38);
		assert_int_equal(c.consumed + c.discarded, c.produced);
		assert_int_equal(c.in_flight, 0);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(pool_hands_jobs_back_in_production_order),
		cmocka_unit_test(pool_keeps_jobs_in_flight_within_depth_and_bytes),
		cmocka_unit_test(pool_queues_small_jobs_past_a_slow_head),
		cmocka_unit_test(pool_stops_at_a_failed_done_and_discards_the_rest),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
