/* Menus of time zones given as JSON (scrub/zone_menu.c): a menu whose
 * zones' offsets moved with daylight saving time, and so their order, is
 * no edit; a zone dropped or renamed, a label changed beside the offsets,
 * a short list and a list of other things in another order stay an edit,
 * and so does the moved menu with the scrubber turned off. */
#include "../support/scrub_pairs.h"
#include "../support/support.h"

#include <stdio.h>
#include <string.h>

#include "common/strbuf.h"

/* zone_menu alone on. */
static const unsigned ONLY = SCRUB_ONLY(SMART_SCRUBBER_ZONE_MENU);

/* The page every pair of bodies is set in. */
static const char FRAME[] = "<html><body><form><z-select name=\"timezone\" data-options='%s'>"
			     "</z-select></form><p>Saved</p></body></html>";

/* Whether pages with `old_body` and `new_body` in the frame align with no
 * edit once scrubbed with the scrubbers not in `off`. */
static int aligns_after(const char *old_body, const char *new_body, unsigned off)
{
	return scrub_framed_align(FRAME, old_body, new_body, off, 0, NULL);
}

/* A menu in winter (Scoresbysund at -01:00, beside the Azores) and in
 * summer (Scoresbysund at -02:00, after the Cape Verde islands). */
#define WINTER "[{\"value\":\"America/Scoresbysund\",\"label\":\"(UTC-01:00) America/Scoresbysund\"}," \
	       "{\"value\":\"Atlantic/Azores\",\"label\":\"(UTC-01:00) Atlantic/Azores\"}," \
	       "{\"value\":\"Atlantic/Cape_Verde\",\"label\":\"(UTC-01:00) Atlantic/Cape_Verde\"}," \
	       "{\"value\":\"Europe/Berlin\",\"label\":\"(UTC+01:00) Europe/Berlin\"}]"
#define SUMMER "[{\"value\":\"America/Scoresbysund\",\"label\":\"(UTC-02:00) America/Scoresbysund\"}," \
	       "{\"value\":\"Atlantic/Cape_Verde\",\"label\":\"(UTC-01:00) Atlantic/Cape_Verde\"}," \
	       "{\"value\":\"Atlantic/Azores\",\"label\":\"(UTC+00:00) Atlantic/Azores\"}," \
	       "{\"value\":\"Europe/Berlin\",\"label\":\"(UTC+02:00) Europe/Berlin\"}]"

static void a_zone_menu_reordered_by_daylight_saving_time_is_no_edit(void **state)
{
	(void)state;
	assert_true(aligns_after(WINTER, SUMMER, ONLY));
	/* GMT and one digit of hours too */
	assert_true(aligns_after("[\"(GMT+1:00) Paris\",\"(GMT+0:00) London\",\"(GMT-5:00) New York\"]",
				 "[\"(GMT+0:00) London\",\"(GMT+2:00) Paris\",\"(GMT-4:00) New York\"]",
				 ONLY));
}

static void a_zone_dropped_or_a_label_changed_stays_an_edit(void **state)
{
	static const char *const changed[] = {
		/* Berlin dropped */
		"[{\"value\":\"America/Scoresbysund\",\"label\":\"(UTC-02:00) America/Scoresbysund\"},"
		"{\"value\":\"Atlantic/Cape_Verde\",\"label\":\"(UTC-01:00) Atlantic/Cape_Verde\"},"
		"{\"value\":\"Atlantic/Azores\",\"label\":\"(UTC+00:00) Atlantic/Azores\"}]",
		/* Berlin's value changed (a wrong zone would be chosen) */
		"[{\"value\":\"America/Scoresbysund\",\"label\":\"(UTC-02:00) America/Scoresbysund\"},"
		"{\"value\":\"Atlantic/Cape_Verde\",\"label\":\"(UTC-01:00) Atlantic/Cape_Verde\"},"
		"{\"value\":\"Atlantic/Azores\",\"label\":\"(UTC+00:00) Atlantic/Azores\"},"
		"{\"value\":\"Europe/Paris\",\"label\":\"(UTC+02:00) Europe/Berlin\"}]",
		/* a label's words changed beside its offset */
		"[{\"value\":\"America/Scoresbysund\",\"label\":\"(UTC-02:00) America/Scoresbysund\"},"
		"{\"value\":\"Atlantic/Cape_Verde\",\"label\":\"(UTC-01:00) Atlantic/Cape_Verde\"},"
		"{\"value\":\"Atlantic/Azores\",\"label\":\"(UTC+00:00) Atlantic/Azores (closed)\"},"
		"{\"value\":\"Europe/Berlin\",\"label\":\"(UTC+02:00) Europe/Berlin\"}]",
	};

	(void)state;
	for (size_t i = 0; i < sizeof(changed) / sizeof(changed[0]); i++)
		if (aligns_after(WINTER, changed[i], ONLY))
			fail_msg("menu %zu should stay an edit", i);
}

static void a_short_list_or_a_list_of_other_things_keeps_its_order(void **state)
{
	(void)state;
	/* two zones are not a menu of zones */
	assert_false(aligns_after("[\"(UTC+01:00) Paris\",\"(UTC+00:00) London\"]",
				  "[\"(UTC+00:00) London\",\"(UTC+02:00) Paris\"]", ONLY));
	/* a list without offsets keeps its order */
	assert_false(aligns_after("[\"alpha\",\"beta\",\"gamma\",\"delta\"]",
				  "[\"beta\",\"alpha\",\"gamma\",\"delta\"]", ONLY));
}

static void the_scrubber_off_sees_the_moved_menu(void **state)
{
	(void)state;
	assert_false(aligns_after(WINTER, SUMMER, 1u << SMART_SCRUBBER_ZONE_MENU));
	assert_true(aligns_after(WINTER, SUMMER, 0));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_zone_menu_reordered_by_daylight_saving_time_is_no_edit),
		cmocka_unit_test(a_zone_dropped_or_a_label_changed_stays_an_edit),
		cmocka_unit_test(a_short_list_or_a_list_of_other_things_keeps_its_order),
		cmocka_unit_test(the_scrubber_off_sees_the_moved_menu),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
