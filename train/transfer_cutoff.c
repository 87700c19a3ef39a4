/*
 * The cutoff for a first look (issue 35; docs/model.md, "The cutoff for a
 * first look"; docs/first-look.md, "Where the cutoff sits").
 *
 * A model's cutoff is chosen on its own training pairs (SMART §4.1.2),
 * every application measured with the rules read from its own false
 * alarms: there a clean rerun almost never keeps any residue, and the
 * F1-maximising cutoff sits just above the intercept, so that a first look
 * at an application nobody read flags any residue at all. Here the cutoff
 * is chosen where a first look meets it: every application is held out in
 * turn, a model is fitted on the others' pairs as the model itself is
 * fitted, and the held-out application's pairs measured as a first look
 * (its own rules off, smart_table.hold_out_rules) are scored by it; their
 * margins (score past that fold's cutoff, towards inspect) are searched,
 * application by application, for the threshold that maximises the worst
 * application's F1 (model/cutoff.c). That threshold is the offset
 * the model's cutoff is moved by. No pair's own application fitted the
 * model that scored it.
 */
#include "smart/train.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fold_cutoff.h"

/* Appends application `a`'s rows of `looks`, scored by `m`: the margin
 * past m's cutoff, or +-infinity where a rule decides the pair (no cutoff
 * moves that decision, but it counts in the application's F1). */
static void look_margins(const smart_table *looks, size_t a, const smart_model *m,
			 double *margins, unsigned char *labels, uint32_t *group, size_t *n)
{
	size_t p = looks->n_features;

	for (size_t i = 0; i < looks->n_rows; i++) {
		const double *x = looks->rows + i * p;
		int forced;
		double score;

		if (looks->app[i] != a)
			continue;
		forced = smart_forced_decision(looks->names, p, x, looks->only_volatile[i]);
		score = smart_model_score(m, x);
		if (forced >= 0)
			margins[*n] = forced ? INFINITY : -INFINITY;
		else if (isnan(score))
			margins[*n] = INFINITY; /* smart_model_decide inspects it */
		else
			margins[*n] = m->comparison == SMART_CMP_GE ? score - m->cutoff
								    : m->cutoff - score;
		labels[*n] = looks->labels[i];
		group[(*n)++] = (uint32_t)a;
	}
}

int smart_transfer_cutoff_search(const smart_transfer_search *s, const smart_train_options *train,
				 smart_transfer_cutoff *out, smart_error *err)
{
	const smart_table *t = s->t, *looks = s->looks;
	size_t skip_app = s->skip_app;
	size_t n = t->n_rows, p = t->n_features, k = 0;
	double *rows = malloc((n ? n : 1) * (p ? p : 1) * sizeof(double));
	double *margins = malloc((looks->n_rows ? looks->n_rows : 1) * sizeof(double));
	unsigned char *labels = malloc(n ? n : 1);
	unsigned char *held = malloc(looks->n_rows ? looks->n_rows : 1);
	uint32_t *group = malloc((looks->n_rows ? looks->n_rows : 1) * sizeof(uint32_t));
	smart_train_options opt = *train;
	int rc = 0;

	memset(out, 0, sizeof(*out));
	if (looks->n_rows != t->n_rows || looks->n_features != p || looks->n_apps != t->n_apps)
		rc = smart_error_set(err, "transfer cutoff: the first-look rows (%zu) are not "
				     "the training rows (%zu) measured otherwise",
				     looks->n_rows, t->n_rows);
	else if (!rows || !margins || !labels || !held || !group)
		rc = smart_error_oom(err);
	opt.degenerate = SMART_DEGENERATE_DROP; /* a fold may lack a rare feature */
	for (size_t a = 0; a < t->n_apps && rc == 0; a++) {
		smart_dataset d;
		smart_model *m;

		if (a == skip_app || !smart__app_fold_rows(t, a, skip_app, rows, labels, &d))
			continue;
		m = smart_model_train(&d, &opt, NULL, err);
		if (!m) {
			rc = smart_error_prefix(err, "transfer cutoff, without application '%s'",
						t->apps[a]);
			break;
		}
		look_margins(looks, a, m, margins, held, group, &k);
		smart_model_free(m);
		out->apps++;
	}
	if (rc == 0 && k > 0) {
		smart_grouped_scores gs = { margins, held, group, k, t->n_apps };

		if (smart_cutoff_search_groups(&gs, s->objective, &out->choice))
			rc = smart_error_oom(err);
		out->rows = k;
		out->offset = out->choice.cutoff;
		out->found = rc == 0 && out->choice.groups > 0 && isfinite(out->offset);
	}
	free(rows);
	free(margins);
	free(labels);
	free(held);
	free(group);
	return rc;
}

/* Moves m's cutoff by the held-out offset towards ignore when positive
 * (nothing when !tc->found), and records it in the provenance. */
void smart_transfer_cutoff_apply(smart_model *m, const smart_transfer_cutoff *tc)
{
	if (!tc->found)
		return;
	m->cutoff = m->comparison == SMART_CMP_GE ? m->cutoff + tc->offset
						  : m->cutoff - tc->offset;
}
