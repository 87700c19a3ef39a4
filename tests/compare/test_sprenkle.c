/* Sprenkle et al. 2005 and 2007: each comparator passes the pairs its
 * definition ignores and fails the pairs it looks at. */
#include "../support/support.h"

#include <stdio.h>
#include <string.h>

#define PASS(name, a, b) assert_int_equal(compare_verdict(name, NULL, a, b), 0)
#define FAIL(name, a, b) assert_int_equal(compare_verdict(name, NULL, a, b), 1)

static const char page[] =
	"<html><head><title>Shop</title><meta name=\"gen\" content=\"v1\">"
	"<script>var t = 1;</script></head><body>\n"
	"  <!-- sidebar -->\n"
	"  <h1>Books</h1>\n"
	"  <p>Updated on 2009-08-22 at 16:43</p>\n"
	"  <div class=\"list\"><a href=\"/a\">A</a> <a href=\"/b\">B</a> <img src=\"/i.png\" alt=\"i\"></div>\n"
	"  <form action=\"/buy\"><input name=\"qty\" value=\"1\"><input type=\"checkbox\" name=\"gift\">"
	"<select name=\"ship\"><option value=\"std\" selected>Standard</option><option value=\"exp\">Express</option></select>"
	"<input type=\"submit\" value=\"Buy\"></form>\n"
	"</body></html>\n";

/* Returns `page` with the first occurrence of `from` replaced by `to`. */
static const char *edit(const char *from, const char *to)
{
	static char buf[16][4096]; /* a test may hold a few results at once */
	static int k;
	const char *at = strstr(page, from);
	char *out = buf[k++ % 16];

	if (!at)
		fail_msg("no '%s' in page", from);
	snprintf(out, 4096, "%.*s%s%s", (int)(at - page), page, to, at + strlen(from));
	return out;
}

static void every_comparator_passes_a_page_against_itself(void **state)
{
	size_t n;
	const smart_comparator *c = smart_comparators(&n);

	(void)state;
	for (size_t i = 0; i < n; i++)
		if (compare_verdict(c[i].name, NULL, page, page) != 0)
			fail_msg("%s fails identical pages", c[i].name);
}

static void every_comparator_fails_an_unrelated_page(void **state)
{
	size_t n;
	const smart_comparator *c = smart_comparators(&n);
	const char *other = "<html><body><h2>Error 500</h2><pre>NullPointerException at line 12</pre></body></html>";

	(void)state;
	for (size_t i = 0; i < n; i++) /* Flist sees replay manifests, not pages */
		if (strcmp(c[i].name, "Flist") != 0 && compare_verdict(c[i].name, NULL, page, other) != 1)
			fail_msg("%s passes an unrelated page", c[i].name);
}

static void raw_and_document_fail_on_any_byte(void **state)
{
	(void)state;
	FAIL("Raw", page, edit("<!-- sidebar -->", "<!-- side bar -->"));
	FAIL("Document", page, edit("</body>", "</body> "));
	FAIL("D", "a\n", "a");
}

static void document_base_ignores_comments_meta_and_scripts(void **state)
{
	(void)state;
	PASS("DocumentBase", page, edit("<!-- sidebar -->", "<!-- menu -->"));
	PASS("DocumentBase", page, edit("var t = 1;", "var t = 2;"));
	PASS("DB", page, edit("content=\"v1\"", "content=\"v2\""));
	FAIL("DB", page, edit("<h1>Books</h1>", "<h1>Films</h1>"));
}

static void document_base_sees_white_space_collapsed_does_not(void **state)
{
	(void)state;
	FAIL("DocumentBase", page, edit("<h1>Books</h1>", "<h1>Books </h1>"));
	PASS("DocumentBase-CollapsedWhiteSpace", page, edit("<h1>Books</h1>", "<h1> Books\n </h1>"));
	FAIL("DB-W", page, edit("<h1>Books</h1>", "<h2>Books</h2>"));
}

