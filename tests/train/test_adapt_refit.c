/* Adaptation that is never worse than none (train/adapt_refit.c,
 * docs/adaptation.md): pairs the unadapted model already decides right,
 * or that a rule decides, teach the refit nothing; the others refit it
 * with the smallest weight that decides them right; no pairs, or only
 * already-flagged faults, leave every decision as it was; the flagged
 * draw is the same for a seed. */
#include "../support/support.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "train/adapt_rows.h"

static const char *const names[] = { "signal", "noise" };

static void add(smart_table *t, const char *app, double signal, double noise, int label)
{
	double v[2] = { signal, noise };
	smart_table_row row = { .values = v, .label = label, .app = app, .bytes_differ = 1,
				.trees_differ = 1 };
	smart_error err = { "" };

	assert_int_equal(smart_table_add(t, &row, &err), 0);
}

/* Two training applications where a signal of 5 or more is a fault, and
 * "target": six faults the base model flags (signal 6 to 9), four quiet
 * clean reruns and two clean reruns that score high (signal 5: false
 * alarms). */
static void make_table(smart_table *t)
{
	unsigned seed = 5;

	smart_table_init(t, names, 2);
	for (int i = 0; i < 80; i++) {
		int label = i % 3 == 0;

		add(t, i % 2 ? "one" : "two", label ? 5 + rand_r(&seed) % 5 : rand_r(&seed) % 4,
		    (double)(rand_r(&seed) % 3), label);
	}
	for (int k = 0; k < 6; k++)
		add(t, "target", 6 + k % 4, 1, 1);
	for (int k = 0; k < 4; k++)
		add(t, "target", k % 3, 1, 0);
	add(t, "target", 5, 2, 0);
	add(t, "target", 5, 0, 0);
}

/* The base dataset: the rows of every application but "target". */
static smart_dataset base_of(const smart_table *t)
{
	return (smart_dataset){ t->rows, t->labels, 80, t->n_features, t->names };
}

static smart_model *fit(const smart_dataset *d)
{
	smart_train_options o = SMART_TRAIN_OPTIONS_INIT;
	smart_error err = { "" };
	smart_model *m;

	o.degenerate = SMART_DEGENERATE_DROP;
	if (!(m = smart_model_train(d, &o, NULL, &err)))
		fail_msg("%s", err.message);
	return m;
}

/* The table and the model fitted on its base rows. */
static smart_model *setup(smart_table *t)
{
	smart_dataset d;

	make_table(t);
	d = base_of(t);
	return fit(&d);
}

/* Plans the refit of `base` with rows [from, from + n) of t. */
static void plan_of(const smart_table *t, const smart_model *base_model, size_t from, size_t n,
		    const signed char *forced, unsigned max_weight, unsigned char *teach,
		    smart__adapt_plan *plan)
{
	smart_dataset d = base_of(t);
	smart_train_options o = SMART_TRAIN_OPTIONS_INIT;
	smart__adapt_pairs a = { t->rows + from * t->n_features, t->labels + from, forced, n,
				 t->n_features };
	smart_error err = { "" };

	o.degenerate = SMART_DEGENERATE_DROP;
	if (smart__adapt_refit(&d, base_model, &a, &o, max_weight, teach, plan, &err))
		fail_msg("%s", err.message);
}

/* Five faults the model already flags teach nothing: no refit, the base
 * model stands. */
static void five_flagged_faults_teach_nothing(void **state)
{
	smart_table t;
	smart_model *m;
	smart__adapt_plan plan;
	unsigned char teach[5];

	(void)state;
	m = setup(&t);
	for (size_t i = 80; i < 85; i++)
		assert_int_equal(smart_model_decide(m, t.rows + i * 2, NULL), 1);
	plan_of(&t, m, 80, 5, NULL, 50, teach, &plan);
	assert_int_equal(plan.taught, 0);
	assert_int_equal(plan.weight, 0);
	assert_null(plan.model);
	for (int k = 0; k < 5; k++)
		assert_int_equal(teach[k], 0);
	smart_model_free(m);
	smart_table_free(&t);
}

/* Asserts that rows [from, from + n) of the table, with the rules'
 * decisions `forced`, refit nothing: none taught, no model. */
static void assert_no_refit(size_t from, size_t n, const signed char *forced)
{
	smart_table t;
	smart_model *m = setup(&t);
	smart__adapt_plan plan;
	unsigned char teach[8];

	plan_of(&t, m, from, n, forced, 50, teach, &plan);
	assert_int_equal(plan.taught, 0);
	assert_int_equal(plan.weight, 0);
	assert_null(plan.model);
	smart_model_free(m);
	smart_table_free(&t);
}

