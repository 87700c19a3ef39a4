/*
 * Batch classification: a corpus, or two folders, on a thread pool, with
 * verdicts handed back in input order.
 */
#include "smart/classify.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/pool.h"
#include "common/strbuf.h"
#include "smart/corpus.h"
#include "smart/file.h"
#include "smart/train.h"
#include "walk.h"

#define BATCH_MAX_FILE ((size_t)512 * 1024 * 1024)

typedef struct batch_job {
	char *app, *test, *where;
	char *old_doc, *new_doc;     /* corpus: the documents */
	size_t old_len, new_len;
	char *old_path, *new_path;   /* folders: the files */
	smart_format format;
	int label;
	int inspect;
	double score;
	int measured;
	int trouble;
	const char *skipped;         /* folders: why the file is not classified */
	char problem[SMART_ERROR_MAX];
	double values[];
} batch_job;

typedef struct batch_ctx {
	const smart_model *model;
	const struct smart_profile *profile;
	smart_verdict_fn fn;
	void *fn_ctx;
	/* corpus */
	smart_corpus_reader *reader;
	/* folders */
	smart_walk *walk;
	const char *old_dir, *new_dir, *app;
	smart_format format;
} batch_ctx;

static void job_free(batch_job *j)
{
	if (!j)
		return;
	free(j->app);
	free(j->test);
	free(j->where);
	free(j->old_doc);
	free(j->new_doc);
	free(j->old_path);
	free(j->new_path);
	free(j);
}

static batch_job *job_new(const smart_model *m)
{
	batch_job *j = calloc(1, sizeof(*j) + (m->n_features ? m->n_features : 1) * sizeof(double));

	if (j) {
		j->score = NAN;
		j->label = SMART_LABEL_NONE;
	}
	return j;
}

static void batch_work(void *ctx, void *job)
{
	batch_ctx *c = ctx;
	batch_job *j = job;
	smart_error err = { "" };
	char old_name[600], new_name[600];

	if (j->problem[0] || j->skipped)
		return;
	if (j->old_path) {
		if (smart_file_read(j->old_path, BATCH_MAX_FILE, &j->old_doc, &j->old_len, &err) ||
		    smart_file_read(j->new_path, BATCH_MAX_FILE, &j->new_doc, &j->new_len, &err)) {
			snprintf(j->problem, sizeof(j->problem), "%s", err.message);
			j->trouble = 1;
			return;
		}
		snprintf(old_name, sizeof(old_name), "%s", j->old_path);
		snprintf(new_name, sizeof(new_name), "%s", j->new_path);
	} else {
		snprintf(old_name, sizeof(old_name), "%s: old", j->where);
		snprintf(new_name, sizeof(new_name), "%s: new", j->where);
	}
	if (smart_classify_documents_profiled(c->model, c->profile, j->test, j->old_doc,
					      j->old_len, old_name, j->new_doc, j->new_len,
					      new_name, j->format, j->values, &j->inspect,
					      &j->score, &err)) {
		snprintf(j->problem, sizeof(j->problem), "%s", err.message);
		j->trouble = 1;
	} else
		j->measured = 1;
	free(j->old_doc);
	free(j->new_doc);
	j->old_doc = j->new_doc = NULL;
}

static int batch_done(void *ctx, void *job, smart_error *err)
{
	batch_ctx *c = ctx;
	batch_job *j = job;
	smart_verdict v = { j->app, j->test, j->where, j->inspect, j->score,
			    j->measured ? j->values : NULL,
			    j->problem[0] ? j->problem : NULL, j->trouble, j->label,
			    j->skipped };
	int rc;

	if (!j->measured && !j->skipped)
		v.inspect = 1; /* unclassifiable or one-sided: a human looks */
	rc = c->fn(c->fn_ctx, &v, err);
	job_free(j);
	return rc;
}

static void batch_discard(void *ctx, void *job)
{
	(void)ctx;
	job_free(job);
}

