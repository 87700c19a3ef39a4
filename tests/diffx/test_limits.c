/* Resource limits (include/smart/limits.h): pathological documents are
 * refused before libxml2 sees them, in linear time and bounded memory, with
 * one line naming the document, what was found and the option that raises
 * the limit; real pages pass. */
#include "../support/support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

/* "<html><body><div a0="0" a1="1" ...>x</div></body></html>" with `n`
 * attributes on the div (the hang of issue 14: libxml2 is quadratic). */
static char *many_attributes(size_t n)
{
	size_t cap = 64 + n * 24, len = 0;
	char *s = malloc(cap);

	assert_non_null(s);
	len += (size_t)sprintf(s + len, "<html><body><div");
	for (size_t i = 0; i < n; i++)
		len += (size_t)sprintf(s + len, " a%zu=\"%zu\"", i, i);
	sprintf(s + len, ">x</div></body></html>");
	return s;
}

static void million_attributes_are_refused_in_under_two_seconds(void **state)
{
	char *page = many_attributes(1000000);
	smart_error err = { { 0 } };
	struct rusage before, after;
	double t0 = test_cpu_seconds();
	smart_tree *t;

	(void)state;
	getrusage(RUSAGE_SELF, &before);
	t = smart_tree_parse(page, strlen(page), SMART_FORMAT_HTML, "a.html", &err);
	getrusage(RUSAGE_SELF, &after);
	assert_null(t);
	assert_true(test_cpu_seconds() - t0 < 2.0);
	/* refused by the scan: nothing near libxml2's 18x of the input */
	assert_true(after.ru_maxrss - before.ru_maxrss < 64 * 1024);
	assert_non_null(strstr(err.message, "a.html: an element with 1000000 attributes"));
	assert_non_null(strstr(err.message, "--max-attributes"));
	assert_null(strchr(err.message, '\n'));
	free(page);
}

static void attributes_at_the_limit_pass_one_over_is_refused(void **state)
{
	smart_limits limits = SMART_LIMITS_INIT;
	smart_error err = { { 0 } };
	char *page = many_attributes(50);

	(void)state;
	limits.max_attributes = 50;
	assert_int_equal(smart_limits_check(&limits, page, strlen(page), "p", &err), 0);
	limits.max_attributes = 49;
	assert_int_equal(smart_limits_check(&limits, page, strlen(page), "p", &err), -1);
	assert_non_null(strstr(err.message, "p: an element with 50 attributes is over the limit of 49"));
	free(page);
}

static void quoted_values_comments_and_boolean_attributes_count_right(void **state)
{
	const char *page = "<!-- a=1 b=2 c=3 --><p title='x y=z > w' hidden data-k = \"v\">"
			   "a > b</p><input disabled checked>";
	smart_limits limits = SMART_LIMITS_INIT;
	smart_error err = { { 0 } };

	(void)state;
	limits.max_attributes = 3; /* title, hidden, data-k */
	assert_int_equal(smart_limits_check(&limits, page, strlen(page), "p", &err), 0);
	limits.max_attributes = 2;
	assert_int_equal(smart_limits_check(&limits, page, strlen(page), "p", &err), -1);
}

static void input_over_the_byte_limit_is_refused_by_its_size(void **state)
{
	smart_limits limits = SMART_LIMITS_INIT;
	smart_error err = { { 0 } };
	const char *page = "<p>hello</p>";

	(void)state;
	limits.max_input = 5;
	assert_int_equal(smart_limits_check(&limits, page, strlen(page), "big.html", &err), -1);
	assert_non_null(strstr(err.message, "big.html: 12 bytes is over the input limit of 5 (--max-input)"));
}

static void tag_and_text_limits_name_what_was_found(void **state)
{
	smart_limits limits = SMART_LIMITS_INIT;
	smart_error err = { { 0 } };
	const char *tags = "<a><b><c></c></b></a>";
	const char *text = "<p>0123456789</p><p>> also text <</p>"; /* 10 and 13 */

	(void)state;
	limits.max_nodes = 2;
	assert_int_equal(smart_limits_check(&limits, tags, strlen(tags), "t", &err), -1);
	assert_non_null(strstr(err.message, "t: 3 tags is over the limit of 2 elements (--max-nodes)"));
	limits = (smart_limits)SMART_LIMITS_INIT;
	limits.max_text = 12;
	assert_int_equal(smart_limits_check(&limits, text, strlen(text), "t", &err), -1);
	assert_non_null(strstr(err.message, "a text run of 13 bytes"));
	limits.max_text = 13;
	assert_int_equal(smart_limits_check(&limits, text, strlen(text), "t", &err), 0);
}

static void sizes_parse_with_suffixes_and_refuse_junk(void **state)
{
	size_t v = 0;

	(void)state;
	assert_int_equal(smart_limits_parse_size("8M", &v), 0);
	assert_true(v == (size_t)8 << 20);
	assert_int_equal(smart_limits_parse_size("3k", &v), 0);
	assert_true(v == 3072);
	assert_int_equal(smart_limits_parse_size("42", &v), 0);
	assert_true(v == 42);
	assert_int_equal(smart_limits_parse_size("0", &v), -1);
	assert_int_equal(smart_limits_parse_size("-1", &v), -1);
	assert_int_equal(smart_limits_parse_size("8MB", &v), -1);
	assert_int_equal(smart_limits_parse_size("99999999999999999999G", &v), -1);
	assert_int_equal(smart_limits_parse_size("", &v), -1);
}

static void a_zero_limit_is_refused(void **state)
{
	smart_limits limits = SMART_LIMITS_INIT;
	smart_error err = { { 0 } };

	(void)state;
	limits.max_nodes = 0;
	assert_int_equal(smart_limits_set(&limits, &err), -1);
	assert_true(smart_limits_get()->max_nodes == SMART_LIMITS_DEFAULT_MAX_NODES);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(million_attributes_are_refused_in_under_two_seconds),
		cmocka_unit_test(attributes_at_the_limit_pass_one_over_is_refused),
		cmocka_unit_test(quoted_values_comments_and_boolean_attributes_count_right),
		cmocka_unit_test(input_over_the_byte_limit_is_refused_by_its_size),
		cmocka_unit_test(tag_and_text_limits_name_what_was_found),
		cmocka_unit_test(sizes_parse_with_suffixes_and_refuse_junk),
		cmocka_unit_test(a_zero_limit_is_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
