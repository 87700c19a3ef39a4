/* Crawljax (Roest et al. 2010): each comparator strips its kind of
 * difference and nothing else; the pipeline chains them under their
 * preconditions. */
#include "../support/support.h"

#include <string.h>

#define PASS(name, cfg, a, b) assert_int_equal(compare_verdict(name, cfg, a, b), 0)
#define FAIL(name, cfg, a, b) assert_int_equal(compare_verdict(name, cfg, a, b), 1)

/* Fig. 4 of the paper: the TODO list at two moments. */
static const char todo1[] =
	"<html><body><h1>Todo items</h1>\n<ul id=\"todo\">\n  <li>\n    Cleaning <a href=\"#\" "
	"onclick=\"remove(0)\">Remove</a>\n  </li>\n</ul>\n<a href=\"#\" onclick=\"addItem()\">Add</a>\n"
	"<p class=\"past\">Last update: 22-08-2009 16:43</p></body></html>";
static const char todo2[] =
	"<html><body><h1>Todo items</h1>\n<ul id=\"todo\">\n  <li>\n    Groceries <a href=\"#\" "
	"onclick=\"remove(1)\">Remove</a>\n  </li>\n  <li>\n    Cleaning <a href=\"#\" "
	"onclick=\"remove(0)\">Remove</a>\n  </li>\n</ul>\n<a href=\"#\" onclick=\"addItem()\">Add</a>\n"
	"<p class=\"new\">Last update: 22-08-2009 16:50</p></body></html>";

static void whitespace_strips_only_white_space(void **state)
{
	(void)state;
	PASS("Crawljax-WhiteSpace", NULL, "<p>a b</p>\n<p>c</p>", "<p>a  b\n</p><p> c</p>");
	PASS("Crawljax-WhiteSpace", NULL, "<a title=\"x y\">k</a>", "<a title=\"x  y\">k</a>");
	FAIL("Crawljax-WhiteSpace", NULL, "<p>a b</p>", "<p>a c</p>");
	FAIL("Crawljax-WhiteSpace", NULL, "<p>a b</p>", "<div>a b</div>");
}

static void attribute_strips_the_named_attributes(void **state)
{
	(void)state;
	PASS("Crawljax-Attribute", NULL, "<p class=\"past\">x</p>", "<p class=\"new\">x</p>");
	FAIL("Crawljax-Attribute", NULL, "<p id=\"a\">x</p>", "<p id=\"b\">x</p>");
	PASS("Crawljax-Attribute", "{\"crawljax\": {\"attributes\": [\"id\", \"onclick\"]}}",
	     "<p id=\"a\" onclick=\"f(1)\">x</p>", "<p id=\"b\" onclick=\"f(2)\">x</p>");
	FAIL("Crawljax-Attribute", "{\"crawljax\": {\"attributes\": [\"id\"]}}",
	     "<p class=\"a\">x</p>", "<p class=\"b\">x</p>");
}

static void style_strips_style_attributes_and_unwraps_style_tags(void **state)
{
	(void)state;
	PASS("Crawljax-Style", NULL, "<p>bold move</p>", "<p><b>bold</b> move</p>");
	PASS("Crawljax-Style", NULL, "<td align=\"left\" style=\"color:red\">x</td>",
	     "<td align=\"right\">x</td>");
	PASS("Crawljax-Style", NULL, "<p><font color=red><i>x</i></font></p>", "<p>x</p>");
	FAIL("Crawljax-Style", NULL, "<p><b>bold</b></p>", "<p><b>brave</b></p>");
	FAIL("Crawljax-Style", NULL, "<p>x</p>", "<p><a href=\"/\">x</a></p>");
}

static void date_strips_dates_and_times(void **state)
{
	(void)state;
	PASS("Crawljax-Date", NULL, "<p>Last update: 22-08-2009 16:43</p>",
	     "<p>Last update: 23-08-2009 16:50</p>");
	PASS("Crawljax-Date", NULL, "<span>2009-08-22T16:43:05Z</span>", "<span>2010-01-01T00:00:00Z</span>");
	FAIL("Crawljax-Date", NULL, "<p>Last update: 22-08-2009</p>", "<p>First update: 22-08-2009</p>");
}

static void regex_strips_what_the_configured_patterns_match(void **state)
{
	const char *cfg = "{\"crawljax\": {\"regex\": [\"sid=[0-9a-f]+\"]}}";

	(void)state;
	PASS("Crawljax-Regex", cfg, "<a href=\"/x?sid=ab12\">x</a>", "<a href=\"/x?sid=ff00\">x</a>");
	FAIL("Crawljax-Regex", cfg, "<a href=\"/x?sid=ab12\">x</a>", "<a href=\"/y?sid=ff00\">x</a>");
	FAIL("Crawljax-Regex", NULL, "<a href=\"/x?sid=ab12\">x</a>", "<a href=\"/x?sid=ff00\">x</a>");
	/* A regex works on the DOM string, markup included. */
	PASS("Crawljax-Regex", "{\"crawljax\": {\"regex\": [\"<p class=\\\"ad\\\">[^<]*</p>\"]}}",
	     "<div><p class=\"ad\">Buy A</p>x</div>", "<div><p class=\"ad\">Buy B</p>x</div>");
}

