/* Judging a pair's edits against a profile (profile/judge.c): an entry
 * explains no more edits of one pair than twice the most one pair of its
 * runs made at its place (issue 35: a profile must never hide a fault). */
#include "../support/support.h"

#include <stdlib.h>
#include <string.h>

#include "smart/measure.h"
#include "smart/profile.h"
#include "profile/internal.h"


#define LIST(items) "<html><body><h1>Sitemap</h1><ul>" items "</ul></body></html>"
#define IN_ORDER \
	"<li><a href=\"/a\">Apples</a></li><li><a href=\"/b\">Bananas</a></li>" \
	"<li><a href=\"/c\">Cherries</a></li><li><a href=\"/d\">Dates</a></li>" \
	"<li><a href=\"/e\">Elderberries</a></li><li><a href=\"/f\">Figs</a></li>" \
	"<li><a href=\"/g\">Grapes</a></li><li><a href=\"/h\">Honeydew</a></li>"
#define TWO_SWAPPED \
	"<li><a href=\"/a\">Apples</a></li><li><a href=\"/b\">Bananas</a></li>" \
	"<li><a href=\"/c\">Cherries</a></li><li><a href=\"/d\">Dates</a></li>" \
	"<li><a href=\"/e\">Elderberries</a></li><li><a href=\"/f\">Figs</a></li>" \
	"<li><a href=\"/h\">Honeydew</a></li><li><a href=\"/g\">Grapes</a></li>"
#define REVERSED \
	"<li><a href=\"/h\">Honeydew</a></li><li><a href=\"/g\">Grapes</a></li>" \
	"<li><a href=\"/f\">Figs</a></li><li><a href=\"/e\">Elderberries</a></li>" \
	"<li><a href=\"/d\">Dates</a></li><li><a href=\"/c\">Cherries</a></li>" \
	"<li><a href=\"/b\">Bananas</a></li><li><a href=\"/a\">Apples</a></li>"

/* Runs that swap two items of a list teach that its order varies, by one
 * move; a fault that reverses the whole list (seven moves) is not what
 * the runs do and is left to the model, while the runs' own pair and a
 * later run swapping two others are still explained. */
static void order_entry_does_not_explain_a_whole_list_reordered(void **state)
{
	smart_profile *p = profile_learnt("sitemap.html", LIST(IN_ORDER), LIST(TWO_SWAPPED));
	const smart_profile_entry *e;

	(void)state;
	assert_int_equal(p->n_tests, 1);
	e = &p->tests[0].entries[0];
	assert_non_null(strstr(e->location, "/*order"));
	assert_int_equal(e->most, 1);
	assert_int_equal(smart_profile_entry_limit(e), 2);
	assert_true(profile_explains(p, "sitemap.html", LIST(IN_ORDER), LIST(TWO_SWAPPED)));
	assert_true(profile_explains(p, "sitemap.html", LIST(TWO_SWAPPED), LIST(IN_ORDER)));
	assert_false(profile_explains(p, "sitemap.html", LIST(IN_ORDER), LIST(REVERSED)));
	smart_profile_free(p);
}

#define CELLS(a, b, c, d) \
	"<html><body><table><tr><td>" a "</td></tr><tr><td>" b "</td></tr><tr><td>" c \
	"</td></tr><tr><td>" d "</td></tr></table></body></html>"

/* The same for values: runs that change one cell of a column (a counter)
 * explain that, not a fault that rewrites every cell of it. */
static void value_entry_does_not_explain_every_cell_rewritten(void **state)
{
	const char *before = CELLS("10", "20", "30", "40");
	smart_profile *p = profile_learnt("t.html", before, CELLS("10", "20", "30", "41"));

	(void)state;
	assert_true(profile_explains(p, "t.html", before, CELLS("10", "20", "30", "47")));
	assert_true(profile_explains(p, "t.html", before, CELLS("10", "21", "30", "47")));
	assert_false(profile_explains(p, "t.html", before, CELLS("0", "0", "0", "0")));
	smart_profile_free(p);
}

/* An entry written by hand (no "most") has no bound; "most" is kept
 * through the file, and a bad one is refused naming the field. */
static void most_round_trips_and_hand_written_entries_have_no_bound(void **state)
{
	smart_profile *p = profile_learnt("sitemap.html", LIST(IN_ORDER), LIST(TWO_SWAPPED)), *q;
	smart_error err = { "" };
	char *json = smart_profile_to_json(p, &err);
	const char *hand = "{\"format\":\"smart-profile\",\"version\":1,\"tests\":{\"sitemap.html\":"
			   "[{\"location\":\"/html/body/ul/*order\"}]}}";
	const char *bad = "{\"format\":\"smart-profile\",\"version\":1,\"tests\":{\"sitemap.html\":"
			  "[{\"location\":\"/html/body/ul/*order\",\"most\":0}]}}";

	(void)state;
	assert_non_null(json);
	assert_non_null(strstr(json, "\"most\""));
	q = smart_profile_from_json(json, strlen(json), "p.json", &err);
	assert_non_null(q);
	assert_int_equal(q->tests[0].entries[0].most, 1);
	assert_false(profile_explains(q, "sitemap.html", LIST(IN_ORDER), LIST(REVERSED)));
	smart_profile_free(q);
	q = smart_profile_from_json(hand, strlen(hand), "hand.json", &err);
	assert_non_null(q);
	assert_int_equal(q->tests[0].entries[0].most, 0);
	assert_true(profile_explains(q, "sitemap.html", LIST(IN_ORDER), LIST(REVERSED)));
	smart_profile_free(q);
	assert_null(smart_profile_from_json(bad, strlen(bad), "bad.json", &err));
	assert_non_null(strstr(err.message, "'most'"));
	free(json);
	smart_profile_free(p);
}

/* A place that varied in two pages is written for all tests with the
 * larger of their bounds. */
static void generalised_entry_keeps_the_larger_bound(void **state)
{
	smart_document a[2] = { { LIST(IN_ORDER), strlen(LIST(IN_ORDER)), "r1" },
				{ LIST(TWO_SWAPPED), strlen(LIST(TWO_SWAPPED)), "r2" } };
	smart_document b[2] = { { LIST(IN_ORDER), strlen(LIST(IN_ORDER)), "r1" },
				{ LIST(REVERSED), strlen(LIST(REVERSED)), "r2" } };
	smart_error err = { "" };
	smart_profile *p = smart_profile_new(&err);
	const smart_profile_entry *e;

	(void)state;
	assert_non_null(p);
	assert_int_equal(smart_profile_learn_test(p, "one.html", a, 2, SMART_FORMAT_HTML, &err), 0);
	assert_int_equal(smart_profile_learn_test(p, "two.html", b, 2, SMART_FORMAT_HTML, &err), 0);
	assert_int_equal(smart_profile_generalise(p, &err), 0);
	assert_int_equal(p->n_all, 1);
	e = &p->all[0];
	assert_int_equal(e->most, 7);
	smart_profile_free(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(order_entry_does_not_explain_a_whole_list_reordered),
		cmocka_unit_test(value_entry_does_not_explain_every_cell_rewritten),
		cmocka_unit_test(most_round_trips_and_hand_written_entries_have_no_bound),
		cmocka_unit_test(generalised_entry_keeps_the_larger_bound),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
