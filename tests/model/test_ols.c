/* Least squares, degenerate training data, and the ANOVA table. */
#include "../support/support.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const names2[] = { "a", "b" };

static void ols_one_feature_matches_hand_solution(void **state)
{
	/* x = 0..3, y = 0,0,1,1: slope Sxy/Sxx = 2/5, intercept 0.5 - 0.4*1.5,
	 * RSS 0.2 on 2 dof, var(slope) = 0.1/5, F = 0.16/0.02 = 8, and
	 * p = P(|t_2| > sqrt 8) = 1 - sqrt(8/10). */
	const double rows[] = { 0, 1, 2, 3 };
	const unsigned char labels[] = { 0, 0, 1, 1 };
	smart_dataset d = { rows, labels, 4, 1, names2 };
	smart_ols_fit fit;
	smart_error err = { "" };

	(void)state;
	assert_int_equal(smart_ols(&d, SMART_DEGENERATE_FAIL, &fit, &err), 0);
	assert_true(fabs(fit.weights[0] - 0.4) < 1e-12);
	assert_true(fabs(fit.intercept + 0.1) < 1e-12);
	assert_true(fabs(fit.rss - 0.2) < 1e-12);
	assert_int_equal(fit.dof, 2);
	assert_true(fabs(fit.anova[0].f - 8.0) < 1e-9);
	assert_true(fabs(fit.anova[0].p - (1 - sqrt(0.8))) < 1e-9);
	smart_ols_fit_free(&fit);
}

static void ols_two_features_match_hand_solution(void **state)
{
	/* Rows (x1, x2 | y): the normal equations of y = c + a x1 + b x2 over
	 * (0,0|0) (1,0|1) (0,1|0) (1,1|1) (1,1|0) solve, by hand, to
	 * X'X = [[5,3,3],[3,3,2],[3,2,3]], X'y = [2,2,1]: (2)-(3) gives
	 * a = b + 1, then c = 1/7, a = 5/7, b = -2/7. */
	const double rows[] = { 0, 0, 1, 0, 0, 1, 1, 1, 1, 1 };
	const unsigned char labels[] = { 0, 1, 0, 1, 0 };
	smart_dataset d = { rows, labels, 5, 2, names2 };
	smart_ols_fit fit;
	smart_error err = { "" };

	(void)state;
	assert_int_equal(smart_ols(&d, SMART_DEGENERATE_FAIL, &fit, &err), 0);
	assert_true(fabs(fit.intercept - 1.0 / 7) < 1e-12);
	assert_true(fabs(fit.weights[0] - 5.0 / 7) < 1e-12);
	assert_true(fabs(fit.weights[1] + 2.0 / 7) < 1e-12);
	smart_ols_fit_free(&fit);
}

static void ols_residuals_are_orthogonal_to_every_column(void **state)
{
	/* The defining property of least squares, on random data. */
	enum { N = 60, P = 4 };
	static const char *const names[] = { "f0", "f1", "f2", "f3" };
	double rows[N * P];
	unsigned char labels[N];
	smart_dataset d = { rows, labels, N, P, names };
	smart_ols_fit fit;
	smart_error err = { "" };
	unsigned seed = 7;

	(void)state;
	for (int trial = 0; trial < 20; trial++) {
		double dot[P + 1] = { 0 };

		for (int i = 0; i < N * P; i++)
			rows[i] = (double)(rand_r(&seed) % 1000) / 10.0;
		for (int r = 0; r < N; r++)
			labels[r] = (unsigned char)(r % 3 == 0 || rows[r * P] > 60);
		assert_int_equal(smart_ols(&d, SMART_DEGENERATE_FAIL, &fit, &err), 0);
		for (int r = 0; r < N; r++) {
			double pred = fit.intercept, res;

			for (int j = 0; j < P; j++)
				pred += fit.weights[j] * rows[r * P + j];
			res = labels[r] - pred;
			dot[0] += res;
			for (int j = 0; j < P; j++)
				dot[j + 1] += res * rows[r * P + j];
		}
		for (int j = 0; j <= P; j++)
			assert_true(fabs(dot[j]) < 1e-7);
		smart_ols_fit_free(&fit);
	}
}

