/* Zones' offsets (scrub/zone_offset.c): a zone listed with its offset
 * from UTC, which daylight saving time moves between runs taken at other
 * dates, is no edit; another zone or name beside the moved offset, an offset in
 * another text, and the scrubber turned off still see an edit. */
#include "../support/scrub_pairs.h"
#include "../support/support.h"

#include <stdio.h>
#include <string.h>

/* values (for "{tzname}") and zone_offset on. */
static const unsigned ONLY = ((1u << SMART_SCRUBBER_COUNT) - 1) &
			     ~((1u << SMART_SCRUBBER_ZONE_OFFSET) | (1u << SMART_SCRUBBER_VALUES));

/* The page every pair of bodies is set in. */
static const char FRAME[] = "<html><body><select name=\"Timezone\"><option>%s</option>"
			     "</select><p>Saved</p></body></html>";

/* Whether pages with `old_body` and `new_body` in the frame align with no
 * edit once scrubbed with the scrubbers not in `off`. */
static int aligns_after(const char *old_body, const char *new_body, unsigned off)
{
	return scrub_framed_align(FRAME, old_body, new_body, off, 0, NULL);
}

static void a_zone_whose_offset_moved_is_no_edit(void **state)
{
	static const char *const pairs[][2] = {
		{ "America/Anchorage -0900", "America/Anchorage -0800" },
		{ "America/Port-au-Prince -0500", "America/Port-au-Prince -0400" },
		{ "EST5EDT -0500", "EST5EDT -0400" },
		{ "(UTC+01:00) Europe/Berlin", "(UTC+02:00) Europe/Berlin" },
		{ "Europe/Berlin (GMT+1:00)", "Europe/Berlin (GMT+2:00)" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
		if (!aligns_after(pairs[i][0], pairs[i][1], ONLY))
			fail_msg("'%s' -> '%s' should be no edit", pairs[i][0], pairs[i][1]);
		assert_true(aligns_after(pairs[i][0], pairs[i][1], 0));
	}
}

static void another_zone_or_another_text_stays_an_edit(void **state)
{
	static const char *const pairs[][2] = {
		/* an IANA name is "{tzname}" to the value shapes; the zone
		 * written another way is an edit */
		{ "(UTC+01:00) Europe/Berlin", "(UTC+02:00) Berlin, Germany" },
		{ "EST5EDT -0500", "PST8PDT -0400" },
		/* not a zone's name and an offset alone */
		{ "Balance -0500", "Balance -0400" },
		{ "Room 12 -0500", "Room 12 -0400" },
	};

	(void)state;
	scrub_assert_pairs(FRAME, pairs, sizeof(pairs) / sizeof(pairs[0]), ONLY, 0);
}

/* The scrubber skips texts shorter than the shortest zone and offset; a
 * text of exactly that length is still read. */
static void the_shortest_zone_and_offset_is_still_read(void **state)
{
	(void)state;
	assert_true(aligns_after("EST +500", "EST +400", ONLY));
	assert_false(aligns_after("EST +500", "EST +400", ONLY | (1u << SMART_SCRUBBER_ZONE_OFFSET)));
}

static void the_scrubber_off_sees_the_offset(void **state)
{
	(void)state;
	assert_false(aligns_after("America/Anchorage -0900", "America/Anchorage -0800",
				  1u << SMART_SCRUBBER_ZONE_OFFSET));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_zone_whose_offset_moved_is_no_edit),
		cmocka_unit_test(another_zone_or_another_text_stays_an_edit),
		cmocka_unit_test(the_shortest_zone_and_offset_is_still_read),
		cmocka_unit_test(the_scrubber_off_sees_the_offset),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
