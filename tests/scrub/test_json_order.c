/* JSON objects' member order (scrub/json_order.c): a script's JSON object
 * or a JSON attribute printed with its members in another order (a hash
 * of a new process) is no edit; a changed member value or name beside the
 * reordering, JSON-like code that is not JSON, and the scrubber turned
 * off still see an edit. */
#include "../support/scrub_pairs.h"
#include "../support/support.h"

#include <stdio.h>
#include <string.h>

/* Whether the pages `old_body` and `new_body` align with no
 * edit once scrubbed with the scrubbers not in `off`; *explained (when not
 * NULL) gets what this scrubber explained. */
static int aligns_after(const char *old_body, const char *new_body, unsigned off,
			unsigned *explained)
{
	return scrub_docs_align(old_body, new_body, off, SMART_SCRUBBER_JSON_ORDER, explained);
}

/* Only json_order on. */
static const unsigned ONLY = SCRUB_ONLY(SMART_SCRUBBER_JSON_ORDER);

/* A page whose script prints `config` and whose input holds `options`. */
static const char *page(char *buf, size_t size, const char *config, const char *options)
{
	snprintf(buf, size,
		 "<html><head><script>\nwindow.App = {};\nApp.Config = %s;\n"
		 "if (a) { b(); }\n</script></head><body>"
		 "<input name=\"watchers\" data-options='%s'><p>Ticket</p></body></html>",
		 config, options);
	return buf;
}

static void reordered_members_in_a_script_and_an_attribute_are_no_edit(void **state)
{
	char a[1024], b[1024];
	unsigned n = 0;

	(void)state;
	page(a, sizeof(a), "{\"rtname\":\"example.test\",\"MaxSize\":10485760,\"Nested\":{\"x\":1,\"y\":[2,3]}}",
	     "[{\"label\":\"alice\",\"id\":3}]");
	page(b, sizeof(b), "{\"Nested\":{\"y\":[2,3],\"x\":1}, \"MaxSize\":10485760,\"rtname\":\"example.test\"}",
	     "[{\"id\":3,\"label\":\"alice\"}]");
	assert_true(aligns_after(a, b, ONLY, &n));
	assert_int_equal(n, 1); /* the new script's order is not sorted; its attribute is */
	assert_true(aligns_after(a, b, 0, NULL));
}

static void a_changed_value_or_name_beside_the_reordering_is_an_edit(void **state)
{
	char a[1024], b[1024];

	(void)state;
	page(a, sizeof(a), "{\"rtname\":\"example.test\",\"MaxSize\":10485760}", "[{\"label\":\"alice\",\"id\":3}]");
	page(b, sizeof(b), "{\"MaxSize\":10485761,\"rtname\":\"example.test\"}", "[{\"id\":3,\"label\":\"alice\"}]");
	assert_false(aligns_after(a, b, ONLY, NULL));
	page(b, sizeof(b), "{\"MaxSize\":10485760,\"rtname\":\"example.test\"}", "[{\"id\":3,\"title\":\"alice\"}]");
	assert_false(aligns_after(a, b, ONLY, NULL));
	/* the order of an array is content */
	page(a, sizeof(a), "{\"a\":[1,2],\"b\":0}", "[]");
	page(b, sizeof(b), "{\"b\":0,\"a\":[2,1]}", "[]");
	assert_false(aligns_after(a, b, ONLY, NULL));
}

static void code_that_is_not_json_and_the_scrubber_off_see_an_edit(void **state)
{
	char a[1024], b[1024];

	(void)state;
	/* JavaScript's object literal with bare names is code, not JSON */
	page(a, sizeof(a), "{rtname: \"example.test\", MaxSize: 1}", "x");
	page(b, sizeof(b), "{MaxSize: 1, rtname: \"example.test\"}", "x");
	assert_false(aligns_after(a, b, ONLY, NULL));
	page(a, sizeof(a), "{\"rtname\":\"example.test\",\"MaxSize\":1}", "x");
	page(b, sizeof(b), "{\"MaxSize\":1,\"rtname\":\"example.test\"}", "x");
	assert_false(aligns_after(a, b, (1u << SMART_SCRUBBER_COUNT) - 1, NULL));
	assert_false(aligns_after(a, b, 1u << SMART_SCRUBBER_JSON_ORDER, NULL));
	assert_true(aligns_after(a, b, ONLY, NULL));
}

/* Property: a JSON object of k members printed in every rotation of its
 * members scrubs to one text, and a member's value changed does not. */
static void every_rotation_of_the_members_aligns(void **state)
{
	static const char *const members[] = { "\"a\":1", "\"bb\":\"x y\"", "\"c\":[1,{\"z\":0,\"y\":1}]",
					       "\"d\":null", "\"e\":{\"f\":true,\"g\":false}",
					       "\"h\":-2.5e3" };
	const size_t k = sizeof(members) / sizeof(members[0]);
	char first[512] = "", json[512], a[1024], b[1024];

	(void)state;
	for (size_t r = 0; r < k; r++) {
		size_t used = 0;

		used += (size_t)snprintf(json + used, sizeof(json) - used, "{");
		for (size_t i = 0; i < k; i++)
			used += (size_t)snprintf(json + used, sizeof(json) - used, "%s%s", i ? ", " : "",
						 members[(i + r) % k]);
		snprintf(json + used, sizeof(json) - used, "}");
		if (r == 0) {
			strcpy(first, json);
			continue;
		}
		page(a, sizeof(a), first, "x");
		page(b, sizeof(b), json, "x");
		assert_true(aligns_after(a, b, ONLY, NULL));
		strstr(json, "x y")[2] = 'z'; /* one member's value */
		page(b, sizeof(b), json, "x");
		assert_false(aligns_after(a, b, ONLY, NULL));
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(reordered_members_in_a_script_and_an_attribute_are_no_edit),
		cmocka_unit_test(a_changed_value_or_name_beside_the_reordering_is_an_edit),
		cmocka_unit_test(code_that_is_not_json_and_the_scrubber_off_see_an_edit),
		cmocka_unit_test(every_rotation_of_the_members_aligns),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
