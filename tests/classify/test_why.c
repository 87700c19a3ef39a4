/* A pair's decision in words (classify/why.c) and the report's changes
 * view built from the rows (classify/report_changes.c). */
#include "../support/support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "classify/why.h"
#include "smart/shapes.h"

static const smart_model *no_model = NULL;

static void identical_documents_say_so(void **state)
{
	smart_classification c = { 0 };
	char *w = smart__why_text(no_model, &c, 0, 0, NULL, 0);

	(void)state;
	assert_string_equal(w, "no difference: the two documents are the same byte for byte");
	free(w);
	w = smart__why_text(no_model, &c, 1, 0, NULL, 0);
	assert_string_equal(w, "no difference once parsed: only the markup is written another way");
	free(w);
}

static void volatile_only_counts_what_was_discounted(void **state)
{
	smart_classification c = { .only_volatile = 1 };
	char *w;

	(void)state;
	c.discounted[SMART_SHAPE_DATE] = 1;
	c.discounted[SMART_SHAPE_HEX] = 1;
	w = smart__why_text(no_model, &c, 1, 1, NULL, 0);
	assert_string_equal(w, "every difference is a volatile value: 1 date, 1 token");
	free(w);
}

static void changes_are_counted_and_named(void **state)
{
	smart_classification c = { .inspect = 1 };
	char *w;

	(void)state;
	c.discounted[SMART_SHAPE_DATE] = 2;
	w = smart__why_text(no_model, &c, 1, 1, "a <p> inserted in the <form>", 1);
	assert_string_equal(w, "1 unexplained change: a <p> inserted in the <form>; also discounted: 2 dates");
	free(w);
	c.inspect = 0;
	memset(c.discounted, 0, sizeof(c.discounted));
	w = smart__why_text(no_model, &c, 1, 1, "x; y; z", 5);
	assert_string_equal(w, "5 unexplained changes, too slight to inspect: x; y; z; and more");
	free(w);
}

/* The words of an aligned pair's changes, through classification. */
static char *why_of(const char *old_html, const char *new_html)
{
	const char *names[128];
	smart_model *m = registry_model(names);
	double *values = calloc(smart_feature_count(), sizeof(double));
	smart_error err = { { 0 } };
	smart_classification c = { .values = values };
	smart_classify_options o = SMART_CLASSIFY_OPTIONS_INIT;

	m->intercept = 1; /* every pair that differs is inspected */
	o.views = 1;
	if (smart_classify_pair(m, &(smart_document){ old_html, strlen(old_html), "old" },
				&(smart_document){ new_html, strlen(new_html), "new" }, &o, &c, &err))
		fail_msg("%s", err.message);
	assert_non_null(c.why);
	free(c.view);
	free(values);
	smart_model_free(m);
	return c.why;
}

static void inserted_element_is_named_with_its_text_and_place(void **state)
{
	char *w = why_of("<html><body><form><input name=q></form></body></html>",
			 "<html><body><form><p class=\"err\">Error: could not load orders</p>"
			 "<input name=q></form></body></html>");

	(void)state;
	assert_non_null(strstr(w, "a <p class=\"err\"> with text 'Error: could not load orders' "
				  "inserted in the <form>"));
	free(w);
}

static void updated_text_and_attribute_say_old_and_new(void **state)
{
	char *w = why_of("<html><body><p title=\"a\">Total five items</p></body></html>",
			 "<html><body><p title=\"b\">Total six items</p></body></html>");

	(void)state;
	assert_non_null(strstr(w, "text 'Total five items' changed to 'Total six items' in the <p>"));
	assert_non_null(strstr(w, "title of a <p> changed from 'a' to 'b'"));
	free(w);
}

