/* The clock in a form's pieces (scrub/clock_pieces.c) through the
 * scrubbing pipeline: an edit form whose date fields default to the run's
 * clock (a month <select>, day, year, hour and minute inputs) and a row's
 * hidden date pieces named by class are no edit when the page's epoch
 * shows the clock moved the same way; a lone number that happens to match
 * a piece, pieces that moved without the clock, pieces beside a changed
 * quantity, and the raw pipeline stay edits. */
#include "../support/support.h"

#include <stdio.h>
#include <string.h>

#include "smart/profile.h"
#include "smart/train.h"
#include "smart/tree.h"

/* What an edit page shows: the epoch it was rendered at, its date form
 * (month, day, year, hour, minute) and a quantity field. */
typedef struct edit_form {
	const char *now;
	int month;
	const char *day, *year, *hour, *minute, *quantity;
} edit_form;

static void edit_page(char *buf, size_t size, const edit_form *f)
{
	char options[512] = "";

	for (int m = 1; m <= 12; m++) {
		size_t used = strlen(options);

		snprintf(options + used, sizeof(options) - used, "<option value=\"%02d\"%s>%02d</option>",
			 m, m == f->month ? " selected" : "", m);
	}
	snprintf(buf, size,
		 "<html><head><script>var settings = {\"time\":\"%s\"};</script></head><body>"
		 "<form action=\"/save\"><fieldset class=\"date\"><select name=\"mm\">%s</select>"
		 "<input name=\"jj\" value=\"%s\"><input name=\"aa\" value=\"%s\">"
		 "<input name=\"hh\" value=\"%s\"><input name=\"mn\" value=\"%s\"></fieldset>"
		 "<input name=\"quantity\" value=\"%s\"></form></body></html>",
		 f->now, options, f->day, f->year, f->hour, f->minute, f->quantity);
}

/* The old run: 2024-03-01 10:00:11 UTC, its form showing that moment. */
static const edit_form march_1 = { "1709287211", 3, "01", "2024", "10", "00", "2" };
/* 2024-07-15 16:42:15 UTC, printed as Berlin's local time (18:42). */
#define JULY_15 "1721061735"

static smart_features_result measure_edit(const edit_form *new_form, int raw)
{
	char old_doc[2048], new_doc[2048];

	edit_page(old_doc, sizeof(old_doc), &march_1);
	edit_page(new_doc, sizeof(new_doc), new_form);
	return measure_scrubbed(old_doc, new_doc, SMART_FORMAT_HTML, raw);
}

static void a_date_form_that_follows_the_clock_is_no_edit(void **state)
{
	const edit_form july_15 = { JULY_15, 7, "15", "2024", "18", "42", "2" };
	smart_features_result r = measure_edit(&july_15, 0);

	(void)state;
	assert_true(r.only_volatile);
	/* month, day, hour and minute */
	assert_int_equal(r.discounted[SMART_SHAPE_DATE], 4);
}

static void a_local_date_across_midnight_follows_the_clock(void **state)
{
	/* 2025-06-30 15:00:00 UTC is July 1st, 2025 in Tokyo */
	const edit_form tokyo = { "1751295600", 7, "01", "2025", "00", "00", "2" };

	(void)state;
	assert_true(measure_edit(&tokyo, 0).only_volatile);
}

static void a_quantity_beside_the_clock_is_still_an_edit(void **state)
{
	/* the quantity sits outside the date's fieldset */
	const edit_form july_15 = { JULY_15, 7, "15", "2024", "18", "42", "5" };

	(void)state;
	assert_false(measure_edit(&july_15, 0).only_volatile);
}

static void pieces_that_moved_without_the_clock_are_edits(void **state)
{
	/* the clock stood still (the same epoch): nothing is explained */
	const edit_form still = { "1709287211", 7, "15", "2024", "18", "42", "2" };
	/* the day went to the 17th, which no zone reads on July 15th, 16:42 UTC */
	const edit_form day_off = { JULY_15, 7, "17", "2024", "18", "42", "2" };
	/* the month followed, the minute went to 41 and the day to the 17th:
	 * one piece is not a clock, so neither it nor the hour is explained */
	const edit_form one_piece = { JULY_15, 7, "17", "2024", "18", "41", "2" };

	(void)state;
	assert_false(measure_edit(&still, 0).only_volatile);
	assert_false(measure_edit(&day_off, 0).only_volatile);
	assert_false(measure_edit(&one_piece, 0).only_volatile);
}

