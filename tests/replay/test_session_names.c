/* Session names stay unique, and loading stays near-linear in the number
 * of sessions (measured as a ratio of two sizes in one run). */
#include "../support/support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void load_into(smart_replay_set *set, const char *path, const char *text)
{
	smart_error err = { { 0 } };

	if (smart_replay_load_data(set, path, text, strlen(text), NULL, &err) < 0)
		fail_msg("%s", err.message);
}

/* A session dropped because all its requests were skipped gives its name
 * back: the next session of that name takes the same suffix. */
static void session_names_are_unique_and_a_dropped_name_is_reused(void **state)
{
	smart_error err = { { 0 } };
	smart_replay_set *set = smart_replay_set_new(&err);

	(void)state;
	assert_non_null(set);
	load_into(set, "a.json", "{\"sessions\":[{\"name\":\"s\",\"requests\":[{\"url\":\"/a\"}]},"
				 "{\"name\":\"s\",\"requests\":[{\"url\":\"/b\"}]}]}");
	/* s.har: its session is named "s" too, and holds only a style sheet. */
	load_into(set, "s.har", "{\"log\":{\"entries\":[{\"request\":{\"method\":\"GET\","
				"\"url\":\"http://127.0.0.1/x.css\",\"headers\":[]}}]}}");
	load_into(set, "c.json", "{\"sessions\":[{\"name\":\"s\",\"requests\":[{\"url\":\"/c\"}]},"
				 "{\"name\":\"s-2\",\"requests\":[{\"url\":\"/d\"}]}]}");
	assert_int_equal(set->count, 4);
	assert_string_equal(set->sessions[0].name, "s");
	assert_string_equal(set->sessions[1].name, "s-2");
	assert_string_equal(set->sessions[2].name, "s-3");
	assert_string_equal(set->sessions[3].name, "s-2-2");
	smart_replay_set_free(set);
}

/* The time to load n JSON sessions all called "s", or an access log of n
 * clients with one request each, latest first (the fastest of three). */
static double load_time(int access_log, size_t n)
{
	size_t cap = n * 96 + 64, len = 0;
	char *text = malloc(cap);
	double best = 1e9;

	assert_non_null(text);
	if (!access_log)
		len += (size_t)sprintf(text, "{\"sessions\":[");
	for (size_t i = 0; i < n; i++) {
		if (access_log) {
			size_t t = 86399 - i * 86399 / n;

			len += (size_t)sprintf(text + len, "10.%zu.%zu.%zu - - [01/May/2024:%02zu:%02zu:"
					       "%02zu +0000] \"GET /p HTTP/1.1\" 200 1\n",
					       i / 65536, i / 256 % 256, i % 256, t / 3600,
					       t / 60 % 60, t % 60);
		} else {
			len += (size_t)sprintf(text + len, "%s{\"name\":\"s\",\"requests\":"
					       "[{\"url\":\"/\"}]}", i ? "," : "");
		}
	}
	if (!access_log)
		sprintf(text + len, "]}");
	for (int k = 0; k < 3; k++) {
		smart_error err = { { 0 } };
		smart_replay_set *set = smart_replay_set_new(&err);
		double t0 = test_cpu_seconds(), t;

		assert_non_null(set);
		load_into(set, access_log ? "a.log" : "s.json", text);
		t = test_cpu_seconds() - t0;
		assert_int_equal(set->count, n);
		smart_replay_set_free(set);
		if (t < best)
			best = t;
	}
	free(text);
	return best;
}

/* Found probing for slow inputs beside the fuzzing (docs/fuzzing.md): each
 * new name was checked against every session by a linear scan, from
 * suffix 2 up (n sessions called alike: O(n^3), 2000 took 7 s), and access
 * log sessions were ordered by insertion sort (40 000 clients: 5 s). */
static void loading_many_sessions_is_near_linear(void **state)
{
	(void)state;
	/* Eight times the sessions; the quadratic and cubic code measured 50
	 * to 500 times as long, the linear one about 10. */
	for (int access_log = 0; access_log <= 1; access_log++) {
		size_t n = access_log ? 4000 : 1000;
		double small = load_time(access_log, n), big = load_time(access_log, 8 * n);

		print_message("# %s: %zu sessions %.3f s, %zu: %.3f s, ratio %.1f\n",
			      access_log ? "access log" : "same-named JSON", n, small, 8 * n,
			      big, big / small);
		assert_true(big < 24 * small + 0.05);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(session_names_are_unique_and_a_dropped_name_is_reused),
		cmocka_unit_test(loading_many_sessions_is_near_linear),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
