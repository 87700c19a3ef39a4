/* The time of an access log line: its zone is a sign and four digits
 * (HHMM), and a line with anything else is not an access log line. */
#include "../support/support.h"

#include <string.h>

static int loads(const char *line, smart_error *err)
{
	smart_replay_set *set = smart_replay_set_new(err);
	int rc;

	assert_non_null(set);
	rc = smart_replay_load_data(set, "a.log", line, strlen(line), NULL, err);
	smart_replay_set_free(set);
	return rc;
}

/* Found by fuzzing: the zone was read as any integer and multiplied into
 * seconds, a signed overflow (UBSan) for "+000077777777777". */
static void access_log_zone_must_be_sign_and_four_digits(void **state)
{
	static const char *const bad[] = {
		"h - - [01/May/2024:10:00:00 +000077777777777] \"GET / HTTP/1.1\" 200 1\n",
		"h - - [01/May/2024:10:00:00 0000] \"GET / HTTP/1.1\" 200 1\n",
		"h - - [01/May/2024:10:00:00 +00] \"GET / HTTP/1.1\" 200 1\n",
		"h - - [01/May/2024:10:00:00 +0075] \"GET / HTTP/1.1\" 200 1\n",
		"h - - [01/May/2024:25:00:00 +0000] \"GET / HTTP/1.1\" 200 1\n",
		"h - - [00/May/2024:10:00:00 +0000] \"GET / HTTP/1.1\" 200 1\n",
	};
	smart_error err = { { 0 } };

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(loads(bad[i], &err), -1);
		assert_non_null(strstr(err.message, "a.log:1: not an access log line"));
	}
	assert_int_equal(loads("h - - [01/May/2024:10:00:00 -1130] \"GET / HTTP/1.1\" 200 1\n", &err), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(access_log_zone_must_be_sign_and_four_digits),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
