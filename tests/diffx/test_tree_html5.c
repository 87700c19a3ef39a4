/* HTML5 tree construction (diffx/tree_html5.c): the trees a browser
 * builds, within the same limits as libxml2's, and the same text rules. */
#include "../support/support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"

/* A page of n formatting elements left open in a <div>, then n
 * paragraphs: HTML5 copies all n into every paragraph (n * n nodes). */
static char *open_formatting_page(unsigned n)
{
	smart_strbuf s = { 0 };

	smart__strbuf_append(&s, "<div>", 5);
	for (unsigned i = 0; i < n; i++)
		smart__strbuf_printf(&s, "<b id=%u>", i);
	smart__strbuf_append(&s, "</div>", 6);
	for (unsigned i = 0; i < n; i++)
		smart__strbuf_append(&s, "<p>x", 4);
	assert_non_null(s.data);
	return s.data;
}

static void html5_tree_that_grows_as_the_square_is_refused_by_the_node_limit(void **state)
{
	smart_limits limits = *smart_limits_get(), small = limits;
	smart_error err = { { 0 } };
	char *page = open_formatting_page(400); /* 160 000 nodes from 4 KB */
	smart_tree *t;

	(void)state;
	small.max_nodes = 20000;
	assert_int_equal(smart_limits_set(&small, &err), 0);
	t = smart_tree_parse(page, strlen(page), SMART_FORMAT_HTML, "square.html", &err);
	assert_null(t);
	assert_non_null(strstr(err.message, "square.html: "));
	assert_non_null(strstr(err.message, "--max-nodes"));
	assert_null(strchr(err.message, '\n'));
	/* libxml2 makes no copies: the same page is within the limit */
	smart_html_parser_set(SMART_HTML_PARSER_LIBXML2);
	t = smart_tree_parse(page, strlen(page), SMART_FORMAT_HTML, "square.html", &err);
	smart_html_parser_set(SMART_HTML_PARSER_DEFAULT);
	assert_non_null(t);
	smart_tree_free(t);
	assert_int_equal(smart_limits_set(&limits, &err), 0);
	free(page);
}

/* `depth` nested <div>s, parsed; fails unless laid out flat at 512 with
 * nothing dropped. Returns the seconds the parse took. */
static double parse_nested(unsigned depth)
{
	char *page = malloc((size_t)depth * 5 + 1);
	uint32_t max_depth = 0;
	smart_tree *t;
	double t0;

	assert_non_null(page);
	for (unsigned i = 0; i < depth; i++)
		memcpy(page + (size_t)i * 5, "<div>", 5);
	page[(size_t)depth * 5] = '\0';
	t0 = test_cpu_seconds();
	t = parse_html(page);
	t0 = test_cpu_seconds() - t0;
	for (uint32_t i = 0; i < t->count; i++)
		if (t->nodes[i].depth > max_depth)
			max_depth = t->nodes[i].depth;
	assert_true(max_depth <= 512);
	assert_true(t->count > depth); /* nothing dropped */
	smart_tree_free(t);
	free(page);
	return t0;
}

/* Within HTML5_MAX_NESTING gumbo builds the tree, laid out flat at 512. */
static void html5_nesting_past_512_is_laid_out_flat(void **state)
{
	(void)state;
	parse_nested(1000);
}

/* Around the depth where the tree is laid out flat (HTML_MAX_DEPTH, 512;
 * <html> is at 1, <body> at 2), with a text in the innermost <div> so that
 * the deepest element has a child: every page is at most 512 deep, with
 * every <div> and the text kept, and a page that fits is left as it is
 * (the walk that lays a tree flat is skipped when gumbo's tree has no
 * node with children at 512 or deeper). */
static void html5_nesting_around_512_is_laid_out_flat_exactly_when_needed(void **state)
{
	(void)state;
	for (unsigned n = 505; n <= 515; n++) {
		char *page = malloc((size_t)n * 5 + 2);
		uint32_t max_depth = 0, divs = 0, texts = 0;
		smart_tree *t;

		assert_non_null(page);
		for (unsigned i = 0; i < n; i++)
			memcpy(page + (size_t)i * 5, "<div>", 5);
		memcpy(page + (size_t)n * 5, "x", 2);
		t = parse_html(page);
		for (uint32_t i = 0; i < t->count; i++) {
			if (t->nodes[i].depth > max_depth)
				max_depth = t->nodes[i].depth;
			divs += t->nodes[i].kind == SMART_NODE_ELEMENT &&
				strcmp(t->nodes[i].name, "div") == 0;
			texts += t->nodes[i].kind == SMART_NODE_TEXT;
		}
		/* the text sits at n + 3 (document 0, html 1, body 2) until 512 */
		assert_int_equal(max_depth, n + 3 <= 512 ? n + 3 : 512);
		assert_int_equal(divs, n);
		assert_int_equal(texts, 1);
		smart_tree_free(t);
		free(page);
	}
}

