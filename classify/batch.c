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
#include "smart/corpus.h"
#include "smart/file.h"
#include "smart/shard.h"
#include "smart/measure.h"
#include "smart/signature.h"
#include "walk.h"

#define BATCH_MAX_FILE ((size_t)512 * 1024 * 1024)

typedef struct batch_job {
	smart_pair_job pair;         /* folders: names and documents filled
	                              * by the worker from old_path, new_path */
	char *old_path, *new_path;   /* folders: the files */
	int inspect;
	double score;
	int measured;
	int trouble;
	const char *skipped;         /* folders: why the file is not classified */
	size_t index;                /* the unit's position in the input */
	smart_severity severity;
	const char *severity_reason;
	char *view;                  /* o->views: the pair's view (owned) */
	char *why;                   /* o->views: the decision in words (owned) */
	smart_signature_set *sigs;   /* o->signatures: owned */
	int accepted;                /* ignored by accepted changes */
	unsigned discounted_total;
	char problem[SMART_ERROR_MAX];
	double values[];
} batch_job;

typedef struct batch_ctx {
	const smart_model *model;
	const smart_classify_options *o;
	/* corpus */
	smart_corpus_reader *reader;
	/* folders */
	smart_walk *walk;
	const char *old_dir, *new_dir, *app;
	smart_shard_walk all;        /* counts units when o->shard is NULL */
	size_t done, total;          /* o->progress: verdicts given, of total
	                              * (0: not known) */
} batch_ctx;

static void job_free(batch_job *j)
{
	if (!j)
		return;
	smart_pair_job_clear(&j->pair);
	free(j->old_path);
	free(j->new_path);
	free(j->view);
	free(j->why);
	free(j->sigs);
	free(j);
}

static batch_job *job_new(const smart_model *m)
{
	batch_job *j = calloc(1, sizeof(*j) + (m->n_features ? m->n_features : 1) * sizeof(double));

	if (j) {
		j->score = NAN;
		j->pair.label = SMART_LABEL_NONE;
	}
	return j;
}

static void batch_work(void *ctx, void *job)
{
	batch_ctx *c = ctx;
	batch_job *j = job;
	smart_pair_job *p = &j->pair;
	smart_error err = { "" };
	smart_classify_options o = *c->o;
	smart_classification out = { .values = j->values };
	smart_document old_doc, new_doc;

	if (j->problem[0] || j->skipped)
		return;
	if (j->old_path &&
	    (smart_file_read(j->old_path, BATCH_MAX_FILE, &p->old_doc, &p->old_len, &err) ||
	     smart_file_read(j->new_path, BATCH_MAX_FILE, &p->new_doc, &p->new_len, &err))) {
		snprintf(j->problem, sizeof(j->problem), "%s", err.message);
		j->trouble = 1;
		return;
	}
	old_doc = smart_pair_job_document(p, 0);
	new_doc = smart_pair_job_document(p, 1);
	o.format = p->format;
	o.test = p->test;
	o.pair_threads = 1; /* the pool gives each core a pair of its own */
	if (smart_classify_pair(c->model, &old_doc, &new_doc, &o, &out, &err)) {
		snprintf(j->problem, sizeof(j->problem), "%s", err.message);
		j->trouble = 1;
	} else {
		j->measured = 1;
		j->inspect = out.inspect;
		j->score = out.score;
		j->severity = out.severity;
		j->severity_reason = out.severity_reason;
		j->view = out.view;
		j->why = out.why;
		j->sigs = out.signatures;
		j->accepted = out.accepted;
		j->discounted_total = out.discounted_total;
	}
	smart_pair_job_drop_documents(p);
}

static int batch_done(void *ctx, void *job, smart_error *err)
{
	batch_ctx *c = ctx;
	batch_job *j = job;
	smart_verdict v = { .app = j->pair.app,
			    .test = j->pair.test,
			    .where = j->pair.where,
			    .inspect = j->inspect,
			    .score = j->score,
			    .values = j->measured ? j->values : NULL,
			    .problem = j->problem[0] ? j->problem : NULL,
			    .trouble = j->trouble,
			    .label = j->pair.label,
			    .skipped = j->skipped,
			    .index = j->index,
			    .severity = j->severity,
			    .severity_reason = j->severity_reason,
			    .view = j->view,
			    .why = j->why,
			    .signatures = j->sigs,
			    .discounted_total = j->discounted_total,
			    .accepted = j->accepted };
	int rc;

	if (!j->measured && !j->skipped)
		v.inspect = 1; /* unclassifiable or one-sided: a human looks */
	rc = c->o->on_verdict(c->o->payload, &v, err);
	job_free(j);
	if (rc == 0 && c->o->progress)
		c->o->progress(c->o->progress_ctx, ++c->done, c->total);
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
	size_t index = c->all.total++;
	int got = c->o->shard ? smart_corpus_next_in_shard(c->reader, c->o->shard, &index,
							   &pair, &bad)
			      : smart_corpus_next(c->reader, &pair, &bad);

	if (got == SMART_CORPUS_FATAL) {
		*err = bad;
		return -1;
	}
	if (got == SMART_CORPUS_END)
		return 0;
	/* A first line that is not JSON at all (an HTML page given as
	 * --corpus) is a wrong file, not a bad record: one error, not one
	 * trouble row per line of the page. */
	if (got == SMART_CORPUS_BAD && index == 0 && strstr(bad.message, ":1: not valid JSON"))
		return smart_error_set(err, "%s (not a JSON Lines corpus of pairs, "
				       "docs/corpus-format.md)", bad.message);
	j = job_new(c->model);
	if (!j)
		return smart_error_oom(err);
	j->index = index;
	if (got == SMART_CORPUS_BAD) {
		/* The reader's message starts with FILE:LINE. */
		snprintf(j->problem, sizeof(j->problem), "%s", bad.message);
		j->trouble = 1;
		j->pair.app = strdup("");
		j->pair.test = strdup("");
		j->pair.where = strdup("");
		if (!j->pair.app || !j->pair.test || !j->pair.where) {
			job_free(j);
			return smart_error_oom(err);
		}
	} else if (smart_pair_job_from_record(&j->pair, &pair, c->o->format, err)) {
		job_free(j);
		return -1;
	}
	*out = j;
	return 1;
}

