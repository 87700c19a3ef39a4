/* ISO 8601's basic format (scrub/iso_basic.c): a date-time written
 * without separators ("20240301T100011Z", iCalendar's form) is no edit in
 * a text or an attribute; a changed word beside it, digits that are not
 * such a moment, and the scrubber turned off still see an edit. */
#include "../support/support.h"

#include <stdio.h>
#include <string.h>

/* Only iso_basic on. */
static const unsigned ONLY = ((1u << SMART_SCRUBBER_COUNT) - 1) & ~(1u << SMART_SCRUBBER_ISO_BASIC);

/* Whether <option value="v">v</option> pages of the two values align
 * with no edit once scrubbed with the scrubbers not in `off`. */
static int aligns_after(const char *old_v, const char *new_v, unsigned off)
{
	char a[512], b[512];
	smart_error err = { "" };
	smart_tree *ta, *tb;
	smart_scrub_pass s = { .off = off };
	smart_diff *d;
	int empty;

	snprintf(a, sizeof(a), "<html><body><select name=\"f\"><option value=\"%s\">%s</option></select>"
		 "</body></html>", old_v, old_v);
	snprintf(b, sizeof(b), "<html><body><select name=\"f\"><option value=\"%s\">%s</option></select>"
		 "</body></html>", new_v, new_v);
	ta = smart_tree_parse(a, strlen(a), SMART_FORMAT_HTML, "a", &err);
	tb = smart_tree_parse(b, strlen(b), SMART_FORMAT_HTML, "b", &err);
	assert_non_null(ta);
	assert_non_null(tb);
	s.shapes = smart_shapes_scrubbed(&err);
	assert_non_null(s.shapes);
	assert_int_equal(smart_scrub_before_align(&s, ta, tb, &err), 0);
	d = smart_diffx(s.p.old_clean, s.p.new_clean, &err);
	assert_non_null(d);
	empty = smart_diff_is_empty(d);
	smart_diff_free(d);
	smart_scrub_pass_free(&s);
	smart_tree_free(ta);
	smart_tree_free(tb);
	return empty;
}

static void basic_format_moments_are_no_edit(void **state)
{
	static const char *const pairs[][2] = {
		{ "20240301T100011Z", "20250630T150005Z" },
		{ "Now: 20240301T1000+0100 (basic)", "Now: 20240715T1842+0200 (basic)" },
		{ "DTSTART:20240301T100011", "DTSTART:20240302T235959" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++)
		if (!aligns_after(pairs[i][0], pairs[i][1], ONLY))
			fail_msg("'%s' -> '%s' should be no edit", pairs[i][0], pairs[i][1]);
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
	for (size_t i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++)
		if (aligns_after(pairs[i][0], pairs[i][1], ONLY))
			fail_msg("'%s' -> '%s' should stay an edit", pairs[i][0], pairs[i][1]);
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
