/* The sign constraints' path walked on the data's triangle
 * (model/sign_path.c, model/ols_reduced.c) against the path of fits on all
 * rows: the same fit, to the bit, on random designs of every awkward kind. */
#include "../support/support.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/rng.h"
#include "model/ols_internal.h"

enum { MAX_P = 12, MAX_N = 400 };

static const char *const names[MAX_P] = { "f0", "f1", "f2", "f3", "f4",  "f5",
					  "f6", "f7", "f8", "f9", "f10", "f11" };

/* A random design of n rows and p features, each column of one kind: a
 * continuous value, a small count, a rare count (mostly 0), a constant,
 * a copy of an earlier column, a sum of two earlier ones, an earlier one
 * plus a whisper of noise (a rank test near its tolerance), one of large
 * scale; labels from a noisy linear rule, both classes present. */
static void random_design(uint64_t *rng, size_t n, size_t p, double *rows,
			  unsigned char *labels, signed char *signs)
{
	for (size_t j = 0; j < p; j++) {
		unsigned kind = (unsigned)smart_rng_below(rng, j >= 2 ? 8 : 4);

		signs[j] = (signed char)((int)smart_rng_below(rng, 3) - 1);
		for (size_t r = 0; r < n; r++) {
			double *x = &rows[r * p + j], u = smart_rng_uniform(rng);

			switch (kind) {
			case 0: *x = u * 10 - 3; break;
			case 1: *x = (double)smart_rng_below(rng, 6); break;
			case 2: *x = u < 0.03 ? (double)(1 + smart_rng_below(rng, 4)) : 0; break;
			case 3: *x = 2.5; break;
			case 4: *x = rows[r * p + j - 1]; break;
			case 5: *x = rows[r * p + j - 1] + 2 * rows[r * p + j - 2]; break;
			case 6: *x = rows[r * p + j - 2] + (u - 0.5) * 1e-9; break;
			default: *x = u * 1e6; break;
			}
		}
	}
	for (size_t r = 0; r < n; r++) {
		double s = smart_rng_uniform(rng) - 0.5;

		for (size_t j = 0; j < p; j++)
			s += (j % 3 == 0 ? 0.3 : j % 3 == 1 ? -0.2 : 0.05) * rows[r * p + j] /
			     (fabs(rows[r * p + j]) + 1);
		labels[r] = s > 0;
	}
	labels[0] = 0;
	labels[1] = 1;
}

/* The next random design: p and n drawn, then random_design. */
static smart_dataset next_design(uint64_t *rng, double *rows, unsigned char *labels,
				 signed char *signs)
{
	size_t p = 1 + (size_t)smart_rng_below(rng, MAX_P);
	size_t n = p + 3 + (size_t)smart_rng_below(rng, MAX_N - MAX_P - 3);

	random_design(rng, n, p, rows, labels, signs);
	return (smart_dataset){ rows, labels, n, p, names };
}

/* Asserts the two fits are the same, bit for bit. */
static void assert_same_fit(const smart_ols_fit *a, const smart_ols_fit *b, size_t p)
{
	assert_memory_equal(&a->intercept, &b->intercept, sizeof(double));
	assert_memory_equal(a->weights, b->weights, p * sizeof(double));
	assert_memory_equal(a->dropped, b->dropped, p);
	for (size_t j = 0; j < p; j++) {
		assert_memory_equal(&a->anova[j].f, &b->anova[j].f, sizeof(double));
		assert_memory_equal(&a->anova[j].p, &b->anova[j].p, sizeof(double));
		assert_int_equal(a->anova[j].sign_fixed, b->anova[j].sign_fixed);
	}
	assert_int_equal(a->dof, b->dof);
	assert_memory_equal(&a->rss, &b->rss, sizeof(double));
	assert_string_equal(a->note, b->note);
}

