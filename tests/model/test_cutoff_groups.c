/* The cutoff chosen for transfer (model/cutoff.c): per-group F1 at
 * every threshold, the worst (or mean, or pooled) group's F1 maximised. */
#include "../support/support.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

/* smart_cutoff_search_groups over the arrays. */
static int search(const double *s, const unsigned char *y, const uint32_t *g, size_t n,
		  size_t n_groups, smart_cutoff_objective obj, smart_cutoff_choice *out)
{
	smart_grouped_scores gs = { s, y, g, n, n_groups };

	return smart_cutoff_search_groups(&gs, obj, out);
}

/* The F1 of group g (all groups: g < 0) when inspecting score >= cut. */
static double group_f1(const double *s, const unsigned char *y, const uint32_t *grp, size_t n,
		       int g, double cut)
{
	smart_confusion c = { 0, 0, 0, 0 };

	for (size_t i = 0; i < n; i++)
		if (g < 0 || grp[i] == (uint32_t)g)
			smart_confusion_add(&c, isnan(s[i]) || s[i] >= cut, y[i]);
	return smart_confusion_scores(&c).f1;
}

/* The worst F1 of the groups holding a fault when inspecting score >= cut. */
static double worst_f1(const double *s, const unsigned char *y, const uint32_t *grp, size_t n,
		       size_t n_groups, double cut)
{
	double worst = INFINITY;

	for (size_t g = 0; g < n_groups; g++) {
		int has_fault = 0;

		for (size_t i = 0; i < n; i++)
			has_fault |= grp[i] == g && y[i];
		if (has_fault && group_f1(s, y, grp, n, (int)g, cut) < worst)
			worst = group_f1(s, y, grp, n, (int)g, cut);
	}
	return isinf(worst) ? 0 : worst;
}

/* Application A (100 clean at 0, 70 faults at 0.7, 30 faults at 0.5) and
 * application B (10 clean reruns whose residue scores 0.6, 10 faults at
 * 1.0): the pooled F1 is best flagging B's residue, the worst F1 is best
 * cutting above it, between 0.6 and 0.7. */
enum { NA = 200, NB = 20, NT = NA + NB };
static double s_ab[NT];
static unsigned char y_ab[NT];
static uint32_t g_ab[NT];

static void build_ab(void)
{
	for (int i = 0; i < NT; i++) {
		g_ab[i] = i >= NA;
		if (i < 100)
			s_ab[i] = 0.0, y_ab[i] = 0;
		else if (i < 170)
			s_ab[i] = 0.7, y_ab[i] = 1;
		else if (i < NA)
			s_ab[i] = 0.5, y_ab[i] = 1;
		else if (i < NA + 10)
			s_ab[i] = 0.6, y_ab[i] = 0;
		else
			s_ab[i] = 1.0, y_ab[i] = 1;
	}
}

static void worst_group_cutoff_rises_past_one_applications_clean_residue(void **state)
{
	smart_cutoff_choice c;
	smart_comparison cmp;
	double pooled_cut;

	(void)state;
	build_ab();
	assert_int_equal(search(s_ab, y_ab, g_ab, NT, 2, SMART_CUTOFF_WORST, &c), 0);
	assert_true(fabs(c.cutoff - 0.65) < 1e-12);
	assert_true(fabs(c.worst_f1 - 140.0 / 170) < 1e-12); /* A: 70 of 100 found */
	assert_int_equal(c.groups, 2);
	/* the paper's search over the same pairs pooled flags B's residue */
	smart_cutoff_search(s_ab, y_ab, NT, &pooled_cut, &cmp);
	assert_int_equal(cmp, SMART_CMP_GE);
	assert_true(pooled_cut < 0.5);
	assert_true(worst_f1(s_ab, y_ab, g_ab, NT, 2, pooled_cut) < c.worst_f1);
}

static void pooled_objective_agrees_with_the_papers_search(void **state)
{
	smart_cutoff_choice c;
	smart_comparison cmp;
	double cut, best;

	(void)state;
	build_ab();
	assert_int_equal(search(s_ab, y_ab, g_ab, NT, 2, SMART_CUTOFF_POOLED, &c), 0);
	best = smart_cutoff_search(s_ab, y_ab, NT, &cut, &cmp);
	assert_true(fabs(c.pooled_f1 - best) < 1e-12);
	assert_true(fabs(group_f1(s_ab, y_ab, g_ab, NT, -1, c.cutoff) - best) < 1e-12);
}

