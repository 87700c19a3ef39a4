/* The error convention (include/smart/error.h): whatever a message quotes,
 * it stays one line. */
#include "../support/support.h"

#include <string.h>

/* True when `s` holds no control character (so it prints as one line). */
static int is_one_line(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return 0;
	return 1;
}

/* Found by fuzzing: a model file whose feature name holds a newline gave a
 * two-line "feature 25 is 'x\ny'" message; the quoted input is escaped. */
static void error_quoting_a_newline_stays_one_line(void **state)
{
	smart_error err = { { 0 } };

	(void)state;
	assert_int_equal(smart_error_set(&err, "m.json: feature 3 is '%s'", "a\nb\r\tc\x1b[2J"), -1);
	assert_true(is_one_line(err.message));
	assert_string_equal(err.message, "m.json: feature 3 is 'a\\nb\\r\\tc\\x1b[2J'");
}

static void error_prefix_keeps_one_line(void **state)
{
	smart_error err = { { 0 } };

	(void)state;
	smart_error_set(&err, "expected 'x'");
	smart_error_prefix(&err, "file\nname.json");
	assert_true(is_one_line(err.message));
	assert_string_equal(err.message, "file\\nname.json: expected 'x'");
}

/* A message of control characters only is cut where the escapes stop
 * fitting, never in the middle of one, and stays within the buffer. */
static void error_full_of_escapes_is_cut_whole(void **state)
{
	char input[SMART_ERROR_MAX];
	smart_error err = { { 0 } };
	size_t len;

	(void)state;
	memset(input, '\x01', sizeof(input) - 1);
	input[sizeof(input) - 1] = '\0';
	smart_error_set(&err, "%s", input);
	len = strlen(err.message);
	assert_true(len < SMART_ERROR_MAX);
	assert_int_equal(len % 4, 0);
	assert_true(is_one_line(err.message));
	assert_memory_equal(err.message + len - 4, "\\x01", 4);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(error_quoting_a_newline_stays_one_line),
		cmocka_unit_test(error_prefix_keeps_one_line),
		cmocka_unit_test(error_full_of_escapes_is_cut_whole),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
