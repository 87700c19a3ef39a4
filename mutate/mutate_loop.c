/*
 * Trying the mutants (mutate/mutate_run.h): each idle slot takes the next
 * mutation in the seeded order, rewrites that one file in its copy, builds,
 * runs, compares every stable output with the clean one, and writes the
 * original file back. Slots are polled from this thread, and finished
 * mutants' pair lines are appended to the output in mutant order.
 */
#include "mutate_run.h"
#include "corpus/pair_write.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_randist.h>
#include <gsl/gsl_rng.h>

#include "smart/file.h"
#include "smart/shard.h"

/* The largest file a mutant's run may write, and so the largest output
 * compared. */
#define MUTANT_FILE_MAX ((size_t)64 * 1024 * 1024)

static const smart_mutation *mutation_of(const mutate_driver *d, size_t ordinal)
{
	assert(ordinal < d->mutations.count); /* order holds that many */
	return &d->mutations.items[d->order[ordinal]];
}

/* Makes sure results[ordinal] exists. */
static int reserve_result(mutate_driver *d, size_t ordinal, smart_error *err)
{
	size_t cap = d->result_cap ? d->result_cap : 64;
	mutate_result *r;

	if (ordinal < d->result_cap)
		return 0;
	while (cap <= ordinal)
		cap *= 2;
	r = realloc(d->results, cap * sizeof(*r));
	if (!r)
		return smart_error_oom(err);
	memset(r + d->result_cap, 0, (cap - d->result_cap) * sizeof(*r));
	d->results = r;
	d->result_cap = cap;
	return 0;
}

/* Writes file `index` of the mutated set into the slot with `data`. */
static int put_file(mutate_driver *d, mutate_slot *s, uint32_t index,
		    const char *data, size_t len, smart_error *err)
{
	char *path;
	int rc;

	assert(index < d->files.count);
	path = smart__fs_join(s->dir, d->files.items[index]);
	if (!path)
		return smart_error_oom(err);
	rc = smart__fs_write_in_place(path, data, len, err);
	free(path);
	return rc;
}

/* Starts the run command of the slot's mutant on an empty outputs folder. */
static int start_run(mutate_driver *d, mutate_slot *s, smart_error *err)
{
	assert(s->proc.pid == 0); /* the build, if any, was reaped */
	if (smart__fs_fresh_dir(s->dir, d->opt->outputs, err) < 0 ||
	    smart__mutate_proc_start(&s->proc, d->mutant_run, s->dir, s->log,
			      d->env, d->run_timeout, err) < 0)
		return -1;
	s->state = SLOT_RUN;
	return 0;
}

/* Seeds mutant `ordinal` into the idle slot and starts its build. */
static int start_mutant(mutate_driver *d, mutate_slot *s, size_t ordinal,
			smart_error *err)
{
	const smart_mutation *m = mutation_of(d, ordinal);
	size_t len;
	char *text;
	int rc;

	assert(s->state == SLOT_IDLE);
	if (reserve_result(d, ordinal, err) < 0)
		return -1;
	text = smart_mutation_apply(d->texts[m->file], d->lens[m->file], m, &len);
	if (!text)
		return smart_error_oom(err);
	rc = put_file(d, s, m->file, text, len, err);
	free(text);
	if (rc < 0)
		return -1;
	s->ordinal = ordinal;
	d->sum->tried++;
	d->sum->op_tried[m->op]++;
	if (!d->opt->build) {
		d->sum->built++;
		return start_run(d, s, err);
	}
	if (smart__mutate_proc_start(&s->proc, d->opt->build, s->dir, s->log,
			      d->env, d->build_timeout, err) < 0)
		return -1;
	s->state = SLOT_BUILD;
	return 0;
}

/* The note of a pair: "file:line op 'before'->'after'" (caller frees). */
static char *mutation_note(const mutate_driver *d, const smart_mutation *m)
{
	char *note = NULL;

	if (asprintf(&note, "%s:%u %s '%.*s'->'%s'", d->files.items[m->file],
		     m->line, smart_mutate_op_name(m->op), (int)m->length,
		     d->texts[m->file] + m->offset, m->after) < 0)
		return NULL;
	return note;
}

/* When the mutant's differing outputs (`diff`, `n` of them, ascending) are
 * more than the per-mutant limit, keeps a seeded choice of them (in order)
 * and returns the new count. The choice depends on the seed and the
 * mutant only, so -j does not change it. */