static void content_ignores_tags_but_not_text(void **state)
{
	(void)state;
	PASS("Content", page, edit("<h1>Books</h1>", "<h2>Books</h2>"));
	PASS("Content", page, edit("href=\"/a\"", "href=\"/z\""));
	FAIL("Content", page, edit("Books", "Bookz"));
	FAIL("Content", page, edit("<h1>Books</h1>", "<h1>Books  </h1>"));
	PASS("Content-CollapsedWhiteSpace", page, edit("<h1>Books</h1>", "<h1>Books  </h1>"));
	FAIL("C-W", page, edit("Books", "Bookz"));
}

static void content_collapsed_ws_dates_passes_page_whose_only_change_is_a_date(void **state)
{
	const char *later = edit("2009-08-22 at 16:43", "2010-01-05 at 09:02");

	(void)state;
	PASS("Content-CollapsedWS-Dates", page, later);
	FAIL("Content-CollapsedWhiteSpace", page, later);
	PASS("C-WD", "<p>Printed Mon, Aug 24 2009 11:02 PM</p>", "<p>Printed Tue, Sep 1 2009 9:15 AM</p>");
	PASS("C-WD", "<p>as of 24 March 2020</p>", "<p>as of 3 April 2021</p>");
	FAIL("C-WD", page, edit("Updated on", "Deleted on"));
}

static void structure_and_tags_see_attributes_not_text(void **state)
{
	(void)state;
	PASS("Structure", page, edit("Books", "Films"));
	FAIL("Structure", page, edit("class=\"list\"", "class=\"grid\""));
	FAIL("Structure", page, edit("content=\"v1\"", "content=\"v2\""));
	PASS("Tags", page, edit("Books", "Films"));
	FAIL("Tags", page, edit("class=\"list\"", "class=\"grid\""));
	PASS("Tags", page, edit("content=\"v1\"", "content=\"v2\""));
}

static void tags_no_closing_ignores_where_elements_close(void **state)
{
	const char *a = "<div><div>a</div><div>b</div></div>";
	const char *b = "<div><div>a<div>b</div></div></div>";

	(void)state;
	FAIL("Tags", a, b);
	PASS("Tags-NoClosing", a, b);
	FAIL("T-NC", a, "<div><div>a</div><p>b</p></div>");
	PASS("TagNames-NoClosing", a, b);
	FAIL("TagNames", a, b);
}

static void tags_style_and_layout_variants_ignore_their_tags(void **state)
{
	const char *bold = edit("<h1>Books</h1>", "<h1><b>Books</b></h1>");
	const char *boxed = edit("<h1>Books</h1>", "<div align=\"center\"><h1>Books</h1></div>");

	(void)state;
	FAIL("Tags", page, bold);
	PASS("Tags-Style", page, bold);
	PASS("T-S", page, edit("class=\"list\"", "class=\"grid\""));
	FAIL("Tags-Style", page, boxed);
	PASS("Tags-StyleLayout", page, boxed);
	FAIL("T-SL", page, edit("href=\"/a\"", "href=\"/z\""));
}

static void tag_names_fail_a_page_whose_form_lost_an_input(void **state)
{
	const char *lost = edit("<input type=\"checkbox\" name=\"gift\">", "");

	(void)state;
	FAIL("TagNames", page, lost);
	PASS("TagNames", page, edit("href=\"/a\"", "href=\"/z\""));
	PASS("N", page, edit("Books", "Films"));
	FAIL("TagNames-Style", page, edit("<h1>Books</h1>", "<h1>Books</h1><p>x</p>"));
	PASS("N-S", page, edit("<h1>Books</h1>", "<h1><em>Books</em></h1>"));
	FAIL("N-S", page, edit("<h1>Books</h1>", "<div><h1>Books</h1></div>"));
	PASS("TagNames-StyleLayout", page, edit("<h1>Books</h1>", "<div><h1>Books</h1></div>"));
	FAIL("N-SL", page, lost);
}

