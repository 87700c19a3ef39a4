/* The document tree: what libxml2's output becomes, and what it must never do. */
#include "../support/support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void tree_subtree_is_contiguous_preorder_range(void **state)
{
	smart_tree *t = parse_html("<html><body><div><p>a</p><p>b</p></div><ul><li>x</li></ul></body></html>");
	uint32_t div = find_node(t, "div", 0), ul = find_node(t, "ul", 0);

	(void)state;
	assert_int_equal(t->nodes[0].kind, SMART_NODE_DOCUMENT);
	assert_int_equal(t->nodes[0].size, t->count);
	assert_int_equal(t->nodes[div].size, 5); /* div, p, text, p, text */
	assert_int_equal(div + t->nodes[div].size, ul);
	for (uint32_t i = 1; i < t->count; i++) {
		uint32_t p = t->nodes[i].parent;

		assert_true(p < i);
		assert_true(i < p + t->nodes[p].size);
		assert_int_equal(t->nodes[i].depth, t->nodes[p].depth + 1);
	}
	smart_tree_free(t);
}

static void tree_collapses_white_space_and_drops_blank_text(void **state)
{
	smart_tree *t = parse_html("<p>\n  hello \t\n world  </p>\n\n<p>   </p>");
	uint32_t p = find_node(t, "p", 0);
	uint32_t text = t->nodes[p].first_child;

	(void)state;
	assert_int_equal(t->nodes[text].kind, SMART_NODE_TEXT);
	assert_string_equal(t->nodes[text].text, "hello world");
	assert_int_equal(t->nodes[text].text_len, 11);
	assert_int_equal(t->nodes[find_node(t, "p", 1)].first_child, SMART_NONE);
	smart_tree_free(t);
}

static void tree_keeps_white_space_inside_pre(void **state)
{
	smart_tree *t = parse_html("<pre>a\n  b</pre>");
	uint32_t pre = find_node(t, "pre", 0);

	(void)state;
	assert_string_equal(t->nodes[t->nodes[pre].first_child].text, "a\n  b");
	smart_tree_free(t);
}

/* Each name's white-space rule is remembered per tree (the first 64
 * names): a name met again, and one past the 64th, still keep theirs,
 * with either HTML parser. */
static void tree_keeps_white_space_rules_past_many_names(void **state)
{
	char doc[2048] = "<code>a  b</code>";
	size_t used = strlen(doc);

	(void)state;
	for (int k = 0; k < 70; k++)
		used += (size_t)snprintf(doc + used, sizeof(doc) - used, "<e%d>x</e%d>", k, k);
	snprintf(doc + used, sizeof(doc) - used,
		 "<pre>c  d</pre><p>e   f</p><pre>g  h</pre><code>i  j</code>");
	for (int parser = 0; parser < 2; parser++) {
		smart_tree *t;

		smart_html_parser_set(parser ? SMART_HTML_PARSER_LIBXML2 : SMART_HTML_PARSER_HTML5);
		t = parse_html(doc);
		assert_string_equal(t->nodes[find_node(t, "code", 0) + 1].text, "a  b");
		assert_true(t->nodes[find_node(t, "pre", 0)].name_id >= 64);
		assert_string_equal(t->nodes[find_node(t, "pre", 0) + 1].text, "c  d");
		assert_string_equal(t->nodes[find_node(t, "p", 0) + 1].text, "e f");
		assert_string_equal(t->nodes[find_node(t, "pre", 1) + 1].text, "g  h");
		assert_string_equal(t->nodes[find_node(t, "code", 1) + 1].text, "i  j");
		smart_tree_free(t);
	}
	smart_html_parser_set(SMART_HTML_PARSER_DEFAULT);
}

/* ANNOTATION.md rule W: the code-like inline elements' text is literal,
 * and the text around them is still layout. */
