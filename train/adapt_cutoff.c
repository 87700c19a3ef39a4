/*
 * The adapted model's clean cutoff (docs/adaptation.md, "A first look,
 * then five pairs"). An adaptation pair labelled ignore is two clean runs
 * of the new application: however high its residue scores, it is clean.
 * The clean cutoff of a first look (train/fold_cutoff.c, branch cleancut)
 * moves an application's cutoff just past its own clean pairs' residue
 * when that residue lies within a bound of the cutoff; here the same move
 * is made on the adapted model with the adaptation pairs alone, which is
 * what a tester has after labelling five pairs. Two guards keep it from
 * hiding faults: residue past the bound (scoring like a fault) moves
 * nothing, and neither does a move that would put a labelled fault of
 * the same pairs at or below the cutoff. `smart train --adapt` and `smart
 * eval --adapt` both call it on their adapted model, so the cutoff a
 * model file carries is the one eval measured.
 */
#include "adapt_rows.h"

#include <math.h>
#include <stdio.h>

/* Row k's score past the model's cutoff, towards inspect: >= 0 exactly
 * when the model inspects it. NAN for a row no score decides. */
static double margin_of(const smart_model *m, const smart__adapt_pairs *a, size_t k)
{
	double score = smart_model_score(m, a->rows + k * a->n_features);

	if (!isfinite(score))
		return NAN;
	return m->comparison == SMART_CMP_GE ? score - m->cutoff : m->cutoff - score;
}

/* The smallest move of m's cutoff towards ignore that decides a pair of
 * score `score` and margin `margin` (>= 0) ignore as the moved cutoff is
 * computed in floating point (cutoff + move rounds: a move of the margin
 * itself, or one ulp past it, can land the cutoff on the score). */
static double past(const smart_model *m, double score, double margin)
{
	double move = nextafter(margin, INFINITY);

	for (int k = 0; k < 64; k++, move = nextafter(move, INFINITY)) {
		double cut = m->comparison == SMART_CMP_GE ? m->cutoff + move : m->cutoff - move;

		if (!smart_cutoff_inspects(score, cut, m->comparison))
			break;
	}
	return move;
}

double smart__adapt_clean_move(const smart_model *m, const smart__adapt_pairs *a, double bound)
{
	double worst_clean = -INFINITY, worst_score = 0, lowest_fault = INFINITY, move;

	if (!(bound > 0) || m->kind != SMART_MODEL_LINEAR)
		return 0;
	for (size_t k = 0; k < a->n; k++) {
		double margin;

		/* a rule decides it whatever the cutoff */
		if (a->forced && a->forced[k] >= 0)
			continue;
		margin = margin_of(m, a, k);
		if (isnan(margin))
			continue;
		if (a->labels[k] && margin >= 0 && margin < lowest_fault)
			lowest_fault = margin;
		else if (!a->labels[k] && margin > worst_clean) {
			worst_clean = margin;
			worst_score = smart_model_score(m, a->rows + k * a->n_features);
		}
	}
	/* nothing flagged, or residue scoring like a fault */
	if (worst_clean < 0 || worst_clean > bound)
		return 0;
	move = past(m, worst_score, worst_clean);
	/* a labelled fault the move would wave through: no cutoff parts them */
	if (lowest_fault <= move)
		return 0;
	return move;
}

void smart__adapt_clean_apply(smart_model *m, double move)
{
	if (!(move > 0))
		return;
	m->cutoff = m->comparison == SMART_CMP_GE ? m->cutoff + move : m->cutoff - move;
	snprintf(m->provenance.cutoff_search, sizeof(m->provenance.cutoff_search), "adapt-clean");
	m->provenance.cutoff_offset = move;
}
