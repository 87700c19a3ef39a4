/* The F1-maximising cutoff search and the metrics. */
#include "../support/support.h"

#include <math.h>
#include <stdlib.h>

static double f1_at(const double *s, const unsigned char *y, size_t n, double cut,
		    smart_comparison cmp)
{
	smart_confusion c = { 0, 0, 0, 0 };

	for (size_t i = 0; i < n; i++)
		smart_confusion_add(&c, smart_cutoff_inspects(s[i], cut, cmp), y[i]);
	return smart_confusion_scores(&c).f1;
}

static void cutoff_picks_f1_optimal_threshold_on_constructed_scores(void **state)
{
	/* Cutting between 0.2 and 0.3 flags 4 with 3 right: F1 = 6/7, better
	 * than between 0.4 and 0.8 (2 right, 1 missed: 4/5). */
	const double s[] = { 0.9, 0.1, 0.3, 0.8, 0.2, 0.4 };
	const unsigned char y[] = { 1, 0, 1, 1, 0, 0 };
	double cut;
	smart_comparison cmp;
	double f1 = smart_cutoff_search(s, y, 6, &cut, &cmp);

	(void)state;
	assert_true(fabs(f1 - 6.0 / 7) < 1e-12);
	assert_int_equal(cmp, SMART_CMP_GE);
	assert_true(fabs(cut - 0.25) < 1e-12);
}

static void cutoff_finds_the_lower_or_equal_comparison_when_scores_are_inverted(void **state)
{
	const double s[] = { -0.9, -0.1, -0.3, -0.8, -0.2, -0.4 };
	const unsigned char y[] = { 1, 0, 1, 1, 0, 0 };
	double cut;
	smart_comparison cmp;
	double f1 = smart_cutoff_search(s, y, 6, &cut, &cmp);

	(void)state;
	assert_true(fabs(f1 - 6.0 / 7) < 1e-12);
	assert_int_equal(cmp, SMART_CMP_LE);
	assert_true(fabs(cut + 0.25) < 1e-12);
	assert_true(fabs(f1_at(s, y, 6, cut, cmp) - f1) < 1e-12);
}

static void cutoff_is_never_beaten_by_any_threshold_on_random_scores(void **state)
{
	/* Property: no threshold at a data value, either comparison, beats
	 * the search, and the returned cutoff achieves what it claims. */
	enum { N = 40 };
	double s[N];
	unsigned char y[N];
	unsigned seed = 3;

	(void)state;
	for (int trial = 0; trial < 200; trial++) {
		double cut, best;
		smart_comparison cmp;

		for (int i = 0; i < N; i++) {
			s[i] = (double)(rand_r(&seed) % 15); /* many ties */
			y[i] = (unsigned char)(rand_r(&seed) % 3 == 0);
		}
		best = smart_cutoff_search(s, y, N, &cut, &cmp);
		assert_true(fabs(f1_at(s, y, N, cut, cmp) - best) < 1e-12);
		for (int i = 0; i < N; i++) {
			assert_true(f1_at(s, y, N, s[i], SMART_CMP_GE) <= best + 1e-12);
			assert_true(f1_at(s, y, N, s[i], SMART_CMP_LE) <= best + 1e-12);
		}
	}
}

static void metrics_on_a_known_confusion_matrix(void **state)
{
	smart_confusion c = { 8, 2, 4, 86 };
	smart_scores s = smart_confusion_scores(&c);

	(void)state;
	assert_true(fabs(s.precision - 0.8) < 1e-12);
	assert_true(fabs(s.recall - 8.0 / 12) < 1e-12);
	assert_true(fabs(s.f1 - 16.0 / 22) < 1e-12);
	/* diff flags 100: looking at 10 instead saves 90 looks for 4 misses. */
	assert_true(fabs(smart_break_even_ratio(&c, 100, 0) - 4.0 / 90) < 1e-12);
	assert_true(fabs(smart_break_even_ratio(&c, 100, 20) - 4.0 / 70) < 1e-12);
	assert_true(isinf(smart_break_even_ratio(&c, 10, 0)));
	c.fn = 0;
	assert_true(smart_break_even_ratio(&c, 100, 0) == 0);
}

static void metrics_are_zero_not_nan_when_nothing_is_flagged(void **state)
{
	smart_confusion c = { 0, 0, 5, 5 };
	smart_scores s = smart_confusion_scores(&c);

	(void)state;
	assert_true(s.precision == 0 && s.recall == 0 && s.f1 == 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(cutoff_picks_f1_optimal_threshold_on_constructed_scores),
		cmocka_unit_test(cutoff_finds_the_lower_or_equal_comparison_when_scores_are_inverted),
		cmocka_unit_test(cutoff_is_never_beaten_by_any_threshold_on_random_scores),
		cmocka_unit_test(metrics_on_a_known_confusion_matrix),
		cmocka_unit_test(metrics_are_zero_not_nan_when_nothing_is_flagged),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
