/* Request URLs recorded without a leading '/' (a relative path, or "?q"
 * after an origin) are replayed from the site root. */
#include "../support/support.h"

#include <string.h>

/* The target of the only request of a one-request JSON session. */
static void assert_target(const char *url, const char *target)
{
	char text[512];
	smart_error err = { { 0 } };
	smart_replay_set *set = smart_replay_set_new(&err);

	assert_non_null(set);
	snprintf(text, sizeof(text),
		 "{\"sessions\":[{\"name\":\"s\",\"requests\":[{\"url\":\"%s\"}]}]}", url);
	if (smart_replay_load_data(set, "s.json", text, strlen(text), NULL, &err))
		fail_msg("%s", err.message);
	assert_int_equal(set->count, 1);
	assert_int_equal(set->sessions[0].count, 1);
	assert_string_equal(set->sessions[0].requests[0].target, target);
	smart_replay_set_free(set);
}

/* Found by fuzzing: the target of a relative URL was copied from the
 * literal "/" with the URL's length, reading past the literal's end
 * (AddressSanitizer: global-buffer-overflow). */
static void relative_request_url_becomes_a_rooted_target(void **state)
{
	(void)state;
	assert_target("index.php?title=Main_Page", "/index.php?title=Main_Page");
	assert_target("a", "/a");
	assert_target("http://127.0.0.1:8080?x=1#frag", "/?x=1");
	assert_target("/already/rooted#frag", "/already/rooted");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(relative_request_url_becomes_a_rooted_target),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
