/* ISO 8601's basic format (scrub/iso_basic.c): a date-time written
 * without separators ("20240301T100011Z", iCalendar's form) is no edit in
 * a text or an attribute; a changed word beside it, digits that are not
 * such a moment, and the scrubber turned off still see an edit. */
#include "../support/scrub_pairs.h"
#include "../support/support.h"

#include <stdio.h>
#include <string.h>

/* Only iso_basic on. */
static const unsigned ONLY = SCRUB_ONLY(SMART_SCRUBBER_ISO_BASIC);

/* The page every pair of bodies is set in. */
static const char FRAME[] = "<html><body><select name=\"f\"><option value=\"%s\">%s</option>"
			     "</select></body></html>";

/* Whether pages with `old_body` and `new_body` in the frame align with no
 * edit once scrubbed with the scrubbers not in `off`. */
static int aligns_after(const char *old_body, const char *new_body, unsigned off)
{
	return scrub_framed_align(FRAME, old_body, new_body, off, 0, NULL);
}

static void basic_format_moments_are_no_edit(void **state)
{
	static const char *const pairs[][2] = {
		{ "20240301T100011Z", "20250630T150005Z" },
		{ "Now: 20240301T1000+0100 (basic)", "Now: 20240715T1842+0200 (basic)" },
		{ "DTSTART:20240301T100011", "DTSTART:20240302T235959" },
	};

	(void)state;
	scrub_assert_pairs(FRAME, pairs, sizeof(pairs) / sizeof(pairs[0]), ONLY, 1);
	/* With every scrubber on, the values scrubber runs first: its date
	 * shape reads the basic form with seconds (GeneralizedTime, rank3)
	 * but takes a minutes-only one without its offset, so "+0100" ->
	 * "+0200" is left an edit (a known gap, noted in docs/first-look.md). */
	assert_true(aligns_after(pairs[0][0], pairs[0][1], 0));
	assert_true(aligns_after(pairs[2][0], pairs[2][1], 0));
	assert_false(aligns_after(pairs[1][0], pairs[1][1], 0));
}

/* The scrubber skips texts shorter than the shortest moment; a text of
 * exactly that length is still read. */
static void the_shortest_moment_is_still_a_moment(void **state)
{
	(void)state;
	assert_true(aligns_after("20240301T1000", "20250630T1500", ONLY));
	assert_false(aligns_after("20240301T1000", "20250630T1500", ONLY | (1u << SMART_SCRUBBER_ISO_BASIC)));
}

static void other_digits_and_a_changed_word_beside_stay_edits(void **state)
{
	static const char *const pairs[][2] = {
		{ "Now: 20240301T1000Z (basic)", "Then: 20240715T1842Z (basic)" },
		{ "order 20240301T7", "order 20240302T7" }, /* no clock after the T */
		{ "part 12345678T1200", "part 12345679T1200" }, /* not a date */
	};

	(void)state;
	scrub_assert_pairs(FRAME, pairs, sizeof(pairs) / sizeof(pairs[0]), ONLY, 0);
	/* Off, the moment is an edit unless the values scrubber's date shape,
	 * which reads this form too since GeneralizedTime, is on. */
	assert_false(aligns_after("20240301T100011Z", "20250630T150005Z",
				  (1u << SMART_SCRUBBER_ISO_BASIC) | (1u << SMART_SCRUBBER_VALUES)));
	assert_true(aligns_after("20240301T100011Z", "20250630T150005Z", 1u << SMART_SCRUBBER_ISO_BASIC));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(basic_format_moments_are_no_edit),
		cmocka_unit_test(the_shortest_moment_is_still_a_moment),
		cmocka_unit_test(other_digits_and_a_changed_word_beside_stay_edits),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
