/*
 * The cutoff for pairs measured with a volatility profile (issue 35;
 * docs/profile.md, "The cutoff with a profile").
 *
 * A model's cutoff is chosen on its own training scores (SMART §4.1.2).
 * With a profile, a first look decides pairs of an application the model
 * never saw, measured with a profile learnt from two of its clean runs;
 * the profile cutoff is chosen for that case by the same search, over
 * held-out scores: every application whose pairs were measured with a
 * profile is left out in turn, a model is fitted on the others' pairs as
 * the model itself is fitted, and the held-out pairs' margins (score past
 * that fold's cutoff, towards inspect) are pooled. The margin that
 * maximises F1 over them is the offset; the model's profile cutoff is its
 * cutoff moved by it. No pair's own application chose the threshold that
 * decides it.
 */
#include "smart/train.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fold_cutoff.h"

/* Which applications of the table were measured with a profile: the
 * rows the profile cutoff is chosen on and decides. */
unsigned char *smart_table_profiled_apps(const smart_table *t, smart_error *err)
{
	unsigned char *profiled = calloc(t->n_apps ? t->n_apps : 1, 1);

	if (!profiled) {
		smart_error_oom(err);
		return NULL;
	}
	for (size_t a = 0; t->profile_for && a < t->n_apps; a++)
		profiled[a] = t->profile_for(t->profile_ctx, t->apps[a]) != NULL;
	return profiled;
}

/* Where the held-out margins are pooled: margins[k] and labels[k]. */
typedef struct profile_pool {
	const smart_table *t;
	double *margins;
	unsigned char *labels;
	size_t k;
} profile_pool;

/* Appends the margins of application `a`'s rows that the model decides
 * (a rule's decision is left out: no cutoff changes it). */
static void held_out_margins(void *ctx, size_t a, const smart_model *m)
{
	profile_pool *pool = ctx;
	const smart_table *t = pool->t;
	size_t p = t->n_features;

	for (size_t i = 0; i < t->n_rows; i++) {
		const double *x = t->rows + i * p;
		double score;

		if (t->app[i] != a ||
		    smart_forced_decision(t->names, p, x, t->only_volatile[i]) >= 0)
			continue;
		score = smart_model_score(m, x);
		if (!isfinite(score))
			continue;
		pool->margins[pool->k] = smart__margin(m, score);
		pool->labels[pool->k++] = t->labels[i];
	}
}

/* Leave-one-application-out over the profiled applications, then the
 * paper's cutoff search over the pooled held-out margins. */
int smart_profile_cutoff_search(const smart_table *t, const unsigned char *profiled,
				size_t skip_app, const smart_train_options *train,
				smart_profile_cutoff *out, smart_error *err)
{
	size_t n = t->n_rows;
	profile_pool pool = { t, malloc((n ? n : 1) * sizeof(double)), malloc(n ? n : 1), 0 };
	smart__held_out h = { t, profiled, skip_app, "profile cutoff", held_out_margins, &pool };
	int rc = 0;

	memset(out, 0, sizeof(*out));
	if (!pool.margins || !pool.labels)
		rc = smart_error_oom(err);
	else
		rc = smart__held_out_apps(&h, train, &out->apps, err);
	if (rc == 0 && pool.k > 0) {
		smart_comparison cmp;
		size_t pos = 0;

		for (size_t i = 0; i < pool.k; i++)
			pos += pool.labels[i];
		out->rows = pool.k;
		out->f1 = smart_cutoff_search(pool.margins, pool.labels, pool.k, &out->offset, &cmp);
		/* margins point towards inspect: only ">=" is a profile cutoff
		 * (one label alone says nothing about where to cut) */
		out->found = cmp == SMART_CMP_GE && isfinite(out->offset) && pos > 0 &&
			     pos < pool.k;
	}
	free(pool.margins);
	free(pool.labels);
	return rc;
}

/* The model's profile cutoff: its cutoff moved by the held-out offset. */
void smart_profile_cutoff_apply(smart_model *m, const smart_profile_cutoff *pc)
{
	if (!pc->found)
		return;
	m->has_profile_cutoff = 1;
	m->profile_cutoff = m->comparison == SMART_CMP_GE ? m->cutoff + pc->offset
							  : m->cutoff - pc->offset;
}
