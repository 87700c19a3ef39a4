/* Zone offsets known by their names (scrub/named_offset.c): a number a
 * script, a link's query or an attribute gives a name that says time zone
 * offset is no edit when it moves between runs served in other zones; a
 * real change beside it (a format string, a link's target), a number
 * under another name, and the scrubber turned off still see an edit. */
#include "../support/scrub_pairs.h"
#include "../support/support.h"

#include <stdio.h>
#include <string.h>

#include "scrub/internal.h"

/* named_offset alone on. */
static const unsigned ONLY = SCRUB_ONLY(SMART_SCRUBBER_NAMED_OFFSET);

/* The page every pair of bodies is set in. */
static const char FRAME[] = "<html><body>%s<p>Saved</p></body></html>";

/* Whether pages with `old_body` and `new_body` in the frame align with no
 * edit once scrubbed with the scrubbers not in `off`. */
static int aligns_after(const char *old_body, const char *new_body, unsigned off)
{
	return scrub_framed_align(FRAME, old_body, new_body, off, 0, NULL);
}

static void a_zone_offset_under_its_name_that_moved_is_no_edit(void **state)
{
	static const char *const pairs[][2] = {
		{ "<script>var PHP_TZ_OFFSET = 0,PHP_ZBX_FULL_DATE_TIME = \"Y-m-d H:i:s\";</script>",
		  "<script>var PHP_TZ_OFFSET = 7200,PHP_ZBX_FULL_DATE_TIME = \"Y-m-d H:i:s\";</script>" },
		{ "<script>init({\"tzOffset\": -300, \"lang\": \"en\"});</script>",
		  "<script>init({\"tzOffset\": 540, \"lang\": \"en\"});</script>" },
		{ "<script>window.utc_offset='-05:00';</script>",
		  "<script>window.utc_offset='+09:00';</script>" },
		{ "<a href=\"cal.php?view=week&amp;tz_offset=-18000\">Week</a>",
		  "<a href=\"cal.php?view=week&amp;tz_offset=32400\">Week</a>" },
		{ "<div data-gmt-offset=\"-3.5\">Clock</div>", "<div data-gmt-offset=\"5.5\">Clock</div>" },
		{ "<script>a.timezoneOffset=3600;b.timezoneOffset=3600;</script>",
		  "<script>a.timezoneOffset=7200;b.timezoneOffset=7200;</script>" },
	};

	(void)state;
	scrub_assert_pairs(FRAME, pairs, sizeof(pairs) / sizeof(pairs[0]), ONLY, 1);
}

static void a_real_change_beside_the_offset_stays_an_edit(void **state)
{
	static const char *const pairs[][2] = {
		/* the format beside the offset changed */
		{ "<script>var PHP_TZ_OFFSET = 0,PHP_ZBX_FULL_DATE_TIME = \"Y-m-d H:i:s\";</script>",
		  "<script>var PHP_TZ_OFFSET = 7200,PHP_ZBX_FULL_DATE_TIME = \"d.m.Y\";</script>" },
		/* the link's target changed beside the offset */
		{ "<a href=\"cal.php?view=week&amp;tz_offset=-18000\">Week</a>",
		  "<a href=\"cal.php?view=month&amp;tz_offset=32400\">Week</a>" },
		/* a deleted row beside the offset */
		{ "<script>var tz_offset = 0;</script><table><tr><td>a</td></tr><tr><td>b</td></tr></table>",
		  "<script>var tz_offset = 3600;</script><table><tr><td>a</td></tr></table>" },
	};

	(void)state;
	scrub_assert_pairs(FRAME, pairs, sizeof(pairs) / sizeof(pairs[0]), ONLY, 0);
}

static void a_number_under_another_name_stays_an_edit(void **state)
{
	static const char *const pairs[][2] = {
		/* an offset, but not a zone's */
		{ "<script>var row_offset = 0;</script>", "<script>var row_offset = 7200;</script>" },
		/* a zone's word, but not an offset */
		{ "<script>var tz_count = 3;</script>", "<script>var tz_count = 4;</script>" },
		/* a comparison, not an assignment */
		{ "<script>if (tzOffset == 0) go();</script>", "<script>if (tzOffset == 3600) go();</script>" },
		/* wider than any zone (fourteen hours' seconds) */
		{ "<script>var tz_offset = 60000;</script>", "<script>var tz_offset = 90000;</script>" },
		/* a number with a unit is not an offset alone */
		{ "<div data-tz-offset=\"10px\">x</div>", "<div data-tz-offset=\"20px\">x</div>" },
	};

	(void)state;
	scrub_assert_pairs(FRAME, pairs, sizeof(pairs) / sizeof(pairs[0]), ONLY, 0);
}

static void the_names_it_reads_as_zone_offsets(void **state)
{
	static const char *const yes[] = { "PHP_TZ_OFFSET", "tzOffset", "utc_offset",
					   "data-gmt-offset", "timezoneOffset", "$tz.offset" };
	static const char *const no[] = { "offset", "row_offset", "offsetTop", "tz", "timezone",
					  "" };

	(void)state;
	for (size_t i = 0; i < sizeof(yes) / sizeof(yes[0]); i++)
		assert_true(smart__scrub_offset_name(yes[i], strlen(yes[i])));
	for (size_t i = 0; i < sizeof(no) / sizeof(no[0]); i++)
		assert_false(smart__scrub_offset_name(no[i], strlen(no[i])));
}

static void the_scrubber_off_sees_the_offset(void **state)
{
	(void)state;
	assert_false(aligns_after("<script>var PHP_TZ_OFFSET = 0;</script>",
				  "<script>var PHP_TZ_OFFSET = 7200;</script>",
				  1u << SMART_SCRUBBER_NAMED_OFFSET));
	assert_true(aligns_after("<script>var PHP_TZ_OFFSET = 0;</script>",
				 "<script>var PHP_TZ_OFFSET = 7200;</script>", 0));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_zone_offset_under_its_name_that_moved_is_no_edit),
		cmocka_unit_test(a_real_change_beside_the_offset_stays_an_edit),
		cmocka_unit_test(a_number_under_another_name_stays_an_edit),
		cmocka_unit_test(the_names_it_reads_as_zone_offsets),
		cmocka_unit_test(the_scrubber_off_sees_the_offset),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
