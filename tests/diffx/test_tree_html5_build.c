/* The HTML5 tree built straight from gumbo's output
 * (diffx/tree_html5_build.c, what smart_tree_parse gives and classify
 * reads) is the tree that flattening the libxml2 copy of gumbo's output
 * gives (diffx/tree_html5.c, what compare/, perturb/ and `smart tree`
 * read): node kinds, names, links, text, attributes in order with their
 * namespaces' prefixes, the document type, and the errors of refused
 * pages. Checked over html5lib's tree-construction inputs, every page of
 * the test fixtures and examples, pages of the shipped corpora (every
 * 16th record; SMART_HTML5_BUILD_EVERY=1 takes them all), seeded random
 * pages and the edges the copy handles apart (depth cap, foreign
 * attributes, Latin-1, the node limit). */
#include "../support/support.h"
#include "../support/random_tree.h"
#include "../support/same_tree.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <libxml/tree.h>

#include "common/strbuf.h"
#include "diffx/tree_libxml.h"

/* Pages compared so far, for the counts the test prints. */
static unsigned compared;

/* The tree of the libxml2 copy (as smart_tree_parse built it before the
 * direct path), or NULL with err set. */
static smart_tree *copied_tree(const char *data, size_t len, smart_error *err)
{
	smart_format format = SMART_FORMAT_HTML;
	xmlDocPtr doc = NULL;
	smart_tree *t;

	if (smart__tree_libxml_read(data, len, &format, "page", &doc, err) < 0)
		return NULL;
	t = smart__tree_from_libxml(doc, format, "page", err);
	xmlFreeDoc(doc);
	return t;
}

/* Parses `len` bytes both ways with the HTML5 parser and fails unless the
 * trees are the same, or both are refused with the same error. */
static void assert_direct_is_copy(const char *data, size_t len)
{
	smart_error copy_err = { { 0 } }, direct_err = { { 0 } };
	smart_tree *copy, *direct;

	assert_int_equal(smart_html_parser_get(), SMART_HTML_PARSER_HTML5);
	copy = copied_tree(data, len, &copy_err);
	direct = smart_tree_parse(data, len, SMART_FORMAT_HTML, "page", &direct_err);
	if (!copy || !direct) {
		if (copy || direct)
			fail_msg("one way refused the page: %s%s", copy_err.message,
				 direct_err.message);
		assert_string_equal(copy_err.message, direct_err.message);
	} else {
		assert_same_tree(copy, direct);
	}
	smart_tree_free(copy);
	smart_tree_free(direct);
	compared++;
}

static void assert_direct_is_copy_str(const char *page)
{
	assert_direct_is_copy(page, strlen(page));
}

/* The comparison can fail: trees that differ in one attribute's value,
 * one attribute's prefix, one text or the document type are told apart. */
static void trees_that_differ_in_one_field_are_told_apart(void **state)
{
	static const char *const pairs[][2] = {
		{ "<p a=1>x</p>", "<p a=2>x</p>" },
		{ "<svg><a xlink:href=u /></svg>", "<svg><a href=u /></svg>" },
		{ "<p>x</p>", "<p>y</p>" },
		{ "<!DOCTYPE html><p>x</p>", "<p>x</p>" },
		{ "<p><b>x</b></p>", "<p><i>x</i></p>" },
	};
	char why[512];

	(void)state;
	for (size_t i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
		smart_tree *a = parse_html(pairs[i][0]), *b = parse_html(pairs[i][1]);

		assert_true(trees_differ(a, b, why, sizeof(why)));
		assert_false(trees_differ(a, a, why, sizeof(why)));
		smart_tree_free(a);
		smart_tree_free(b);
	}
}

/* Every #data of one html5lib .dat file (fragment and scripting tests
 * too: any input is a page). */
static void compare_dat_file(const char *path)
{
	smart_error err = { { 0 } };
	char *text;
	size_t len;
	const char *p;

	if (smart_file_read(path, 16 * 1024 * 1024, &text, &len, &err) < 0)
		fail_msg("%s", err.message);
	for (p = text; (p = strstr(p, "#data\n")); ) {
		const char *data = p + 6, *end = strstr(data, "\n#errors\n");

		if (!end)
			break;
		assert_direct_is_copy(data, (size_t)(end - data));
		p = end;
	}
	free(text);
}