static void important_attributes_count_others_do_not(void **state)
{
	(void)state;
	FAIL("TagNames+ImptAttrs", page, edit("href=\"/a\"", "href=\"/z\""));
	PASS("N+I", page, edit("class=\"list\"", "class=\"grid\""));
	PASS("N+I", page, edit("<option value=\"std\" selected>", "<option value=\"std\">"));
	/* A missing attribute takes its default: input type is "text". */
	PASS("N+I", page, edit("<input name=\"qty\" value=\"1\">",
			       "<input type=\"text\" name=\"qty\" value=\"1\">"));
	FAIL("N+I", page, edit("<input name=\"qty\" value=\"1\">",
			       "<input type=\"hidden\" name=\"qty\" value=\"1\">"));
	FAIL("N+I", page, edit("action=\"/buy\"", "action=\"/sell\""));
	FAIL("N+I", page, edit("<h1>Books</h1>", "<h1><b>Books</b></h1>"));
	PASS("TagNames+ImptAttrs-Style", page, edit("<h1>Books</h1>", "<h1><b>Books</b></h1>"));
	FAIL("N+I-S", page, edit("<h1>Books</h1>", "<div><h1>Books</h1></div>"));
	PASS("TagNames+ImptAttrs-StyleLayout", page, edit("<h1>Books</h1>", "<div><h1>Books</h1></div>"));
	FAIL("N+I-SL", page, edit("src=\"/i.png\"", "src=\"/j.png\""));
}

static void unordered_links_pass_reordered_links(void **state)
{
	const char *swapped = edit("<a href=\"/a\">A</a> <a href=\"/b\">B</a>",
				   "<a href=\"/b\">B</a> <a href=\"/a\">A</a>");

	(void)state;
	PASS("TagNames+UnorderedLinks", page, swapped);
	FAIL("N+I", page, swapped);
	FAIL("N+U", page, edit("href=\"/a\"", "href=\"/z\""));
	FAIL("N+U", page, edit("src=\"/i.png\"", "src=\"/j.png\""));
	FAIL("N+U", page, edit("<a href=\"/a\">A</a>", "")); /* fewer links */
	PASS("TagNames-Style+UnorderedLinks", page, edit("<a href=\"/a\">A</a>", "<a href=\"/a\"><i>A</i></a>"));
	PASS("TagNames-StyleLayout+UnorderedLinks", page,
	     edit("<a href=\"/a\">A</a> <a href=\"/b\">B</a>",
		  "<span><a href=\"/b\">B</a></span> <a href=\"/a\">A</a>"));
	FAIL("N-SL+U", page, edit("href=\"/b\"", "href=\"/c\""));
}

static void forms_compare_unordered_controls_and_selection(void **state)
{
	const char *reordered = edit("<input name=\"qty\" value=\"1\"><input type=\"checkbox\" name=\"gift\">",
				     "<input type=\"checkbox\" name=\"gift\"><input name=\"qty\" value=\"1\">");
	const char *reselected = edit("<option value=\"std\" selected>Standard</option><option value=\"exp\">",
				      "<option value=\"std\">Standard</option><option value=\"exp\" selected>");

	(void)state;
	PASS("TagNames+Forms", page, reordered);
	FAIL("N+I", page, reordered);
	FAIL("TagNames+Forms", page, reselected);
	PASS("TagNames+Forms-Select", page, reselected);
	FAIL("N+F-Sel", page, edit("value=\"exp\"", "value=\"air\""));
	FAIL("N+F-Sel", page, edit("name=\"ship\"", "name=\"post\""));
	PASS("N+F-Sel", page, edit("Books", "Films"));
	/* An option without a value submits its text. */
	FAIL("N+F", "<select name=s><option>One</option></select>",
	     "<select name=s><option>Two</option></select>");
}