static void xpath_strips_the_selected_nodes(void **state)
{
	const char *cfg = "{\"crawljax\": {\"xpath\": [\"//div[@id='ad']\", \"//span/@title\"]}}";

	(void)state;
	PASS("Crawljax-XPath", cfg, "<div id=\"ad\">Buy A</div><p>x</p>", "<div id=\"ad\"><b>Buy B</b></div><p>x</p>");
	PASS("Crawljax-XPath", cfg, "<span title=\"1\">s</span>", "<span title=\"2\">s</span>");
	FAIL("Crawljax-XPath", cfg, "<div id=\"ad\">Buy A</div><p>x</p>", "<div id=\"ad\">Buy A</div><p>y</p>");
	FAIL("Crawljax-XPath", NULL, "<div id=\"ad\">Buy A</div>", "<div id=\"ad\">Buy B</div>");
	/* Namespace nodes, the document, comments: no crash, no leak. */
	PASS("Crawljax-XPath", "{\"crawljax\": {\"xpath\": [\"//namespace::*\", \"/\", \"//comment()\", \"//p/text()\"]}}",
	     "<?xml version=\"1.0\"?><r xmlns:a=\"urn:a\"><!--x--><p>1</p></r>",
	     "<?xml version=\"1.0\"?><r xmlns:a=\"urn:a\"><!--y--><p>2</p></r>");
	/* Nested selections: the inner node goes with the outer one. */
	PASS("Crawljax-XPath", "{\"crawljax\": {\"xpath\": [\"//div\"]}}",
	     "<div><div>a</div></div><p>x</p>", "<div>b</div><p>x</p>");
}

static void table_template_passes_one_more_row_of_the_same_shape(void **state)
{
	const char *t1 = "<table id=\"t\"><tr><th>Name</th></tr><tr><td>a</td><td><a href=\"/a\">a</a></td></tr></table>";
	const char *t2 = "<table id=\"t\"><tr><th>Name</th></tr><tr><td>b</td><td><a href=\"/b\">b</a></td></tr>"
			 "<tr><td>c</td><td><a href=\"/c\">c</a></td></tr></table>";
	const char *t3 = "<table id=\"t\"><tr><th>Name</th></tr><tr><td>b</td><td><a href=\"/b\">b</a></td></tr>"
			 "<tr><td>c</td><td>c</td></tr></table>";

	(void)state;
	PASS("Crawljax-Table", NULL, t1, t2);
	FAIL("Crawljax-Table", NULL, t1, t3);      /* a row of another shape */
	FAIL("Crawljax-Table", NULL, t1, "<table id=\"u\"><tr><th>Name</th></tr></table>");
	FAIL("Crawljax-Table", NULL, t1, "<table id=\"t\"><tr><th>Name</th></tr></table>"); /* emptied */
	FAIL("Crawljax-List", NULL, t1, t2);       /* List does not do tables */
	PASS("Crawljax-Structure", NULL, t1, t2);
}

static void list_template_passes_the_papers_todo_list(void **state)
{
	(void)state;
	FAIL("Crawljax-List", NULL, todo1, todo2); /* the date and class still differ */
	PASS("Crawljax-List", NULL, "<ul id=\"todo\"><li>a <a href=\"#\">x</a></li></ul>",
	     "<ul id=\"todo\"><li>b <a href=\"#\">y</a></li><li>c <a href=\"#\">z</a></li></ul>");
	PASS("Crawljax-List", NULL, "<select name=s><option value=1>a</option></select>",
	     "<select name=s><option value=2>b</option><option value=3>c</option></select>");
	PASS("Crawljax-List", NULL, "<dl><dt>a</dt><dd>1</dd></dl>", "<dl><dt>a</dt><dd>1</dd><dt>b</dt><dd>2</dd></dl>");
	FAIL("Crawljax-List", NULL, "<dl><dt>a</dt><dd>1</dd></dl>", "<dl><dt>a</dt><dd>1</dd><dt>b</dt></dl>");
	FAIL("Crawljax-List", NULL, "<ol><li>a</li></ol>", "<ol><li>a</li><li><ul><li>b</li></ul></li></ol>");
	FAIL("Crawljax-Table", NULL, "<ul><li>a</li></ul>", "<ul><li>a</li><li>b</li></ul>");
}

