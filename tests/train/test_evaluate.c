/* Cross-validation and baselines over a measured table. */
#include "../support/support.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>

#include "common/pool.h"

static const char *const names[] = { "signal", "noise" };

/* n pairs from `apps` applications: inspect when signal is high; diff
 * flags everything, tree-diff all but every fourth ignore pair. */
static void make_table(smart_table *t, size_t n, int apps)
{
	unsigned seed = 5;
	smart_error err;

	smart_table_init(t, names, 2);
	for (size_t i = 0; i < n; i++) {
		int label = i % 3 == 0;
		double v[2] = { label ? 5 + rand_r(&seed) % 5 : rand_r(&seed) % 5,
				(double)(rand_r(&seed) % 7) };
		char app[16];
		smart_table_row row = { .values = v, .label = label, .app = app,
					.bytes_differ = 1, .trees_differ = label || i % 4 };

		snprintf(app, sizeof(app), "app%d", (int)(i % (size_t)apps));
		assert_int_equal(smart_table_add(t, &row, &err), 0);
	}
}

static size_t total(const smart_confusion *c)
{
	return c->tp + c->fp + c->fn + c->tn;
}

static void eval_kfold_decides_every_pair_once_and_learns(void **state)
{
	smart_table t;
	smart_eval_options o = SMART_EVAL_OPTIONS_INIT;
	smart_eval_result r;
	smart_error err = { "" };

	(void)state;
	make_table(&t, 90, 3);
	assert_int_equal(smart_evaluate(&t, &o, &r, &err), 0);
	assert_int_equal(r.folds, 10);
	assert_int_equal(total(&r.smart), 90);
	assert_true(smart_confusion_scores(&r.smart).f1 > 0.95);
	/* The baselines are exactly the table's verdicts. */
	assert_int_equal(r.diff.tp, 30);
	assert_int_equal(r.diff.fp, 60);
	assert_int_equal(r.diff_flagged, 90);
	assert_int_equal(r.tree_diff.tp, 30);
	assert_int_equal(r.tree_diff.tn, 15);
	assert_int_equal(total(&r.fair_coin), 90);
	assert_int_equal(total(&r.biased_coin), 90);
	smart_eval_result_free(&r);
	smart_table_free(&t);
}

static void eval_same_seed_same_result_other_seed_other_coins(void **state)
{
	smart_table t;
	smart_eval_options o = SMART_EVAL_OPTIONS_INIT;
	smart_eval_result a, b, c;
	smart_error err = { "" };

	(void)state;
	o.folds = 5;
	o.seed = 42;
	make_table(&t, 60, 2);
	assert_int_equal(smart_evaluate(&t, &o, &a, &err), 0);
	assert_int_equal(smart_evaluate(&t, &o, &b, &err), 0);
	/* everything up to the owned arrays, then what they hold */
	assert_memory_equal(&a, &b, offsetof(smart_eval_result, per_app));
	assert_memory_equal(a.margin, b.margin, 60 * sizeof(*a.margin));
	assert_memory_equal(a.forced, b.forced, 60);
	o.seed = 43;
	assert_int_equal(smart_evaluate(&t, &o, &c, &err), 0);
	assert_true(memcmp(&a.fair_coin, &c.fair_coin, sizeof(a.fair_coin)) ||
		    memcmp(&a.biased_coin, &c.biased_coin, sizeof(a.biased_coin)));
	smart_eval_result_free(&a);
	smart_eval_result_free(&b);
	smart_eval_result_free(&c);
	smart_table_free(&t);
}

static void eval_by_app_runs_one_fold_per_application(void **state)
{
	smart_table t;
	smart_eval_options o = SMART_EVAL_OPTIONS_INIT;
	smart_eval_result r;
	smart_error err = { "" };

	(void)state;
	o.by_app = 1;
	make_table(&t, 60, 4);
	assert_int_equal(smart_evaluate(&t, &o, &r, &err), 0);
	assert_int_equal(r.folds, 4);
	assert_int_equal(total(&r.smart), 60);
	smart_eval_result_free(&r);
	smart_table_free(&t);
	make_table(&t, 60, 1);
	assert_int_equal(smart_evaluate(&t, &o, &r, &err), -1);
	assert_non_null(strstr(err.message, "at least two applications"));
	smart_table_free(&t);
}

/* o.train_also (the same pairs measured otherwise, e.g. as first looks)
 * joins each fold's training rows: the same rows again change no
 * decision (least squares and the F1 cutoff on every row twice), rows
 * whose signal a rule no longer explains away change the margins, and a
 * table of other pairs is refused, naming it. */
/* Held-out models honour the holds the shipped model does: under sign
 * constraints a feature whose sign is SMART_SIGN_HELD (a profile's
 * volatility counts, features/registry.c) is held at 0 in every fold from
 * the start, so a table that adds such a column, however well it
 * separates, is decided exactly as the table without it; unconstrained
 * the same column moves the held-out margins. */
