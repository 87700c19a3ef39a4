/* Documents with bytes their declared charset cannot decode: HTML keeps the
 * whole page (as a browser does), XML is one error line, and the library
 * writes nothing to stderr either way (only cli/ prints). */
#include "../support/support.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* A page that declares EUC-JP and then has bytes invalid in EUC-JP before
 * its last paragraph. */
#define BAD_EUC_JP(last)                                                       \
	"<html><head><meta charset=\"EUC-JP\"></head><body><p>first</p>"      \
	"<p>\xe4\xff</p><p>" last "</p></body></html>"

/* Parses `text` as `format` with stderr sent to a temporary file; returns
 * the tree (or NULL, with err set) and how many bytes reached stderr. */
static smart_tree *parse_quietly(const char *text, smart_format format,
				 smart_error *err, long *stderr_bytes)
{
	FILE *sink = tmpfile();
	int saved = dup(2);
	smart_tree *t;

	assert_non_null(sink);
	assert_true(saved >= 0);
	fflush(stderr);
	assert_true(dup2(fileno(sink), 2) >= 0);
	t = smart_tree_parse(text, strlen(text), format, "page", err);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	fseek(sink, 0, SEEK_END);
	*stderr_bytes = ftell(sink);
	fclose(sink);
	return t;
}

/* Found by fuzzing: libxml2 stopped decoding at the first bad byte and
 * silently dropped the rest of the page, so two pages differing only after
 * it compared equal; and it printed "encoding error" lines to stderr. */
static void html_bytes_invalid_in_declared_charset_lose_nothing(void **state)
{
	smart_error err = { { 0 } };
	long noise_a, noise_b;
	smart_tree *a = parse_quietly(BAD_EUC_JP("one"), SMART_FORMAT_HTML, &err, &noise_a);
	smart_tree *b = parse_quietly(BAD_EUC_JP("two"), SMART_FORMAT_HTML, &err, &noise_b);

	(void)state;
	assert_non_null(a);
	assert_non_null(b);
	assert_int_equal(noise_a + noise_b, 0);
	assert_false(smart_tree_equal(a, b));
	assert_string_equal(a->nodes[find_node(a, "#text", 2)].text, "one");
	smart_tree_free(a);
	smart_tree_free(b);
}

static void xml_bytes_invalid_in_declared_encoding_are_one_quiet_error(void **state)
{
	smart_error err = { { 0 } };
	long noise;
	smart_tree *t = parse_quietly("<?xml version=\"1.0\" encoding=\"EUC-JP\"?><r>\xe4\xff</r>",
				      SMART_FORMAT_XML, &err, &noise);

	(void)state;
	assert_null(t);
	assert_int_equal(noise, 0);
	assert_non_null(strstr(err.message, "page: not well-formed XML"));
	assert_null(strchr(err.message, '\n'));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(html_bytes_invalid_in_declared_charset_lose_nothing),
		cmocka_unit_test(xml_bytes_invalid_in_declared_encoding_are_one_quiet_error),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