static void pipeline_chains_stages_like_figure_7(void **state)
{
	const char *cfg = "{\"crawljax\": {\"pipeline\": ["
			  "{\"comparator\": \"Crawljax-Date\"}, {\"comparator\": \"Crawljax-Attribute\"},"
			  "{\"comparator\": \"Crawljax-List\"}, {\"comparator\": \"Crawljax-WhiteSpace\"}]}}";

	(void)state;
	PASS("Crawljax-Pipeline", cfg, todo1, todo2);
	FAIL("Crawljax-Pipeline", cfg, todo1, "<html><body><h1>Todo items</h1></body></html>");
	/* Without the list template the extra item is a difference. */
	FAIL("Crawljax-Pipeline",
	     "{\"crawljax\": {\"pipeline\": [{\"comparator\": \"Crawljax-Date\"}, "
	     "{\"comparator\": \"Crawljax-Attribute\"}]}}", todo1, todo2);
	/* The default pipeline: dates, style, tables, lists, white space. */
	PASS("Crawljax-Pipeline", NULL, "<p>on 2009-01-02</p><ul><li>a</li></ul>",
	     "<p> on <b>2010-03-04</b></p><ul><li>b</li><li>c</li></ul>");
	FAIL("Crawljax-Pipeline", NULL, "<p>on 2009-01-02</p>", "<p>off 2009-01-02</p>");
}

static void preconditions_decide_whether_a_stage_runs(void **state)
{
	const char *a = "<h1>Todo items</h1><p class=\"past\">x</p>";
	const char *b = "<h1>Todo items</h1><p class=\"new\">x</p>";
	const char *c = "<h1>Shopping</h1><p class=\"past\">x</p>";
	const char *d = "<h1>Shopping</h1><p class=\"new\">x</p>";
	const char *regex = "{\"crawljax\": {\"pipeline\": [{\"comparator\": \"Crawljax-Attribute\","
			    "\"preconditions\": [{\"regex\": \"<h1>Todo items</h1>\"}]}]}}";
	const char *inverted = "{\"crawljax\": {\"pipeline\": [{\"comparator\": \"Crawljax-Attribute\","
			       "\"preconditions\": [{\"xpath\": \"//h1[text()='Todo items']\", \"invert\": true}]}]}}";
	const char *either = "{\"crawljax\": {\"pipeline\": [{\"comparator\": \"Crawljax-Attribute\","
			     "\"preconditions\": [{\"or\": [{\"regex\": \"Shopping\"}, {\"xpath\": \"//h1[.='Todo items']\"}]}]}]}}";

	(void)state;
	PASS("Crawljax-Pipeline", regex, a, b);
	FAIL("Crawljax-Pipeline", regex, c, d);
	FAIL("Crawljax-Pipeline", inverted, a, b);
	PASS("Crawljax-Pipeline", inverted, c, d);
	PASS("Crawljax-Pipeline", either, a, b);
	PASS("Crawljax-Pipeline", either, c, d);
}

static void bad_pipeline_configurations_are_errors(void **state)
{
	static const struct {
		const char *json, *message;
	} cases[] = {
		{ "{\"crawljax\": {\"pipeline\": [{\"comparator\": \"TagNames\"}]}}",
		  "t.json: 'crawljax.pipeline[0]': 'TagNames' is not a Crawljax stripping comparator" },
		{ "{\"crawljax\": {\"pipeline\": [{\"comparator\": \"Crawljax-Pipeline\"}]}}",
		  "t.json: 'crawljax.pipeline[0]': 'Crawljax-Pipeline' is not a Crawljax stripping comparator" },
		{ "{\"crawljax\": {\"pipeline\": [{\"comparator\": \"Crawljax-Date\", \"preconditions\": "
		  "[{\"javascript\": \"true\"}]}]}}",
		  "t.json: 'crawljax.pipeline[0]': JavaScript conditions need a browser and are not supported" },
		{ "{\"crawljax\": {\"pipeline\": [{\"comparator\": \"Crawljax-Date\", \"preconditions\": "
		  "[{\"xpath\": \"//[\"}]}]}}",
		  "t.json: 'crawljax.pipeline[0]': bad XPath expression '//['" },
		{ "{\"crawljax\": {\"xpath\": [\"//div[\"]}}",
		  "t.json: 'crawljax.xpath': bad XPath expression '//div['" },
		{ "{\"crawljax\": {\"regex\": [\"(\"]}}", NULL },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		smart_error err = { { 0 } };
		smart_compare_config *cfg = smart_compare_config_parse(cases[i].json, "t.json", &err);

		assert_null(cfg);
		if (cases[i].message)
			assert_string_equal(err.message, cases[i].message);
		else
			assert_non_null(strstr(err.message, "t.json: 'crawljax.regex': bad regular expression '('"));
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(whitespace_strips_only_white_space),
		cmocka_unit_test(attribute_strips_the_named_attributes),
		cmocka_unit_test(style_strips_style_attributes_and_unwraps_style_tags),
		cmocka_unit_test(date_strips_dates_and_times),
		cmocka_unit_test(regex_strips_what_the_configured_patterns_match),
		cmocka_unit_test(xpath_strips_the_selected_nodes),
		cmocka_unit_test(table_template_passes_one_more_row_of_the_same_shape),
		cmocka_unit_test(list_template_passes_the_papers_todo_list),
		cmocka_unit_test(pipeline_chains_stages_like_figure_7),
		cmocka_unit_test(preconditions_decide_whether_a_stage_runs),
		cmocka_unit_test(bad_pipeline_configurations_are_errors),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