static void eval_by_app_folds_hold_the_held_features_at_zero(void **state)
{
	static const char *const held_names[] = { "change_depth", "volatile_updates" };
	signed char signs[2];
	smart_table with, without;
	smart_eval_options o = SMART_EVAL_OPTIONS_INIT;
	smart_eval_result a, b, free_fit;
	smart_error err = { "" };
	unsigned seed = 11;
	int differ = 0;

	(void)state;
	for (size_t j = 0; j < 2; j++)
		signs[j] = (signed char)smart_feature_sign(held_names[j]);
	assert_int_equal(signs[0], +1);
	assert_int_equal(signs[1], SMART_SIGN_HELD);
	smart_table_init(&with, held_names, 2);
	smart_table_init(&without, held_names, 2);
	for (size_t i = 0; i < 120; i++) {
		int label = i % 3 == 0;
		double depth = (label ? 3 : 0) + rand_r(&seed) % 6;
		double v[2] = { depth, label ? 8 + rand_r(&seed) % 3 : rand_r(&seed) % 2 };
		double z[2] = { depth, 0 };
		char app[16];
		smart_table_row row = { .values = v, .label = label, .app = app,
					.bytes_differ = 1, .trees_differ = 1 };

		snprintf(app, sizeof(app), "app%d", (int)(i % 4));
		assert_int_equal(smart_table_add(&with, &row, &err), 0);
		row.values = z;
		assert_int_equal(smart_table_add(&without, &row, &err), 0);
	}
	o.by_app = 1;
	o.per_app = 1;
	o.train.sign_constraints = 1;
	o.train.signs = signs;
	assert_int_equal(smart_evaluate(&with, &o, &a, &err), 0);
	assert_int_equal(smart_evaluate(&without, &o, &b, &err), 0);
	for (size_t i = 0; i < with.n_rows; i++)
		assert_true(fabs(a.margin[i] - b.margin[i]) < 1e-9);
	assert_memory_equal(&a.smart, &b.smart, sizeof(a.smart));
	/* not a column the fit ignores anyway: free, it moves the margins */
	o.train.sign_constraints = 0;
	assert_int_equal(smart_evaluate(&with, &o, &free_fit, &err), 0);
	for (size_t i = 0; i < with.n_rows; i++)
		differ += fabs(a.margin[i] - free_fit.margin[i]) > 1e-6;
	assert_true(differ > 0);
	smart_eval_result_free(&a);
	smart_eval_result_free(&b);
	smart_eval_result_free(&free_fit);
	smart_table_free(&with);
	smart_table_free(&without);
}

static void eval_by_app_trains_also_on_the_other_measuring(void **state)
{
	smart_table t, same, other, short_one;
	smart_eval_options o = SMART_EVAL_OPTIONS_INIT;
	smart_eval_result plain, twice, moved;
	smart_error err = { "" };
	int differ = 0;

	(void)state;
	o.by_app = 1;
	o.per_app = 1;
	make_table(&t, 90, 4);
	make_table(&same, 90, 4);
	make_table(&short_one, 60, 4);
	smart_table_init(&other, names, 2);
	for (size_t i = 0; i < t.n_rows; i++) {
		smart_table_row row = smart_table_row_at(&t, i);
		double v[2] = { row.values[0] + (row.label ? 0 : 4), row.values[1] };

		row.values = v; /* clean pairs keep residue */
		assert_int_equal(smart_table_add(&other, &row, &err), 0);
	}
	assert_int_equal(smart_evaluate(&t, &o, &plain, &err), 0);
	o.train_also = &same;
	assert_int_equal(smart_evaluate(&t, &o, &twice, &err), 0);
	for (size_t i = 0; i < t.n_rows; i++)
		assert_true(fabs(plain.margin[i] - twice.margin[i]) < 1e-9);
	assert_memory_equal(&plain.smart, &twice.smart, sizeof(plain.smart));
	o.train_also = &other;
	assert_int_equal(smart_evaluate(&t, &o, &moved, &err), 0);
	assert_int_equal(total(&moved.smart), 90); /* only t's rows are decided */
	for (size_t i = 0; i < t.n_rows; i++)
		differ += fabs(plain.margin[i] - moved.margin[i]) > 1e-6;
	assert_true(differ > 0);
	smart_eval_result_free(&moved);
	o.train_also = &short_one;
	assert_int_equal(smart_evaluate(&t, &o, &moved, &err), -1);
	assert_non_null(strstr(err.message, "other table"));
	smart_eval_result_free(&plain);
	smart_eval_result_free(&twice);
	smart_table_free(&t);
	smart_table_free(&same);
	smart_table_free(&other);
	smart_table_free(&short_one);
}

/* The calibrate hook of the options: called once per held-out
 * application with that fold's model, before it decides. */
static int count_calibrations(void *ctx, const char *app, smart_model *model, smart_error *err)
{
	(void)err;
	assert_non_null(model);
	assert_true(strncmp(app, "app", 3) == 0);
	(*(int *)ctx)++;
	return 0;
}

static int refuse_calibration(void *ctx, const char *app, smart_model *model, smart_error *err)
{
	(void)ctx;
	(void)model;
	return smart_error_set(err, "no reruns for %s", app);
}

