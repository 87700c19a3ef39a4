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

/* Where the held-out first looks' margins are collected: margins[k],
 * labels[k] and group[k] (the application). */
typedef struct look_pool {
	const smart_table *looks;
	double *margins;
	unsigned char *labels;
	uint32_t *group;
	size_t k;
} look_pool;

/* Appends application `a`'s rows of the first looks, scored by `m`: the
 * margin past m's cutoff, or +-infinity where a rule decides the pair (no
 * cutoff moves that decision, but it counts in the application's F1). */
static void look_margins(void *ctx, size_t a, const smart_model *m)
{
	look_pool *pool = ctx;
	const smart_table *looks = pool->looks;
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
			pool->margins[pool->k] = forced ? INFINITY : -INFINITY;
		else if (isnan(score))
			pool->margins[pool->k] = INFINITY; /* smart_model_decide inspects it */
		else
			pool->margins[pool->k] = smart__margin(m, score);
		pool->labels[pool->k] = looks->labels[i];
		pool->group[pool->k++] = (uint32_t)a;
	}
}

int smart_transfer_cutoff_search(const smart_transfer_search *s, const smart_train_options *train,
				 smart_transfer_cutoff *out, smart_error *err)
{
	const smart_table *t = s->t, *looks = s->looks;
	size_t nl = looks->n_rows ? looks->n_rows : 1;
	look_pool pool = { looks, malloc(nl * sizeof(double)), malloc(nl),
			   malloc(nl * sizeof(uint32_t)), 0 };
	smart__held_out h = { t, NULL, s->skip_app, "transfer cutoff", look_margins, &pool };
	int rc = 0;

	memset(out, 0, sizeof(*out));
	if (looks->n_rows != t->n_rows || looks->n_features != t->n_features ||
	    looks->n_apps != t->n_apps)
		rc = smart_error_set(err, "transfer cutoff: the first-look rows (%zu) are not "
				     "the training rows (%zu) measured otherwise",
				     looks->n_rows, t->n_rows);
	else if (!pool.margins || !pool.labels || !pool.group)
		rc = smart_error_oom(err);
	else
		rc = smart__held_out_apps(&h, train, &out->apps, err);
	if (rc == 0 && pool.k > 0) {
		smart_grouped_scores gs = { pool.margins, pool.labels, pool.group, pool.k,
					    t->n_apps };

		if (smart_cutoff_search_groups(&gs, s->objective, &out->choice))
			rc = smart_error_oom(err);
		out->rows = pool.k;
		out->offset = out->choice.cutoff;
		out->found = rc == 0 && out->choice.groups > 0 && isfinite(out->offset);
	}
	free(pool.margins);
	free(pool.labels);
	free(pool.group);
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