static void tree_keeps_white_space_inside_code_kbd_samp_tt(void **state)
{
	static const char *const names[] = { "code", "kbd", "samp", "tt" };

	(void)state;
	for (size_t i = 0; i < 4; i++) {
		char doc[128];
		smart_tree *t;
		uint32_t p, e;

		snprintf(doc, sizeof(doc), "<p>  run \n <%s> a  b </%s></p><p><%s> </%s></p>", names[i],
			 names[i], names[i], names[i]);
		t = parse_html(doc);
		p = find_node(t, "p", 0);
		e = find_node(t, names[i], 0);
		assert_string_equal(t->nodes[t->nodes[p].first_child].text, "run");
		assert_string_equal(t->nodes[t->nodes[e].first_child].text, " a  b ");
		/* a lone space in code is a text of its own */
		e = find_node(t, names[i], 1);
		assert_int_not_equal(t->nodes[e].first_child, SMART_NONE);
		smart_tree_free(t);
	}
}

static void tree_attributes_are_sorted_set_first_duplicate_wins(void **state)
{
	smart_tree *t = parse_html("<a title=t href=x HREF=y class=c>k</a>");
	uint32_t a = find_node(t, "a", 0);

	(void)state;
	assert_int_equal(t->nodes[a].attr_count, 3);
	assert_string_equal(t->attrs[t->nodes[a].attr_first].name, "class");
	assert_string_equal(smart_tree_attr(t, a, "href")->value, "x");
	assert_string_equal(smart_tree_attr(t, a, "title")->value, "t");
	assert_null(smart_tree_attr(t, a, "id"));
	smart_tree_free(t);
}

/* An element with two attributes has them by name whichever order the
 * page wrote them in, with either HTML parser and in XML (the builder
 * orders a pair without qsort). */
static void tree_two_attributes_are_sorted_by_name(void **state)
{
	smart_tree *t;

	(void)state;
	for (int parser = 0; parser < 3; parser++) {
		uint32_t a, b;

		smart_html_parser_set(parser == 1 ? SMART_HTML_PARSER_LIBXML2 : SMART_HTML_PARSER_HTML5);
		t = parser == 2 ? parse_xml("<r><a title='t' href='x'>k</a><a href='y' title='u'/></r>")
				: parse_html("<p><a title=t href=x>k</a><a href=y title=u>l</a></p>");
		a = find_node(t, "a", 0);
		b = find_node(t, "a", 1);
		assert_int_equal(t->nodes[a].attr_count, 2);
		assert_string_equal(t->attrs[t->nodes[a].attr_first].name, "href");
		assert_string_equal(t->attrs[t->nodes[a].attr_first].value, "x");
		assert_string_equal(t->attrs[t->nodes[a].attr_first + 1].name, "title");
		assert_string_equal(t->attrs[t->nodes[a].attr_first + 1].value, "t");
		assert_int_equal(t->nodes[b].attr_count, 2);
		assert_string_equal(t->attrs[t->nodes[b].attr_first].value, "y");
		assert_string_equal(t->attrs[t->nodes[b].attr_first + 1].value, "u");
		smart_tree_free(t);
	}
	smart_html_parser_set(SMART_HTML_PARSER_DEFAULT);
}

static void tree_marks_comments_and_processing_instructions(void **state)
{
	smart_tree *t = parse_xml("<?xml version='1.0'?><r><!-- note --><?php x ?><a/></r>");
	uint32_t c = find_node(t, "#comment", 0), pi = find_node(t, "php", 0);

	(void)state;
	assert_int_equal(t->nodes[c].kind, SMART_NODE_COMMENT);
	assert_false(smart_node_is_content(&t->nodes[c]));
	assert_int_equal(t->nodes[pi].kind, SMART_NODE_PI);
	assert_false(smart_node_is_content(&t->nodes[pi]));
	smart_tree_free(t);
}

static void tree_path_counts_same_named_siblings(void **state)
{
	smart_tree *t = parse_html("<html><body><div>x</div><p>a</p><div><p>b</p><p>c<b>d</b>e</p></div></body></html>");
	char buf[256];
	uint32_t p3 = find_node(t, "p", 2);
	uint32_t e = t->nodes[find_node(t, "b", 0)].next_sibling;

	(void)state;
	smart_tree_path(t, p3, buf, sizeof(buf));
	assert_string_equal(buf, "/html/body/div[2]/p[2]");
	smart_tree_path(t, e, buf, sizeof(buf));
	assert_string_equal(buf, "/html/body/div[2]/p[2]/text()[2]");
	smart_tree_path(t, 0, buf, sizeof(buf));
	assert_string_equal(buf, "/");
	smart_tree_free(t);
}