static size_t limit_pairs(const mutate_driver *d, size_t ordinal, size_t *diff,
			  size_t n)
{
	unsigned k = d->opt->per_mutant;
	gsl_rng *rng;
	size_t *chosen;

	if (k == 0 || n <= k)
		return n;
	rng = gsl_rng_alloc(gsl_rng_mt19937);
	chosen = malloc(k * sizeof(*chosen));
	if (!rng || !chosen) {
		if (rng)
			gsl_rng_free(rng);
		free(chosen);
		return n; /* out of memory: keep them all rather than fail */
	}
	assert(k < n); /* gsl_ran_choose and the memcpy need k <= n */
	gsl_rng_set(rng, d->opt->seed * 1000003UL + ordinal);
	gsl_ran_choose(rng, chosen, k, diff, n, sizeof(*diff));
	memcpy(diff, chosen, k * sizeof(*diff));
	free(chosen);
	gsl_rng_free(rng);
	return k;
}

/* Compares the mutant's outputs with the clean ones and keeps a pair for
 * each that differs (or a seeded choice of them, see limit_pairs). */
static int compare_outputs(mutate_driver *d, mutate_slot *s, smart_error *err)
{
	const mutate_outputs *c = &d->clean;
	mutate_result *r;
	char *dir = smart__fs_join(s->dir, d->opt->outputs);
	char *note = mutation_note(d, mutation_of(d, s->ordinal));
	char **data = calloc(c->count + 1, sizeof(*data));
	size_t *lens = calloc(c->count + 1, sizeof(*lens));
	size_t *diff = calloc(c->count + 1, sizeof(*diff)), n = 0;
	int killed = 0, rc = 0;

	assert(s->state == SLOT_RUN && s->ordinal < d->result_cap); /* start_mutant reserved it */
	r = &d->results[s->ordinal];
	if (!dir || !note || !data || !lens || !diff)
		rc = smart_error_oom(err);
	for (size_t i = 0; rc == 0 && i < c->count; i++) {
		char *path = smart__fs_join(dir, c->paths[i]);

		if (!path) {
			rc = smart_error_oom(err);
			break;
		}
		if (smart_file_read(path, MUTANT_FILE_MAX, &data[i], &lens[i], NULL) < 0 ||
		    (lens[i] == 0 && c->lens[i] > 0)) {
			/* gone, or empty where the clean run wrote something:
			 * a crash, not a pair */
			d->sum->missing++;
			killed = 1;
		} else if (lens[i] != c->lens[i] || memcmp(data[i], c->data[i], lens[i]) != 0) {
			killed = 1;
			diff[n++] = i;
		}
		free(path);
	}
	if (rc == 0)
		n = limit_pairs(d, s->ordinal, diff, n);
	for (size_t k = 0; rc == 0 && k < n; k++) {
		size_t i = diff[k];
		pair_fields p = { d->opt->app, c->paths[i],
			smart__pair_format_of(c->paths[i], c->data[i], c->lens[i]),
			c->data[i], c->lens[i], data[i], lens[i], "inspect", "mutant",
			note };
		int w = smart__pair_write_line(&r->lines, &p, err);

		if (w < 0)
			rc = -1;
		else if (w == 0)
			d->sum->pairs++;
		else
			d->sum->missing++; /* not text */
	}
	d->sum->killed += killed;
	d->sum->op_killed[mutation_of(d, s->ordinal)->op] += killed;
	for (size_t i = 0; data && i < c->count; i++)
		free(data[i]);
	free(data);
	free(lens);
	free(diff);
	free(dir);
	free(note);
	return rc;
}

/* Appends the pair lines of every finished mutant that has no unfinished
 * one before it. */
static int flush_results(mutate_driver *d, smart_error *err)
{
	while (d->flushed < d->result_cap && d->results[d->flushed].done) {
		smart_strbuf *l = &d->results[d->flushed].lines;

		if (l->len && d->opt->shard_out) {
			if (smart_shard_out_item(d->opt->shard_out, d->flushed, l->data, l->len, err))
				return -1;
		} else if (l->len && smart__strbuf_append(&d->out, l->data, l->len) < 0) {
			return smart_error_oom(err);
		}
		smart__strbuf_free(l);
		d->flushed++;
	}
	return 0;
}

/* Ends the slot's mutant: original file back, result done, slot idle. */
static int finish_mutant(mutate_driver *d, mutate_slot *s, unsigned total,
			 smart_error *err)
{
	uint32_t f = mutation_of(d, s->ordinal)->file;

	s->state = SLOT_IDLE;
	if (put_file(d, s, f, d->texts[f], d->lens[f], err) < 0)
		return -1;
	d->results[s->ordinal].done = 1;
	if (d->opt->progress)
		d->opt->progress(d->sum, total, d->opt->progress_ctx);
	return flush_results(d, err);
}

