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

/* A fold's training rows: every application but two (fold_cutoff.h). */
int smart__app_fold_rows(const smart_table *t, size_t out_a, size_t skip_app, double *rows,
			 unsigned char *labels, smart_dataset *d)
{
	size_t p = t->n_features, m = 0, pos = 0;

	for (size_t i = 0; i < t->n_rows; i++) {
		if (t->app[i] == out_a || t->app[i] == skip_app)
			continue;
		memcpy(rows + m * p, t->rows + i * p, p * sizeof(double));
		labels[m] = t->labels[i];
		pos += labels[m++];
	}
	*d = (smart_dataset){ rows, labels, m, p, t->names };
	return m >= 3 && pos > 0 && pos < m;
}

/* Appends the margins of application `a`'s rows that the model decides
 * (a rule's decision is left out: no cutoff changes it). */
static void held_out_margins(const smart_table *t, size_t a, const smart_model *m,
			     double *margins, unsigned char *labels, size_t *n)
{
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
		margins[*n] = m->comparison == SMART_CMP_GE ? score - m->cutoff : m->cutoff - score;
		labels[(*n)++] = t->labels[i];
	}
}

/* Leave-one-application-out over the profiled applications, then the
 * paper's cutoff search over the pooled held-out margins. */
int smart_profile_cutoff_search(const smart_table *t, const unsigned char *profiled,
				size_t skip_app, const smart_train_options *train,
				smart_profile_cutoff *out, smart_error *err)
{
	size_t n = t->n_rows, p = t->n_features, k = 0;
	double *rows = malloc((n ? n : 1) * (p ? p : 1) * sizeof(double));
	double *margins = malloc((n ? n : 1) * sizeof(double));
	unsigned char *labels = malloc(n ? n : 1), *held = malloc(n ? n : 1);
	smart_train_options opt = *train;
	int rc = 0;

	memset(out, 0, sizeof(*out));
	if (!rows || !margins || !labels || !held) {
		rc = smart_error_oom(err);
		goto done;
	}
	opt.degenerate = SMART_DEGENERATE_DROP; /* a fold may lack a rare feature */
	for (size_t a = 0; a < t->n_apps && rc == 0; a++) {
		smart_dataset d;
		smart_model *m;

		if (!profiled[a] || a == skip_app ||
		    !smart__app_fold_rows(t, a, skip_app, rows, labels, &d))
			continue;
		m = smart_model_train(&d, &opt, NULL, err);
		if (!m) {
			rc = smart_error_prefix(err, "profile cutoff, without application '%s'",
						t->apps[a]);
			break;
		}
		held_out_margins(t, a, m, margins, held, &k);
		smart_model_free(m);
		out->apps++;
	}
	if (rc == 0 && k > 0) {
		smart_comparison cmp;
		size_t pos = 0;

		for (size_t i = 0; i < k; i++)
			pos += held[i];
		out->rows = k;
		out->f1 = smart_cutoff_search(margins, held, k, &out->offset, &cmp);
		/* margins point towards inspect: only ">=" is a profile cutoff
		 * (one label alone says nothing about where to cut) */
		out->found = cmp == SMART_CMP_GE && isfinite(out->offset) && pos > 0 && pos < k;
	}
done:
	free(rows);
	free(margins);
	free(labels);
	free(held);
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