/* Calls `each` on every file under `dir` whose name ends in `suffix`. */
static void for_files(const char *dir, const char *suffix, void (*each)(const char *path))
{
	DIR *d = opendir(dir);
	struct dirent *e;

	assert_non_null(d);
	while ((e = readdir(d))) {
		char path[1024];
		size_t n = strlen(e->d_name), s = strlen(suffix);
		struct stat st;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		if (stat(path, &st) < 0)
			continue;
		if (S_ISDIR(st.st_mode))
			for_files(path, suffix, each);
		else if (n > s && strcmp(e->d_name + n - s, suffix) == 0)
			each(path);
	}
	closedir(d);
}

static void direct_tree_is_the_copy_on_html5lib_inputs(void **state)
{
	(void)state;
	compared = 0;
	for_files("tests/fixtures/html5lib", ".dat", compare_dat_file);
	print_message("html5lib: %u inputs compared\n", compared);
	assert_true(compared >= 1500);
}

static void compare_html_file(const char *path)
{
	smart_error err = { { 0 } };
	char *data;
	size_t len;

	if (smart_file_read(path, 64 * 1024 * 1024, &data, &len, &err) < 0)
		fail_msg("%s", err.message);
	assert_direct_is_copy(data, len);
	free(data);
}

static void direct_tree_is_the_copy_on_fixture_and_example_pages(void **state)
{
	(void)state;
	compared = 0;
	for_files("tests/fixtures", ".html", compare_html_file);
	for_files("examples", ".html", compare_html_file);
	print_message("fixtures and examples: %u pages compared\n", compared);
	assert_true(compared >= 80);
}

/* Both documents of every `every`-th record of one shipped corpus. */
static void compare_corpus(const char *path)
{
	const char *env = getenv("SMART_HTML5_BUILD_EVERY");
	size_t every = env && atoi(env) > 0 ? (size_t)atoi(env) : 16, n = 0;
	smart_error err = { { 0 } };
	smart_corpus_reader *r = smart_corpus_open(path, &err);
	smart_pair pair;
	int rc;

	if (!r)
		fail_msg("%s", err.message);
	while ((rc = smart_corpus_next(r, &pair, &err)) == SMART_CORPUS_PAIR) {
		if (n++ % every != 0 || pair.format == SMART_FORMAT_XML ||
		    smart_format_sniff(pair.old_doc, pair.old_len) == SMART_FORMAT_XML)
			continue;
		assert_direct_is_copy(pair.old_doc, pair.old_len);
		assert_direct_is_copy(pair.new_doc, pair.new_len);
	}
	if (rc != SMART_CORPUS_END)
		fail_msg("%s", err.message);
	smart_corpus_close(r);
}

/* Only the shipped corpora at the top of corpora/ (never firstlook/). */
static void direct_tree_is_the_copy_on_shipped_corpora(void **state)
{
	DIR *d = opendir("corpora");
	struct dirent *e;

	(void)state;
	assert_non_null(d);
	compared = 0;
	while ((e = readdir(d))) {
		char path[512];

		if (!strstr(e->d_name, ".jsonl"))
			continue;
		snprintf(path, sizeof(path), "corpora/%s", e->d_name);
		compare_corpus(path);
	}
	closedir(d);
	print_message("shipped corpora: %u pages compared\n", compared);
	assert_true(compared >= 1000);
}

/* Seeded random pages (tests/support/random_tree) and their edited
 * copies. */
static void direct_tree_is_the_copy_on_random_pages(void **state)
{
	(void)state;
	for (uint64_t seed = 1; seed <= 300; seed++) {
		rt_pair pair;

		assert_int_equal(rt_make_pair(seed, SMART_FORMAT_HTML, 400, RT_EDITS_ANY, &pair), 0);
		assert_direct_is_copy(pair.old_doc, pair.old_len);
		assert_direct_is_copy(pair.new_doc, pair.new_len);
		rt_pair_free(&pair);
	}
}

/* Nesting around and past the depth cap (512), where both lay the tree
 * out flat, with text, preformatted blocks and comments at the edge, up
 * to and past the depth at which libxml2 reads the page instead (1024). */
static void direct_tree_is_the_copy_past_the_depth_cap(void **state)
{
	static const unsigned depths[] = { 508, 510, 511, 512, 513, 514, 700, 1023, 1030, 1100 };

	(void)state;
	for (size_t k = 0; k < sizeof(depths) / sizeof(depths[0]); k++) {
		smart_strbuf page = { 0 };

		for (unsigned i = 0; i < depths[k]; i++)
			assert_int_equal(smart__strbuf_printf(&page, "<div class=d%u>%s%s", i,
							     i % 7 == 0 ? "t " : "",
							     i % 97 == 0 ? "<pre>  z  </pre><!--c-->" : ""), 0);
		assert_int_equal(smart__strbuf_printf(&page, "deep <b>x</b> y<code> k </code>"), 0);
		for (unsigned i = 0; i < depths[k]; i++)
			assert_int_equal(smart__strbuf_printf(&page, "</div>%s", i == 3 ? "tail" : " "),
					 0);
		assert_direct_is_copy(page.data, page.len);
		smart__strbuf_free(&page);
	}
}

