/* Profile lookups (profile/profile_index.c): a profile of n entries loads
 * in time near n, measured as the ratio of two sizes in the same run, never
 * as a bare time; and the index finds what the arrays hold, by test name,
 * by a path ending in it, and after learning rearranged the arrays. */
#include "../support/support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smart/profile.h"
#include "profile/internal.h" /* smart__profile_add: how learning fills a profile */

/* Entries per test in a generated profile. */
#define ENTRIES_PER_TEST 4

/* A profile of n entries (n a multiple of 2 * ENTRIES_PER_TEST): half
 * of all tests, half spread over tests "pages/pJ.html"; a new string. */
static char *generated_profile(size_t n)
{
	size_t size = 256 + n * 96, len = 0, tests = n / 2 / ENTRIES_PER_TEST;
	char *s = malloc(size);

	assert_non_null(s);
	len += (size_t)snprintf(s + len, size - len,
				"{\"format\": \"smart-profile\", \"version\": 1, \"all_tests\": [");
	for (size_t i = 0; i < n / 2; i++)
		len += (size_t)snprintf(s + len, size - len,
					"%s{\"location\": \"/html/body/div/a%zu/text()\", "
					"\"patterns\": [\"at {time}\"]}", i ? ", " : "", i);
	len += (size_t)snprintf(s + len, size - len, "], \"tests\": {");
	for (size_t t = 0; t < tests; t++) {
		len += (size_t)snprintf(s + len, size - len, "%s\"pages/p%zu.html\": [",
					t ? ", " : "", t);
		for (size_t e = 0; e < ENTRIES_PER_TEST; e++)
			len += (size_t)snprintf(s + len, size - len,
						"%s{\"location\": \"/html/body/p%zu/@id\"}",
						e ? ", " : "", e);
		len += (size_t)snprintf(s + len, size - len, "]");
	}
	len += (size_t)snprintf(s + len, size - len, "}}");
	assert_true(len < size);
	return s;
}

/* Loads a generated profile of n entries, checks what it holds, and
 * returns the time the load took in seconds. */
static double load_time(const char *json, size_t n)
{
	smart_error err = { { 0 } };
	double t0 = test_cpu_seconds(), t;
	smart_profile *p = smart_profile_from_json(json, strlen(json), "generated", &err);

	t = test_cpu_seconds() - t0;
	if (!p)
		fail_msg("load: %s", err.message);
	assert_int_equal(smart_profile_entry_count(p), n);
	assert_int_equal(p->n_tests, n / 2 / ENTRIES_PER_TEST);
	smart_profile_free(p);
	return t;
}

/* Before the index, each entry added looked through every entry and test
 * before it: 8 000 entries took 0.6 s and doubling them quadrupled it.
 * The fastest of five loads of each size, taken in turns so that a busy
 * machine slows both alike. */
static void profile_load_time_grows_near_linearly(void **state)
{
	char *small_json = generated_profile(8000), *big_json = generated_profile(16000);
	double small = 1e9, big = 1e9;

	(void)state;
	for (int k = 0; k < 5; k++) {
		double s = load_time(small_json, 8000), b = load_time(big_json, 16000);

		small = s < small ? s : small;
		big = b < big ? b : big;
	}
	print_message("# 8000 entries: %.3f s, 16000: %.3f s, ratio %.2f\n", small, big,
		      big / small);
	assert_true(big < 3 * small + 0.01);
	free(small_json);
	free(big_json);
}

