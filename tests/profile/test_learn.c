/* Learning a profile: through the measuring stage (what classifying sees,
 * scrubbed), every pair of runs, patterns that read as written, and
 * widening a few pairs' profile to every test (adaptation). */
#include "../support/support.h"

#include <stdlib.h>
#include <string.h>

#include "smart/measure.h"
#include "smart/profile.h"
#include "profile/internal.h"


#define INIT(tok) \
	"<html><body><p>page</p><script>init('7.2.10', 'index.php', '" tok "');</script></body></html>"

/* Issue 35's first repro: the version unchanged, the token new. */
static void profile_explains_script_token_beside_a_scrubbed_version(void **state)
{
	smart_profile *p = profile_learnt("a.html", INIT("123456:654321"), INIT("777777:888888"));

	(void)state;
	assert_true(profile_explains(p, "a.html", INIT("123456:654321"), INIT("777777:888888")));
	assert_true(profile_explains(p, "a.html", INIT("777777:888888"), INIT("123456:654321")));
	/* the pattern reads as written: the scrubbed version is {version} */
	assert_int_equal(p->n_tests, 1);
	assert_string_equal(p->tests[0].entries[0].patterns[0],
			    "init('{version}', 'index.php', '{number}:{number}');");
	smart_profile_free(p);
}

#define TOKEN(tok) "<html><body><input type=hidden name=x value=\"" tok "\"><p>tok " tok "</p></body></html>"

/* Issue 35's second repro: a token of numbers and hex joined by dashes. */
static void profile_explains_dashed_token_in_attribute_and_text(void **state)
{
	smart_profile *p = profile_learnt("b.html", TOKEN("9067903-77420875-27b1d4bc"),
				  TOKEN("9067911-77420999-3a1f22ee"));

	(void)state;
	assert_true(profile_explains(p, "b.html", TOKEN("9067903-77420875-27b1d4bc"),
			      TOKEN("9067911-77420999-3a1f22ee")));
	/* a word where the token was is not that token's shape */
	assert_false(profile_explains(p, "b.html", TOKEN("9067903-77420875-27b1d4bc"),
			       TOKEN("broken")));
	smart_profile_free(p);
}

#define LOGIN(tok) "<html><body><form id=login><input name=q value=\"" tok "\"></form></body></html>"

/* A place that varied in one page only speaks for that page, until the
 * profile is widened (what adaptation does with its few pairs). */
static void widened_profile_speaks_for_every_page(void **state)
{
	smart_profile *p = profile_learnt("login-1.html", LOGIN("kq-Zp1"), LOGIN("mv-Aa9"));
	smart_error err = { "" };

	(void)state;
	assert_false(profile_explains(p, "login-2.html", LOGIN("xx-Qq2"), LOGIN("yy-Rr3")));
	assert_int_equal(smart_profile_widen(p, &err), 0);
	assert_int_equal(p->n_tests, 0);
	assert_int_equal(p->n_all, 1);
	assert_true(profile_explains(p, "login-2.html", LOGIN("xx-Qq2"), LOGIN("yy-Rr3")));
	smart_profile_free(p);
}

#define BANNER(w) "<html><body><p>" w "</p></body></html>"

/* Text that changed beyond its shapes (a rotating banner) stays with its
 * page: on another page the same change is as likely a fault. */
static void widening_keeps_free_text_with_its_page(void **state)
{
	smart_profile *p = profile_learnt("news-1.html", BANNER("Buy apples"), BANNER("Try pears"));
	smart_error err = { "" };

	(void)state;
	assert_int_equal(smart_profile_widen(p, &err), 0);
	assert_int_equal(p->n_all, 0);
	assert_true(profile_explains(p, "news-1.html", BANNER("Buy apples"), BANNER("Eat plums")));
	assert_false(profile_explains(p, "news-2.html", BANNER("Buy apples"), BANNER("Eat plums")));
	smart_profile_free(p);
}

