/* Explanations and report lines. */
#include "../support/support.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const names[] = { "a", "b", "c", "d" };

static smart_model *linear(const double *w, double b, smart_comparison cmp)
{
	smart_model *m = smart_model_alloc(SMART_MODEL_LINEAR, 4, names);

	memcpy(m->weights, w, 4 * sizeof(double));
	m->intercept = b;
	m->comparison = cmp;
	m->cutoff = 0.5;
	return m;
}

static void top_features_are_largest_contributions_first(void **state)
{
	const double w[4] = { 0.1, -2.0, 0.5, 0.0 };
	const double x[4] = { 3, 1, 1, 9 };
	smart_model *m = linear(w, 0, SMART_CMP_GE);
	size_t idx[4];
	size_t n = smart_top_features(m, x, idx, 4);

	(void)state;
	/* |contributions|: a 0.3, b 2.0, c 0.5, d 0 (left out) */
	assert_int_equal(n, 3);
	assert_int_equal(idx[0], 1);
	assert_int_equal(idx[1], 2);
	assert_int_equal(idx[2], 0);
	assert_int_equal(smart_top_features(m, x, idx, 1), 1);
	assert_int_equal(idx[0], 1);
	assert_true(smart_model_contribution(m, x, 1) == -2.0);
	smart_model_free(m);
}

static void contribution_sign_points_towards_inspect_for_le_models(void **state)
{
	const double w[4] = { 1, 0, 0, 0 };
	const double x[4] = { 2, 0, 0, 0 };
	smart_model *m = linear(w, 0, SMART_CMP_LE);

	(void)state;
	/* with "inspect when score <= cutoff", a higher score is towards ignore */
	assert_true(smart_model_contribution(m, x, 0) == -2.0);
	assert_int_equal(smart_model_decide(m, x, NULL), 0);
	smart_model_free(m);
}

static void verdict_json_line_has_the_four_fields_and_severity(void **state)
{
	smart_verdict v = { .app = "shop", .test = "t-\"1\"", .where = "f:1", .inspect = 1,
			    .score = 0.25, .label = SMART_LABEL_NONE };
	smart_error err;
	char *line = smart_verdict_json(&v, &err);

	(void)state;
	assert_string_equal(line, "{\"app\":\"shop\",\"test\":\"t-\\\"1\\\"\",\"decision\":\"inspect\",\"score\":0.25,\"severity\":\"none\"}");
	free(line);
	v.score = NAN;
	v.inspect = 0;
	line = smart_verdict_json(&v, &err);
	assert_non_null(strstr(line, "\"decision\":\"ignore\",\"score\":null"));
	free(line);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(top_features_are_largest_contributions_first),
		cmocka_unit_test(contribution_sign_points_towards_inspect_for_le_models),
		cmocka_unit_test(verdict_json_line_has_the_four_fields_and_severity),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