static void ols_constant_feature_is_an_error_naming_it(void **state)
{
	const double rows[] = { 0, 5, 1, 5, 2, 5, 3, 5 };
	const unsigned char labels[] = { 0, 0, 1, 1 };
	smart_dataset d = { rows, labels, 4, 2, names2 };
	smart_ols_fit fit;
	smart_error err = { "" };

	(void)state;
	assert_int_equal(smart_ols(&d, SMART_DEGENERATE_FAIL, &fit, &err), -1);
	assert_non_null(strstr(err.message, "'b' is constant"));
	/* ...and, when asked, the feature is dropped with weight 0. */
	assert_int_equal(smart_ols(&d, SMART_DEGENERATE_DROP, &fit, &err), 0);
	assert_int_equal(fit.dropped[1], 1);
	assert_true(fit.weights[1] == 0);
	assert_true(fabs(fit.weights[0] - 0.4) < 1e-12);
	assert_non_null(strstr(fit.note, "'b' (constant)"));
	smart_ols_fit_free(&fit);
}

static void ols_collinear_feature_is_an_error_naming_it(void **state)
{
	/* b = 2a + 1: a linear combination of a and the intercept. */
	const double rows[] = { 0, 1, 1, 3, 2, 5, 3, 7, 4, 9 };
	const unsigned char labels[] = { 0, 0, 1, 1, 1 };
	smart_dataset d = { rows, labels, 5, 2, names2 };
	smart_ols_fit fit;
	smart_error err = { "" };

	(void)state;
	assert_int_equal(smart_ols(&d, SMART_DEGENERATE_FAIL, &fit, &err), -1);
	assert_non_null(strstr(err.message, "'b' is a linear combination"));
	assert_int_equal(smart_ols(&d, SMART_DEGENERATE_DROP, &fit, &err), 0);
	assert_int_equal(fit.dropped[0], 0);
	assert_int_equal(fit.dropped[1], 1);
	smart_ols_fit_free(&fit);
}

static void ols_one_class_only_is_an_error(void **state)
{
	const double rows[] = { 0, 1, 2, 3 };
	const unsigned char labels[] = { 1, 1, 1, 1 };
	smart_dataset d = { rows, labels, 4, 1, names2 };
	smart_ols_fit fit;
	smart_error err = { "" };

	(void)state;
	assert_int_equal(smart_ols(&d, SMART_DEGENERATE_DROP, &fit, &err), -1);
	assert_non_null(strstr(err.message, "labelled 'inspect'"));
}

static void ols_too_few_pairs_is_an_error(void **state)
{
	const double rows[] = { 0, 1, 1, 0, 2, 2 };
	const unsigned char labels[] = { 0, 1, 1 };
	smart_dataset d = { rows, labels, 3, 2, names2 };
	smart_ols_fit fit;
	smart_error err = { "" };

	(void)state;
	assert_int_equal(smart_ols(&d, SMART_DEGENERATE_FAIL, &fit, &err), -1);
	assert_non_null(strstr(err.message, "too few pairs"));
	d.n_rows = 2;
	assert_int_equal(smart_ols(&d, SMART_DEGENERATE_FAIL, &fit, &err), -1);
	assert_non_null(strstr(err.message, "too few pairs"));
}

static void ols_non_finite_value_is_an_error_not_a_nan_model(void **state)
{
	double rows[] = { 0, 1, NAN, 3 };
	const unsigned char labels[] = { 0, 0, 1, 1 };
	smart_dataset d = { rows, labels, 4, 1, names2 };
	smart_ols_fit fit;
	smart_error err = { "" };

	(void)state;
	assert_int_equal(smart_ols(&d, SMART_DEGENERATE_DROP, &fit, &err), -1);
	assert_non_null(strstr(err.message, "pair 3: feature 'a' is not a finite number"));
}

/* The model of the rows of ols_two_features_match_hand_solution (fitted
 * freely, b = -2/7) with hypothesised `signs`, under the sign constraints
 * or not; its fit into *fit when fit is not NULL. */
