/* Flist (Sprenkle et al. 2005) over smart replay manifests. */
#include "../support/support.h"

#include <string.h>

/* A manifest of one session with the given request lines (JSON objects). */
static char *manifest(const char *base, const char *requests)
{
	static char buf[2][4096];
	static int which;
	char *b = buf[which ^= 1];

	snprintf(b, sizeof(buf[0]),
		 "{\"session\": \"s\", \"base_url\": \"%s\", \"mode\": \"with_state\", "
		 "\"requests\": [%s]}", base, requests);
	return b;
}

#define PAGE(i, file, status, final) \
	"{\"index\": " #i ", \"method\": \"GET\", \"target\": \"/x\", \"file\": \"" file "\", " \
	"\"status\": " #status ", \"final_url\": \"" final "\", \"redirects\": [], " \
	"\"time_ms\": " #i "3.5, \"bytes\": " #i "00, \"error\": null}"
#define POST(i, hop, final) \
	"{\"index\": " #i ", \"method\": \"POST\", \"target\": \"/form\", " \
	"\"file\": \"0" #i "_POST_form.html\", \"status\": 200, \"final_url\": \"" final "\", " \
	"\"redirects\": [{\"status\": 303, \"location\": \"" hop "\"}], \"error\": null}"
#define FAILED(i) \
	"{\"index\": " #i ", \"method\": \"GET\", \"target\": \"/y\", \"file\": null, " \
	"\"status\": 0, \"final_url\": \"http://127.0.0.1:1/y\", \"redirects\": [], " \
	"\"error\": \"Failed to connect after " #i " ms\"}"

static int flist(const char *old, const char *new)
{
	smart_error err = { { 0 } };
	smart_compare_pair *pair = smart_compare_pair_new(&(smart_document){ old, strlen(old), "old" },
							  &(smart_document){ new, strlen(new), "new" },
							  SMART_FORMAT_AUTO, &err);
	int v;

	assert_non_null(pair);
	v = smart_compare_by_name("Flist", pair, NULL, NULL, &err);
	smart_compare_pair_free(pair);
	if (v < 0)
		fail_msg("%s", err.message);
	return v;
}

static void flist_passes_replays_on_different_ports_with_different_timing(void **state)
{
	(void)state;
	assert_int_equal(flist(manifest("http://127.0.0.1:8001", PAGE(1, "01_GET_x.html", 200, "http://127.0.0.1:8001/x") ","
					POST(2, "http://127.0.0.1:8001/done", "http://127.0.0.1:8001/done")),
			       manifest("http://127.0.0.1:9002/", PAGE(2, "01_GET_x.html", 200, "http://127.0.0.1:9002/x") ","
					POST(2, "http://127.0.0.1:9002/done", "http://127.0.0.1:9002/done"))),
			 0);
}

static void flist_fails_on_a_different_redirect_target(void **state)
{
	(void)state;
	assert_int_equal(flist(manifest("http://h", POST(1, "http://h/done", "http://h/done")),
			       manifest("http://h", POST(1, "http://h/oops", "http://h/oops"))),
			 1);
}

static void flist_fails_on_a_different_status_or_file(void **state)
{
	(void)state;
	assert_int_equal(flist(manifest("http://h", PAGE(1, "01_GET_x.html", 200, "http://h/x")),
			       manifest("http://h", PAGE(1, "01_GET_x.html", 500, "http://h/x"))),
			 1);
	assert_int_equal(flist(manifest("http://h", PAGE(1, "01_GET_x.html", 200, "http://h/x")),
			       manifest("http://h", PAGE(1, "01_GET_x.txt", 200, "http://h/x"))),
			 1);
}

static void flist_fails_when_a_page_was_not_fetched(void **state)
{
	(void)state;
	assert_int_equal(flist(manifest("http://h", PAGE(1, "01_GET_x.html", 200, "http://h/x")),
			       manifest("http://h", FAILED(1))),
			 1);
	assert_int_equal(flist(manifest("http://h", PAGE(1, "01_GET_x.html", 200, "http://h/x")),
			       manifest("http://h", PAGE(1, "01_GET_x.html", 200, "http://h/x") ","
					PAGE(2, "02_GET_x.html", 200, "http://h/x"))),
			 1);
}

static void flist_ignores_the_wording_of_errors(void **state)
{
	(void)state;
	assert_int_equal(flist(manifest("http://h", FAILED(1)), manifest("http://h", FAILED(2))), 0);
}

static void flist_on_documents_fails_only_when_one_side_is_empty(void **state)
{
	(void)state;
	assert_int_equal(flist("<p>a</p>", "<p>b</p>"), 0);
	assert_int_equal(flist("<p>a</p>", " \n"), 1);
	assert_int_equal(flist("", ""), 0);
}

static void flist_reports_the_differing_requests(void **state)
{
	const char *old = manifest("http://h", POST(1, "http://h/done", "http://h/done"));
	char old_copy[4096];
	const char *new;
	smart_error err = { { 0 } };
	smart_compare_result r;
	smart_compare_pair *pair;

	(void)state;
	snprintf(old_copy, sizeof(old_copy), "%s", old);
	new = manifest("http://h", POST(1, "http://h/oops", "http://h/oops"));
	pair = smart_compare_pair_new(&(smart_document){ old_copy, strlen(old_copy), "old" },
				      &(smart_document){ new, strlen(new), "new" },
				      SMART_FORMAT_AUTO, &err);
	smart_compare_result_init(&r);
	assert_int_equal(smart_compare_by_name("Flist", pair, NULL, &r, &err), 1);
	assert_int_equal(r.difference_count, 1);
	assert_non_null(strstr(r.differences[0].old_text, "303 /done -> 200 /done"));
	assert_non_null(strstr(r.differences[0].new_text, "303 /oops -> 200 /oops"));
	smart_compare_result_clear(&r);
	smart_compare_pair_free(pair);
}

static void flist_refuses_a_manifest_against_a_document(void **state)
{
	smart_error err = { { 0 } };
	const char *m = manifest("http://h", FAILED(1));
	smart_compare_pair *pair = smart_compare_pair_new(&(smart_document){ m, strlen(m), "a.json" },
							  &(smart_document){ "<p>x</p>", 8, "b.html" },
							  SMART_FORMAT_AUTO, &err);

	(void)state;
	assert_int_equal(smart_compare_by_name("Flist", pair, NULL, NULL, &err), -1);
	assert_non_null(strstr(err.message, "a.json is a replay manifest but b.html is not"));
	smart_compare_pair_free(pair);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(flist_passes_replays_on_different_ports_with_different_timing),
		cmocka_unit_test(flist_fails_on_a_different_redirect_target),
		cmocka_unit_test(flist_fails_on_a_different_status_or_file),
		cmocka_unit_test(flist_fails_when_a_page_was_not_fetched),
		cmocka_unit_test(flist_ignores_the_wording_of_errors),
		cmocka_unit_test(flist_on_documents_fails_only_when_one_side_is_empty),
		cmocka_unit_test(flist_reports_the_differing_requests),
		cmocka_unit_test(flist_refuses_a_manifest_against_a_document),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