static void tree_path_reports_full_length_when_truncated(void **state)
{
	smart_tree *t = parse_html("<html><body><div><p>a</p></div></body></html>");
	char small[8];
	size_t need = smart_tree_path(t, find_node(t, "p", 0), small, sizeof(small));

	(void)state;
	assert_int_equal(need, strlen("/html/body/div/p"));
	assert_int_equal(strlen(small), sizeof(small) - 1);
	smart_tree_free(t);
}

static void tree_equal_ignores_formatting_and_comments(void **state)
{
	smart_tree *a = parse_html("<html><body><p class='x'  id=y>Hello   world</p></body></html>");
	smart_tree *b = parse_html("<html>\n <body>\n  <!-- c -->\n  <p id=\"y\" class=\"x\">Hello\nworld</p>\n </body>\n</html>\n");
	smart_tree *c = parse_html("<html><body><p class='x' id=z>Hello world</p></body></html>");

	(void)state;
	assert_true(smart_tree_equal(a, b));
	assert_false(smart_tree_equal(a, c));
	smart_tree_free(a);
	smart_tree_free(b);
	smart_tree_free(c);
}

/* Text before any element goes into <body>, as a browser builds it, not
 * into the <p> libxml2 would imply: a Markdown fragment that lost its
 * paragraph is another tree. */
static void tree_text_before_any_element_is_the_bodys(void **state)
{
	smart_tree *bare = parse_html("*(*foo)\n");
	smart_tree *para = parse_html("<p>*(*foo)</p>\n");
	smart_tree *bom = parse_html("\xef\xbb\xbf  \nfoo <em>bar</em>");
	char path[64];

	(void)state;
	assert_false(smart_tree_equal(bare, para));
	for (uint32_t i = 0; i < bare->count; i++)
		assert_false(bare->nodes[i].name && strcmp(bare->nodes[i].name, "p") == 0);
	smart_tree_path(bare, find_node(bare, "#text", 0), path, sizeof(path));
	assert_string_equal(path, "/html/body/text()");
	smart_tree_path(bom, find_node(bom, "em", 0), path, sizeof(path));
	assert_string_equal(path, "/html/body/em");
	smart_tree_free(bare);
	smart_tree_free(para);
	smart_tree_free(bom);
}

static void tree_replaces_invalid_utf8(void **state)
{
	const char bad[] = "<?xml version='1.0' encoding='ISO-8859-1'?><r>caf\xe9</r>";
	smart_tree *t = parse_html("<p>ok \xff\xfe bytes</p>");
	smart_tree *x = parse_xml(bad);

	(void)state;
	for (uint32_t i = 0; i < t->count; i++)
		if (t->nodes[i].text)
			assert_null(strstr(t->nodes[i].text, "\xff"));
	assert_string_equal(x->nodes[find_node(x, "#text", 0)].text, "caf\xc3\xa9");
	smart_tree_free(t);
	smart_tree_free(x);
}

static void tree_reads_undeclared_html_as_utf8_when_valid(void **state)
{
	smart_tree *utf8 = parse_html("<p>caf\xc3\xa9 \xe2\x80\x94 na\xc3\xafve</p>");
	smart_tree *latin1 = parse_html("<p>caf\xe9</p>");

	(void)state;
	assert_string_equal(utf8->nodes[find_node(utf8, "#text", 0)].text,
			    "caf\xc3\xa9 \xe2\x80\x94 na\xc3\xafve");
	/* Not valid UTF-8: libxml2's Latin-1 reading, re-encoded as UTF-8. */
	assert_string_equal(latin1->nodes[find_node(latin1, "#text", 0)].text,
			    "caf\xc3\xa9");
	smart_tree_free(utf8);
	smart_tree_free(latin1);
}