static void long_values_are_cut_on_a_character(void **state)
{
	char old_html[400], new_html[400];
	char *w;

	(void)state;
	/* 59 bytes, then a two-byte character across the 60-byte limit */
	snprintf(old_html, sizeof(old_html), "<html><body><p>x</p></body></html>");
	snprintf(new_html, sizeof(new_html), "<html><body><p>%s\xc3\xa9%s</p></body></html>",
		 "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "tail");
	w = why_of(old_html, new_html);
	assert_non_null(strstr(w, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa..."));
	assert_null(strstr(w, "\xc3..."));
	free(w);
}

static void signature_words_per_kind(void **state)
{
	smart_signature s = { .kind = SMART_OP_INSERT, .count = 1 };
	char out[400];

	(void)state;
	strcpy(s.location, "/html/body/form/p");
	strcpy(s.new_shape, "<p> Error: could not load {token}");
	smart__signature_words(&s, out, sizeof(out));
	assert_string_equal(out, "a <p> with text 'Error: could not load {token}' inserted at "
				 "/html/body/form/p");
	s.kind = SMART_OP_ATTR_CHANGE;
	s.count = 3;
	strcpy(s.location, "/html/body/form/input@value");
	strcpy(s.old_shape, "{token}");
	strcpy(s.new_shape, "x");
	smart__signature_words(&s, out, sizeof(out));
	assert_string_equal(out, "/html/body/form/input@value changed from '{token}' to 'x' (3 times)");
	s.kind = SMART_OP_DELETE;
	s.count = 1;
	strcpy(s.old_shape, "<br>");
	strcpy(s.location, "/html/body/br");
	smart__signature_words(&s, out, sizeof(out));
	assert_string_equal(out, "a <br> deleted at /html/body/br");
}

/* A report's text with the rows given (each: data-i, decision, key). */
static char *report_text(const char *rows)
{
	const char *head = "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>smart: t"
			   "</title></head><body><div id=\"panes\"><!--smart:changes--><div>"
			   "<table><tbody>\n";
	char *t = malloc(strlen(head) + strlen(rows) + 64);

	sprintf(t, "%s%s</tbody></table></div></div></body></html>\n", head, rows);
	return t;
}

#define ROW(i, d, g) "<tr id=\"r-" #i "\" class=\"" d "\" data-i=\"" #i "\" data-d=\"" d \
	"\" data-s=\"1\" data-sev=\"x\" data-app=\"a\" data-t=\"t" #i "\"" g "><td></td></tr>\n"

static void changes_view_groups_largest_first(void **state)
{
	char *t = report_text(ROW(0, "inspect", " data-c=\"bb.bb\" data-gw=\"B\"")
			      ROW(1, "inspect", " data-c=\"aa.aa\" data-gw=\"A\"")
			      ROW(2, "ignore", "")
			      ROW(3, "inspect", " data-c=\"bb.bb\" data-gw=\"B\"")
			      ROW(4, "inspect", "")
			      ROW(5, "trouble", "")
			      ROW(6, "inspect", " data-c=\"cc.cc\" data-gw=\"C\""));
	size_t len = strlen(t);
	smart_error err = { { 0 } };
	const char *b, *a, *c, *none;

	(void)state;
	assert_int_equal(smart_html_report_fill_changes(&t, &len, &err), 0);
	assert_int_equal(strlen(t), len);
	assert_null(strstr(t, "<!--smart:changes-->"));
	assert_non_null(strstr(t, "5 flagged pairs in 4 groups"));
	b = strstr(t, "data-g=\"00000000000000bb\" data-count=\"2\"><summary><b class=\"count\">"
		      "2 pairs</b> <span class=\"gw\">B</span>");
	a = strstr(t, "data-g=\"00000000000000aa\" data-count=\"1\"");
	c = strstr(t, "data-g=\"00000000000000cc\" data-count=\"1\"");
	none = strstr(t, "data-g=\"\" data-count=\"1\"");
	assert_non_null(b);
	assert_non_null(a);
	assert_non_null(c);
	assert_non_null(none);
	/* two first, then the ones by their first pair, the unsigned last */
	assert_true(b < a && a < c && c < none);
	assert_non_null(strstr(b, "<a href=\"#r-0\" data-open=\"0\">a/t0</a>"));
	assert_true(strstr(b, "data-open=\"0\"") < strstr(b, "data-open=\"3\""));
	/* filled once: a second call changes nothing */
	{
		char *copy = strdup(t);

		assert_int_equal(smart_html_report_fill_changes(&t, &len, &err), 0);
		assert_string_equal(copy, t);
		free(copy);
	}
	free(t);
}

/* The groups are the review's (smart_change_groups_plan): alike changes
 * (one class) group together, a group says how many other changes its
 * pairs hold, and a pair whose changes the whole group's acceptance
 * covers is in that group; a pair whose set was cut short ("+") is in no
 * group, as in review --by-change. */
static void changes_view_groups_as_the_review_does(void **state)
{
	char *t = report_text(ROW(0, "inspect", " data-c=\"a1.f0 b2.b2\" data-gw=\"A one\nB\"")
			      ROW(1, "inspect", " data-c=\"a3.f0\" data-gw=\"A three\"")
			      ROW(2, "inspect", " data-c=\"c4.c4\" data-gw=\"C\"")
			      ROW(3, "inspect", " data-c=\"b2.b2\" data-gw=\"B\"")
			      ROW(4, "inspect", " data-c=\"+\" data-gw=\"A five\"")
			      ROW(5, "inspect", " data-c=\"a6.f0 +\" data-gw=\"A six\""));
	size_t len = strlen(t);
	smart_error err = { { 0 } };
	const char *f, *c, *none;

	(void)state;
	assert_int_equal(smart_html_report_fill_changes(&t, &len, &err), 0);
	assert_non_null(strstr(t, "6 flagged pairs in 3 groups"));
	f = strstr(t, "data-g=\"00000000000000f0\" data-count=\"3\"><summary><b class=\"count\">"
		      "3 pairs</b> <span class=\"gw\">A one (2 alike changes); and 1 other change"
		      "</span>");
	c = strstr(t, "data-g=\"00000000000000c4\" data-count=\"1\"");
	none = strstr(t, "data-g=\"\" data-count=\"2\"");
	assert_non_null(f);
	assert_non_null(c);
	assert_non_null(none);
	assert_true(f < c && c < none);
	/* the class's pairs in order, then the one its acceptance covers */
	assert_true(strstr(f, "data-open=\"0\"") < strstr(f, "data-open=\"1\""));
	assert_true(strstr(f, "data-open=\"1\"") < strstr(f, "data-open=\"3\""));
	assert_true(strstr(f, "data-open=\"3\"") < c);
	/* the pairs cut short, whatever else their data-c says, in no group */
	assert_true(strstr(none, "data-open=\"4\"") < strstr(none, "data-open=\"5\""));
	assert_true(strstr(f, "data-open=\"4\"") == strstr(none, "data-open=\"4\""));
	assert_true(strstr(f, "data-open=\"5\"") == strstr(none, "data-open=\"5\""));
	free(t);
}

static void changes_view_leaves_other_texts_alone(void **state)
{
	char *t = strdup("{\"app\":\"a\",\"test\":\"<!--smart:changes--><tbody>\n\"}\n");
	char *before = strdup(t);
	size_t len = strlen(t);
	smart_error err = { { 0 } };

	(void)state;
	assert_int_equal(smart_html_report_fill_changes(&t, &len, &err), 0);
	assert_string_equal(t, before);
	free(t);
	free(before);
	t = report_text(ROW(0, "ignore", ""));
	len = strlen(t);
	assert_int_equal(smart_html_report_fill_changes(&t, &len, &err), 0);
	assert_non_null(strstr(t, "No pair is flagged"));
	free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(identical_documents_say_so),
		cmocka_unit_test(volatile_only_counts_what_was_discounted),
		cmocka_unit_test(changes_are_counted_and_named),
		cmocka_unit_test(inserted_element_is_named_with_its_text_and_place),
		cmocka_unit_test(updated_text_and_attribute_say_old_and_new),
		cmocka_unit_test(long_values_are_cut_on_a_character),
		cmocka_unit_test(signature_words_per_kind),
		cmocka_unit_test(changes_view_groups_largest_first),
		cmocka_unit_test(changes_view_groups_as_the_review_does),
		cmocka_unit_test(changes_view_leaves_other_texts_alone),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
