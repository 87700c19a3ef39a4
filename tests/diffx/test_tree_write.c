/* Writing trees back out: escaping, void elements, and the round trip
 * parse(write(t)) == t on hand-picked trees that stress the writer. */
#include "../support/support.h"
#include "../support/random_tree.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Writes `t` as `format`, parses the text back and checks equality. Returns
 * the written text (caller frees) so tests can look at it too. */
static char *assert_round_trip(const smart_tree *t, smart_format format)
{
	smart_error err = { { 0 } };
	size_t len = 0;
	char *text = smart_tree_write(t, format, &len, &err);
	smart_tree *back;

	assert_non_null(text);
	assert_int_equal(strlen(text), len);
	back = smart_tree_parse(text, len, format, "written", &err);
	if (!back)
		fail_msg("written text does not parse: %s\n%s", err.message, text);
	if (!smart_tree_equal(t, back))
		fail_msg("round trip changed the tree; written text:\n%s", text);
	smart_tree_free(back);
	return text;
}

static void check_html(const char *doc)
{
	smart_tree *t = parse_html(doc);

	free(assert_round_trip(t, SMART_FORMAT_HTML));
	smart_tree_free(t);
}

static void check_xml(const char *doc)
{
	smart_tree *t = parse_xml(doc);

	free(assert_round_trip(t, SMART_FORMAT_XML));
	smart_tree_free(t);
}

static void tree_write_html_escapes_text_and_attribute_values(void **state)
{
	smart_tree *t = parse_html("<p title='a \"q\" &amp; &lt;b&gt;'>x &lt; y &amp;&amp; z &gt; w</p>");
	char *text = assert_round_trip(t, SMART_FORMAT_HTML);

	(void)state;
	assert_non_null(strstr(text, "title=\"a &quot;q&quot; &amp; &lt;b&gt;\""));
	assert_non_null(strstr(text, ">x &lt; y &amp;&amp; z &gt; w</p>"));
	free(text);
	smart_tree_free(t);
}

static void tree_write_html_void_elements_have_no_end_tag(void **state)
{
	smart_tree *t = parse_html("<p>a<br>b<img src=x.png alt=''><input disabled></p><hr>");
	char *text = assert_round_trip(t, SMART_FORMAT_HTML);

	(void)state;
	assert_null(strstr(text, "</br>"));
	assert_null(strstr(text, "</img>"));
	assert_null(strstr(text, "</input>"));
	assert_non_null(strstr(text, "<input disabled=\"disabled\">"));
	free(text);
	smart_tree_free(t);
}

static void tree_write_html_non_ascii_survives_any_encoding_guess(void **state)
{
	/* With a meta charset the parser reads UTF-8; written text must come
	 * back identical however the parser guesses the encoding. */
	smart_tree *t = parse_html("<html><head><meta charset=\"utf-8\"></head>"
				   "<body><p title=\"caf\xC3\xA9\">\xE2\x82\xAC 5 \xF0\x9F\x98\x80</p></body></html>");
	char *text = assert_round_trip(t, SMART_FORMAT_HTML);

	(void)state;
	assert_non_null(strstr(text, "&#x20AC; 5 &#x1F600;"));
	assert_non_null(strstr(text, "caf&#xE9;"));
	free(text);
	smart_tree_free(t);
}

static void tree_write_html_keeps_preformatted_white_space(void **state)
{
	(void)state;
	check_html("<pre>\n  a\n\tb  </pre><textarea>  x\n y &lt;b&gt; </textarea>");
	check_html("<pre>a\r\nb\rc</pre>");
}

static void tree_write_html_script_and_style_are_raw(void **state)
{
	smart_tree *t = parse_html("<head><style>a > b { content: \"&amp;\" }</style></head>"
				   "<body><script>if (a < b && c > d) x = '&lt;';</script></body>");
	char *text = assert_round_trip(t, SMART_FORMAT_HTML);

	(void)state;
	assert_non_null(strstr(text, "if (a < b && c > d) x = '&lt;';"));
	free(text);
	smart_tree_free(t);
}