static void table4_unions_and_intersections_combine_verdicts(void **state)
{
	const char *text = edit("Books", "Films");             /* C-WD fails, N+I passes */
	const char *link = edit("href=\"/a\"", "href=\"/z\""); /* N+I fails, C-WD passes */
	const char *date = edit("2009-08-22", "2009-08-23");   /* both pass */
	const char *both = edit("<h1>Books</h1>", "<h2>Films</h2>");

	(void)state;
	FAIL("N+I_or_C-WD", page, text);
	FAIL("N+I_or_C-WD", page, link);
	PASS("N+I_or_C-WD", page, date);
	PASS("N+I_and_C-WD", page, text);
	PASS("N+I_and_C-WD", page, link);
	FAIL("N+I_and_C-WD", page, both);
	FAIL("N+I-S_or_C-WD", page, text);
	FAIL("N+I-SL_or_C-WD", page, link);
	FAIL("N+F-Sel_or_C", page, text);
	PASS("N+F-Sel_and_N+I", page, link);
	PASS("N+I_or_N+U", page, text);
	FAIL("N+I_or_N-SL+U", page, link);
	PASS("N+I_and_N-SL+U", page, edit("<a href=\"/a\">A</a> <a href=\"/b\">B</a>",
					 "<a href=\"/b\">B</a> <a href=\"/a\">A</a>"));
}

static void differences_name_where_and_what(void **state)
{
	smart_error err = { { 0 } };
	const char *b = edit("Books", "Films");
	smart_compare_pair *pair = smart_compare_pair_new(&(smart_document){ page, strlen(page), "o" },
							  &(smart_document){ b, strlen(b), "n" },
							  SMART_FORMAT_HTML, &err);
	smart_compare_result r;

	(void)state;
	assert_non_null(pair);
	smart_compare_result_init(&r);
	assert_int_equal(smart_compare_by_name("Raw", pair, NULL, &r, &err), 1);
	assert_int_equal(r.differences_found, 1);
	assert_string_equal(r.differences[0].where, "lines old 3, new 3");
	assert_string_equal(r.differences[0].old_text, "  <h1>Books</h1>");
	assert_string_equal(r.differences[0].new_text, "  <h1>Films</h1>");
	assert_int_equal(smart_compare_by_name("C-W", pair, NULL, &r, &err), 1);
	assert_string_equal(r.differences[0].old_text, "Books");
	assert_int_equal(smart_compare_by_name("nonesuch", pair, NULL, &r, &err), -1);
	assert_string_equal(err.message, "unknown comparator 'nonesuch' (see 'smart compare --list')");
	smart_compare_result_clear(&r);
	smart_compare_pair_free(pair);
}

static void malformed_xml_is_an_error_not_a_verdict(void **state)
{
	smart_error err = { { 0 } };
	smart_compare_pair *pair = smart_compare_pair_new(&(smart_document){ "<a>", 3, "old.xml" },
							  &(smart_document){ "<a/>", 4, "new.xml" },
							  SMART_FORMAT_XML, &err);

	(void)state;
	assert_int_equal(smart_compare_by_name("Tags", pair, NULL, NULL, &err), -1);
	assert_non_null(strstr(err.message, "old.xml:1: not well-formed XML"));
	assert_int_equal(smart_compare_by_name("Raw", pair, NULL, NULL, &err), 1);
	smart_compare_pair_free(pair);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_comparator_passes_a_page_against_itself),
		cmocka_unit_test(every_comparator_fails_an_unrelated_page),
		cmocka_unit_test(raw_and_document_fail_on_any_byte),
		cmocka_unit_test(document_base_ignores_comments_meta_and_scripts),
		cmocka_unit_test(document_base_sees_white_space_collapsed_does_not),
		cmocka_unit_test(content_ignores_tags_but_not_text),
		cmocka_unit_test(content_collapsed_ws_dates_passes_page_whose_only_change_is_a_date),
		cmocka_unit_test(structure_and_tags_see_attributes_not_text),
		cmocka_unit_test(tags_no_closing_ignores_where_elements_close),
		cmocka_unit_test(tags_style_and_layout_variants_ignore_their_tags),
		cmocka_unit_test(tag_names_fail_a_page_whose_form_lost_an_input),
		cmocka_unit_test(important_attributes_count_others_do_not),
		cmocka_unit_test(unordered_links_pass_reordered_links),
		cmocka_unit_test(forms_compare_unordered_controls_and_selection),
		cmocka_unit_test(table4_unions_and_intersections_combine_verdicts),
		cmocka_unit_test(differences_name_where_and_what),
		cmocka_unit_test(malformed_xml_is_an_error_not_a_verdict),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
