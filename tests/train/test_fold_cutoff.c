/* The cutoff a held-out application's own clean pairs set
 * (train/fold_cutoff.c, smart eval --clean-cutoff): each half of its
 * pairs decided by the cutoff the other half's clean residue set, only
 * when that residue lies within the bound; a rule's ignore is no residue. */
#include "../support/support.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "train/fold_cutoff.h"

static const char *const names[] = { "signal", "noise" };

/* A linear model scoring a pair by its signal alone, cutoff 1 (>=). */
static smart_model *signal_model(void)
{
	static double rows[] = { 0, 0, 1, 1, 2, 0, 3, 1, 0, 1, 3, 0 };
	static unsigned char labels[] = { 0, 0, 1, 1, 0, 1 };
	smart_train_options o = SMART_TRAIN_OPTIONS_INIT;
	smart_error err = { "" };
	smart_model *m = smart_model_train(&(smart_dataset){ rows, labels, 6, 2, names }, &o,
					   NULL, &err);

	if (!m)
		fail_msg("%s", err.message);
	m->weights[0] = 1;
	m->weights[1] = 0;
	m->intercept = 0;
	m->cutoff = 1;
	m->comparison = SMART_CMP_GE;
	return m;
}

/* One application's six pairs, in order: the first half (a clean pair
 * whose residue scores 1.05, faults at 1.5 and 1.7), the second (a clean
 * pair at 1.06, a fault at 1.04, a clean pair a rule ignores at 2.0). */
static void make_app(smart_table *t)
{
	static const double signal[] = { 1.05, 1.5, 1.7, 1.06, 1.04, 2.0 };
	static const unsigned char label[] = { 0, 1, 1, 0, 1, 0 };
	smart_error err = { "" };

	smart_table_init(t, names, 2);
	for (int i = 0; i < 6; i++) {
		double v[2] = { signal[i], 0 };
		smart_table_row row = { .values = v, .label = label[i], .app = "app",
					.bytes_differ = 1, .trees_differ = 1,
					.only_volatile = i == 5 };

		assert_int_equal(smart_table_add(t, &row, &err), 0);
	}
}

/* The application of make_app with bound `bound`: the moves of its two
 * halves at cutoff 1, and the held-out confusion and margins of
 * smart_evaluate deciding it with them (the given signal model). */
static void decide_app(double bound, double move[2], smart_confusion *c, double margin[6])
{
	smart_table t;
	smart_model *m = signal_model();
	smart_eval_options o = SMART_EVAL_OPTIONS_INIT;
	smart_eval_result r;
	smart_error err = { "" };
	size_t fold[6] = { 0 };

	make_app(&t);
	o.by_app = 1;
	o.model = m;
	o.clean_cutoff = bound;
	assert_int_equal(smart__clean_cutoff_moves(&t, &o, fold, 0, m, 1.0, move), 6);
	assert_int_equal(smart_evaluate(&t, &o, &r, &err), 0);
	*c = r.smart;
	memcpy(margin, r.margin, 6 * sizeof(double));
	smart_eval_result_free(&r);
	smart_table_free(&t);
	smart_model_free(m);
}

static void clean_cutoff_decides_each_half_by_the_other_halfs_residue(void **state)
{
	smart_confusion c;
	double move[2], margin[6];

	(void)state;
	decide_app(0.1, move, &c, margin);
	/* the moves: half 0 past the 1.06 of half 1 (its rule-ignored 2.0 is
	 * no residue), half 1 past the 1.05 of half 0 */
	assert_true(move[0] > 0.06 && move[0] < 0.0601);
	assert_true(move[1] > 0.05 && move[1] < 0.0501);
	/* half 0: the clean 1.05 ignored, both faults found; half 1: the
	 * clean 1.06 still flagged, the fault at 1.04 missed */
	assert_int_equal(c.tp, 2);
	assert_int_equal(c.fp, 1);
	assert_int_equal(c.fn, 1);
	assert_int_equal(c.tn, 2);
	assert_true(margin[0] < 0 && margin[3] > 0 && margin[4] < 0);
}

static void clean_cutoff_does_not_move_past_residue_beyond_its_bound(void **state)
{
	smart_confusion c;
	double move[2], margin[6];

	(void)state;
	decide_app(0.055, move, &c, margin); /* half 1's residue (0.06) lies beyond it */
	assert_true(move[0] == 0);
	assert_true(move[1] > 0.05);
	decide_app(0.01, move, &c, margin); /* neither half moves: decided as without */
	assert_true(move[0] == 0 && move[1] == 0);
	assert_int_equal(c.tp, 3);
	assert_int_equal(c.fp, 2);
	assert_int_equal(c.fn, 0);
	assert_int_equal(c.tn, 1);
}

static void clean_cutoff_halves_split_an_application_in_table_order(void **state)
{
	(void)state;
	assert_int_equal(smart__clean_cutoff_half(0, 5), 0);
	assert_int_equal(smart__clean_cutoff_half(2, 5), 0);
	assert_int_equal(smart__clean_cutoff_half(3, 5), 1);
	assert_int_equal(smart__clean_cutoff_half(0, 1), 0);
	assert_int_equal(smart__clean_cutoff_half(1, 2), 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(clean_cutoff_decides_each_half_by_the_other_halfs_residue),
		cmocka_unit_test(clean_cutoff_does_not_move_past_residue_beyond_its_bound),
		cmocka_unit_test(clean_cutoff_halves_split_an_application_in_table_order),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
