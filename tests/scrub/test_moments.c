/* The moments scrubbing took out of a value (scrub/moments.c): Unix
 * epochs and ISO date-times that the scrubbed value no longer holds are
 * noted once each, as UTC fields; those it kept, numbers inside longer
 * numbers, and text cut short are not; and a moment moves across days,
 * months and years. */
#include "../support/support.h"

#include <string.h>

#include "scrub/internal.h"

static void assert_moment(const smart__moment *m, int year, int month, int day, int hour,
			  int minute, int second)
{
	assert_int_equal(m->year, year);
	assert_int_equal(m->month, month);
	assert_int_equal(m->day, day);
	assert_int_equal(m->hour, hour);
	assert_int_equal(m->minute, minute);
	assert_int_equal(m->second, second);
}

static void epochs_and_iso_times_taken_out_are_noted(void **state)
{
	smart__moment_set set = { .n = 0 };

	(void)state;
	smart__moment_set_note_scrubbed(&set, "{\"time\":\"1721061735\"}", "{\"time\":\"{epoch}\"}");
	smart__moment_set_note_scrubbed(&set, "Local time is 2024-07-15 18:42:17.",
					"Local time is {date}.");
	smart__moment_set_note_scrubbed(&set, "at 2024-07-15T18:42", "at {date}");
	assert_int_equal(set.n, 3);
	assert_moment(&set.at[0], 2024, 7, 15, 16, 42, 15);
	assert_moment(&set.at[1], 2024, 7, 15, 18, 42, 17);
	assert_moment(&set.at[2], 2024, 7, 15, 18, 42, -1); /* no seconds printed */
	/* the same moment again is noted once */
	smart__moment_set_note_scrubbed(&set, "t=1721061735", "t={epoch}");
	assert_int_equal(set.n, 3);
}

static void kept_values_and_longer_numbers_are_not_moments(void **state)
{
	smart__moment_set set = { .n = 0 };

	(void)state;
	/* the scrubbed value still holds it: not taken out */
	smart__moment_set_note_scrubbed(&set, "order 1721061735", "order 1721061735");
	/* eleven digits, a number inside a longer one */
	smart__moment_set_note_scrubbed(&set, "id 17210617351", "id {hex}");
	smart__moment_set_note_scrubbed(&set, "id 91721061735", "id {hex}");
	/* an ISO date cut short, and a date without a time */
	smart__moment_set_note_scrubbed(&set, "2024-07-15 18:4", "{date} 18:4");
	smart__moment_set_note_scrubbed(&set, "2024-07-15", "{date}");
	assert_int_equal(set.n, 0);
}

static void a_moment_moves_across_a_year(void **state)
{
	const smart__moment eve = { 2024, 12, 31, 23, 30, 5 };
	smart__moment later = smart__moment_shifted(&eve, 3600);
	smart__moment earlier = smart__moment_shifted(&eve, -24 * 3600L);

	(void)state;
	assert_moment(&later, 2025, 1, 1, 0, 30, 5);
	assert_moment(&earlier, 2024, 12, 30, 23, 30, 5);
	assert_true(smart__moment_equal(&eve, &eve));
	assert_false(smart__moment_equal(&eve, &later));
}

/* smart__digit_run walks the whole runs of digits of a value in order,
 * and a run that began before where the walk starts is not whole. */
static void digit_runs_are_walked_whole_and_in_order(void **state)
{
	const char *v = "a12b345 6", *p;
	const char *want[] = { "12", "345", "6" };
	size_t n, k = 0;

	(void)state;
	for (p = v; (p = smart__digit_run(v, p, &n)) != NULL; p += n, k++) {
		assert_true(k < 3);
		assert_int_equal(n, strlen(want[k]));
		assert_memory_equal(p, want[k], n);
	}
	assert_int_equal(k, 3);
	p = smart__digit_run(v, v + 5, &n); /* inside "345" */
	assert_non_null(p);
	assert_string_equal(p, "6");
	assert_null(smart__digit_run("no digits", "no digits", &n));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(epochs_and_iso_times_taken_out_are_noted),
		cmocka_unit_test(kept_values_and_longer_numbers_are_not_moments),
		cmocka_unit_test(a_moment_moves_across_a_year),
		cmocka_unit_test(digit_runs_are_walked_whole_and_in_order),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