static void eval_by_app_calls_the_calibrate_hook_per_application(void **state)
{
	smart_table t;
	smart_eval_options o = SMART_EVAL_OPTIONS_INIT;
	smart_eval_result r;
	smart_error err = { "" };
	int calls = 0;

	(void)state;
	o.by_app = 1;
	o.per_app = 1;
	o.calibrate = count_calibrations;
	o.payload = &calls;
	make_table(&t, 60, 4);
	if (smart_evaluate(&t, &o, &r, &err) != 0)
		fail_msg("%s", err.message);
	assert_int_equal(calls, 4);
	assert_int_equal(r.n_per_app, 4);
	for (size_t a = 0; a < r.n_per_app; a++)
		assert_int_equal(total(&r.per_app[a]), 15);
	smart_eval_result_free(&r);
	/* a hook that fails stops the evaluation, naming the application */
	o.calibrate = refuse_calibration;
	assert_int_equal(smart_evaluate(&t, &o, &r, &err), -1);
	assert_non_null(strstr(err.message, "no reruns for app0"));
	/* k-fold has no held-out application: the hook is not called */
	calls = 0;
	o.by_app = 0;
	o.calibrate = count_calibrations;
	assert_int_equal(smart_evaluate(&t, &o, &r, &err), 0);
	assert_int_equal(calls, 0);
	assert_null(r.per_app);
	smart_eval_result_free(&r);
	smart_table_free(&t);
}

/* Options not started from SMART_EVAL_OPTIONS_INIT (another version of
 * the struct) are refused, not misread. */
static void eval_refuses_options_of_another_version(void **state)
{
	smart_table t;
	smart_eval_options o = SMART_EVAL_OPTIONS_INIT;
	smart_eval_result r;
	smart_error err = { "" };

	(void)state;
	o.version = 0;
	make_table(&t, 30, 2);
	assert_int_equal(smart_evaluate(&t, &o, &r, &err), -1);
	assert_non_null(strstr(err.message, "SMART_EVAL_OPTIONS_INIT"));
	smart_table_free(&t);
}

static void eval_svm_kind_cross_validates_too(void **state)
{
	smart_table t;
	smart_eval_options o = SMART_EVAL_OPTIONS_INIT;
	smart_eval_result r;
	smart_error err = { "" };

	(void)state;
	o.train.kind = SMART_MODEL_SVM;
	o.folds = 4;
	make_table(&t, 60, 2);
	assert_int_equal(smart_evaluate(&t, &o, &r, &err), 0);
	assert_int_equal(total(&r.smart), 60);
	assert_true(smart_confusion_scores(&r.smart).f1 > 0.9);
	smart_eval_result_free(&r);
	smart_table_free(&t);
}

/* ---- the ordered pool ---- */

typedef struct counter {
	int next, expect, n;
} counter;

static int pool_next(void *ctx, void **job, smart_error *err)
{
	counter *c = ctx;
	int *j;

	(void)err;
	if (c->next == c->n)
		return 0;
	j = malloc(2 * sizeof(int));
	j[0] = c->next++;
	*job = j;
	return 1;
}

static void pool_work(void *ctx, void *job)
{
	int *j = job;

	(void)ctx;
	/* uneven work so that jobs finish out of order */
	for (volatile int k = 0; k < (j[0] % 7) * 2000; k++)
		;
	j[1] = j[0] * j[0];
}

static int pool_done(void *ctx, void *job, smart_error *err)
{
	counter *c = ctx;
	int *j = job;

	(void)err;
	assert_int_equal(j[0], c->expect);
	assert_int_equal(j[1], c->expect * c->expect);
	c->expect++;
	free(j);
	return 0;
}

static void pool_discard(void *ctx, void *job)
{
	(void)ctx;
	free(job);
}

static void pool_hands_back_results_in_input_order(void **state)
{
	static const smart_pool_ops ops = { .next = pool_next, .work = pool_work,
					    .done = pool_done, .discard = pool_discard };
	smart_error err = { "" };

	(void)state;
	for (unsigned threads = 1; threads <= 4; threads++) {
		counter c = { 0, 0, 500 };

		assert_int_equal(smart__pool_map(threads, &ops, &c, &err), 0);
		assert_int_equal(c.expect, 500);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(eval_kfold_decides_every_pair_once_and_learns),
		cmocka_unit_test(eval_same_seed_same_result_other_seed_other_coins),
		cmocka_unit_test(eval_by_app_runs_one_fold_per_application),
		cmocka_unit_test(eval_by_app_trains_also_on_the_other_measuring),
		cmocka_unit_test(eval_by_app_folds_hold_the_held_features_at_zero),
		cmocka_unit_test(eval_by_app_calls_the_calibrate_hook_per_application),
		cmocka_unit_test(eval_refuses_options_of_another_version),
		cmocka_unit_test(eval_svm_kind_cross_validates_too),
		cmocka_unit_test(pool_hands_back_results_in_input_order),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
