/*
 * Loading labelled corpora into a table (smart_table_load): records are
 * read in order on the calling thread, measured on the pool, and added in
 * input order.
 */
#include "smart/train.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/array.h"
#include "common/pool.h"
#include "smart/features.h"
#include "smart/measure.h"
#include "smart/scrub.h"
#include "smart/shard.h"
#include "smart/signature.h"

/* The bytes of parsed documents kept for the pairs that share them: a
 * page's mutants and reruns come one after another in a corpus, so a few
 * pages' trees find nearly every repeat (docs/performance.md). */
#ifndef TABLE_TREE_CACHE
#define TABLE_TREE_CACHE ((size_t)64 << 20)
#endif

typedef struct load_job {
	smart_pair_job pair;
	size_t index;         /* the record's position among all the records */
	int bad;              /* 1: err holds why the record is unusable */
	smart_error err;
	smart_measure m;
	const smart_table *table; /* for its comparators */
	unsigned char *fails;     /* the comparators' verdicts */
	smart_signature_set *sigs; /* table->signatures: the pair's (owned) */
	double values[];
} load_job;

typedef struct load_ctx {
	smart_table *table;
	const char *const *paths;
	size_t n_paths, path_i;
	smart_corpus_reader *reader;
	const smart_load_options *o;
	smart_comparator_set comparators; /* the table's, run on every pair */
	smart_tree_cache *trees;  /* the documents parsed, shared by the pairs */
	size_t bad;
	size_t rows, total;  /* o->progress: rows added, of total records */
	size_t position;     /* without a shard: records read so far */
} load_ctx;

static void job_free(load_job *j)
{
	if (!j)
		return;
	smart_pair_job_clear(&j->pair);
	free(j->fails);
	free(j->sigs);
	free(j);
}

static void report_bad(load_ctx *c, const smart_error *err)
{
	c->bad++;
	if (c->o->on_bad)
		c->o->on_bad(c->o->payload, err);
}

/* The next usable-looking record of the next corpus, as a job. Records the
 * reader already refuses are reported here and skipped. */
static int load_next(void *ctx, void **out, smart_error *err)
{
	load_ctx *c = ctx;
	size_t p = c->table->n_features;

	for (;;) {
		smart_pair pair;
		load_job *j;
		size_t index = 0;
		int got;

		if (!c->reader) {
			if (c->path_i == c->n_paths)
				return 0;
			c->reader = smart_corpus_open(c->paths[c->path_i++], err);
			if (!c->reader)
				return -1;
		}
		got = c->o->shard ? smart_corpus_next_in_shard(c->reader, c->o->shard, &index,
							       &pair, err)
				  : smart_corpus_next(c->reader, &pair, err);
		if (got == SMART_CORPUS_FATAL)
			return -1;
		if (got == SMART_CORPUS_END) {
			smart_corpus_close(c->reader);
			c->reader = NULL;
			continue;
		}
		if (!c->o->shard)
			index = c->position++; /* unusable records have places too */
		if (got == SMART_CORPUS_BAD) {
			report_bad(c, err);
			continue;
		}
		if (pair.label == SMART_LABEL_NONE) {
			smart_error e;

			smart_error_set(&e, "%s:%zu: no 'label' (training and evaluation need \"inspect\" or \"ignore\")",
					pair.file, pair.line);
			report_bad(c, &e);
			continue;
		}
		if (c->table->skip_record &&
		    c->table->skip_record(c->table->profile_ctx, pair.app, pair.test, pair.origin)) {
			c->table->skipped++;
			continue;
		}
		j = calloc(1, sizeof(*j) + (p ? p : 1) * sizeof(double));
		if (!j)
			return smart_error_oom(err);
		j->table = c->table;
		j->index = index;
		if (smart_pair_job_from_record(&j->pair, &pair, c->o->format, err)) {
			free(j);
			return -1;
		}
		j->fails = c->table->n_comparators ? calloc(c->table->n_comparators, 1) : NULL;
		if (c->table->n_comparators && !j->fails) {
			job_free(j);
			return smart_error_oom(err);
		}
		j->m.values = j->values;
		j->m.format = j->pair.format;
		j->m.test = j->pair.test;
		j->m.raw = c->table->raw;
		j->m.scrubbers_off = c->table->scrubbers_off |
				     (c->table->hold_out_rules ? smart_scrubbers_read_from_app(pair.app)
							       : 0);
		j->m.comparators = &c->comparators;
		j->m.comparator_features = c->table->comparator_features;
		j->m.trees = c->trees;
		j->m.fails = j->fails;
		if (c->table->signatures) {
			j->sigs = calloc(1, sizeof(*j->sigs));
			if (!j->sigs) {
				job_free(j);
				return smart_error_oom(err);
			}
			j->m.on_aligned = smart_signatures_collect;
			j->m.on_aligned_ctx = j->sigs;
		}
		j->m.profile = c->table->profile_for
				       ? c->table->profile_for(c->table->profile_ctx, pair.app)
				       : NULL;
		*out = j;
		return 1;
	}
}

static void load_work(void *ctx, void *job)
{
	load_job *j = job;
	smart_document old_doc = smart_pair_job_document(&j->pair, 0);
	smart_document new_doc = smart_pair_job_document(&j->pair, 1);

	(void)ctx;
	j->bad = smart_measure_pair(&old_doc, &new_doc, &j->m, &j->err) != 0;
	/* The documents are not needed past this point. */
	smart_pair_job_drop_documents(&j->pair);
}

