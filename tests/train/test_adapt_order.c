/* Which pairs of a held-out application adapt the model
 * (train/adapt_order.c): at random, or as a reviewer meets them -- the
 * pairs the model trained without the application flags, nearest the
 * cutoff first (smart review), one per change signature, the largest
 * group first (review --by-change), or the highest score first. */
#include "../support/support.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const names[] = { "signal", "noise" };

/* Adds one row of application `app` with `signal`, `label` and, when
 * sig is not 0, that one change signature. */
static void add(smart_table *t, const char *app, double signal, int label, uint64_t sig,
		unsigned *seed)
{
	double v[2] = { signal, strcmp(app, "target") ? (double)(rand_r(seed) % 3) : 0 };
	smart_table_row row = { .values = v, .label = label, .app = app, .bytes_differ = 1,
				.trees_differ = 1, .sig_ids = &sig, .sig_n = sig ? 1 : 0 };
	smart_error err = { "" };

	assert_int_equal(smart_table_add(t, &row, &err), 0);
}

/* Two training applications where signal >= 5 is a fault, and "target",
 * whose clean reruns score high too: four false alarms holding change A
 * (signal 9, 9, 9, 8), two faults holding change B (6, 7), and quiet
 * pairs. */
static void make_table(smart_table *t)
{
	unsigned seed = 11;

	smart_table_init(t, names, 2);
	t->signatures = 1;
	for (int i = 0; i < 60; i++) {
		int label = i % 3 == 0;
		double s = label ? 5 + rand_r(&seed) % 5 : rand_r(&seed) % 4;

		add(t, i % 2 ? "one" : "two", s, label, 0, &seed);
	}
	add(t, "target", 1, 0, 0, &seed);
	add(t, "target", 9, 0, 0xa, &seed); /* row 61 */
	add(t, "target", 9, 0, 0xa, &seed);
	add(t, "target", 9, 0, 0xa, &seed);
	add(t, "target", 8, 0, 0xa, &seed); /* row 64 */
	add(t, "target", 6, 1, 0xb, &seed); /* row 65 */
	add(t, "target", 0, 0, 0, &seed);
	add(t, "target", 7, 1, 0xb, &seed); /* row 67 */
	add(t, "target", 2, 0, 0, &seed);
}

/* The rows of application `app` left unscored (the adaptation pairs). */
static size_t unscored(const smart_table *t, const smart_eval_result *r, const char *app,
		       size_t *rows, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < t->n_rows; i++)
		if (strcmp(t->apps[t->app[i]], app) == 0 && isnan(r->margin[i]) && n < max)
			rows[n++] = i;
	return n;
}

/* Evaluates with `adapt` pairs per application in `order` (seed 1). */
static void evaluate(const smart_table *t, smart_adapt_order order, size_t adapt,
		     smart_eval_result *r)
{
	eval_adapted(t, adapt, order, 1, r);
}

/* Every chosen row of "target" was flagged without adaptation, and
 * `before(chosen, other)` holds against every unchosen row of it. */
static void check_chosen(const smart_table *t, const smart_eval_result *plain,
			 const smart_eval_result *r, int (*before)(double, double))
{
	for (size_t c = 60; c < t->n_rows; c++) {
		if (!isnan(r->margin[c]))
			continue;
		assert_true(plain->margin[c] >= 0);
		for (size_t i = 60; i < t->n_rows; i++)
			if (!isnan(r->margin[i]) && plain->margin[i] >= 0)
				assert_true(before(plain->margin[c], plain->margin[i]));
	}
}

static int nearer_cutoff(double chosen, double other)
{
	return fabs(chosen) <= fabs(other);
}

static int higher(double chosen, double other)
{
	return chosen >= other;
}

/* The reviewer labels the pairs the unadapted model flags as smart review
 * presents them, the most uncertain (score nearest the cutoff) first; the
 * `highest` order the highest score first. Only those go unscored. */
