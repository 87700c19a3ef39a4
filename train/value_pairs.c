/*
 * The rows the value model learns from (include/smart/value_model.h):
 * every labelled pair of the corpora is aligned as smart aligns it, with
 * no scrubber on (the values as printed: the rules' residue in the corpora
 * they were written for is nearly empty, docs/features.md), and each text
 * update or changed attribute value left in the alignment that the
 * learned scrubber would judge (smart_value_judged) becomes a row.
 * Records are read in order, measured on the pool, and added in input
 * order, so the rows (and the model) do not depend on timing.
 */
#include "smart/value_model.h"

#include <stdlib.h>
#include <string.h>

#include "common/options.h"
#include "common/pool.h"
#include "smart/corpus.h"
#include "smart/diffx.h"
#include "smart/features.h"
#include "smart/measure.h"

/* One changed value of a pair. */
typedef struct value_row {
	double x[SMART_VALUE_FEATURE_COUNT];
	uint64_t where;
} value_row;

typedef struct pairs_job {
	smart_pair_job pair;
	int bad;
	smart_error err;
	value_row *rows;
	size_t n, cap;
	double *values; /* the measured features, not used */
} pairs_job;

typedef struct pairs_ctx {
	smart_value_rows *rows;
	const char *const *paths;
	size_t n_paths, path_i, bad;
	smart_error first_bad; /* why the first unusable record was */
	smart_corpus_reader *reader;
	const smart_value_rows_options *o;
	smart_tree_cache *trees; /* the documents parsed, shared by the pairs */
} pairs_ctx;

/* The bytes of parsed documents kept for the pairs that share them (as
 * smart_table_load keeps, train/load.c). */
#define VALUE_TREE_CACHE ((size_t)64 << 20)

uint64_t smart_value_place(const smart_tree *t, uint32_t node, const char *attribute)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	const char *tail = attribute ? attribute : "#text";

	if (!attribute)
		node = t->nodes[node].parent;
	for (uint32_t i = node; i != SMART_NONE; i = t->nodes[i].parent) {
		for (const unsigned char *p = (const unsigned char *)t->nodes[i].name; p && *p; p++)
			h = (h ^ *p) * 0x100000001b3ULL;
		h = (h ^ '/') * 0x100000001b3ULL;
	}
	for (const unsigned char *p = (const unsigned char *)tail; *p; p++)
		h = (h ^ *p) * 0x100000001b3ULL;
	return h;
}

/* The measuring stage's hook: a row for each value edit left. */
static int collect(void *ctx, const smart_aligned_pair *ap, smart_error *err)
{
	pairs_job *j = ctx;
	const smart_diff *d = ap->diff;

	for (size_t i = 0; i < d->op_count; i++) {
		const smart_edit_op *op = &d->ops[i];
		smart_value_context c;

		if ((op->kind != SMART_OP_UPDATE && op->kind != SMART_OP_ATTR_CHANGE) ||
		    !op->old_value || !op->new_value)
			continue;
		if (j->n == j->cap) {
			size_t cap = j->cap ? 2 * j->cap : 16;
			value_row *grown = realloc(j->rows, cap * sizeof(*grown));

			if (!grown)
				return smart_error_oom(err);
			j->rows = grown;
			j->cap = cap;
		}
		smart_value_context_of(d->old_tree, op->old_node, op->attr_name, &c);
		smart_value_features(op->old_value, op->new_value, &c, j->rows[j->n].x);
		if (!smart_value_judged(j->rows[j->n].x))
			continue; /* the scrubber never judges it: no row */
		j->rows[j->n++].where = smart_value_place(d->old_tree, op->old_node, op->attr_name);
	}
	return 0;
}

static void job_free(pairs_job *j)
{
	if (!j)
		return;
	smart_pair_job_clear(&j->pair);
	free(j->rows);
	free(j->values);
	free(j);
}

/* The next labelled record of the next corpus, as a job. */
static int pairs_next(void *ctx, void **out, smart_error *err)
{
	pairs_ctx *c = ctx;

	for (;;) {
		smart_pair pair;
		pairs_job *j;
		int got;

		if (!c->reader) {
			if (c->path_i == c->n_paths)
				return 0;
			if (!(c->reader = smart_corpus_open(c->paths[c->path_i++], err)))
				return -1;
		}
		got = smart_corpus_next(c->reader, &pair, err);
		if (got == SMART_CORPUS_FATAL)
			return -1;
		if (got == SMART_CORPUS_END) {
			smart_corpus_close(c->reader);
			c->reader = NULL;
			continue;
		}
		if (got == SMART_CORPUS_BAD || pair.label == SMART_LABEL_NONE) {
			if (c->bad++ == 0 && got == SMART_CORPUS_BAD)
				c->first_bad = *err;
			if (c->bad == 1 && got != SMART_CORPUS_BAD)
				smart_error_set(&c->first_bad, "%s:%zu: no 'label' (the value model "
						"needs \"inspect\" or \"ignore\")", pair.file, pair.line);
			continue;
		}
		if (!(j = calloc(1, sizeof(*j))) ||
		    !(j->values = calloc(smart_feature_count() + 1, sizeof(double)))) {
			free(j);
			return smart_error_oom(err);
		}
		if (smart_pair_job_from_record(&j->pair, &pair, c->o->format, err)) {
			job_free(j);
			return -1;
		}
		*out = j;
		return 1;
	}
}