/* Refuses options a batch cannot run with. */
static int batch_check_options(const smart_classify_options *o, smart_error *err)
{
	if (o->version != SMART_CLASSIFY_OPTIONS_VERSION)
		return smart_error_set(err, "classify options of version %u, not %u (start from "
				       "SMART_CLASSIFY_OPTIONS_INIT)", o->version,
				       SMART_CLASSIFY_OPTIONS_VERSION);
	if (!o->on_verdict)
		return smart_error_set(err, "classify options: a batch needs on_verdict");
	return 0;
}

/* A corpus job holds its two documents until it is done (pool.h). */
static size_t batch_job_bytes(void *ctx, const void *job)
{
	const batch_job *j = job;

	(void)ctx;
	return j->pair.old_len + j->pair.new_len;
}

int smart_classify_corpus(const smart_model *model, const char *path,
			  const smart_classify_options *o, smart_error *err)
{
	static const smart_pool_ops ops = { .next = corpus_next, .work = batch_work,
					    .done = batch_done, .discard = batch_discard,
					    .job_bytes = batch_job_bytes };
	batch_ctx c = { .model = model, .o = o };
	int rc;

	if (batch_check_options(o, err))
		return -1;
	/* The total is only worth a pass over the file when it is shown. */
	if (o->progress && !o->shard && smart_corpus_count(&path, 1, &c.total, err))
		return -1;
	c.reader = smart_corpus_open(path, err);
	if (!c.reader)
		return -1;
	rc = smart__pool_map(o->threads, &ops, &c, err);
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
	int got = smart__walk_next(c->walk, &rel, &side, &skip);

	if (got <= 0)
		return got;
	j = job_new(c->model);
	if (!j)
		return smart_error_oom(err);
	j->pair.app = strdup(c->app);
	j->pair.test = strdup(rel);
	j->old_path = join(c->old_dir, rel);
	j->new_path = join(c->new_dir, rel);
	j->pair.where = j->old_path ? strdup(j->old_path) : NULL;
	j->pair.old_name = j->old_path ? strdup(j->old_path) : NULL;
	j->pair.new_name = j->new_path ? strdup(j->new_path) : NULL;
	j->pair.format = c->o->format;
	if (!j->pair.app || !j->pair.test || !j->old_path || !j->new_path || !j->pair.where ||
	    !j->pair.old_name || !j->pair.new_name) {
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

/* The next file of this shard (o->shard, by its relative path; every file
 * when NULL), with its position in the sorted listing. */
static int dirs_next_sharded(void *ctx, void **out, smart_error *err)
{
	batch_ctx *c = ctx;
	smart_shard_walk *w = c->o->shard ? c->o->shard : &c->all;

	for (;;) {
		int got = dirs_next(c, out, err);
		batch_job *j = *out;

		if (got <= 0)
			return got;
		if (smart_shard_walk_see(w, smart_shard_hash(j->pair.test, strlen(j->pair.test)),
					 &j->index))
			return 1;
		job_free(j);
	}
}

/* How many entries a walk of the two folders yields (each one verdict):
 * the total of the progress, a listing of the folders ahead of the work. */
static int count_entries(const char *old_dir, const char *new_dir, size_t *n, smart_error *err)
{
	smart_walk *w = smart__walk_new(old_dir, new_dir, err);
	const char *rel, *skip;
	int side;

	if (!w)
		return -1;
	for (*n = 0; smart__walk_next(w, &rel, &side, &skip) > 0;)
		(*n)++;
	smart__walk_free(w);
	return 0;
}

int smart_classify_dirs(const smart_model *model, const char *old_dir,
			const char *new_dir, const smart_classify_options *o,
			smart_error *err)
{
	static const smart_pool_ops ops = { .next = dirs_next_sharded, .work = batch_work,
					    .done = batch_done, .discard = batch_discard };
	batch_ctx c = { .model = model, .o = o, .old_dir = old_dir, .new_dir = new_dir };
	char app[256];
	int rc;

	if (batch_check_options(o, err))
		return -1;
	c.app = o->app ? o->app : smart_classify_dirs_app(old_dir, new_dir, app, sizeof(app));
	if (o->progress && !o->shard && count_entries(old_dir, new_dir, &c.total, err))
		return -1;
	c.walk = smart__walk_new(old_dir, new_dir, err);
	if (!c.walk)
		return -1;
	rc = smart__pool_map(o->threads, &ops, &c, err);
	smart__walk_free(c.walk);
	return rc;
}