/* A result table's "Show all" checkbox as phpMyAdmin prints it: a random
 * number in its id and in its label's reference; `rows` table rows. */
#define SHOWALL_ROW "<tr><td>row</td></tr>"
#define SQL_PAGE(n, rows) \
	"<html><body><div><form><table>" rows "</table><input type=checkbox id=\"showAll_" n \
	"\"><label for=\"showAll_" n "\">Show all</label></form></div></body></html>"
#define TBL_PAGE(n, rows) \
	"<html><body><main><section><table>" rows "</table><p><input type=checkbox " \
	"id=\"showAll_" n "\"><label for=\"showAll_" n "\">Show all</label></p>" \
	"</section></main></body></html>"

/* The adapted profile of one ignore pair of one page. */
static smart_profile *showall_profile(void)
{
	smart_profile *p = profile_learnt("sql-1.html", SQL_PAGE("7241", SHOWALL_ROW),
				  SQL_PAGE("1881", SHOWALL_ROW));
	smart_error err = { "" };

	if (smart_profile_widen(p, &err))
		fail_msg("%s", err.message);
	return p;
}

/* A random id learnt from one pair of one page explains the same volatile
 * value on another page that places the element elsewhere (issue 35,
 * adaptation that learns where): the widened attribute also speaks as
 * "//input/@id", its element and attribute wherever they stand. */
static void widened_attribute_explains_same_value_on_other_pages(void **state)
{
	smart_profile *p = showall_profile();

	(void)state;
	assert_true(profile_explains(p, "sql-1.html", SQL_PAGE("5", SHOWALL_ROW),
			      SQL_PAGE("99", SHOWALL_ROW)));
	assert_true(profile_explains(p, "tbl-7.html", TBL_PAGE("31337", SHOWALL_ROW),
			      TBL_PAGE("4242", SHOWALL_ROW)));
	assert_non_null(smart__profile_entry_find(p, NULL, "//input/@id"));
	assert_non_null(smart__profile_entry_find(p, NULL, "//label/@for"));
	smart_profile_free(p);
}

/* ... but not a value of another form at that place (a fault that breaks
 * the id), nor a deleted row beside the volatile id: both stay for the
 * model to judge. */
static void widened_attribute_leaves_faults_beside_it(void **state)
{
	smart_profile *p = showall_profile();

	(void)state;
	assert_false(profile_explains(p, "tbl-7.html", TBL_PAGE("31337", SHOWALL_ROW),
			       TBL_PAGE("undefined", SHOWALL_ROW)));
	assert_false(profile_explains(p, "sql-1.html", SQL_PAGE("5", SHOWALL_ROW),
			       SQL_PAGE("undefined", SHOWALL_ROW)));
	assert_false(profile_explains(p, "tbl-7.html", TBL_PAGE("31337", SHOWALL_ROW SHOWALL_ROW),
			       TBL_PAGE("4242", SHOWALL_ROW)));
	assert_false(profile_explains(p, "sql-1.html", SQL_PAGE("5", SHOWALL_ROW SHOWALL_ROW),
			       SQL_PAGE("99", SHOWALL_ROW)));
	/* another element's id is not the checkbox's */
	assert_false(profile_explains(p, "tbl-7.html",
			       "<html><body><div id=\"showAll_1\">x</div></body></html>",
			       "<html><body><div id=\"showAll_2\">x</div></body></html>"));
	smart_profile_free(p);
}

/* An attribute whose pattern is a bare shape ("{number}") stays at its
 * place when widened: any number anywhere would be too wide. */
static void widened_bare_shape_does_not_spread_anywhere(void **state)
{
	smart_profile *p = profile_learnt("a-1.html", "<html><body><div><input id=\"x\" value=\"17\"></div></body></html>",
				  "<html><body><div><input id=\"x\" value=\"23\"></div></body></html>");
	smart_error err = { "" };

	(void)state;
	assert_int_equal(smart_profile_widen(p, &err), 0);
	assert_null(smart__profile_entry_find(p, NULL, "//input/@value"));
	assert_false(profile_explains(p, "b-2.html", "<html><body><p><input value=\"17\"></p></body></html>",
			       "<html><body><p><input value=\"23\"></p></body></html>"));
	smart_profile_free(p);
}

