/* Request methods, whatever file they come from, are HTTP methods in upper
 * case: they are sent verbatim as the first word of the request line. */
#include "../support/support.h"

#include <string.h>

/* Loads `text`; returns the set, or NULL with `err` set. */
static smart_replay_set *load(const char *text, smart_error *err)
{
	smart_replay_set *set = smart_replay_set_new(err);

	assert_non_null(set);
	if (smart_replay_load_data(set, "s", text, strlen(text), NULL, err) < 0) {
		smart_replay_set_free(set);
		return NULL;
	}
	return set;
}

#define HAR(method)                                                            \
	"{\"log\":{\"entries\":[{\"request\":{\"method\":\"" method "\","     \
	"\"url\":\"http://127.0.0.1/a\",\"headers\":[]}}]}}"
#define JSON(method)                                                           \
	"{\"sessions\":[{\"name\":\"s\",\"requests\":[{\"method\":\"" method   \
	"\",\"url\":\"/a\"}]}]}"

/* Found by fuzzing: a HAR file's method was kept as written (any bytes,
 * any case) while JSON sessions upper-cased theirs, so a HAR session
 * written as JSON did not read back, and a method holding CR LF would have
 * written a request line of its own. */
static void har_and_json_methods_are_upper_cased_alike(void **state)
{
	smart_error err = { { 0 } };
	smart_replay_set *a = load(HAR("get"), &err), *b = load(JSON("get"), &err);

	(void)state;
	assert_non_null(a);
	assert_non_null(b);
	assert_string_equal(a->sessions[0].requests[0].method, "GET");
	assert_string_equal(b->sessions[0].requests[0].method, "GET");
	smart_replay_set_free(a);
	smart_replay_set_free(b);
}

static void methods_that_are_not_http_tokens_are_refused(void **state)
{
	static const char *const har[] = { HAR("GET / HTTP/1.1\\r\\nX-Evil: 1\\r\\n"),
					   HAR("G\\u00e9T"), HAR("GET GET"),
					   HAR("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA") };
	static const char *const json[] = { JSON("PO\\nST"), JSON(""), JSON("A B") };
	smart_error err = { { 0 } };

	(void)state;
	for (size_t i = 0; i < sizeof(har) / sizeof(har[0]); i++) {
		assert_null(load(har[i], &err));
		assert_non_null(strstr(err.message, "must be an HTTP method"));
	}
	for (size_t i = 0; i < sizeof(json) / sizeof(json[0]); i++) {
		assert_null(load(json[i], &err));
		assert_non_null(strstr(err.message, "must be an HTTP method"));
	}
	/* Extension methods are tokens too. */
	{
		smart_replay_set *ok = load(HAR("PROPFIND"), &err);

		assert_non_null(ok);
		smart_replay_set_free(ok);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(har_and_json_methods_are_upper_cased_alike),
		cmocka_unit_test(methods_that_are_not_http_tokens_are_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
