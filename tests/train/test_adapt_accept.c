/* The change classes an application's adaptation pairs accept
 * (train/adapt_accept.c, docs/adaptation.md): an ignore-labelled pair's
 * class explains the same class on another pair, a class an
 * inspect-labelled pair holds is never accepted, nor a move (an order
 * change), no pairs accept nothing,
 * and the held-out evaluation decides with them as classify does; the
 * eval's draw of the pairs is the same for a seed. */
#include "../support/support.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "train/adapt_rows.h"

static const char *const names[] = { "signal", "noise" };

/* Adds one row of application `app` with `signal`, `label` and the n
 * change signatures sigs (each its own class). */
static void add(smart_table *t, const char *app, double signal, int label,
		const uint64_t *sigs, unsigned n)
{
	double v[2] = { signal, 0 };
	smart_table_row row = { .values = v, .label = label, .app = app, .bytes_differ = 1,
				.trees_differ = 1, .sig_ids = sigs, .sig_n = n };
	smart_error err = { "" };

	assert_int_equal(smart_table_add(t, &row, &err), 0);
}

static const uint64_t A = 0xa, B = 0xb, C = 0xc;

/* Rows 0..3: an ignore pair holding A; an ignore pair holding A and C; a
 * fault holding B and C; a pair with A alone and one with A and B. */
static void make_small(smart_table *t)
{
	const uint64_t a[1] = { A }, ac[2] = { A, C }, bc[2] = { B, C }, ab[2] = { A, B };

	smart_table_init(t, names, 2);
	t->signatures = 1;
	add(t, "app", 1, 0, a, 1);
	add(t, "app", 1, 0, ac, 2);
	add(t, "app", 9, 1, bc, 2);
	add(t, "app", 9, 0, a, 1);
	add(t, "app", 9, 1, ab, 2);
}

/* make_small's table into *t and the classes the rows marked in use[]
 * accept into *cls; returns how many. */
static size_t accept_small(smart_table *t, const unsigned char *use, uint64_t **cls)
{
	size_t n;
	smart_error err = { "" };

	make_small(t);
	assert_int_equal(smart__adapt_accept_classes(t, use, cls, &n, &err), 0);
	return n;
}

/* Rows 0 and 1 (ignore) accept A; C is held by the fault of row 2 too, so
 * it stays flagged. Row 3 (A alone) is explained; row 4 (A and B) is not. */
static void ignore_pair_class_explains_the_same_class_on_another_pair(void **state)
{
	smart_table t;
	uint64_t *cls;
	size_t n = accept_small(&t, (const unsigned char[5]){ 1, 1, 1, 0, 0 }, &cls);

	(void)state;
	assert_int_equal(n, 1);
	assert_true(cls[0] == A);
	assert_true(smart__adapt_accept_covers(&t, 3, cls, n));
	assert_false(smart__adapt_accept_covers(&t, 4, cls, n));
	free(cls);
	smart_table_free(&t);
}

/* A class an inspect-labelled pair holds is never accepted, however many
 * ignore pairs hold it: with rows 1 (A, C; ignore) and 2 (B, C; fault),
 * only A is. */
static void class_of_an_inspect_pair_is_never_accepted(void **state)
{
	smart_table t;
	uint64_t *cls;
	size_t n = accept_small(&t, (const unsigned char[5]){ 0, 1, 1, 0, 0 }, &cls);

	(void)state;
	for (size_t k = 0; k < n; k++)
		assert_true(cls[k] != C && cls[k] != B);
	assert_int_equal(n, 1);
	free(cls);
	smart_table_free(&t);
}

/* No adaptation pairs accept nothing, and a pair with no residual change
 * (or one cut short) is never explained by classes. */
static void no_pairs_accept_nothing(void **state)
{
	smart_table t;
	unsigned char use[5] = { 0 };
	uint64_t *cls;
	size_t n = 7;
	smart_error err = { "" };

	(void)state;
	make_small(&t);
	assert_int_equal(smart__adapt_accept_classes(&t, use, &cls, &n, &err), 0);
	assert_int_equal(n, 0);
	for (size_t i = 0; i < t.n_rows; i++)
		assert_false(smart__adapt_accept_covers(&t, i, cls, n));
	free(cls);
	smart_table_free(&t);
}

/* A pair whose signature set was cut short carries its own id last
 * (train/load.c): it is never a class to accept, and such a pair is never
 * explained, even when every kept change is of an accepted class. */