static void tree_empty_html_is_an_empty_document(void **state)
{
	smart_error err;
	smart_tree *t = smart_tree_parse("", 0, SMART_FORMAT_HTML, "empty", &err);

	(void)state;
	assert_non_null(t);
	assert_int_equal(t->count, 1);
	smart_tree_free(t);
}

static void tree_malformed_xml_names_file_and_line(void **state)
{
	smart_error err = { { 0 } };
	const char *doc = "<?xml version='1.0'?>\n<r>\n<a></b>\n</r>";
	smart_tree *t = smart_tree_parse(doc, strlen(doc), SMART_FORMAT_AUTO, "out.xml", &err);

	(void)state;
	assert_null(t);
	assert_non_null(strstr(err.message, "out.xml:3:"));
	assert_null(strchr(err.message, '\n'));
}

static void tree_never_reads_external_entities(void **state)
{
	const char *secret = write_temp_file("secret.txt", "TOPSECRET", 9);
	char doc[8192];
	smart_error err = { { 0 } };
	smart_tree *t;

	(void)state;
	snprintf(doc, sizeof(doc),
		 "<?xml version='1.0'?><!DOCTYPE r [<!ENTITY x SYSTEM 'file://%s'>]><r>&x;</r>",
		 secret);
	t = smart_tree_parse(doc, strlen(doc), SMART_FORMAT_AUTO, "xxe.xml", &err);
	if (t) {
		for (uint32_t i = 0; i < t->count; i++)
			if (t->nodes[i].text)
				assert_null(strstr(t->nodes[i].text, "TOPSECRET"));
		smart_tree_free(t);
	}
}

static void tree_billion_laughs_does_not_expand(void **state)
{
	const char *doc =
		"<?xml version='1.0'?><!DOCTYPE lolz ["
		"<!ENTITY lol 'lol'>"
		"<!ENTITY lol1 '&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;'>"
		"<!ENTITY lol2 '&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;'>"
		"<!ENTITY lol3 '&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;'>"
		"<!ENTITY lol4 '&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;'>"
		"<!ENTITY lol5 '&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;'>"
		"<!ENTITY lol6 '&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;'>"
		"<!ENTITY lol7 '&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;'>"
		"<!ENTITY lol8 '&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;'>"
		"<!ENTITY lol9 '&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;'>"
		"]><lolz a='&lol9;'>&lol9;</lolz>";
	smart_error err = { { 0 } };
	smart_tree *t = smart_tree_parse(doc, strlen(doc), SMART_FORMAT_AUTO, "lol.xml", &err);

	(void)state;
	if (t) {
		size_t total = 0;

		for (uint32_t i = 0; i < t->count; i++)
			total += t->nodes[i].text_len;
		for (uint32_t i = 0; i < t->attr_total; i++)
			total += strlen(t->attrs[i].value);
		assert_true(total < 10000);
		smart_tree_free(t);
	} else {
		assert_true(err.message[0] != '\0');
	}
}

static void tree_survives_100000_deep_html_nesting(void **state)
{
	const size_t depth = 100000;
	char *doc = malloc(depth * 5 + 16);
	smart_error err = { { 0 } };
	smart_tree *t;
	size_t len = 0;

	(void)state;
	for (size_t i = 0; i < depth; i++)
		len += (size_t)sprintf(doc + len, "<div>");
	len += (size_t)sprintf(doc + len, "deep");
	t = smart_tree_parse(doc, len, SMART_FORMAT_HTML, "deep.html", &err);
	assert_non_null(t);
	assert_true(t->count > 100);
	smart_tree_free(t);
	free(doc);
}