/* The forms the copy treats apart: foreign elements and attributes
 * (namespaces and their prefixes), templates, document types, Latin-1
 * bytes, NUL bytes, text before and after the document, comments
 * outside it, an empty page. */
static void direct_tree_is_the_copy_on_edges(void **state)
{
	static const char with_nul[] = "<p>a\0b</p><p title=\"x\0y\">c</p>";
	static const char *const pages[] = {
		"<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\""
		" viewBox='0 0 1 1'><foreignObject><p>in</p></foreignObject><a xlink:href=u "
		"xlink:title=t xml:lang=en xml:space=preserve /><clipPath/></svg>",
		"<math><mi xlink:href=x definitionURL=d>x</mi><annotation-xml encoding=text/html>"
		"<p>h</p></annotation-xml></math><svg><desc><b>b</b></desc></svg>",
		"<template><p>a<template>b</template></p></template><p>after</p>",
		"<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01//EN\" \"http://www.w3.org/TR/html4/strict.dtd\"><p>x",
		"<!DOCTYPE html SYSTEM \"about:legacy-compat\"><p>x",
		"<!DOCTYPE><p>x", "<!DOCTYPE html PUBLIC \"\" \"\"><p>x",
		"<p>caf\xe9 \xff\xfe</p><a title=\"\xe9t\xe9\">x</a>",
		"text first <b>bold</b> last",
		"<!--before--><html><body><p>x</p></body></html><!--after-->after text<p>late",
		"",
		"   \n ",
		"<table><tr><td>a<td>b</table>loose<table>t</table>",
		"<p>one<p>two<b><i>bi</b>t</i><div>d</div>",
		"<pre>\n  keep  \n</pre><textarea> t  </textarea><script> x  <b> </script>"
		"<style> a  b </style><code>  c  </code>",
		"<p a=1 A=2 b=3 a=4 ]x=5>dups</p><l]x(>junk</l]x(>",
		"<frameset><frame src=a><noframes>n</noframes></frameset>",
	};

	(void)state;
	for (size_t i = 0; i < sizeof(pages) / sizeof(pages[0]); i++)
		assert_direct_is_copy_str(pages[i]);
	assert_direct_is_copy(with_nul, sizeof(with_nul) - 1);
}

/* A page whose HTML5 tree passes the node limit is refused by both, with
 * the same error (formatting elements left open, copied into every
 * paragraph). */
static void direct_tree_is_refused_as_the_copy_past_the_node_limit(void **state)
{
	smart_limits limits = *smart_limits_get(), small = limits;
	smart_error err = { { 0 } };
	smart_strbuf page = { 0 };

	(void)state;
	for (unsigned i = 0; i < 300; i++)
		assert_int_equal(smart__strbuf_printf(&page, "<b id=%u>", i), 0);
	for (unsigned i = 0; i < 300; i++)
		assert_int_equal(smart__strbuf_append(&page, "<p>x", 4), 0);
	small.max_nodes = 20000;
	assert_int_equal(smart_limits_set(&small, &err), 0);
	assert_direct_is_copy(page.data, page.len);
	small.max_nodes = 200000; /* within the limit, the same tree */
	assert_int_equal(smart_limits_set(&small, &err), 0);
	assert_direct_is_copy(page.data, page.len);
	assert_int_equal(smart_limits_set(&limits, &err), 0);
	smart__strbuf_free(&page);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(trees_that_differ_in_one_field_are_told_apart),
		cmocka_unit_test(direct_tree_is_the_copy_on_html5lib_inputs),
		cmocka_unit_test(direct_tree_is_the_copy_on_fixture_and_example_pages),
		cmocka_unit_test(direct_tree_is_the_copy_on_shipped_corpora),
		cmocka_unit_test(direct_tree_is_the_copy_on_random_pages),
		cmocka_unit_test(direct_tree_is_the_copy_past_the_depth_cap),
		cmocka_unit_test(direct_tree_is_the_copy_on_edges),
		cmocka_unit_test(direct_tree_is_refused_as_the_copy_past_the_node_limit),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