static void tree_write_html_round_trips_realistic_page(void **state)
{
	(void)state;
	check_html("<!DOCTYPE html><html lang=en><head><title>T &amp; c</title>"
		   "<link rel=stylesheet href='s.css'></head><body class='a b'>"
		   "<!-- nav --><div id=nav><ul><li><a href='/x?a=1&amp;b=2'>One</a>"
		   "<li>Two<li>Three</ul></div><table><tr><td>1<td>2<tr><td>3</table>"
		   "<form action=/go><select name=s><option selected>a<option>b</select>"
		   "<input type=text value='v \"w\"'></form><p>para one<p>para <b>two</b> end"
		   "<?php echo 1 ?></body></html>");
	check_html("");
	check_html("just text");
	check_html("<p>a</p><p>\xFF\xFE broken \xC3 utf8</p>");
}

static void tree_write_xml_round_trips_and_declares_utf8(void **state)
{
	smart_tree *t = parse_xml("<?xml version='1.0'?><!DOCTYPE r [<!ENTITY e 'x'>]>"
				  "<r xmlns:a='urn:a'><a:b a:c='1' d='x&#10;y&#9;z&#13;'>t &amp; &lt;u&gt; &e;</a:b>"
				  "<!-- c - d --><?pi data?><empty/><![CDATA[ <raw> & ]]>\xC3\xA9</r>");
	char *text = assert_round_trip(t, SMART_FORMAT_XML);

	(void)state;
	assert_true(strncmp(text, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>", 38) == 0);
	assert_non_null(strstr(text, "d=\"x&#10;y&#9;z&#13;\""));
	assert_non_null(strstr(text, "<empty/>"));
	free(text);
	smart_tree_free(t);
	check_xml("<r><a>  spaced   out  </a><b/></r>");
}

static void tree_write_survives_100000_deep_nesting(void **state)
{
	const int depth = 100000;
	char *doc = malloc((size_t)depth * 11 + 64), *p = doc;
	smart_tree *t;

	(void)state;
	assert_non_null(doc);
	p += sprintf(p, "<?xml version='1.0'?>");
	for (int i = 0; i < depth; i++)
		p += sprintf(p, "<d>");
	p += sprintf(p, "x");
	for (int i = 0; i < depth; i++)
		p += sprintf(p, "</d>");
	/* libxml2 refuses XML this deep without XML_PARSE_HUGE; HTML takes it. */
	t = parse_html(doc + strlen("<?xml version='1.0'?>"));
	free(assert_round_trip(t, SMART_FORMAT_HTML));
	smart_tree_free(t);
	free(doc);
}

/* The round trip over random documents (both formats, edited ones too). */
static void tree_write_round_trips_random_documents(void **state)
{
	(void)state;
	for (uint64_t seed = 1; seed <= 400; seed++) {
		rt_pair pair;
		smart_error err = { { 0 } };

		assert_int_equal(rt_make_pair(seed, SMART_FORMAT_AUTO, 1500, RT_EDITS_ANY, &pair), 0);
		for (int side = 0; side < 2; side++) {
			const char *doc = side ? pair.new_doc : pair.old_doc;
			size_t len = side ? pair.new_len : pair.old_len;
			smart_tree *t = smart_tree_parse(doc, len, pair.format, "random", &err);

			if (!t)
				fail_msg("seed %llu: generated document does not parse: %s\n%s",
					 (unsigned long long)seed, err.message, doc);
			free(assert_round_trip(t, pair.format));
			smart_tree_free(t);
		}
		rt_pair_free(&pair);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(tree_write_html_escapes_text_and_attribute_values),
		unit_test_libxml2(tree_write_html_void_elements_have_no_end_tag),
		cmocka_unit_test(tree_write_html_non_ascii_survives_any_encoding_guess),
		cmocka_unit_test(tree_write_html_keeps_preformatted_white_space),
		cmocka_unit_test(tree_write_html_script_and_style_are_raw),
		cmocka_unit_test(tree_write_html_round_trips_realistic_page),
		cmocka_unit_test(tree_write_xml_round_trips_and_declares_utf8),
		cmocka_unit_test(tree_write_survives_100000_deep_nesting),
		unit_test_libxml2(tree_write_round_trips_random_documents),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
