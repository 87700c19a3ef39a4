/* The adapted model's clean cutoff (train/adapt_cutoff.c,
 * docs/adaptation.md): the cutoff moves just past the residue of the
 * adaptation pairs labelled ignore when it lies within the bound, never
 * past a labelled fault, never for residue beyond the bound, and a pair a
 * rule decides plays no part. */
#include "../support/support.h"

#include <math.h>
#include <string.h>

#include "train/adapt_rows.h"

static const char *const names[] = { "signal" };

/* A linear model scoring `signal` itself (weight 1, intercept 0), cutoff
 * 1.0, inspect at or above it. */
static smart_model *model(smart_comparison comparison)
{
	smart_model *m = smart_model_alloc(SMART_MODEL_LINEAR, 1, names);

	assert_non_null(m);
	m->weights[0] = comparison == SMART_CMP_GE ? 1 : -1;
	m->cutoff = comparison == SMART_CMP_GE ? 1.0 : -1.0;
	m->comparison = comparison;
	return m;
}

/* The move for pairs of the given signals and labels (no rule decides
 * any unless forced says so). */
static double move_for(const smart_model *m, const double *signal, const unsigned char *labels,
		       const signed char *forced, size_t n, double bound)
{
	smart__adapt_pairs a = { signal, labels, forced, n, 1 };

	return smart__adapt_clean_move(m, &a, bound);
}

static void adapt_clean_cutoff_moves_just_past_the_worst_clean_residue(void **state)
{
	smart_model *m = model(SMART_CMP_GE);
	double signal[] = { 1.04, 1.07, 0.5, 2.0, 3.0 };
	unsigned char labels[] = { 0, 0, 0, 1, 1 };
	double move = move_for(m, signal, labels, NULL, 5, 0.1);

	(void)state;
	assert_true(move > 0.07 - 1e-12 && move < 0.07 + 1e-9);
	smart__adapt_clean_apply(m, move);
	/* both clean reruns now ignore, both faults still inspect */
	for (size_t k = 0; k < 5; k++)
		assert_int_equal(smart_model_decide(m, &signal[k], NULL), labels[k]);
	assert_string_equal(m->provenance.cutoff_search, "adapt-clean");
	assert_true(fabs(m->provenance.cutoff_offset - move) < 1e-12);
	smart_model_free(m);
}

static void adapt_clean_cutoff_leaves_residue_beyond_its_bound(void **state)
{
	smart_model *m = model(SMART_CMP_GE);
	double signal[] = { 1.04, 1.3, 2.0 };
	unsigned char labels[] = { 0, 0, 1 };

	(void)state;
	/* one clean rerun scores 0.3 past the cutoff: like a fault, no move */
	assert_true(move_for(m, signal, labels, NULL, 3, 0.1) == 0);
	assert_true(move_for(m, signal, labels, NULL, 3, 0.5) > 0.3);
	assert_true(move_for(m, signal, labels, NULL, 3, 0) == 0); /* 0: off */
	smart_model_free(m);
}

static void adapt_clean_cutoff_never_moves_past_a_labelled_fault(void **state)
{
	smart_model *m = model(SMART_CMP_GE);
	double signal[] = { 1.06, 1.03, 2.0 };
	unsigned char labels[] = { 0, 1, 1 };
	double just_above[] = { 1.06, 1.07, 2.0 };

	(void)state;
	/* a fault at 0.03 past the cutoff, below the clean residue at 0.06 */
	assert_true(move_for(m, signal, labels, NULL, 3, 0.1) == 0);
	/* a fault just above the residue stays inspect after the move */
	assert_true(move_for(m, just_above, labels, NULL, 3, 0.1) > 0.06 - 1e-12);
	smart_model_free(m);
}

static void adapt_clean_cutoff_skips_pairs_a_rule_decides(void **state)
{
	smart_model *m = model(SMART_CMP_GE);
	double signal[] = { 1.02, 1.09, 1.01 };
	unsigned char labels[] = { 0, 0, 1 };
	signed char forced[] = { -1, 0, 1 }; /* a rule's ignore, a rule's inspect */
	double move = move_for(m, signal, labels, forced, 3, 0.1);

	(void)state;
	/* only the first pair counts: past 0.02, not 0.09; the rule's fault
	 * at 0.01 is decided by its rule whatever the cutoff */
	assert_true(move > 0.02 - 1e-12 && move < 0.02 + 1e-9);
	smart_model_free(m);
}

static void adapt_clean_cutoff_moves_a_le_model_downwards(void **state)
{
	smart_model *m = model(SMART_CMP_LE);
	double signal[] = { 1.05, 2.0 };
	unsigned char labels[] = { 0, 1 };
	double move = move_for(m, signal, labels, NULL, 2, 0.1);

	(void)state;
	assert_true(move > 0.05 - 1e-12 && move < 0.05 + 1e-9);
	smart__adapt_clean_apply(m, move);
	assert_true(m->cutoff < -1.05);
	assert_int_equal(smart_model_decide(m, &signal[0], NULL), 0);
	assert_int_equal(smart_model_decide(m, &signal[1], NULL), 1);
	smart_model_free(m);
}

static void adapt_clean_cutoff_needs_a_flagged_clean_pair(void **state)
{
	smart_model *m = model(SMART_CMP_GE);
	double signal[] = { 0.5, 0.9, 2.0 };
	unsigned char labels[] = { 0, 0, 1 };

	(void)state;
	assert_true(move_for(m, signal, labels, NULL, 3, 0.1) == 0);
	smart__adapt_clean_apply(m, 0);
	assert_true(m->cutoff == 1.0);
	assert_string_equal(m->provenance.cutoff_search, "");
	smart_model_free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(adapt_clean_cutoff_moves_just_past_the_worst_clean_residue),
		cmocka_unit_test(adapt_clean_cutoff_leaves_residue_beyond_its_bound),
		cmocka_unit_test(adapt_clean_cutoff_never_moves_past_a_labelled_fault),
		cmocka_unit_test(adapt_clean_cutoff_skips_pairs_a_rule_decides),
		cmocka_unit_test(adapt_clean_cutoff_moves_a_le_model_downwards),
		cmocka_unit_test(adapt_clean_cutoff_needs_a_flagged_clean_pair),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