/* No adaptation pairs: nothing to teach, nothing moves. */
static void zero_pairs_leave_the_model_as_it_is(void **state)
{
	(void)state;
	assert_no_refit(80, 0, NULL);
}

/* A false alarm refits the model with the smallest weight that decides it
 * ignore: below that weight (the same pair, max_weight one less) no refit
 * decides it right and the base model stands. */
static void false_alarm_refits_at_the_smallest_weight_that_decides_it(void **state)
{
	smart_table t;
	smart_model *m;
	smart__adapt_plan plan, below;
	unsigned char teach[1];

	(void)state;
	m = setup(&t);
	assert_int_equal(smart_model_decide(m, t.rows + 90 * 2, NULL), 1); /* a false alarm */
	plan_of(&t, m, 90, 1, NULL, 1000, teach, &plan);
	assert_int_equal(plan.taught, 1);
	assert_int_equal(teach[0], 1);
	assert_non_null(plan.model);
	assert_int_equal(plan.right, 1);
	assert_int_equal(smart_model_decide(plan.model, t.rows + 90 * 2, NULL), 0);
	if (plan.weight > 1) {
		plan_of(&t, m, 90, 1, NULL, plan.weight - 1, teach, &below);
		assert_int_equal(below.right, 0);
		assert_null(below.model);
	}
	smart_model_free(plan.model);
	smart_model_free(m);
	smart_table_free(&t);
}

/* A pair a rule decides (an error message: inspect whatever the score)
 * is beyond any refit: it teaches nothing even when the model alone
 * would decide it wrong. */
static void pair_a_rule_decides_teaches_nothing(void **state)
{
	const signed char forced[1] = { 1 };

	(void)state;
	assert_no_refit(90, 1, forced);
}

/* Held out, "target" adapted with five of its flagged pairs drawn from
 * its flagged faults alone (the false alarms made quiet): every other
 * pair of it keeps its score exactly, as without adaptation -- the five
 * faults, counted fifty times, used to move the cutoff down. */
static void eval_five_flagged_faults_change_no_decision(void **state)
{
	smart_table t;
	smart_eval_result plain, r;
	size_t unscored = 0;

	(void)state;
	make_table(&t);
	t.rows[90 * 2] = t.rows[91 * 2] = 0; /* no false alarm: only faults are flagged */
	eval_adapted(&t, 0, SMART_ADAPT_RANDOM, 1, &plain);
	eval_adapted(&t, 5, SMART_ADAPT_FLAGGED, 1, &r);
	for (size_t i = 80; i < t.n_rows; i++) {
		if (isnan(r.margin[i])) {
			assert_int_equal(t.labels[i], 1);
			unscored++;
			continue;
		}
		assert_true(r.margin[i] == plain.margin[i]);
	}
	assert_int_equal(unscored, 5);
	smart_eval_result_free(&plain);
	smart_eval_result_free(&r);
	smart_table_free(&t);
}

/* The flagged draw depends on the seed only: the same seed leaves the
 * same pairs unscored on every call. */
static void flagged_draw_is_deterministic_for_a_seed(void **state)
{
	smart_table t;

	(void)state;
	make_table(&t);
	for (uint64_t seed = 1; seed <= 4; seed++) {
		smart_eval_result a, b;

		eval_adapted(&t, 3, SMART_ADAPT_FLAGGED, seed, &a);
		eval_adapted(&t, 3, SMART_ADAPT_FLAGGED, seed, &b);
		for (size_t i = 0; i < t.n_rows; i++) {
			assert_int_equal(isnan(a.margin[i]), isnan(b.margin[i]));
			if (!isnan(a.margin[i]))
				assert_true(a.margin[i] == b.margin[i]);
		}
		smart_eval_result_free(&a);
		smart_eval_result_free(&b);
	}
	smart_table_free(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(five_flagged_faults_teach_nothing),
		cmocka_unit_test(zero_pairs_leave_the_model_as_it_is),
		cmocka_unit_test(false_alarm_refits_at_the_smallest_weight_that_decides_it),
		cmocka_unit_test(pair_a_rule_decides_teaches_nothing),
		cmocka_unit_test(eval_five_flagged_faults_change_no_decision),
		cmocka_unit_test(flagged_draw_is_deterministic_for_a_seed),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
