/* Evaluating corpora in one call (train/eval_corpora.c): a simulated
 * first look and first-look training rows have no profile, so profiles
 * given with them are refused, not dropped. */
#include "../support/support.h"

#include <string.h>

#define PAIRS "tests/fixtures/train/pairs.jsonl"

static const char *const corpora[] = { PAIRS };

static void eval_corpora_refuses_profiles_with_first_look_options(void **state)
{
	smart_eval_options o = SMART_EVAL_OPTIONS_INIT;
	smart_eval_report r;
	smart_error err = { "" };
	smart_profile_set ps;

	(void)state;
	one_empty_profile_set(&ps);
	o.by_app = 1;
	o.profiles = &ps;
	o.train_rows = SMART_TRAIN_ROWS_FIRST_LOOK;
	assert_int_equal(smart_eval_corpora(corpora, 1, &o, &r, &err), -1);
	assert_non_null(strstr(err.message, "profiles do not go with"));
	smart_eval_report_free(&r);
	o.train_rows = SMART_TRAIN_ROWS_ORDINARY;
	o.hold_out_rules = 1;
	err.message[0] = '\0';
	assert_int_equal(smart_eval_corpora(corpora, 1, &o, &r, &err), -1);
	assert_non_null(strstr(err.message, "--hold-out-rules"));
	smart_eval_report_free(&r);
	smart_profile_set_free(&ps);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(eval_corpora_refuses_profiles_with_first_look_options),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
