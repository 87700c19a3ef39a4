/* html5lib's tree-construction suite (tests/fixtures/html5lib, MIT licence,
 * see SOURCE.md there): each test's #data parsed and dumped as `smart tree`
 * dumps it (include/smart/tree_dump.h), compared line for line with its
 * #document. Fragment tests (#document-fragment) and scripting-on tests
 * (#script-on) are skipped and counted: smart parses whole documents, with
 * scripting off. The html5 parser must pass at least 95% of the rest; the
 * libxml2 figure is printed beside it (docs/html5.md).
 *
 * SMART_HTML5LIB_FAILURES=html5 (or libxml2) prints each failing test's
 * input, expected and actual trees. */
#include "../support/support.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SUITE_DIR "tests/fixtures/html5lib"

typedef struct suite_counts {
	unsigned run, fragment, scripted, passed[2];
} suite_counts;

/* The file's text, NUL-terminated; fails the test when unreadable. */
static char *read_text(const char *path)
{
	smart_error err = { { 0 } };
	char *data;
	size_t len;

	if (smart_file_read(path, 16 * 1024 * 1024, &data, &len, &err) < 0)
		fail_msg("%s", err.message);
	return data;
}

/* The line after `p` (past its '\n'), or the end. */
static const char *next_line(const char *p)
{
	const char *nl = strchr(p, '\n');

	return nl ? nl + 1 : p + strlen(p);
}

static int line_is(const char *p, const char *word)
{
	size_t n = strlen(word);

	return strncmp(p, word, n) == 0 && (p[n] == '\n' || p[n] == '\0');
}

/* Whether one parser's dump of `data` is `expected`; prints the case when
 * `show`. */
static int passes(const char *data, size_t len, const char *expected, size_t expected_len,
		  smart_html_parser parser, int show)
{
	smart_error err = { { 0 } };
	size_t got_len = 0;
	char *got;
	int same;

	smart_html_parser_set(parser);
	got = smart_tree_dump(data, len, SMART_FORMAT_HTML, "html5lib", &got_len, &err);
	smart_html_parser_set(SMART_HTML_PARSER_DEFAULT);
	if (!got)
		fail_msg("html5lib input refused: %s", err.message);
	same = got_len == expected_len && memcmp(got, expected, got_len) == 0;
	if (!same && show)
		printf("# ---- input:\n%.*s\n# ---- expected:\n%.*s# ---- %s:\n%s", (int)len, data,
		       (int)expected_len, expected, smart_html_parser_name(parser), got);
	free(got);
	return same;
}

/* Runs the tests of one .dat file, adding to `c`. */
static void run_file(const char *path, suite_counts *c)
{
	const char *show = getenv("SMART_HTML5LIB_FAILURES");
	char *text = read_text(path);
	const char *p = text;

	while ((p = strstr(p, "#data\n")) && (p == text || p[-1] == '\n')) {
		const char *data = p + 6, *data_end, *q, *doc, *doc_end;
		int fragment = 0, script_on = 0;

		/* the data ends at the line "#errors"; its last newline is not data */
		for (q = data; *q && !line_is(q, "#errors"); q = next_line(q))
			;
		data_end = q > data ? q - 1 : q;
		for (; *q && !line_is(q, "#document"); q = next_line(q)) {
			fragment |= line_is(q, "#document-fragment");
			script_on |= line_is(q, "#script-on");
		}
		doc = *q ? next_line(q) : q;
		/* the tree runs to the blank line before the next test (text may
		 * hold blank lines of its own: those are not followed by #data) */
		for (doc_end = doc; *doc_end; doc_end = next_line(doc_end))
			if (doc_end[0] == '\n' && strncmp(doc_end + 1, "#data\n", 6) == 0)
				break;
		if (*doc_end == '\0' && doc_end > doc && doc_end[-1] == '\n' && doc_end - 1 > doc &&
		    doc_end[-2] == '\n')
			doc_end--; /* the file's final blank line */
		p = doc_end;
		if (fragment) {
			c->fragment++;
			continue;
		}
		if (script_on) {
			c->scripted++;
			continue;
		}
		c->run++;
		for (int k = 0; k < 2; k++) {
			smart_html_parser parser = k ? SMART_HTML_PARSER_LIBXML2
						     : SMART_HTML_PARSER_HTML5;

			c->passed[k] += passes(data, (size_t)(data_end - data), doc,
					       (size_t)(doc_end - doc), parser,
					       show && strcmp(show, smart_html_parser_name(parser)) == 0);
		}
	}
	free(text);
}

static int is_dat(const char *name)
{
	size_t n = strlen(name);

	return n > 4 && strcmp(name + n - 4, ".dat") == 0;
}

static void html5lib_html5_parser_passes_95_percent_of_document_tests(void **state)
{
	suite_counts c = { 0 };
	DIR *dir = opendir(SUITE_DIR);
	struct dirent *e;
	unsigned files = 0;

	(void)state;
	assert_non_null(dir);
	while ((e = readdir(dir))) {
		char path[512];

		if (!is_dat(e->d_name))
			continue;
		snprintf(path, sizeof(path), "%s/%s", SUITE_DIR, e->d_name);
		run_file(path, &c);
		files++;
	}
	closedir(dir);
	printf("# html5lib tree-construction: %u files, %u document tests run "
	       "(%u fragment and %u scripting-on tests skipped)\n",
	       files, c.run, c.fragment, c.scripted);
	printf("# html5:   %u of %u pass (%.1f%%)\n", c.passed[0], c.run,
	       100.0 * c.passed[0] / (c.run ? c.run : 1));
	printf("# libxml2: %u of %u pass (%.1f%%)\n", c.passed[1], c.run,
	       100.0 * c.passed[1] / (c.run ? c.run : 1));
	/* the suite is all there: a cut copy must not pass the bar by luck */
	assert_true(files >= 50);
	assert_true(c.run >= 1000);
	assert_true(c.passed[0] * 100 >= c.run * 95);
}

/* The runner itself: a test whose tree differs by one line fails. */
static void html5lib_a_wrong_tree_fails(void **state)
{
	static const char data[] = "<p>One<p>Two";
	static const char right[] = "| <html>\n|   <head>\n|   <body>\n|     <p>\n"
				    "|       \"One\"\n|     <p>\n|       \"Two\"\n";
	static const char wrong[] = "| <html>\n|   <head>\n|   <body>\n|     <p>\n"
				    "|       \"One\"\n|       <p>\n|         \"Two\"\n";

	(void)state;
	assert_true(passes(data, strlen(data), right, strlen(right), SMART_HTML_PARSER_HTML5, 0));
	assert_false(passes(data, strlen(data), wrong, strlen(wrong), SMART_HTML_PARSER_HTML5, 0));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(html5lib_a_wrong_tree_fails),
		cmocka_unit_test(html5lib_html5_parser_passes_95_percent_of_document_tests),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