static void pairs_work(void *ctx, void *job)
{
	pairs_ctx *c = ctx;
	pairs_job *j = job;
	smart_document old_doc = smart_pair_job_document(&j->pair, 0);
	smart_document new_doc = smart_pair_job_document(&j->pair, 1);
	/* aligned only: the rows come from the alignment (collect), and the
	 * features measured after it were work thrown away */
	smart_measure m = { .values = j->values, .format = j->pair.format, .test = j->pair.test,
			    .scrubbers_off = (1u << SMART_SCRUBBER_COUNT) - 1, .align_only = 1,
			    .on_aligned = collect, .on_aligned_ctx = j, .trees = c->trees };

	j->bad = smart_measure_pair(&old_doc, &new_doc, &m, &j->err) != 0;
	smart_pair_job_drop_documents(&j->pair);
}

/* The index of application `app` among the rows', added when new; -1
 * when out of memory. */
static long app_index(smart_value_rows *r, const char *app)
{
	char **grown;

	for (size_t i = 0; i < r->n_apps; i++)
		if (strcmp(r->apps[i], app) == 0)
			return (long)i;
	if (!(grown = realloc(r->apps, (r->n_apps + 1) * sizeof(*grown))))
		return -1;
	r->apps = grown;
	if (!(r->apps[r->n_apps] = strdup(app)))
		return -1;
	return (long)r->n_apps++;
}

/* Room for `more` rows. 0, or -1 when out of memory. */
static int rows_reserve(smart_value_rows *r, size_t more)
{
	size_t cap = r->cap ? r->cap : 256;
	double *x;
	uint64_t *where;
	uint32_t *app;
	unsigned char *from;

	if (r->n + more <= r->cap)
		return 0;
	while (cap < r->n + more)
		cap *= 2;
	if (!(x = realloc(r->x, cap * SMART_VALUE_FEATURE_COUNT * sizeof(*x))))
		return -1;
	r->x = x;
	if (!(where = realloc(r->where, cap * sizeof(*where))))
		return -1;
	r->where = where;
	if (!(app = realloc(r->app, cap * sizeof(*app))))
		return -1;
	r->app = app;
	if (!(from = realloc(r->from_inspect, cap)))
		return -1;
	r->from_inspect = from;
	r->cap = cap;
	return 0;
}

static int pairs_done(void *ctx, void *job, smart_error *err)
{
	pairs_ctx *c = ctx;
	pairs_job *j = job;
	smart_value_rows *r = c->rows;
	long app;

	if (j->bad) {
		if (!c->bad++)
			c->first_bad = j->err;
		job_free(j);
		return 0;
	}
	r->pairs++;
	if ((app = app_index(r, j->pair.app)) < 0 || rows_reserve(r, j->n)) {
		job_free(j);
		return smart_error_oom(err);
	}
	for (size_t i = 0; i < j->n; i++, r->n++) {
		memcpy(r->x + r->n * SMART_VALUE_FEATURE_COUNT, j->rows[i].x, sizeof(j->rows[i].x));
		r->where[r->n] = j->rows[i].where;
		r->app[r->n] = (uint32_t)app;
		r->from_inspect[r->n] = j->pair.label == SMART_LABEL_INSPECT;
	}
	job_free(j);
	return 0;
}

static void pairs_discard(void *ctx, void *job)
{
	(void)ctx;
	job_free(job);
}

static size_t pairs_job_bytes(void *ctx, const void *job)
{
	const pairs_job *j = job;

	(void)ctx;
	return j->pair.old_len + j->pair.new_len;
}

int smart_value_rows_extract(smart_value_rows *rows, const char *const *paths, size_t n_paths,
			     const smart_value_rows_options *o, size_t *bad, smart_error *err)
{
	static const smart_pool_ops ops = { .next = pairs_next, .work = pairs_work,
					    .done = pairs_done, .discard = pairs_discard,
					    .job_bytes = pairs_job_bytes };
	pairs_ctx c = { .rows = rows, .paths = paths, .n_paths = n_paths, .o = o };
	int rc;

	if (smart__options_check(o->version, SMART_VALUE_ROWS_OPTIONS_VERSION, "value rows",
				 "SMART_VALUE_ROWS_OPTIONS_INIT", err))
		return -1;
	if (!(c.trees = smart_tree_cache_new(VALUE_TREE_CACHE, err)))
		return -1;
	rc = smart__pool_map(o->threads, &ops, &c, err);
	smart_tree_cache_free(c.trees);
	smart_corpus_close(c.reader);
	if (bad)
		*bad = c.bad;
	if (rc == 0 && c.bad && !o->skip_bad) {
		*err = c.first_bad;
		return smart_error_prefix(err, "%zu unusable record%s (--skip-bad trains without "
					  "them); the first", c.bad, c.bad == 1 ? "" : "s");
	}
	return rc;
}

void smart_value_rows_free(smart_value_rows *rows)
{
	for (size_t i = 0; i < rows->n_apps; i++)
		free(rows->apps[i]);
	free(rows->apps);
	free(rows->x);
	free(rows->where);
	free(rows->app);
	free(rows->from_inspect);
	memset(rows, 0, sizeof(*rows));
}