/* Moves a busy slot on when its command has finished. */
static int advance(mutate_driver *d, mutate_slot *s, unsigned total,
		   smart_error *err)
{
	assert(s->state == SLOT_BUILD || s->state == SLOT_RUN);
	if (!smart__mutate_proc_poll(&s->proc))
		return 0;
	if (s->proc.timed_out) {
		d->sum->timed_out++;
		return finish_mutant(d, s, total, err);
	}
	if (s->state == SLOT_BUILD) {
		if (!smart__mutate_proc_ok(&s->proc)) {
			d->sum->build_failed++;
			return finish_mutant(d, s, total, err);
		}
		d->sum->built++;
		return start_run(d, s, err);
	}
	if (compare_outputs(d, s, err) < 0)
		return -1;
	return finish_mutant(d, s, total, err);
}

/* The per-command time limit of a mutant: the user's, or ten times what
 * the clean command took, at least 10 s. */
static double mutant_timeout(double user, double clean)
{
	if (user > 0)
		return user;
	return clean * 10 > 10 ? clean * 10 : 10;
}

/* The hash of a mutant's stable name: its file, line, operator, place and
 * replacement, whatever the order in which the mutants are tried. */
static uint64_t mutant_hash(const mutate_driver *d, const smart_mutation *m)
{
	const char *file = d->files.items[m->file];
	uint64_t h[4] = { smart_shard_hash(file, strlen(file)),
			  ((uint64_t)m->line << 8) | (uint64_t)m->op, (uint64_t)m->offset,
			  smart_shard_hash(m->after, strlen(m->after)) };

	return smart_shard_hash(h, sizeof(h));
}

/* With opt->shard: which of the `planned` mutants of the unsharded run are
 * this shard's (d->mine); the others are done before they start. */
static int choose_shard(mutate_driver *d, size_t planned, smart_error *err)
{
	if (!d->opt->shard)
		return 0;
	if (d->opt->seconds > 0)
		return smart_error_set(err, "mutate: --shard needs a mutant count (-n), not a "
				       "time budget: a budget tries different mutants on each run");
	d->mine = calloc(planned ? planned : 1, 1);
	if (!d->mine || reserve_result(d, planned, err))
		return d->mine ? -1 : smart_error_oom(err);
	for (size_t i = 0; i < planned; i++) {
		size_t index;

		d->mine[i] = (unsigned char)smart_shard_walk_see(d->opt->shard,
								 mutant_hash(d, mutation_of(d, i)),
								 &index);
		d->results[i].done = !d->mine[i];
	}
	return flush_results(d, err);
}

int smart__mutate_driver_loop(mutate_driver *d, double start, smart_error *err)
{
	const smart_mutate_options *o = d->opt;
	size_t planned = d->mutations.count, next = 0;
	unsigned total;

	if (o->mutants > 0 && o->mutants < planned)
		planned = o->mutants;
	total = o->seconds > 0 ? 0 : (unsigned)planned;
	if (choose_shard(d, planned, err))
		return -1;
	d->build_timeout = mutant_timeout(o->timeout, d->sum->clean_build_seconds);
	d->run_timeout = mutant_timeout(o->timeout, d->sum->clean_run_seconds);
	/* A mutant stuck in a loop that prints must not fill the disk before
	 * its timeout: files it writes are capped (ulimit -f counts 512-byte
	 * blocks), and a capped output fails the run or reads as missing. */
	if (asprintf(&d->mutant_run, "ulimit -f %lu 2>/dev/null; %s",
		     (unsigned long)(MUTANT_FILE_MAX / 512), o->run) < 0) {
		d->mutant_run = NULL;
		return smart_error_oom(err);
	}
	for (;;) {
		unsigned busy = 0;

		if (o->stop && *o->stop)
			return 0; /* the caller sees the flag and cleans up */
		for (unsigned k = 0; k < d->slot_count; k++) {
			mutate_slot *s = &d->slots[k];

			while (d->mine && next < planned && !d->mine[next])
				next++; /* another shard's mutant */
			if (s->state == SLOT_IDLE && next < planned &&
			    (o->seconds <= 0 || smart__mutate_now() - start < o->seconds) &&
			    start_mutant(d, s, next++, err) < 0)
				return -1;
			busy += s->state != SLOT_IDLE;
		}
		if (busy == 0)
			return 0;
		for (unsigned k = 0; k < d->slot_count; k++)
			if (d->slots[k].state != SLOT_IDLE &&
			    advance(d, &d->slots[k], total, err) < 0)
				return -1;
		smart__mutate_nap();
	}
}