static void reviewer_order_takes_flagged_pairs_nearest_the_cutoff_first(void **state)
{
	smart_table t;
	smart_eval_result plain, r;
	size_t rows[16];

	(void)state;
	make_table(&t);
	evaluate(&t, SMART_ADAPT_RANDOM, 0, &plain);
	evaluate(&t, SMART_ADAPT_REVIEWER, 3, &r);
	assert_int_equal(unscored(&t, &r, "target", rows, 16), 3);
	check_chosen(&t, &plain, &r, nearer_cutoff);
	/* the other applications lose three pairs each too, and only those */
	assert_int_equal(unscored(&t, &r, "one", rows, 16), 3);
	assert_int_equal(r.per_app[t.app[60]].tp + r.per_app[t.app[60]].fp +
			 r.per_app[t.app[60]].fn + r.per_app[t.app[60]].tn, 9 - 3);
	smart_eval_result_free(&r);
	evaluate(&t, SMART_ADAPT_HIGHEST, 3, &r);
	assert_int_equal(unscored(&t, &r, "target", rows, 16), 3);
	check_chosen(&t, &plain, &r, higher);
	smart_eval_result_free(&plain);
	smart_eval_result_free(&r);
	smart_table_free(&t);
}

/* review --by-change shows one pair per change, the change most flagged
 * pairs hold first, its pair nearest the cutoff: two pairs are a false
 * alarm of change A (signal 8) and a fault of change B (6), where the
 * review order takes both faults (6, 7) and the highest first two false
 * alarms of A (9, 9). */
static void by_change_order_takes_one_pair_per_change(void **state)
{
	smart_table t;
	smart_eval_result r;
	size_t rows[16];

	(void)state;
	make_table(&t);
	evaluate(&t, SMART_ADAPT_BY_CHANGE, 2, &r);
	assert_int_equal(unscored(&t, &r, "target", rows, 16), 2);
	assert_int_equal(rows[0], 64);
	assert_int_equal(rows[1], 65);
	smart_eval_result_free(&r);
	evaluate(&t, SMART_ADAPT_REVIEWER, 2, &r);
	assert_int_equal(unscored(&t, &r, "target", rows, 16), 2);
	assert_int_equal(rows[0], 65);
	assert_int_equal(rows[1], 67);
	smart_eval_result_free(&r);
	evaluate(&t, SMART_ADAPT_HIGHEST, 2, &r);
	assert_int_equal(unscored(&t, &r, "target", rows, 16), 2);
	assert_int_equal(rows[0], 61);
	assert_int_equal(rows[1], 62);
	smart_eval_result_free(&r);
	smart_table_free(&t);
}

/* When smart flags fewer pairs than N, the reviewer's N are filled with
 * the unflagged pairs nearest the cutoff; N past the application's pairs
 * takes them all. */
static void reviewer_order_fills_past_the_flagged_pairs(void **state)
{
	smart_table t;
	smart_eval_result r;
	size_t rows[16];

	(void)state;
	make_table(&t);
	evaluate(&t, SMART_ADAPT_REVIEWER, 8, &r);
	assert_int_equal(unscored(&t, &r, "target", rows, 16), 8);
	assert_true(isnan(r.margin[60]) && isnan(r.margin[68]) && !isnan(r.margin[66]));
	smart_eval_result_free(&r);
	smart_table_free(&t);
}

/* The by-change order needs the pairs' change signatures. */
static void by_change_order_without_signatures_is_an_error(void **state)
{
	smart_table t;
	smart_eval_options o = SMART_EVAL_OPTIONS_INIT;
	smart_eval_result r;
	smart_error err = { "" };
	unsigned seed = 3;

	(void)state;
	smart_table_init(&t, names, 2);
	for (int i = 0; i < 12; i++)
		add(&t, i % 2 ? "a" : "b", i % 3 ? 1 : 7, i % 3 == 0, 0, &seed);
	o.by_app = 1;
	o.adapt = 2;
	o.adapt_order = SMART_ADAPT_BY_CHANGE;
	assert_int_equal(smart_evaluate(&t, &o, &r, &err), -1);
	assert_non_null(strstr(err.message, "signatures"));
	smart_table_free(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(reviewer_order_takes_flagged_pairs_nearest_the_cutoff_first),
		cmocka_unit_test(by_change_order_takes_one_pair_per_change),
		cmocka_unit_test(reviewer_order_fills_past_the_flagged_pairs),
		cmocka_unit_test(by_change_order_without_signatures_is_an_error),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
