/* The clock's year (scrub/clock_year.c) through the scrubbing pipeline:
 * a year standing on its own that moved as the pair's dates moved is no
 * edit and counts as a date in the discount; a year that moved while the
 * clock stayed in its year, by another amount than the clock, in a
 * sentence that changed besides, or that stayed when the clock moved, is
 * left as it was; and the raw pipeline sees every one of them. */
#include "../support/support.h"

#include <stdio.h>
#include <string.h>

#include "smart/profile.h"
#include "smart/train.h"

/* A page of a wiki whose parser cache stamps `stamp` and whose article
 * says `sentence`. */
static void page(char *buf, size_t size, const char *stamp, const char *sentence)
{
	snprintf(buf, size,
		 "<html><body><p>Planted in the Garden in 2020. %s</p>"
		 "<div id=\"footer\">Saved in the parser cache at %s.</div></body></html>",
		 sentence, stamp);
}

/* Whether the two pages are no edit once scrubbed; *dates gets the
 * discount's date count. */
static int only_volatile(const char *old_stamp, const char *old_sentence, const char *new_stamp,
			 const char *new_sentence, int raw, unsigned *dates)
{
	char old_doc[512], new_doc[512];
	smart_features_result r;

	page(old_doc, sizeof(old_doc), old_stamp, old_sentence);
	page(new_doc, sizeof(new_doc), new_stamp, new_sentence);
	r = measure_scrubbed(old_doc, new_doc, SMART_FORMAT_HTML, raw);
	if (dates)
		*dates = r.discounted[SMART_SHAPE_DATE];
	return r.only_volatile;
}

static void a_year_that_follows_the_clock_is_no_edit(void **state)
{
	unsigned dates = 0;

	(void)state;
	assert_true(only_volatile("20240301100004", "2024 marks another season.", "20250102080503",
				  "2025 marks another season.", 0, &dates));
	assert_int_equal(dates, 2); /* the stamp and the year */
	/* backwards too, and with the clock printed as an ISO date */
	assert_true(only_volatile("2026-11-21 03:16", "In 2026, 12 rows.", "2025-01-02 08:05",
				  "In 2025, 12 rows.", 0, NULL));
}

static void a_year_that_moved_without_the_clock_is_an_edit(void **state)
{
	(void)state;
	/* the clock stayed in 2024 */
	assert_false(only_volatile("20240301100004", "2024 marks another season.", "20240715163036",
				   "2025 marks another season.", 0, NULL));
	/* the clock moved a year, the text three */
	assert_false(only_volatile("20240301100004", "2024 marks another season.", "20250102080503",
				   "2027 marks another season.", 0, NULL));
	/* the year followed the clock, but the sentence changed too */
	assert_false(only_volatile("20240301100004", "2024 marks another season.", "20250102080503",
				   "2025 marks a lost season.", 0, NULL));
	/* a year inside a word or a number is not a year on its own */
	assert_false(only_volatile("20240301100004", "Order A2024 shipped.", "20250102080503",
				   "Order A2025 shipped.", 0, NULL));
}

static void a_year_that_stayed_when_the_clock_moved_stays(void **state)
{
	unsigned dates = 0;

	(void)state;
	/* a post of 2024 is still of 2024 when the clock reads 2025: no
	 * placeholder on one side only */
	assert_true(only_volatile("20240301100004", "Posted in 2024.", "20250102080503",
				  "Posted in 2024.", 0, &dates));
	assert_int_equal(dates, 1);
}

static void the_raw_pipeline_sees_it(void **state)
{
	(void)state;
	assert_false(only_volatile("20240301100004", "2024 marks another season.", "20250102080503",
				   "2025 marks another season.", 1, NULL));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_year_that_follows_the_clock_is_no_edit),
		cmocka_unit_test(a_year_that_moved_without_the_clock_is_an_edit),
		cmocka_unit_test(a_year_that_stayed_when_the_clock_moved_stays),
		cmocka_unit_test(the_raw_pipeline_sees_it),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