static void one_number_matching_a_piece_is_an_edit(void **state)
{
	const char *old_doc = "<html><body><p>Updated 1709287211</p>"
			      "<span class=\"count\">3</span></body></html>";
	const char *new_doc = "<html><body><p>Updated 1721061735</p>"
			      "<span class=\"count\">7</span></body></html>";

	(void)state;
	/* 3 -> 7 is the clock's month moving, but a lone count proves nothing */
	assert_false(measure_scrubbed(old_doc, new_doc, SMART_FORMAT_HTML, 0).only_volatile);
}

static void hidden_row_pieces_named_by_class_follow_the_clock(void **state)
{
	const char *old_doc = "<html><body><p>Updated 1709287211</p><div hidden id=\"inline_7\">"
			      "<div class=\"mm\">03</div><div class=\"jj\">01</div>"
			      "<div class=\"hh\">10</div><div class=\"mn\">00</div>"
			      "<div class=\"ss\">01</div></div></body></html>";
	const char *new_doc = "<html><body><p>Updated 1721061735</p><div hidden id=\"inline_7\">"
			      "<div class=\"mm\">07</div><div class=\"jj\">15</div>"
			      "<div class=\"hh\">16</div><div class=\"mn\">42</div>"
			      "<div class=\"ss\">09</div></div></body></html>";

	(void)state;
	assert_true(measure_scrubbed(old_doc, new_doc, SMART_FORMAT_HTML, 0).only_volatile);
}

static smart_tree *parse_page(const char *doc)
{
	smart_error err = { { 0 } };
	smart_tree *t = smart_tree_parse(doc, strlen(doc), SMART_FORMAT_HTML, "page", &err);

	assert_non_null(t);
	return t;
}

/* Scrubbing the pieces (values replaced, a `selected` moved off its
 * option) and undoing the log gives trees equal to the pages as parsed;
 * redoing gives the scrubbed trees, equal to each other. */
static void undo_puts_the_pieces_back(void **state)
{
	const edit_form july_15 = { JULY_15, 7, "15", "2024", "18", "42", "2" };
	char old_doc[2048], new_doc[2048];
	smart_error err = { { 0 } };
	const smart_shapes *shapes = smart_shapes_scrubbed(&err);
	smart_scrub_log *log = smart_scrub_log_new(&err);
	smart_tree *a, *b, *a_parsed, *b_parsed;

	(void)state;
	edit_page(old_doc, sizeof(old_doc), &march_1);
	edit_page(new_doc, sizeof(new_doc), &july_15);
	a = parse_page(old_doc);
	b = parse_page(new_doc);
	a_parsed = parse_page(old_doc);
	b_parsed = parse_page(new_doc);
	assert_non_null(shapes);
	assert_non_null(log);
	assert_int_equal(smart_shapes_scrub(shapes, a, b, log, &err), 4); /* the four pieces */
	assert_true(smart_tree_equal(a, b));
	smart_scrub_log_undo(log);
	assert_true(smart_tree_equal(a, a_parsed));
	assert_true(smart_tree_equal(b, b_parsed));
	smart_scrub_log_redo(log);
	assert_true(smart_tree_equal(a, b));
	smart_scrub_log_free(log);
	smart_tree_free(b_parsed);
	smart_tree_free(a_parsed);
	smart_tree_free(b);
	smart_tree_free(a);
}

static void the_raw_pipeline_sees_the_pieces(void **state)
{
	const edit_form july_15 = { JULY_15, 7, "15", "2024", "18", "42", "2" };

	(void)state;
	assert_false(measure_edit(&july_15, 1).only_volatile);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_date_form_that_follows_the_clock_is_no_edit),
		cmocka_unit_test(a_local_date_across_midnight_follows_the_clock),
		cmocka_unit_test(a_quantity_beside_the_clock_is_still_an_edit),
		cmocka_unit_test(pieces_that_moved_without_the_clock_are_edits),
		cmocka_unit_test(one_number_matching_a_piece_is_an_edit),
		cmocka_unit_test(hidden_row_pieces_named_by_class_follow_the_clock),
		cmocka_unit_test(undo_puts_the_pieces_back),
		cmocka_unit_test(the_raw_pipeline_sees_the_pieces),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