static void tree_keeps_what_follows_very_deep_html_flattened_as_browsers_do(void **state)
{
	const size_t depth = 3000;
	char *doc = malloc(depth * 11 + 64);
	smart_tree *t;
	uint32_t max_depth = 0, after;
	size_t len = 0;

	(void)state;
	for (size_t i = 0; i < depth; i++)
		len += (size_t)sprintf(doc + len, "<div>");
	len += (size_t)sprintf(doc + len, "deep");
	for (size_t i = 0; i < depth; i++)
		len += (size_t)sprintf(doc + len, "</div>");
	sprintf(doc + len, "<p>after</p>");
	t = parse_html(doc);
	for (uint32_t i = 0; i < t->count; i++)
		if (t->nodes[i].depth > max_depth)
			max_depth = t->nodes[i].depth;
	/* Every div survives, none deeper than the browsers' cap... */
	assert_non_null(t);
	assert_true(max_depth <= 514);
	assert_int_equal(t->nodes[find_node(t, "div", depth - 1)].kind, SMART_NODE_ELEMENT);
	/* ...and the page goes on after the deep part. */
	after = find_node(t, "p", 0);
	assert_string_equal(t->nodes[t->nodes[after].first_child].text, "after");
	smart_tree_free(t);
	free(doc);
}

static void tree_survives_binary_junk(void **state)
{
	char junk[4096];
	smart_error err = { { 0 } };
	smart_tree *t;
	uint32_t x = 12345;

	(void)state;
	for (size_t i = 0; i < sizeof(junk); i++) {
		x = x * 1103515245u + 12345u;
		junk[i] = (char)(x >> 16);
	}
	t = smart_tree_parse(junk, sizeof(junk), SMART_FORMAT_AUTO, "junk", &err);
	assert_non_null(t);
	smart_tree_free(t);
}

static void tree_sniffs_xml_but_not_xhtml(void **state)
{
	const char *xml = "\xEF\xBB\xBF  <?xml version='1.0'?><feed/>";
	const char *xhtml = "<?xml version='1.0'?><!DOCTYPE html><html><body/></html>";

	(void)state;
	assert_int_equal(smart_format_sniff(xml, strlen(xml)), SMART_FORMAT_XML);
	assert_int_equal(smart_format_sniff(xhtml, strlen(xhtml)), SMART_FORMAT_HTML);
	assert_int_equal(smart_format_sniff("<p>x", 4), SMART_FORMAT_HTML);
}

static void tree_missing_file_is_one_clear_error(void **state)
{
	smart_error err = { { 0 } };

	(void)state;
	assert_null(smart_tree_parse_file("/nonexistent/x.html", SMART_FORMAT_AUTO, &err));
	assert_string_equal(err.message, "/nonexistent/x.html: No such file or directory");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(tree_subtree_is_contiguous_preorder_range),
		cmocka_unit_test(tree_collapses_white_space_and_drops_blank_text),
		cmocka_unit_test(tree_keeps_white_space_inside_pre),
		cmocka_unit_test(tree_keeps_white_space_inside_code_kbd_samp_tt),
		cmocka_unit_test(tree_keeps_white_space_rules_past_many_names),
		cmocka_unit_test(tree_attributes_are_sorted_set_first_duplicate_wins),
		cmocka_unit_test(tree_two_attributes_are_sorted_by_name),
		cmocka_unit_test(tree_marks_comments_and_processing_instructions),
		cmocka_unit_test(tree_path_counts_same_named_siblings),
		cmocka_unit_test(tree_path_reports_full_length_when_truncated),
		cmocka_unit_test(tree_equal_ignores_formatting_and_comments),
		cmocka_unit_test(tree_text_before_any_element_is_the_bodys),
		cmocka_unit_test(tree_replaces_invalid_utf8),
		cmocka_unit_test(tree_reads_undeclared_html_as_utf8_when_valid),
		unit_test_libxml2(tree_empty_html_is_an_empty_document),
		cmocka_unit_test(tree_malformed_xml_names_file_and_line),
		cmocka_unit_test(tree_never_reads_external_entities),
		cmocka_unit_test(tree_billion_laughs_does_not_expand),
		cmocka_unit_test(tree_survives_100000_deep_html_nesting),
		cmocka_unit_test(tree_keeps_what_follows_very_deep_html_flattened_as_browsers_do),
		cmocka_unit_test(tree_survives_binary_junk),
		cmocka_unit_test(tree_sniffs_xml_but_not_xhtml),
		cmocka_unit_test(tree_missing_file_is_one_clear_error),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