/* The ids of a pair's signatures into ids, their classes into cls and
 * their kinds into kinds, and
 * for a truncated set one id of the pair's own (from its row number, top
 * bit set; its class itself), which no other pair shares: a change not
 * kept cannot be accepted with others. */
static unsigned signature_ids(const smart_signature_set *s, size_t row, uint64_t *ids,
			      uint64_t *cls, unsigned char *kinds)
{
	unsigned n = 0;

	for (size_t i = 0; i < s->n && n + 1 < SMART_TABLE_SIGNATURES; i++, n++) {
		ids[n] = s->items[i].id;
		cls[n] = s->items[i].class_id;
		kinds[n] = (unsigned char)s->items[i].kind;
	}
	if (s->truncated) {
		ids[n] = cls[n] = SMART_TABLE_OWN_ID(row);
		kinds[n] = SMART_TABLE_KIND_UNKNOWN;
		n++;
	}
	return n;
}

/* A test's name hashed, never 0 (0 says none was given): which rows are
 * the same test in other runs, for the simulated review's memory of an
 * acceptance limited to a test (train/review_sim.c). */
static uint64_t test_key(const char *test)
{
	uint64_t h = smart_shard_hash(test, strlen(test));

	return h ? h : 1;
}

static int load_done(void *ctx, void *job, smart_error *err)
{
	load_ctx *c = ctx;
	load_job *j = job;
	int rc = 0;

	if (j->bad) {
		report_bad(c, &j->err);
	} else {
		uint64_t ids[SMART_TABLE_SIGNATURES], cls[SMART_TABLE_SIGNATURES];
		unsigned char kinds[SMART_TABLE_SIGNATURES];
		unsigned n_ids = j->sigs ? signature_ids(j->sigs, c->table->n_rows, ids, cls, kinds)
					 : 0;
		smart_table_row row = { .values = j->values,
					.label = j->pair.label == SMART_LABEL_INSPECT,
					.app = j->pair.app,
					.bytes_differ = j->m.bytes_differ,
					.trees_differ = j->m.trees_differ,
					.only_volatile = j->m.result.only_volatile,
					.sig_ids = ids, .sig_cls = cls, .sig_kind = kinds,
					.sig_n = n_ids,
					.sig_test = j->pair.test ? test_key(j->pair.test) : 0 };

		rc = smart_table_add(c->table, &row, err);
		if (rc == 0 && c->o->on_row)
			c->o->on_row(c->o->row_payload, j->index);
		c->rows++;
	}
	if (rc == 0 && c->o->progress) /* unusable records are done too */
		c->o->progress(c->o->progress_ctx, c->rows + c->bad, c->total);
	if (!j->bad && rc == 0 && c->table->n_comparators)
		smart_table_set_verdicts(c->table, j->fails);
	job_free(j);
	return rc;
}

static void load_discard(void *ctx, void *job)
{
	(void)ctx;
	job_free(job);
}

/* A job holds its two documents until it is done (pool.h). */
static size_t load_job_bytes(void *ctx, const void *job)
{
	const load_job *j = job;

	(void)ctx;
	return j->pair.old_len + j->pair.new_len;
}

int smart_table_load(smart_table *t, const char *const *paths, size_t n_paths,
		     const smart_load_options *o, size_t *bad, smart_error *err)
{
	static const smart_pool_ops ops = { .next = load_next, .work = load_work,
					    .done = load_done, .discard = load_discard,
					    .job_bytes = load_job_bytes };
	load_ctx c = { .table = t, .paths = paths, .n_paths = n_paths, .o = o,
		       .comparators = { .comparators = t->comparators,
					.n = t->n_comparators,
					.config = t->compare_config } };
	int rc;

	if (o->version != SMART_LOAD_OPTIONS_VERSION)
		return smart_error_set(err, "smart_table_load: options of version %u, not %u "
				       "(start from SMART_LOAD_OPTIONS_INIT)", o->version,
				       SMART_LOAD_OPTIONS_VERSION);
	if (t->comparator_features && t->n_features != smart_feature_count() + t->n_comparators)
		return smart_error_set(err, "smart_table_load: with comparator features the table's "
				       "columns are smart's %zu features, then one per comparator",
				       smart_feature_count());
	if (o->progress && !o->shard && smart_corpus_count(paths, n_paths, &c.total, err))
		return -1;
	c.trees = smart_tree_cache_new(TABLE_TREE_CACHE, err);
	if (!c.trees)
		return -1;
	rc = smart__pool_map(o->threads, &ops, &c, err);
	smart_tree_cache_free(c.trees);
	smart_corpus_close(c.reader);
	if (bad)
		*bad = c.bad;
	return rc;
}

/* Keeps row positions in order; a failed allocation marks the list
 * incomplete rather than stopping the load, and the caller reports it. */
void smart_row_positions_add(void *ctx, size_t index)
{
	smart_row_positions *p = ctx;

	if (p->failed || smart__array_reserve((void **)&p->at, &p->cap, p->n, sizeof(*p->at),
					      1024) < 0) {
		p->failed = 1;
		return;
	}
	p->at[p->n++] = index;
}