#define FAILURE(msg) "<html><body><h1>Report</h1><pre>" msg "</pre></body></html>"

/* A message whose runs differ beyond shapes (a temporary file's name, a
 * line wrapped elsewhere) is learnt as a template: the runs' pair is
 * explained, but not a fault that cut the message's first line, nor one
 * that replaced the message (issue 35: "any value" there hid both). */
static void text_varying_beyond_shapes_is_learnt_as_template(void **state)
{
	smart_profile *p = profile_learnt("t.html",
				  FAILURE("self = test_io\nAssertionError: cannot open tmpab: No such file"),
				  FAILURE("self = test_io\nAssertionError: cannot open tmpxy: No such\nfile"));

	(void)state;
	assert_int_equal(p->n_tests, 1);
	assert_int_equal(p->tests[0].n_entries, 1);
	assert_true(smart__profile_pattern_is_template(p->tests[0].entries[0].patterns[0]));
	assert_true(profile_explains(p, "t.html",
			      FAILURE("self = test_io\nAssertionError: cannot open tmpab: No such file"),
			      FAILURE("self = test_io\nAssertionError: cannot open tmpxy: No such\nfile")));
	assert_false(profile_explains(p, "t.html",
			       FAILURE("self = test_io\nAssertionError: cannot open tmpab: No such file"),
			       FAILURE("AssertionError: cannot open tmpqq: No such file")));
	assert_false(profile_explains(p, "t.html",
			       FAILURE("self = test_io\nAssertionError: cannot open tmpab: No such file"),
			       FAILURE("AttributeError: 'NoneType' object has no attribute 'value'")));
	smart_profile_free(p);
}

#define TITLED(t) "<html><body><div><input id=\"x\" title=\"" t "\"></div></body></html>"

/* A template is a value that changed beyond its shapes: an attribute's
 * widens to the same place of every page as the template (not as any
 * value), and does not spread to the element anywhere. */
static void template_does_not_spread_anywhere(void **state)
{
	smart_profile *p = profile_learnt("a-1.html",
				  "<html><body><div><input id=\"x\" title=\"Saved by alice\"></div></body></html>",
				  "<html><body><div><input id=\"x\" title=\"Saved by bob\"></div></body></html>");
	smart_error err = { "" };

	(void)state;
	assert_int_equal(smart_profile_widen(p, &err), 0);
	assert_null(smart__profile_entry_find(p, NULL, "//input/@title"));
	assert_true(profile_explains(p, "c-3.html", TITLED("Saved by carol"), TITLED("Saved by dave")));
	assert_false(profile_explains(p, "c-3.html", TITLED("Saved by carol"), TITLED("Error")));
	assert_false(profile_explains(p, "b-2.html",
			       "<html><body><p><input title=\"Saved by carol\"></p></body></html>",
			       "<html><body><p><input title=\"Saved by dave\"></p></body></html>"));
	smart_profile_free(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(profile_explains_script_token_beside_a_scrubbed_version),
		cmocka_unit_test(profile_explains_dashed_token_in_attribute_and_text),
		cmocka_unit_test(widened_profile_speaks_for_every_page),
		cmocka_unit_test(widening_keeps_free_text_with_its_page),
		cmocka_unit_test(widened_attribute_explains_same_value_on_other_pages),
		cmocka_unit_test(widened_attribute_leaves_faults_beside_it),
		cmocka_unit_test(widened_bare_shape_does_not_spread_anywhere),
		cmocka_unit_test(text_varying_beyond_shapes_is_learnt_as_template),
		cmocka_unit_test(template_does_not_spread_anywhere),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
