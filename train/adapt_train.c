/*
 * What `smart train --adapt` does with the adaptation pairs besides
 * loading them (train/train_corpora.c loads them): the change classes
 * their ignore pairs accept, the refit they teach when the base model
 * decides one wrong (train/adapt_refit.c), and the profile the adapted
 * model carries (docs/adaptation.md).
 */
#include "adapt_train.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "adapt_rows.h"

/* The change classes the adaptation pairs accept (o->adapt_accept), as
 * the text the model carries into *accepted (NULL: none): what their
 * ignore pairs hold and no inspect pair does (train/adapt_accept.c). */
int smart__adapt_train_accepted(const smart_table *extra, const smart_train_corpora_options *o,
				char **accepted, smart_train_report *r, smart_error *err)
{
	unsigned char *use;
	uint64_t *classes = NULL;
	size_t n = 0;
	int rc;

	*accepted = NULL;
	if (!o->adapt_accept)
		return 0;
	if (!(use = malloc(extra->n_rows ? extra->n_rows : 1)))
		return smart_error_oom(err);
	memset(use, 1, extra->n_rows ? extra->n_rows : 1);
	rc = smart__adapt_accept_classes(extra, use, &classes, &n, err);
	if (rc == 0 && n && !(*accepted = smart__adapt_accept_json(classes, n, err)))
		rc = -1;
	r->adapt_classes = n;
	free(use);
	free(classes);
	return rc;
}

/* The rule's decision of every adaptation pair (smart_forced_decision:
 * 0, 1, or -1 for none), a new array of extra->n_rows, or NULL. */
static signed char *forced_of(const smart_table *extra)
{
	signed char *forced = malloc(extra->n_rows ? extra->n_rows : 1);

	for (size_t i = 0; forced && i < extra->n_rows; i++)
		forced[i] = (signed char)smart_forced_decision(
			extra->names, extra->n_features, extra->rows + i * extra->n_features,
			extra->only_volatile[i]);
	return forced;
}

/* The base model's refit with the adaptation pairs `extra`
 * (train/adapt_refit.c): the base corpora's rows of `t` are fitted; when
 * that model decides a pair wrong, the pairs the plan took are appended
 * to `t` with the weight it chose (none: `t` is left as the base
 * corpora, and the fit is the unadapted model). */
int smart__adapt_train_refit(smart_table *t, const smart_table *extra,
			     const smart_train_corpora_options *o, size_t weight,
			     smart_train_report *r, smart_error *err)
{
	smart_dataset base = { t->rows, t->labels, t->n_rows, t->n_features, t->names };
	signed char *forced = forced_of(extra);
	unsigned char *teach = malloc(extra->n_rows ? extra->n_rows : 1);
	smart__adapt_plan plan = { 0 };
	smart_model *base_model = NULL;
	int rc = -1;

	if (!forced || !teach) {
		smart_error_oom(err);
		goto done;
	}
	if (!(base_model = smart_model_train(&base, &o->train, NULL, err)) ||
	    smart__adapt_refit(&base, base_model,
			       &(smart__adapt_pairs){ extra->rows, extra->labels, forced,
						      extra->n_rows, extra->n_features },
			       &o->train, (unsigned)weight, teach, &plan, err))
		goto done;
	r->adapt_taught = plan.taught;
	r->adapt_right = plan.right;
	r->adapt_weight_used = plan.weight;
	rc = 0;
	for (size_t i = 0; rc == 0 && plan.model && i < extra->n_rows; i++) {
		smart_table_row row = smart_table_row_at(extra, i);

		for (size_t k = 0; rc == 0 && teach[i] && k < plan.weight; k++)
			rc = smart_table_add(t, &row, err);
	}
done:
	smart_model_free(plan.model);
	smart_model_free(base_model);
	free(forced);
	free(teach);
	return rc;
}

/* The adapted model's clean cutoff (o->adapt_clean_cutoff): moved just
 * past the residue of the adaptation pairs `extra` labelled ignore, as
 * measured without the profile the model carries, when it lies within
 * the bound (train/adapt_cutoff.c) -- the same move `smart eval --adapt`
 * makes on each fold's adapted model. */
int smart__adapt_train_cutoff(const smart_table *extra, const smart_train_corpora_options *o,
			      smart_train_report *r, smart_error *err)
{
	signed char *forced;

	if (!o->n_adapt || !(o->adapt_clean_cutoff > 0))
		return 0;
	if (!(forced = forced_of(extra)))
		return smart_error_oom(err);
	r->adapt_clean_move = smart__adapt_clean_move(
		r->model,
		&(smart__adapt_pairs){ extra->rows, extra->labels, forced, extra->n_rows,
				       extra->n_features },
		o->adapt_clean_cutoff);
	smart__adapt_clean_apply(r->model, r->adapt_clean_move);
	free(forced);
	return 0;
}

/* The profile an adapted model carries: learnt from the adaptation
 * corpora's pairs labelled ignore, each two clean runs of the new
 * application, so that classifying with the model knows *where* the
 * application varies, which no refit of global weights can say (issue 35). */
int smart__adapt_train_profile(const smart_train_corpora_options *o, smart_train_report *r,
			       smart_error *err)
{
	smart_learn_pairs_options lo = SMART_LEARN_PAIRS_OPTIONS_INIT;
	smart_profile *p = smart_profile_new(err);
	int rc;

	if (!p)
		return -1;
	lo.format = o->format;
	lo.ignore_pairs = 1;
	rc = smart_profile_learn_pairs(p, o->adapt, o->n_adapt, &lo, &r->adapt_profile_pairs, err);
	rc = rc ? rc : smart_profile_widen(p, err); /* few pages: each speaks for all */
	/* never a place a labelled fault changed (train/adapt_guard.c) */
	rc = rc ? rc : smart__adapt_profile_guard(p, o->adapt, o->n_adapt, o->format,
						  &r->adapt_forbidden, err);
	if (rc == 0 && r->adapt_profile_pairs > 0) {
		r->adapt_locations = smart_profile_entry_count(p);
		r->model->profile = smart_profile_to_json(p, err);
		rc = r->model->profile ? 0 : -1;
	}
	smart_profile_free(p);
	return rc;
}
