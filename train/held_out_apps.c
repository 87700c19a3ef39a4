/*
 * The leave-one-application-out loop that the profile cutoff and the
 * transfer cutoff share (train/fold_cutoff.h): each application in turn
 * is held out, a model is fitted on the other applications' rows as the
 * model itself is fitted (degenerate features dropped: a fold may lack a
 * rare feature), and the caller scores the held-out rows with it. Both
 * searches then look for a threshold on the margins they collected; only
 * which applications are held out and which rows are scored differ.
 */
#include "fold_cutoff.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

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

/* The margin of `score` past m's cutoff, towards inspect: what both
 * cutoff searches search, whatever m's comparison. */
double smart__margin(const smart_model *m, double score)
{
	return m->comparison == SMART_CMP_GE ? score - m->cutoff : m->cutoff - score;
}

/* Holds each chosen application out in turn and hands the model fitted
 * without it to `visit` (fold_cutoff.h). */
int smart__held_out_apps(const smart__held_out *h, const smart_train_options *train,
			 size_t *apps, smart_error *err)
{
	const smart_table *t = h->t;
	size_t n = t->n_rows, p = t->n_features;
	double *rows = malloc((n ? n : 1) * (p ? p : 1) * sizeof(double));
	unsigned char *labels = malloc(n ? n : 1);
	smart_train_options opt = *train;
	int rc = 0;

	assert(h->visit && h->what);
	*apps = 0;
	if (!rows || !labels)
		rc = smart_error_oom(err);
	opt.degenerate = SMART_DEGENERATE_DROP; /* a fold may lack a rare feature */
	for (size_t a = 0; a < t->n_apps && rc == 0; a++) {
		smart_dataset d;
		smart_model *m;

		if ((h->chosen && !h->chosen[a]) || a == h->skip_app ||
		    !smart__app_fold_rows(t, a, h->skip_app, rows, labels, &d))
			continue;
		m = smart_model_train(&d, &opt, NULL, err);
		if (!m) {
			rc = smart_error_prefix(err, "%s, without application '%s'", h->what,
						t->apps[a]);
			break;
		}
		h->visit(h->ctx, a, m);
		smart_model_free(m);
		(*apps)++;
	}
	free(rows);
	free(labels);
	return rc;
}