static void pair_cut_short_is_never_explained(void **state)
{
	smart_table t;
	unsigned char use[2] = { 1, 0 };
	uint64_t *cls;
	size_t n;
	smart_error err = { "" };
	uint64_t first[2] = { A, SMART_TABLE_OWN_ID(0) }, second[2] = { A, SMART_TABLE_OWN_ID(1) };

	(void)state;
	smart_table_init(&t, names, 2);
	t.signatures = 1;
	add(&t, "app", 1, 0, first, 2);
	add(&t, "app", 9, 0, second, 2);
	assert_int_equal(smart__adapt_accept_classes(&t, use, &cls, &n, &err), 0);
	assert_int_equal(n, 1);
	assert_true(cls[0] == A);
	assert_false(smart__adapt_accept_covers(&t, 1, cls, n));
	free(cls);
	smart_table_free(&t);
}

/* A move (an element standing elsewhere: only the order changed) is
 * never accepted, even from an ignore pair: a clean rerun's shuffle and a
 * sorting fault hold the same move. The pair's other change still is. */
static void move_of_an_ignore_pair_is_never_accepted(void **state)
{
	smart_table t;
	unsigned char use[2] = { 1, 0 };
	const unsigned char kinds[2] = { SMART_OP_MOVE, SMART_OP_UPDATE };
	const uint64_t sigs[2] = { A, B }, moved[1] = { A };
	smart_table_row row = { .values = (double[2]){ 1, 0 }, .label = 0, .app = "app",
				.bytes_differ = 1, .trees_differ = 1, .sig_ids = sigs,
				.sig_kind = kinds, .sig_n = 2 };
	uint64_t *cls;
	size_t n;
	smart_error err = { "" };

	(void)state;
	smart_table_init(&t, names, 2);
	t.signatures = 1;
	assert_int_equal(smart_table_add(&t, &row, &err), 0);
	row.sig_ids = moved;
	row.sig_n = 1;
	row.label = 1;
	assert_int_equal(smart_table_add(&t, &row, &err), 0); /* a sorting fault */
	assert_int_equal(smart__adapt_accept_classes(&t, use, &cls, &n, &err), 0);
	assert_int_equal(n, 1);
	assert_true(cls[0] == B);
	assert_false(smart__adapt_accept_covers(&t, 1, cls, n));
	free(cls);
	smart_table_free(&t);
}

/* Two training applications where signal >= 5 is a fault, and "target",
 * whose clean reruns score high: four false alarms holding change A
 * (rows 61-64), two faults holding B (65, 67), quiet pairs. */
static void make_table(smart_table *t)
{
	unsigned seed = 11;
	const uint64_t a[1] = { A }, b[1] = { B };

	smart_table_init(t, names, 2);
	t->signatures = 1;
	for (int i = 0; i < 60; i++) {
		int label = i % 3 == 0;
		double s = label ? 5 + rand_r(&seed) % 5 : rand_r(&seed) % 4;

		add(t, i % 2 ? "one" : "two", s, label, NULL, 0);
	}
	add(t, "target", 1, 0, NULL, 0);
	add(t, "target", 9, 0, a, 1); /* row 61 */
	add(t, "target", 9, 0, a, 1);
	add(t, "target", 9, 0, a, 1);
	add(t, "target", 8, 0, a, 1); /* row 64 */
	add(t, "target", 6, 1, b, 1); /* row 65 */
	add(t, "target", 0, 0, NULL, 0);
	add(t, "target", 7, 1, b, 1); /* row 67 */
	add(t, "target", 2, 0, NULL, 0);
}

static void evaluate(const smart_table *t, size_t adapt, int accept, smart_adapt_order order,
		     uint64_t seed, smart_eval_result *r)
{
	smart_eval_options o = SMART_EVAL_OPTIONS_INIT;
	smart_error err = { "" };

	o.by_app = 1;
	o.per_app = 1;
	o.adapt = adapt;
	o.adapt_weight = 1; /* the refit barely moves: the classes decide */
	o.adapt_accept = accept;
	o.adapt_order = order;
	o.seed = seed;
	if (smart_evaluate(t, &o, r, &err))
		fail_msg("%s", err.message);
}

/* Two of target's false alarms labelled (the highest scores: rows 61 and
 * 62) accept change A: its other two false alarms are ignored, as classify
 * with the adapted model ignores them, and both faults (change B) stay
 * flagged. Without accepting, the same draw leaves them flagged. */