/* gumbo's time grows as tags times depth (a minute for 100 000 nested
 * <div>); deeper pages go to libxml2, whose time grows linearly: four
 * times the depth takes about four times as long, not sixteen. */
static void html5_very_deep_page_is_parsed_in_linear_time(void **state)
{
	double small, big;

	(void)state;
	small = parse_nested(25000);
	big = parse_nested(100000);
	printf("# 25 000 nested: %.3f s, 100 000: %.3f s\n", small, big);
	assert_true(big < 8 * small + 0.05);
}

static void html5_page_that_is_not_utf8_is_read_as_latin1(void **state)
{
	smart_tree *t = parse_html("<p>caf\xe9</p>");
	uint32_t p = find_node(t, "p", 0);

	(void)state;
	assert_string_equal(t->nodes[t->nodes[p].first_child].text, "caf\xc3\xa9");
	smart_tree_free(t);
}

static void html5_white_space_in_code_is_content_as_with_libxml2(void **state)
{
	smart_tree *t = parse_html("<p>a   b <code>x  y</code></p>");
	uint32_t p = find_node(t, "p", 0), code = find_node(t, "code", 0);

	(void)state;
	assert_string_equal(t->nodes[t->nodes[p].first_child].text, "a b");
	assert_string_equal(t->nodes[t->nodes[code].first_child].text, "x  y");
	smart_tree_free(t);
}

/* The faults at the tree level: a dropped </em> carries the
 * emphasis into the next paragraph, a dropped </form> makes a second
 * form's inputs the first form's. */
static void html5_dropped_end_tags_change_the_tree(void **state)
{
	smart_tree *good = parse_html("<p><em>a</em> b</p><p>c</p>");
	smart_tree *bad = parse_html("<p><em>a b</p><p>c</p>");
	smart_tree *form_good = parse_html("<form id=a><input name=x></form><form id=b><input name=y></form>");
	smart_tree *form_bad = parse_html("<form id=a><input name=x><form id=b><input name=y></form>");

	(void)state;
	assert_false(smart_tree_equal(good, bad));
	find_node(bad, "em", 1); /* the second paragraph's copy */
	assert_false(smart_tree_equal(form_good, form_bad));
	assert_int_equal(form_bad->nodes[find_node(form_bad, "form", 0)].attr_count, 1);
	find_node(form_good, "form", 1);
	smart_tree_free(good);
	smart_tree_free(bad);
	smart_tree_free(form_good);
	smart_tree_free(form_bad);
}

static void html5_svg_keeps_its_names(void **state)
{
	smart_tree *t = parse_html("<svg viewBox='0 0 1 1'><foreignObject/><a xlink:href=u /></svg>");
	uint32_t svg = find_node(t, "svg", 0), a = find_node(t, "a", 0);

	(void)state;
	find_node(t, "foreignObject", 0);
	assert_non_null(smart_tree_attr(t, svg, "viewBox"));
	assert_non_null(smart_tree_attr(t, a, "xlink:href"));
	smart_tree_free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(html5_tree_that_grows_as_the_square_is_refused_by_the_node_limit),
		cmocka_unit_test(html5_nesting_past_512_is_laid_out_flat),
		cmocka_unit_test(html5_nesting_around_512_is_laid_out_flat_exactly_when_needed),
		cmocka_unit_test(html5_very_deep_page_is_parsed_in_linear_time),
		cmocka_unit_test(html5_page_that_is_not_utf8_is_read_as_latin1),
		cmocka_unit_test(html5_white_space_in_code_is_content_as_with_libxml2),
		cmocka_unit_test(html5_dropped_end_tags_change_the_tree),
		cmocka_unit_test(html5_svg_keeps_its_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
