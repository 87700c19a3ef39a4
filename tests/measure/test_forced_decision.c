/* The rules that decide before the model does (smart_forced_decision): the
 * same in classify and in evaluation. */
#include "../support/support.h"

static const char *const names[] = { "diffx_inserts", "error_keywords", "doctype_changed" };

static int forced(double error_keywords, double doctype_changed, int only_volatile)
{
	double values[] = { 3, error_keywords, doctype_changed };

	return smart_forced_decision(names, 3, values, only_volatile);
}

static void a_changed_doctype_is_inspect_even_when_all_else_is_volatile(void **state)
{
	(void)state;
	assert_int_equal(forced(0, 1, 1), 1);
	assert_int_equal(forced(0, 1, 0), 1);
}

static void only_volatile_differences_are_ignore(void **state)
{
	(void)state;
	assert_int_equal(forced(0, 0, 1), 0);
	assert_int_equal(forced(2, 0, 1), 0);
}

static void new_error_keywords_are_inspect(void **state)
{
	(void)state;
	assert_int_equal(forced(1, 0, 0), 1);
}

static void otherwise_the_model_decides(void **state)
{
	(void)state;
	assert_int_equal(forced(0, 0, 0), -1);
}

static void a_model_without_the_columns_leaves_the_decision_to_the_model(void **state)
{
	const char *const old_names[] = { "diffx_inserts" };
	double values[] = { 5 };

	(void)state;
	assert_int_equal(smart_forced_decision(old_names, 1, values, 0), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_changed_doctype_is_inspect_even_when_all_else_is_volatile),
		cmocka_unit_test(only_volatile_differences_are_ignore),
		cmocka_unit_test(new_error_keywords_are_inspect),
		cmocka_unit_test(otherwise_the_model_decides),
		cmocka_unit_test(a_model_without_the_columns_leaves_the_decision_to_the_model),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