static int corpus_next(void *ctx, void **out, smart_error *err)
{
	batch_ctx *c = ctx;
	smart_pair pair;
	batch_job *j;
	smart_error bad = { "" };
	int got = smart_corpus_next(c->reader, &pair, &bad);
	char where[600];

	if (got == SMART_CORPUS_FATAL) {
		*err = bad;
		return -1;
	}
	if (got == SMART_CORPUS_END)
		return 0;
	j = job_new(c->model);
	if (!j)
		return smart_error_oom(err);
	if (got == SMART_CORPUS_BAD) {
		/* The reader's message starts with FILE:LINE. */
		snprintf(j->problem, sizeof(j->problem), "%s", bad.message);
		j->trouble = 1;
		j->app = strdup("");
		j->test = strdup("");
		j->where = strdup("");
	} else {
		snprintf(where, sizeof(where), "%s:%zu", pair.file, pair.line);
		j->app = strdup(pair.app);
		j->test = strdup(pair.test);
		j->where = strdup(where);
		j->old_doc = smart_strbuf_copy(pair.old_doc, pair.old_len);
		j->new_doc = smart_strbuf_copy(pair.new_doc, pair.new_len);
		j->old_len = pair.old_len;
		j->new_len = pair.new_len;
		j->format = pair.format != SMART_FORMAT_AUTO ? pair.format : c->format;
		j->label = pair.label;
		if (!j->old_doc || !j->new_doc) {
			job_free(j);
			return smart_error_oom(err);
		}
	}
	if (!j->app || !j->test || !j->where) {
		job_free(j);
		return smart_error_oom(err);
	}
	*out = j;
	return 1;
}

int smart_classify_corpus(const smart_model *model, const char *path,
			  smart_format format, unsigned threads, smart_verdict_fn fn, void *ctx,
			  smart_error *err)
{
	return smart_classify_corpus_profiled(model, NULL, path, format, threads, fn, ctx, err);
}

int smart_classify_corpus_profiled(const smart_model *model,
				   const struct smart_profile *profile,
				   const char *path, smart_format format,
				   unsigned threads, smart_verdict_fn fn, void *ctx,
				   smart_error *err)
{
	static const smart_pool_ops ops = { corpus_next, batch_work, batch_done, batch_discard };
	batch_ctx c = { model, profile, fn, ctx, NULL, NULL, NULL, NULL, NULL, format };
	int rc;

	c.reader = smart_corpus_open(path, err);
	if (!c.reader)
		return -1;
	rc = smart_pool_map(threads, &ops, &c, err);
	smart_corpus_close(c.reader);
	return rc;
}

static char *join(const char *dir, const char *rel)
{
	size_t n = strlen(dir) + strlen(rel) + 2;
	char *p = malloc(n);

	if (p)
		snprintf(p, n, "%s/%s", dir, rel);
	return p;
}

static int dirs_next(void *ctx, void **out, smart_error *err)
{
	batch_ctx *c = ctx;
	const char *rel, *skip;
	int side;
	batch_job *j;
	int got = smart_walk_next(c->walk, &rel, &side, &skip);

	if (got <= 0)
		return got;
	j = job_new(c->model);
	if (!j)
		return smart_error_oom(err);
	j->app = strdup(c->app);
	j->test = strdup(rel);
	j->old_path = join(c->old_dir, rel);
	j->new_path = join(c->new_dir, rel);
	j->where = j->old_path ? strdup(j->old_path) : NULL;
	j->format = c->format;
	if (!j->app || !j->test || !j->old_path || !j->new_path || !j->where) {
		job_free(j);
		return smart_error_oom(err);
	}
	j->skipped = skip;
	if (side != SMART_WALK_BOTH && !skip)
		snprintf(j->problem, sizeof(j->problem), "%s: only in %s", rel,
			 side == SMART_WALK_OLD_ONLY ? c->old_dir : c->new_dir);
	*out = j;
	return 1;
}

int smart_classify_dirs(const smart_model *model, const char *old_dir,
			const char *new_dir, smart_format format,
			unsigned threads, smart_verdict_fn fn, void *ctx,
			smart_error *err)
{
	return smart_classify_dirs_profiled(model, NULL, old_dir, new_dir, format, threads, fn,
					    ctx, err);
}

int smart_classify_dirs_profiled(const smart_model *model,
				 const struct smart_profile *profile,
				 const char *old_dir, const char *new_dir,
				 smart_format format, unsigned threads,
				 smart_verdict_fn fn, void *ctx, smart_error *err)
{
	static const smart_pool_ops ops = { dirs_next, batch_work, batch_done, batch_discard };
	batch_ctx c = { model, profile, fn, ctx, NULL, NULL, old_dir, new_dir, NULL, format };
	char app[256];
	int rc;

	c.app = smart_file_last_name(new_dir, app, sizeof(app)); /* named after NEW_DIR */
	c.walk = smart_walk_new(old_dir, new_dir, err);
	if (!c.walk)
		return -1;
	rc = smart_pool_map(threads, &ops, &c, err);
	smart_walk_free(c.walk);
	return rc;
}
