/*
 * Whether the adaptation pairs refit the model, and with what weight
 * (docs/adaptation.md, "Never worse than none"). A labelled pair the
 * unadapted model already decides right teaches the refit nothing it did
 * not know; counted fifty times it still pulls the weights and the cutoff
 * towards its side (five already-flagged faults of Icinga Web 2 made the
 * refit flag seven clean reruns it had not flagged: the lead's blind
 * figure). So when the base model decides every pair right nothing is
 * refitted; else the pairs join the refit with the smallest weight of a
 * ladder that decides the most of them right, those already right kept
 * right (anchors, so that a false alarm taught does not lift the cutoff
 * past the labelled faults): the other pairs' decisions move no further
 * than the labels ask. A refit that decides no more of them right than
 * the base model is not taken.
 */
#include "adapt_rows.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "smart/measure.h"

/* The weights tried, smallest first; the caller's own weight ends the
 * ladder (a weight above it is never tried). */
static const unsigned ladder[] = { 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000 };

/* How pair k of the adaptation pairs is decided by `m`: a rule's decision
 * (forced[k] >= 0) whatever the model says, else the model's. */
static int decided(const smart_model *m, const smart__adapt_pairs *a, size_t k)
{
	if (a->forced && a->forced[k] >= 0)
		return a->forced[k];
	return smart_model_decide(m, a->rows + k * a->n_features, NULL);
}

/* Fits base + the pairs marked in `use`, `weight` times each, into a new model;
 * `buf` has room for the base rows and every copy, base rows already in
 * place. */
static smart_model *fit_with(const smart_dataset *base, const smart__adapt_pairs *a,
			     const unsigned char *use, unsigned weight, double *buf,
			     unsigned char *labels, const smart_train_options *opt,
			     smart_error *err)
{
	size_t p = base->n_features, m = base->n_rows;

	for (size_t k = 0; k < a->n; k++)
		for (unsigned c = 0; use[k] && c < weight; c++) {
			memcpy(buf + m * p, a->rows + k * p, p * sizeof(double));
			labels[m++] = a->labels[k];
		}
	return smart_model_train(&(smart_dataset){ buf, labels, m, p, base->names }, opt, NULL,
				 err);
}

/* How many of the pairs marked in `use` `m` decides as labelled. */
static size_t right_of(const smart_model *m, const smart__adapt_pairs *a,
		       const unsigned char *use)
{
	size_t right = 0;

	for (size_t k = 0; k < a->n; k++)
		right += use[k] && decided(m, a, k) == a->labels[k];
	return right;
}

int smart__adapt_refit(const smart_dataset *base, const smart_model *base_model,
		       const smart__adapt_pairs *a, const smart_train_options *opt,
		       unsigned max_weight, unsigned char *teach, smart__adapt_plan *plan,
		       smart_error *err)
{
	size_t p = base->n_features, n_join = 0, best, rows;
	unsigned char *join = malloc(a->n ? a->n : 1), *wrong = malloc(a->n ? a->n : 1);
	unsigned char *labels = NULL;
	int failed = 0;
	double *buf = NULL;

	assert(a->n_features == p && max_weight > 0);
	memset(plan, 0, sizeof(*plan));
	if (!join || !wrong) {
		free(join);
		free(wrong);
		return smart_error_oom(err);
	}
	for (size_t k = 0; k < a->n; k++) {
		/* a rule's decision no refit can move: it teaches nothing either */
		join[k] = !a->forced || a->forced[k] < 0;
		wrong[k] = join[k] && decided(base_model, a, k) != a->labels[k];
		plan->taught += wrong[k];
		teach[k] = 0;
		n_join += join[k];
	}
	/* the pairs already decided right join a refit as anchors: a refit
	 * must keep them right, and it is taken only when it decides more of
	 * the labelled pairs right than the base model does */
	best = n_join - plan->taught;
	rows = base->n_rows + n_join * max_weight;
	if (plan->taught == 0 || !(buf = malloc((rows ? rows : 1) * (p ? p : 1) * sizeof(double))) ||
	    !(labels = malloc(rows ? rows : 1))) {
		free(join);
		free(wrong);
		free(buf);
		return plan->taught == 0 ? 0 : smart_error_oom(err);
	}
	memcpy(buf, base->rows, base->n_rows * p * sizeof(double));
	memcpy(labels, base->labels, base->n_rows);
	for (size_t s = 0, done = 0; !done; s++) {
		/* the ladder below the caller's weight, then that weight */
		unsigned w = s < sizeof(ladder) / sizeof(ladder[0]) && ladder[s] < max_weight
				     ? ladder[s] : max_weight;
		smart_model *m = fit_with(base, a, join, w, buf, labels, opt, err);
		size_t right;

		if (!m) {
			smart_model_free(plan->model);
			plan->model = NULL;
			failed = 1;
			break;
		}
		right = right_of(m, a, join);
		if (right > best) { /* the smallest weight deciding the most */
			smart_model_free(plan->model);
			plan->model = m;
			plan->weight = w;
			best = right;
		} else {
			smart_model_free(m);
		}
		done = best == n_join || w == max_weight;
	}
	if (plan->model) {
		plan->right = right_of(plan->model, a, wrong);
		memcpy(teach, join, a->n);
	} else {
		plan->weight = 0;
	}
	free(join);
	free(wrong);
	free(buf);
	free(labels);
	return failed ? -1 : 0;
}