static void path_on_the_triangle_is_the_path_of_fits_on_all_rows(void **state)
{
	static double rows[MAX_N * MAX_P];
	unsigned char labels[MAX_N];
	signed char signs[MAX_P];
	uint64_t rng = 30;
	int fitted = 0;

	(void)state;
	for (int trial = 0; trial < 400; trial++) {
		smart_dataset d = next_design(&rng, rows, labels, signs);
		size_t p = d.n_features;
		smart_train_options o = SMART_TRAIN_OPTIONS_INIT;
		smart_ols_fit exact, reduced;
		smart_error e1 = { "" }, e2 = { "" };
		int r1, r2;

		o.degenerate = trial % 4 ? SMART_DEGENERATE_DROP : SMART_DEGENERATE_FAIL;
		o.signs = signs;
		o.sign_constraints = 1;
		r1 = smart__ols_signed(&d, &o, &exact, 1, &e1);
		r2 = smart__ols_signed(&d, &o, &reduced, 0, &e2);
		assert_int_equal(r1, r2);
		if (r1) {
			assert_string_equal(e1.message, e2.message);
			continue;
		}
		assert_same_fit(&exact, &reduced, p);
		fitted++;
		smart_ols_fit_free(&exact);
		smart_ols_fit_free(&reduced);
	}
	assert_true(fitted > 200); /* most designs can be fitted */
}

static void a_refit_on_the_triangle_is_within_its_margins_of_the_fit_on_all_rows(void **state)
{
	static double rows[MAX_N * MAX_P];
	unsigned char labels[MAX_N], fixed[MAX_P], dropped[MAX_P];
	signed char signs[MAX_P];
	double weights[MAX_P], f[MAX_P], margin[MAX_P];
	uint64_t rng = 31;
	int sure_ones = 0;

	(void)state;
	for (int trial = 0; trial < 300; trial++) {
		smart_dataset d = next_design(&rng, rows, labels, signs);
		size_t p = d.n_features;
		smart__ols_reduced rd;
		smart_ols_fit fit;
		smart_error err = { "" };
		int sure;

		for (size_t j = 0; j < p; j++)
			fixed[j] = smart_rng_below(&rng, 5) == 0;
		assert_int_equal(smart__ols_reduced_init(&rd, &d, &err), 0);
		sure = smart__ols_reduced_fit(&rd, SMART_DEGENERATE_DROP, fixed, dropped, weights,
					      f, margin);
		smart__ols_reduced_free(&rd);
		assert_true(sure >= 0);
		if (!sure || smart_ols_fixed(&d, SMART_DEGENERATE_DROP, fixed, &fit, &err))
			continue;
		sure_ones++;
		assert_memory_equal(dropped, fit.dropped, p);
		for (size_t j = 0; j < p; j++) {
			if (dropped[j])
				continue;
			assert_true(fabs(weights[j] - fit.weights[j]) <= margin[j]);
			assert_true(fabs(f[j] - fit.anova[j].f) <= 1e-6 * (fit.anova[j].f + 1));
		}
		smart_ols_fit_free(&fit);
	}
	assert_true(sure_ones > 150); /* the triangle is usually sure */
}

static void a_refit_the_all_rows_fit_would_refuse_is_not_sure(void **state)
{
	/* A constant feature under SMART_DEGENERATE_FAIL: smart_ols_fixed
	 * names it in an error, so the triangle leaves the refit to it. */
	double rows[40 * 2];
	unsigned char labels[40], fixed[2] = { 0, 0 }, dropped[2];
	double weights[2], f[2], margin[2];
	smart_dataset d = { rows, labels, 40, 2, names };
	smart__ols_reduced rd;
	smart_error err = { "" };

	(void)state;
	for (int r = 0; r < 40; r++) {
		rows[r * 2] = r % 7;
		rows[r * 2 + 1] = 1;
		labels[r] = r % 7 > 3;
	}
	assert_int_equal(smart__ols_reduced_init(&rd, &d, &err), 0);
	assert_int_equal(smart__ols_reduced_fit(&rd, SMART_DEGENERATE_FAIL, fixed, dropped,
						weights, f, margin), 0);
	assert_int_equal(smart__ols_reduced_fit(&rd, SMART_DEGENERATE_DROP, fixed, dropped,
						weights, f, margin), 1);
	assert_true(dropped[1] && !dropped[0]);
	smart__ols_reduced_free(&rd);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(path_on_the_triangle_is_the_path_of_fits_on_all_rows),
		cmocka_unit_test(a_refit_on_the_triangle_is_within_its_margins_of_the_fit_on_all_rows),
		cmocka_unit_test(a_refit_the_all_rows_fit_would_refuse_is_not_sure),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