static smart_model *train_signed(const signed char *signs, int constrained, smart_ols_fit *fit)
{
	static const double rows[] = { 0, 0, 1, 0, 0, 1, 1, 1, 1, 1 };
	static const unsigned char labels[] = { 0, 1, 0, 1, 0 };
	smart_dataset d = { rows, labels, 5, 2, names2 };
	smart_train_options o = SMART_TRAIN_OPTIONS_INIT;
	smart_error err = { "" };
	smart_model *m;

	o.degenerate = SMART_DEGENERATE_FAIL;
	o.signs = signs;
	o.sign_constraints = constrained;
	m = smart_model_train(&d, &o, fit, &err);
	if (!m)
		fail_msg("%s", err.message);
	return m;
}

static void sign_constraints_fix_a_contradicting_weight_at_zero_and_refit(void **state)
{
	/* The rows of ols_two_features_match_hand_solution give b = -2/7, against
	 * a hypothesised +. Constrained, b is fixed at 0 and the refit on x1
	 * alone is a = Sxy/Sxx = 0.8/1.2 = 2/3, c = 0.4 - 2/3 * 0.6 = 0. */
	const signed char signs[] = { +1, +1 };
	smart_ols_fit fit;
	smart_model *m;

	(void)state;
	m = train_signed(signs, 1, &fit);
	assert_true(fabs(m->weights[0] - 2.0 / 3) < 1e-12);
	assert_true(m->weights[1] == 0 && m->dropped[1]);
	assert_true(fabs(m->intercept) < 1e-12);
	assert_int_equal(fit.anova[1].sign_fixed, 1);
	assert_int_equal(fit.anova[0].sign_fixed, 0);
	assert_non_null(strstr(fit.note, "'b' (sign contradicts hypothesis)"));
	smart_ols_fit_free(&fit);
	smart_model_free(m);

	/* Without the constraint, the same signs change nothing. */
	m = train_signed(signs, 0, NULL);
	assert_true(fabs(m->weights[1] + 2.0 / 7) < 1e-12);
	smart_model_free(m);
}

/* A feature whose sign is SMART_SIGN_HELD (how much noise a profile
 * explained) is held at 0 from the start under the constraints, whatever
 * its fit would be, and not reported as a contradiction; the registry
 * holds the five volatility counts so (issue 35). */
static void sign_constraints_hold_a_held_feature_at_zero(void **state)
{
	const signed char signs[] = { +1, SMART_SIGN_HELD };
	smart_ols_fit fit;
	smart_model *m;

	(void)state;
	m = train_signed(signs, 1, &fit);
	assert_true(m->weights[1] == 0 && m->dropped[1]);
	assert_true(fabs(m->weights[0] - 2.0 / 3) < 1e-12);
	assert_null(strstr(fit.note, "'b'"));
	smart_ols_fit_free(&fit);
	smart_model_free(m);
	assert_int_equal(smart_feature_sign("volatile_updates"), SMART_SIGN_HELD);
	assert_int_equal(smart_feature_sign("volatile_moves"), SMART_SIGN_HELD);
	assert_int_equal(smart_feature_sign("volatile_attributes"), SMART_SIGN_HELD);
	assert_int_equal(smart_feature_sign("only_volatile"), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(ols_one_feature_matches_hand_solution),
		cmocka_unit_test(ols_two_features_match_hand_solution),
		cmocka_unit_test(ols_residuals_are_orthogonal_to_every_column),
		cmocka_unit_test(ols_constant_feature_is_an_error_naming_it),
		cmocka_unit_test(ols_collinear_feature_is_an_error_naming_it),
		cmocka_unit_test(ols_one_class_only_is_an_error),
		cmocka_unit_test(ols_too_few_pairs_is_an_error),
		cmocka_unit_test(ols_non_finite_value_is_an_error_not_a_nan_model),
		cmocka_unit_test(sign_constraints_fix_a_contradicting_weight_at_zero_and_refit),
		cmocka_unit_test(sign_constraints_hold_a_held_feature_at_zero),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
