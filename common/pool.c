/* The ordered parallel map of common/pool.h, on pthreads. */
#include "pool.h"

#include <assert.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum slot_state { SLOT_EMPTY, SLOT_READY, SLOT_RUNNING, SLOT_DONE };

typedef struct slot {
	void *job;
	size_t bytes; /* ops->job_bytes of the job, 0 without it */
	enum slot_state state;
} slot;

/* A ring of slots: jobs enter at `head`, leave at `tail` in order. */
typedef struct pool {
	const smart_pool_ops *ops;
	void *ctx;
	slot *slots;
	size_t nslots, head, tail, count;
	size_t min_count; /* jobs in flight whatever they hold */
	size_t bytes;     /* what the jobs in flight hold (ops->job_bytes) */
	int stopping;
	pthread_mutex_t lock;
	pthread_cond_t work_ready; /* a slot became READY, or stopping */
	pthread_cond_t work_done;  /* a slot became DONE */
} pool;

unsigned smart__pool_cores(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 ? (unsigned)n : 1;
}

/* The oldest READY slot, or NULL (with the lock held). */
static slot *first_ready(pool *p)
{
	for (size_t k = 0; k < p->count; k++) {
		slot *c = &p->slots[(p->tail + k) % p->nslots];

		if (c->state == SLOT_READY)
			return c;
	}
	return NULL;
}

/* Runs the job of READY slot s (with the lock held; it is released while
 * the job runs). */
static void run_slot(pool *p, slot *s)
{
	s->state = SLOT_RUNNING;
	pthread_mutex_unlock(&p->lock);
	p->ops->work(p->ctx, s->job);
	pthread_mutex_lock(&p->lock);
	s->state = SLOT_DONE;
}

static void *pool_worker(void *arg)
{
	pool *p = arg;

	pthread_mutex_lock(&p->lock);
	for (;;) {
		slot *s = first_ready(p);

		if (!s) {
			if (p->stopping)
				break;
			pthread_cond_wait(&p->work_ready, &p->lock);
			continue;
		}
		run_slot(p, s);
		/* the producer waits for the oldest job alone: waking it for
		 * any other costs a futex call and a context switch per job,
		 * as much as a small job itself */
		if (s == &p->slots[p->tail])
			pthread_cond_signal(&p->work_done);
	}
	pthread_mutex_unlock(&p->lock);
	return NULL;
}

/* Whether the producer may add a job: a free slot, and either fewer than
 * the minimum in flight or room in the byte budget. Small jobs (a corpus
 * of short pages) then queue deep enough that a thread waiting on one slow
 * job still finds others to run (cmark on 2 threads: 0.12 s -> 0.10 s),
 * and large ones stay few. Only the producer changes count and bytes. */
static int room_for_a_job(const pool *p)
{
	if (p->count >= p->nslots)
		return 0;
	return p->count < p->min_count || p->bytes < SMART_POOL_BYTES;
}

/* Everything on the calling thread, in order. */
static int pool_serial(const smart_pool_ops *ops, void *ctx, smart_error *err)
{
	for (;;) {
		void *job = NULL;
		int got = ops->next(ctx, &job, err);

		if (got <= 0)
			return got;
		ops->work(ctx, job);
		if (ops->done(ctx, job, err))
			return -1;
	}
}

int smart__pool_map(unsigned threads, const smart_pool_ops *ops, void *ctx,
		   smart_error *err)
{
	pool p;
	pthread_t *tids;
	unsigned started = 0;
	int rc = 0, ended = 0;

	if (threads == 0)
		threads = smart__pool_cores();
	if (threads == 1)
		return pool_serial(ops, ctx, err);
	memset(&p, 0, sizeof(p));
	p.ops = ops;
	p.ctx = ctx;
	p.min_count = (size_t)threads * SMART_POOL_MIN_DEPTH;
	p.nslots = (size_t)threads * (ops->job_bytes ? SMART_POOL_DEPTH : SMART_POOL_MIN_DEPTH);
	p.slots = calloc(p.nslots, sizeof(*p.slots));
	tids = calloc(threads, sizeof(*tids));
	if (!p.slots || !tids) {
		free(p.slots);
		free(tids);
		return smart_error_oom(err);
	}
	pthread_mutex_init(&p.lock, NULL);
	pthread_cond_init(&p.work_ready, NULL);
	pthread_cond_init(&p.work_done, NULL);
	/* The calling thread is one of the `threads`: while the oldest job is
	 * not done it runs waiting jobs itself, so `threads` threads work
	 * and none waits on a core another needs. */
	for (; started < threads - 1; started++)
		if (pthread_create(&tids[started], NULL, pool_worker, &p))
			break;
	if (started == 0) {
		rc = smart_error_set(err, "cannot start worker threads");
		ended = 1;
	}
	while (!ended || p.count > 0) {
		slot *t;

		/* Fill the free slots (the producer runs without the lock:
		 * only this thread touches EMPTY slots and `head`). */
		while (!ended && room_for_a_job(&p)) {
			void *job = NULL;
			int got = ops->next(ctx, &job, err);

			if (got <= 0) {
				ended = 1;
				rc = got < 0 ? -1 : rc;
				break;
			}
			pthread_mutex_lock(&p.lock);
			/* the ring: `count` slots in use from `tail` on, `head` after them */
			assert((p.tail + p.count) % p.nslots == p.head);
			assert(p.slots[p.head].state == SLOT_EMPTY);
			p.slots[p.head].job = job;
			p.slots[p.head].bytes = ops->job_bytes ? ops->job_bytes(ctx, job) : 0;
			p.slots[p.head].state = SLOT_READY;
			p.bytes += p.slots[p.head].bytes;
			p.head = (p.head + 1) % p.nslots;
			p.count++;
			pthread_cond_signal(&p.work_ready);
			pthread_mutex_unlock(&p.lock);
		}
		if (p.count == 0)
			break;
		pthread_mutex_lock(&p.lock);
		t = &p.slots[p.tail];
		while (t->state != SLOT_DONE) {
			slot *r = first_ready(&p);

			if (r)
				run_slot(&p, r);
			else
				pthread_cond_wait(&p.work_done, &p.lock);
		}
		pthread_mutex_unlock(&p.lock);
		/* A DONE slot is not touched by workers again. */
		if (rc == 0 && ops->done(ctx, t->job, err)) {
			rc = -1;
			ended = 1;
		} else if (rc != 0) {
			ops->discard(ctx, t->job);
		}
		pthread_mutex_lock(&p.lock);
		assert(t == &p.slots[p.tail] && t->state == SLOT_DONE && p.count > 0);
		p.bytes -= t->bytes;
		t->job = NULL;
		t->bytes = 0;
		t->state = SLOT_EMPTY;
		p.tail = (p.tail + 1) % p.nslots;
		p.count--;
		pthread_mutex_unlock(&p.lock);
	}
	pthread_mutex_lock(&p.lock);
	p.stopping = 1;
	pthread_cond_broadcast(&p.work_ready);
	pthread_mutex_unlock(&p.lock);
	for (unsigned i = 0; i < started; i++)
		pthread_join(tids[i], NULL);
	pthread_mutex_destroy(&p.lock);
	pthread_cond_destroy(&p.work_ready);
	pthread_cond_destroy(&p.work_done);
	free(p.slots);
	free(tids);
	return rc;
}
