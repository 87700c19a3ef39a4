/*
 * Loading labelled corpora into a table (smart_table_load): records are
 * read in order on the calling thread, measured on the pool, and added in
 * input order.
 */
#include "smart/train.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/pool.h"
#include "common/strbuf.h"
#include "smart/features.h"

typedef struct load_job {
	char *app, *test;
	char *old_doc, *new_doc;
	size_t old_len, new_len;
	smart_format format;
	int label;
	char where[300];      /* "FILE:LINE" */
	int bad;              /* 1: err holds why the record is unusable */
	smart_error err;
	smart_measure m;
	const smart_table *table; /* for its comparators */
	unsigned char *fails;     /* the comparators' verdicts */
	double values[];
} load_job;

typedef struct load_ctx {
	smart_table *table;
	const char *const *paths;
	size_t n_paths, path_i;
	smart_corpus_reader *reader;
	smart_format format;      /* for records without one */
	smart_bad_record_fn on_bad;
	void *on_bad_ctx;
	size_t bad;
} load_ctx;

static void job_free(load_job *j)
{
	if (!j)
		return;
	free(j->app);
	free(j->test);
	free(j->old_doc);
	free(j->new_doc);
	free(j->fails);
	free(j);
}

static void report_bad(load_ctx *c, const smart_error *err)
{
	c->bad++;
	if (c->on_bad)
		c->on_bad(c->on_bad_ctx, err);
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
		int got;

		if (!c->reader) {
			if (c->path_i == c->n_paths)
				return 0;
			c->reader = smart_corpus_open(c->paths[c->path_i++], err);
			if (!c->reader)
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
		j->fails = c->table->n_comparators ? calloc(c->table->n_comparators, 1) : NULL;
		j->app = strdup(pair.app);
		j->test = strdup(pair.test);
		j->old_doc = smart_strbuf_copy(pair.old_doc, pair.old_len);
		j->new_doc = smart_strbuf_copy(pair.new_doc, pair.new_len);
		if (!j->app || !j->test || !j->old_doc || !j->new_doc ||
		    (c->table->n_comparators && !j->fails)) {
			job_free(j);
			return smart_error_oom(err);
		}
		j->old_len = pair.old_len;
		j->new_len = pair.new_len;
		j->format = pair.format != SMART_FORMAT_AUTO ? pair.format : c->format;
		j->label = pair.label == SMART_LABEL_INSPECT;
		snprintf(j->where, sizeof(j->where), "%s:%zu", pair.file, pair.line);
		j->m.values = j->values;
		j->m.test = j->test;
		j->m.raw = c->table->raw;
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
	char old_name[320], new_name[320];

	(void)ctx;
	snprintf(old_name, sizeof(old_name), "%s: old", j->where);
	snprintf(new_name, sizeof(new_name), "%s: new", j->where);
	j->bad = smart_measure_documents(j->old_doc, j->old_len, old_name, j->new_doc,
					 j->new_len, new_name, j->format, &j->m,
					 &j->err) != 0;
	if (!j->bad && j->table->n_comparators) {
		const smart_table *t = j->table;

		j->bad = smart_measure_comparators(j->old_doc, j->old_len, old_name,
						   j->new_doc, j->new_len, new_name,
						   j->format, t->comparators, t->n_comparators,
						   t->compare_config, j->fails, &j->err) != 0;
		/* As features: the last columns, after smart's own. */
		for (size_t k = 0; !j->bad && t->comparator_features && k < t->n_comparators; k++)
			j->values[t->n_features - t->n_comparators + k] = j->fails[k];
	}
	/* The documents are not needed past this point. */
	free(j->old_doc);
	free(j->new_doc);
	j->old_doc = j->new_doc = NULL;
}

static int load_done(void *ctx, void *job, smart_error *err)
{
	load_ctx *c = ctx;
	load_job *j = job;
	int rc = 0;

	if (j->bad) {
		report_bad(c, &j->err);
	} else {
		rc = smart_table_add(c->table, j->values, j->label, j->app,
				     j->m.bytes_differ, j->m.trees_differ, err);
		if (rc == 0)
			c->table->only_volatile[c->table->n_rows - 1] =
				(unsigned char)j->m.result.only_volatile;
	}
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

int smart_table_load(smart_table *t, const char *const *paths, size_t n_paths,
		     smart_format format, unsigned threads, smart_bad_record_fn on_bad, void *ctx,
		     size_t *bad, smart_error *err)
{
	static const smart_pool_ops ops = { load_next, load_work, load_done, load_discard };
	load_ctx c = { t, paths, n_paths, 0, NULL, format, on_bad, ctx, 0 };
	int rc;

	rc = smart_pool_map(threads, &ops, &c, err);
	smart_corpus_close(c.reader);
	if (bad)
		*bad = c.bad;
	return rc;
}