/* The adaptation pairs of fold f (chosen[i]), measured as training
 * measures them, with the decision a rule forces on each: what the
 * reviewer was shown before adapting. Into new arrays of *a. */
static int fold_pairs(const smart_table *t, const size_t *fold, size_t f,
		      const unsigned char *chosen, smart__adapt_pairs *a, smart_error *err)
{
	size_t p = t->n_features, m = 0;
	double *rows = malloc((t->n_rows ? t->n_rows : 1) * (p ? p : 1) * sizeof(double));
	unsigned char *labels = malloc(t->n_rows ? t->n_rows : 1);
	signed char *forced = malloc(t->n_rows ? t->n_rows : 1);

	if (!rows || !labels || !forced) {
		free(rows);
		free(labels);
		free(forced);
		return smart_error_oom(err);
	}
	for (size_t i = 0; i < t->n_rows; i++)
		if (fold[i] == f && chosen[i]) {
			memcpy(rows + m * p, t->rows + i * p, p * sizeof(double));
			labels[m] = t->labels[i];
			forced[m++] = (signed char)smart_forced_decision(t->names, p, t->rows + i * p,
									 t->only_volatile[i]);
		}
	*a = (smart__adapt_pairs){ rows, labels, forced, m, p };
	return 0;
}

/* The model of fold f: trained on every row outside it; with o->adapt,
 * refitted with its chosen rows when the base model decides one of them
 * wrong (train/adapt_refit.c: pairs all decided right teach nothing). */
smart_model *smart__adapt_fold_model(const smart_table *t, const smart_eval_options *o,
				     const size_t *fold, size_t f, const unsigned char *chosen,
				     smart_error *err)
{
	size_t p = t->n_features, m = 0, n = t->n_rows, room = n * (o->train_also ? 2 : 1);
	double *rows = malloc((room ? room : 1) * (p ? p : 1) * sizeof(double));
	unsigned char *labels = malloc(room ? room : 1), *teach = NULL;
	smart_train_options opt = o->train;
	smart_dataset d;
	smart__adapt_pairs a = { 0 };
	smart__adapt_plan plan;
	smart_model *model = NULL;

	if (!rows || !labels) {
		smart_error_oom(err);
		goto done;
	}
	/* t's rows, then those of o->train_also (the same pairs measured otherwise) */
	for (const smart_table *src = t; src; src = src == t ? o->train_also : NULL)
		for (size_t i = 0; i < n; i++)
			if (fold[i] != f) {
				memcpy(rows + m * p, src->rows + i * p, p * sizeof(double));
				labels[m++] = src->labels[i];
			}
	d = (smart_dataset){ rows, labels, m, p, t->names };
	opt.degenerate = SMART_DEGENERATE_DROP; /* a fold may lack a rare feature */
	if (!(model = smart_model_train(&d, &opt, NULL, err)) || !o->by_app || !o->adapt)
		goto done;
	/* the application's own pairs, as its first look measures them */
	if (fold_pairs(o->held ? o->held : t, fold, f, chosen, &a, err) ||
	    !(teach = malloc(a.n ? a.n : 1)) ||
	    smart__adapt_refit(&d, model, &a, &opt,
			       o->adapt_weight ? o->adapt_weight : SMART_ADAPT_WEIGHT, teach,
			       &plan, err)) {
		if (!teach && a.rows)
			smart_error_oom(err);
		smart_model_free(model);
		model = NULL;
		goto done;
	}
	if (plan.model) {
		smart_model_free(model);
		model = plan.model;
	}
	/* as train --adapt moves the adapted model's (train/adapt_cutoff.c) */
	smart__adapt_clean_apply(model, smart__adapt_clean_move(model, &a, o->adapt_clean_cutoff));
done:
	free(rows);
	free(labels);
	free(teach);
	free((void *)a.rows);
	free((void *)a.labels);
	free((void *)a.forced);
	return model;
}
