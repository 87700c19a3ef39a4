/*
 * Where a fold puts its cutoff for the held-out application (issue 35;
 * train/fold_cutoff.h, docs/first-look.md, "Where the cutoff sits").
 *
 * A first look meets an application nobody read: its clean reruns may
 * keep residue the training applications' never kept. Two ways to place
 * the cutoff for it are measured here. The transfer offset is chosen on
 * the training applications' own simulated first looks
 * (train/transfer_cutoff.c). The clean cutoff is set by the application's
 * own clean pairs, which a tester has at a first look (two clean runs):
 * clean by definition, they show how high the application's residue
 * scores; the cutoff is moved just past it, but only when that residue
 * lies within a bound of the cutoff -- a residue scoring like a fault
 * would move the cutoff past the faults. Cross-fitted: the clean pairs of
 * one half of the application's pairs set the cutoff that decides the
 * other half, so no pair's own label sets the cutoff that decides it.
 */
#include "fold_cutoff.h"

#include <math.h>

int smart__fold_transfer_cutoff(const smart_table *t, const smart_eval_options *o, size_t f,
				const smart_train_options *opt, smart_model *model,
				smart_error *err)
{
	smart_transfer_cutoff tc;
	smart_transfer_search s = { t, o->looks, f, o->transfer_objective };

	if (smart_transfer_cutoff_search(&s, opt, &tc, err))
		return -1;
	smart_transfer_cutoff_apply(model, &tc);
	return 0;
}

int smart__clean_cutoff_half(size_t k, size_t n_f)
{
	return 2 * k >= n_f;
}

size_t smart__clean_cutoff_moves(const smart_table *s, const smart_eval_options *o,
				 const size_t *fold, size_t f, const smart_model *model,
				 double cutoff, double move[2])
{
	size_t p = s->n_features, n_f = 0, k = 0;
	double worst[2] = { -INFINITY, -INFINITY };

	move[0] = move[1] = 0;
	for (size_t i = 0; i < s->n_rows; i++)
		n_f += fold[i] == f;
	for (size_t i = 0; i < s->n_rows; i++) {
		const double *x = s->rows + i * p;
		double score, margin;
		int h;

		if (fold[i] != f)
			continue;
		h = smart__clean_cutoff_half(k++, n_f);
		if (s->labels[i] || smart_forced_decision(s->names, p, x, s->only_volatile[i]) >= 0)
			continue;
		score = smart_model_score(model, x);
		if (!isfinite(score))
			continue;
		margin = model->comparison == SMART_CMP_GE ? score - cutoff : cutoff - score;
		if (margin > worst[h])
			worst[h] = margin;
	}
	for (int h = 0; h < 2; h++) {
		double w = worst[1 - h];

		/* inspected, and within the bound: move just past it */
		if (w >= 0 && w <= o->clean_cutoff)
			move[h] = nextafter(w, INFINITY);
	}
	return n_f;
}