static void eval_ignores_flagged_pairs_of_an_accepted_class(void **state)
{
	smart_table t;
	smart_eval_result on, off;
	size_t target;

	(void)state;
	make_table(&t);
	target = t.app[60];
	evaluate(&t, 2, 1, SMART_ADAPT_HIGHEST, 1, &on);
	evaluate(&t, 2, 0, SMART_ADAPT_HIGHEST, 1, &off);
	assert_true(isnan(on.margin[61]) && isnan(on.margin[62]));
	assert_int_equal(off.per_app[target].fp, 2);
	assert_int_equal(on.per_app[target].fp, 0);
	assert_true(on.accepted[63] && on.accepted[64]);
	assert_int_equal(on.forced[63], 0); /* a rule's ignore, below every score */
	assert_int_equal(on.per_app[target].tp, off.per_app[target].tp);
	assert_int_equal(on.per_app[target].fn, 0);
	for (size_t i = 0; i < t.n_rows; i++)
		assert_false(on.accepted[i] && t.labels[i]);
	smart_eval_result_free(&on);
	smart_eval_result_free(&off);
	smart_table_free(&t);
}

/* Zero adaptation pairs change nothing: with and without accepting, the
 * held-out decisions are the same. */
static void eval_with_zero_pairs_changes_nothing(void **state)
{
	smart_table t;
	smart_eval_result on, off;

	(void)state;
	make_table(&t);
	evaluate(&t, 0, 1, SMART_ADAPT_RANDOM, 1, &on);
	evaluate(&t, 0, 0, SMART_ADAPT_RANDOM, 1, &off);
	assert_memory_equal(&on.smart, &off.smart, sizeof(on.smart));
	for (size_t i = 0; i < t.n_rows; i++) {
		assert_false(on.accepted[i]);
		assert_int_equal(on.forced[i], off.forced[i]);
	}
	smart_eval_result_free(&on);
	smart_eval_result_free(&off);
	smart_table_free(&t);
}

/* The random draw of the adaptation pairs depends on the seed only: the
 * same seed draws the same pairs on every call, for every application;
 * among twenty seeds at least two draws differ. */
static void random_draw_is_deterministic_for_a_seed(void **state)
{
	smart_table t;
	size_t *fold;
	unsigned char *first, *again;
	int differ = 0;
	smart_error err = { "" };

	(void)state;
	make_table(&t);
	fold = malloc(t.n_rows * sizeof(*fold));
	first = calloc(t.n_rows, 1);
	again = calloc(t.n_rows, 1);
	assert_non_null(fold);
	assert_non_null(first);
	assert_non_null(again);
	for (size_t i = 0; i < t.n_rows; i++)
		fold[i] = t.app[i];
	for (uint64_t seed = 1; seed <= 20; seed++) {
		for (size_t f = 0; f < t.n_apps; f++) {
			size_t taken = 0;

			assert_int_equal(smart__choose_adaptation(&t, 5, seed, fold, f, first, &err), 0);
			assert_int_equal(smart__choose_adaptation(&t, 5, seed, fold, f, again, &err), 0);
			for (size_t i = 0; i < t.n_rows; i++) {
				if (fold[i] != f)
					continue;
				assert_int_equal(first[i], again[i]);
				taken += first[i];
			}
			assert_int_equal(taken, 5);
		}
		assert_int_equal(smart__choose_adaptation(&t, 5, 1, fold, t.app[60], again, &err),
				 0);
		for (size_t i = 60; i < t.n_rows; i++)
			differ |= first[i] != again[i];
	}
	assert_true(differ);
	free(fold);
	free(first);
	free(again);
	smart_table_free(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(ignore_pair_class_explains_the_same_class_on_another_pair),
		cmocka_unit_test(class_of_an_inspect_pair_is_never_accepted),
		cmocka_unit_test(no_pairs_accept_nothing),
		cmocka_unit_test(pair_cut_short_is_never_explained),
		cmocka_unit_test(move_of_an_ignore_pair_is_never_accepted),
		cmocka_unit_test(eval_ignores_flagged_pairs_of_an_accepted_class),
		cmocka_unit_test(eval_with_zero_pairs_changes_nothing),
		cmocka_unit_test(random_draw_is_deterministic_for_a_seed),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