static void worst_group_cutoff_never_loses_to_the_pooled_cutoff_on_random_groups(void **state)
{
	/* Property: on its own rows, the worst group's F1 at the chosen
	 * cutoff is at least that at the paper's pooled F1-maximising cutoff
	 * (">=" found) and at any threshold at a data value, and the figures
	 * it reports are those of its cutoff. */
	enum { N = 60, G = 4 };
	double s[N];
	unsigned char y[N];
	uint32_t g[N];
	unsigned seed = 11;

	(void)state;
	for (int trial = 0; trial < 500; trial++) {
		smart_cutoff_choice c;
		smart_comparison cmp;
		double cut;

		for (int i = 0; i < N; i++) {
			g[i] = (uint32_t)(rand_r(&seed) % G);
			y[i] = (unsigned char)(rand_r(&seed) % 3 == 0);
			/* faults score higher on average; many ties */
			s[i] = (double)(rand_r(&seed) % 12) + 4.0 * y[i] + (double)g[i];
		}
		assert_int_equal(search(s, y, g, N, G, SMART_CUTOFF_WORST, &c), 0);
		assert_true(fabs(worst_f1(s, y, g, N, G, c.cutoff) - c.worst_f1) < 1e-12);
		assert_true(fabs(group_f1(s, y, g, N, -1, c.cutoff) - c.pooled_f1) < 1e-12);
		smart_cutoff_search(s, y, N, &cut, &cmp);
		if (cmp == SMART_CMP_GE)
			assert_true(worst_f1(s, y, g, N, G, cut) <= c.worst_f1 + 1e-12);
		for (int i = 0; i < N; i++)
			assert_true(worst_f1(s, y, g, N, G, s[i]) <= c.worst_f1 + 1e-12);
	}
}

static void rule_decisions_count_in_the_figures_but_no_cut_passes_them(void **state)
{
	/* a rule's inspect (+inf, or NaN) is always flagged, a rule's
	 * ignore (-inf) never: the cut stays between finite scores */
	const double s[] = { -INFINITY, 0.1, 0.2, 0.9, NAN, INFINITY };
	const unsigned char y[] = { 0, 0, 0, 1, 1, 1 };
	const uint32_t g[] = { 0, 0, 0, 0, 0, 0 };
	smart_cutoff_choice c;

	(void)state;
	assert_int_equal(search(s, y, g, 6, 1, SMART_CUTOFF_WORST, &c), 0);
	assert_true(isfinite(c.cutoff));
	assert_true(c.cutoff > 0.2 && c.cutoff < 0.9);
	assert_true(c.worst_f1 == 1.0);
}

static void group_without_a_fault_has_no_f1_to_be_worst(void **state)
{
	/* group 1 holds clean pairs only: it is not the worst group at 0 */
	const double s[] = { 0.0, 1.0, 5.0, 5.0 };
	const unsigned char y[] = { 0, 1, 0, 0 };
	const uint32_t g[] = { 0, 0, 1, 1 };
	smart_cutoff_choice c;

	(void)state;
	assert_int_equal(search(s, y, g, 4, 2, SMART_CUTOFF_WORST, &c), 0);
	assert_int_equal(c.groups, 1);
	assert_true(c.worst_f1 == 1.0);
	/* the only cut that finds group 0's fault without its clean pair,
	 * though group 1's clean pairs are flagged there too */
	assert_true(fabs(c.cutoff - 0.5) < 1e-12);
	assert_true(fabs(c.pooled_f1 - 0.5) < 1e-12);
}

static void mean_objective_trades_one_group_for_the_others(void **state)
{
	/* four groups whose clean pairs score 0.5 and faults 1.0, one whose
	 * clean pair scores 0 and fault 0.3: cutting at 0.75 makes four
	 * perfect and misses the fifth's fault (mean 0.8, worst 0); cutting
	 * at 0.15 flags four clean pairs (mean 0.733, worst 2/3) */
	const double s[] = { 0.5, 1.0, 0.5, 1.0, 0.5, 1.0, 0.5, 1.0, 0.0, 0.3 };
	const unsigned char y[] = { 0, 1, 0, 1, 0, 1, 0, 1, 0, 1 };
	const uint32_t g[] = { 0, 0, 1, 1, 2, 2, 3, 3, 4, 4 };
	smart_cutoff_choice mean, worst;

	(void)state;
	assert_int_equal(search(s, y, g, 10, 5, SMART_CUTOFF_MEAN, &mean), 0);
	assert_int_equal(search(s, y, g, 10, 5, SMART_CUTOFF_WORST, &worst), 0);
	assert_true(fabs(mean.cutoff - 0.75) < 1e-12);
	assert_true(fabs(mean.mean_f1 - 0.8) < 1e-12);
	assert_true(mean.worst_f1 == 0);
	assert_true(fabs(worst.cutoff - 0.15) < 1e-12);
	assert_true(fabs(worst.worst_f1 - 2.0 / 3) < 1e-12);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(worst_group_cutoff_rises_past_one_applications_clean_residue),
		cmocka_unit_test(pooled_objective_agrees_with_the_papers_search),
		cmocka_unit_test(worst_group_cutoff_never_loses_to_the_pooled_cutoff_on_random_groups),
		cmocka_unit_test(rule_decisions_count_in_the_figures_but_no_cut_passes_them),
		cmocka_unit_test(group_without_a_fault_has_no_f1_to_be_worst),
		cmocka_unit_test(mean_objective_trades_one_group_for_the_others),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