static void every_test_is_found_by_name_and_by_a_path_ending_in_it(void **state)
{
	char *json = generated_profile(800), name[64];
	smart_error err = { { 0 } };
	smart_profile *p = smart_profile_from_json(json, strlen(json), "generated", &err);

	(void)state;
	assert_non_null(p);
	for (size_t t = 0; t < p->n_tests; t++) {
		snprintf(name, sizeof(name), "pages/p%zu.html", t);
		assert_ptr_equal(smart_profile_find_test(p, name), &p->tests[t]);
		snprintf(name, sizeof(name), "./run2/pages/p%zu.xhtml", t);
		assert_ptr_equal(smart_profile_find_test(p, name), &p->tests[t]);
		snprintf(name, sizeof(name), "pages/p%zu", t);
		assert_ptr_equal(smart_profile_find_test(p, name), &p->tests[t]);
	}
	/* only a whole path component counts, and the folder must be there */
	assert_null(smart_profile_find_test(p, "xpages/p1.html"));
	assert_null(smart_profile_find_test(p, "p1.html"));
	assert_null(smart_profile_find_test(p, "pages/p100000.html"));
	assert_true(smart_profile_accepts(p, "out/pages/p3.html", "/html/body/p2/@id", "a", "b"));
	assert_false(smart_profile_accepts(p, "out/pages/p3.html", "/html/body/p9/@id", "a", "b"));
	assert_true(smart_profile_accepts(p, "other.html", "/html/body/div/a7/text()",
					  "at {time}", "at {time}"));
	assert_false(smart_profile_accepts(p, "other.html", "/html/body/div/a7/text()",
					   "at {time}", "on {date}"));
	smart_profile_free(p);
	free(json);
}

/* Adding at a location twice merges into one entry, for all tests and for
 * one test alike. */
static void adding_at_a_location_twice_merges(void **state)
{
	smart_error err = { { 0 } };
	smart_profile *p = smart_profile_new(&err);

	(void)state;
	assert_non_null(p);
	assert_int_equal(smart__profile_add(p, "a.html", "/x/text()", "v {number}", 0, 0, &err), 0);
	assert_int_equal(smart__profile_add(p, "a.html", "/x/text()", "w {number}", 0, 0, &err), 0);
	assert_int_equal(smart__profile_add(p, NULL, "/x/text()", "v {number}", 0, 0, &err), 0);
	assert_int_equal(smart__profile_add(p, NULL, "/x/text()", "v {number}", 0, 0, &err), 0);
	assert_int_equal(p->n_tests, 1);
	assert_int_equal(p->tests[0].n_entries, 1);
	assert_int_equal(p->tests[0].entries[0].n_patterns, 2);
	assert_int_equal(p->tests[0].entries[0].seen, 2);
	assert_int_equal(p->n_all, 1);
	assert_int_equal(p->all[0].n_patterns, 1);
	assert_int_equal(p->all[0].seen, 2);
	smart_profile_free(p);
}

/* Generalising drops tests and entries and moves the rest; the lookups
 * must then see the arrays as they are. */
static void lookups_follow_generalising(void **state)
{
	smart_error err = { { 0 } };
	smart_profile *p = smart_profile_new(&err);
	const smart_profile_test *t;

	(void)state;
	assert_non_null(p);
	/* "/shared" is in a and b: it goes to all tests, and a is left empty */
	assert_int_equal(smart__profile_add(p, "a.html", "/shared/text()", NULL, 0, 0, &err), 0);
	assert_int_equal(smart__profile_add(p, "b.html", "/shared/text()", NULL, 0, 0, &err), 0);
	assert_int_equal(smart__profile_add(p, "b.html", "/own/text()", NULL, 0, 0, &err), 0);
	assert_int_equal(smart__profile_add(p, "c.html", "/other/text()", NULL, 0, 0, &err), 0);
	assert_int_equal(smart_profile_generalise(p, &err), 0);
	assert_int_equal(p->n_all, 1);
	assert_int_equal(p->n_tests, 2);
	assert_null(smart_profile_find_test(p, "a.html"));
	t = smart_profile_find_test(p, "c.html");
	assert_non_null(t);
	assert_string_equal(t->test, "c.html");
	assert_int_equal(t->n_entries, 1);
	/* adding to a moved test and to a test named as a removed one */
	assert_int_equal(smart__profile_add(p, "c.html", "/other/text()", NULL, 0, 0, &err), 0);
	assert_int_equal(smart_profile_find_test(p, "c.html")->n_entries, 1);
	assert_int_equal(smart__profile_add(p, "a.html", "/new/text()", NULL, 0, 0, &err), 0);
	assert_int_equal(p->n_tests, 3);
	assert_int_equal(smart_profile_find_test(p, "a.html")->n_entries, 1);
	smart_profile_free(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(profile_load_time_grows_near_linearly),
		cmocka_unit_test(every_test_is_found_by_name_and_by_a_path_ending_in_it),
		cmocka_unit_test(adding_at_a_location_twice_merges),
		cmocka_unit_test(lookups_follow_generalising),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
