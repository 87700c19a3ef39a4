/*
 * Calibration on clean reruns for leave-one-application-out evaluation
 * (include/smart/profile_set.h, `smart eval --by-app --calibrate`): the
 * rerun pairs of each held-out application are measured once, with its
 * profile unless the set is off, and each fold's model gets its cutoff
 * moved just past the worst of them that it would inspect, as `smart
 * classify --calibrate` does for one application (classify/calibrate.c).
 */
#include "smart/profile_set.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "profile_set.h"

/* At most this many rerun pairs per application are measured. */
#define RERUN_MAX_PAIRS 400

/* Appends one rerun pair's feature vector to r. One row at a time: the
 * public smart_rerun_rows has no capacity field, and it holds at most
 * RERUN_MAX_PAIRS rows. */
static int add_row(smart_rerun_rows *r, size_t p, const double *values, smart_error *err)
{
	double *grown = realloc(r->rows, (r->n + 1) * p * sizeof(double));

	if (!grown)
		return smart_error_oom(err);
	r->rows = grown;
	memcpy(r->rows + r->n * p, values, p * sizeof(double));
	r->n++;
	return 0;
}

/* Measures one rerun pair into r (byte-identical pairs, and pairs that
 * differ only in volatile values, are left out: classify never inspects
 * them). */
static int measure_rerun(smart_rerun_calibration *c, smart_rerun_rows *r,
			 const smart_profile *prof, const char *test,
			 const smart_document *pair, smart_format format, smart_error *err)
{
	double *values = calloc(c->n_features ? c->n_features : 1, sizeof(double));
	smart_measure m = { .values = values, .format = format, .profile = prof, .test = test };
	int rc;

	if (!values)
		return smart_error_oom(err);
	rc = smart_measure_pair(&pair[0], &pair[1], &m, err);
	if (rc == 0 && m.bytes_differ && !m.result.only_volatile)
		rc = add_row(r, c->n_features, values, err);
	free(values);
	return rc;
}

/* Rerun pairs from runs: every file of the first run against the same file
 * of each other run. */
static int reruns_from_runs(smart_rerun_calibration *c, smart_rerun_rows *r,
			    const smart_profile *prof, smart_error *err)
{
	size_t n;
	char **dirs = smart__profile_set_runs(c->ps->runs_dir, r->app, &n);
	smart_run **runs = n >= 2 ? calloc(n, sizeof(*runs)) : NULL;
	int rc = 0;

	for (size_t k = 0; runs && rc == 0 && k < n; k++)
		if (!(runs[k] = smart_run_open(dirs[k], err)))
			rc = -1;
	for (size_t i = 0; runs && rc == 0 && i < smart_run_count(runs[0]) && r->n < RERUN_MAX_PAIRS;
	     i++) {
		const char *rel = smart_run_name(runs[0], i);
		char *a = NULL;
		size_t alen;

		if (smart_run_read(runs[0], rel, &a, &alen, err) != 1) {
			rc = -1;
			break;
		}
		for (size_t k = 1; rc == 0 && k < n && r->n < RERUN_MAX_PAIRS; k++) {
			char *b = NULL;
			size_t blen;
			int got = smart_run_read(runs[k], rel, &b, &blen, err);
			smart_document pair[2] = { { a, alen, "rerun old" }, { b, blen, "rerun new" } };

			if (got < 0)
				rc = -1;
			else if (got)
				rc = measure_rerun(c, r, prof, rel, pair, c->ps->format, err);
			free(b);
		}
		free(a);
	}
	for (size_t k = 0; runs && k < n; k++)
		smart_run_close(runs[k]);
	free(runs);
	for (size_t i = 0; i < n; i++)
		free(dirs[i]);
	free(dirs);
	return rc;
}

/* Rerun pairs from the corpora's rerun records of the application. */
static int reruns_from_records(smart_rerun_calibration *c, smart_rerun_rows *r,
			       const smart_profile *prof, smart_error *err)
{
	for (size_t i = 0; i < c->ps->n_corpora; i++) {
		smart_corpus_reader *rd = smart_corpus_open(c->ps->corpora[i], err);
		smart_pair pair;
		int got, rc = 0;

		if (!rd)
			return -1;
		while (rc == 0 && r->n < RERUN_MAX_PAIRS &&
		       (got = smart_corpus_next(rd, &pair, err)) != SMART_CORPUS_END) {
			smart_document docs[2] = { { pair.old_doc, pair.old_len, "rerun old" },
						   { pair.new_doc, pair.new_len, "rerun new" } };

			if (got == SMART_CORPUS_FATAL) {
				rc = -1;
				break;
			}
			if (got == SMART_CORPUS_BAD || !pair.origin || strcmp(pair.origin, "rerun") ||
			    strcmp(pair.app, r->app) || !smart_rerun_for_learning(pair.test))
				continue; /* only the learning half: the other is scored */
			rc = measure_rerun(c, r, prof, pair.test, docs,
					   pair.format != SMART_FORMAT_AUTO ? pair.format : c->ps->format,
					   err);
		}
		smart_corpus_close(rd);
		if (rc)
			return -1;
	}
	return 0;
}

/* The rerun rows of `app`, measured on first use (c->apps grows one at a
 * time: the public smart_rerun_calibration has no capacity field, and it
 * holds one entry per held-out application). */
static smart_rerun_rows *reruns_of(smart_rerun_calibration *c, const char *app,
				   smart_error *err)
{
	smart_rerun_rows *grown, *r;
	const smart_profile *prof;
	int rc;

	for (size_t i = 0; i < c->n_apps; i++)
		if (strcmp(c->apps[i].app, app) == 0)
			return &c->apps[i];
	grown = realloc(c->apps, (c->n_apps + 1) * sizeof(*grown));
	if (!grown) {
		smart_error_oom(err);
		return NULL;
	}
	c->apps = grown;
	r = &c->apps[c->n_apps];
	memset(r, 0, sizeof(*r));
	if (!(r->app = strdup(app))) {
		smart_error_oom(err);
		return NULL;
	}
	c->n_apps++;
	prof = smart_profile_set_for(c->ps, app);
	if (c->ps->failed) {
		*err = c->ps->err;
		return NULL;
	}
	rc = c->ps->runs_dir ? reruns_from_runs(c, r, prof, err)
			     : reruns_from_records(c, r, prof, err);
	return rc ? NULL : r;
}

int smart_rerun_calibrate(void *ctx, const char *app, smart_model *model, smart_error *err)
{
	smart_rerun_calibration *c = ctx;
	smart_rerun_rows *r = reruns_of(c, app, err);
	int any = 0;
	double worst = 0;

	if (!r)
		return -1;
	for (size_t i = 0; i < r->n; i++) {
		double score;

		if (!smart_model_decide(model, r->rows + i * c->n_features, &score))
			continue;
		if (!any++ || (model->comparison == SMART_CMP_GE ? score > worst : score < worst))
			worst = score;
	}
	if (any) {
		model->cutoff = nextafter(worst, model->comparison == SMART_CMP_GE ? INFINITY
										   : -INFINITY);
		c->moved++;
	}
	return 0;
}

void smart_rerun_calibration_free(smart_rerun_calibration *c)
{
	for (size_t i = 0; i < c->n_apps; i++) {
		free(c->apps[i].app);
		free(c->apps[i].rows);
	}
	free(c->apps);
	c->apps = NULL;
	c->n_apps = 0;
}
