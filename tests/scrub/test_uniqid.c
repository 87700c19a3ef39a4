/* Names made from the clock (scrub/uniqid.c): an element named with PHP's
 * uniqid, and the script that finds it by that name, named anew in another
 * run, is no edit; the element renamed otherwise, a link's target changed
 * beside it, hex words that are not a moment and the scrubber turned off
 * still see an edit; the quick test that skips most texts finds every run
 * of 13 hex digits a byte-at-a-time count finds. */
#include "../support/scrub_pairs.h"
#include "../support/support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scrub/internal.h"

/* uniqid alone on. */
static const unsigned ONLY = SCRUB_ONLY(SMART_SCRUBBER_UNIQID);

/* The page every pair of bodies is set in. */
static const char FRAME[] = "<html><body>%s<p>Saved</p></body></html>";

/* Whether pages with `old_body` and `new_body` in the frame align with no
 * edit once scrubbed with the scrubbers not in `off`. */
static int aligns_after(const char *old_body, const char *new_body, unsigned off)
{
	return scrub_framed_align(FRAME, old_body, new_body, off, 0, NULL);
}

#define FILTER(id) "<div id=\"filter_" id "\">Filter</div>" \
		   "<script>jQuery(\"#filter_" id "\").tabs({\"active\":0});</script>"

static void an_element_named_by_the_clock_and_its_script_are_no_edit(void **state)
{
	static const char *const pairs[][2] = {
		{ FILTER("65e1a721c278a"), FILTER("66955160cbecd") },
		/* more entropy, glued to a letter and after a dot */
		{ "<table id=\"t65e1a7284eba2467706346\"><tr><td>a</td></tr></table>",
		  "<table id=\"t66955165a16ff650402597\"><tr><td>a</td></tr></table>" },
		{ "<input type=\"hidden\" name=\"form_id\" value=\"65e1a7284eba2.46770634\">",
		  "<input type=\"hidden\" name=\"form_id\" value=\"66955165a16ff.65040259\">" },
	};

	(void)state;
	scrub_assert_pairs(FRAME, pairs, sizeof(pairs) / sizeof(pairs[0]), ONLY, 1);
}

static void a_real_change_beside_the_uniqid_stays_an_edit(void **state)
{
	static const char *const pairs[][2] = {
		/* the element renamed (its prefix) */
		{ FILTER("65e1a721c278a"), "<div id=\"search_66955160cbecd\">Filter</div>"
					    "<script>jQuery(\"#filter_66955160cbecd\").tabs({\"active\":0});</script>" },
		/* the script's option changed beside the name */
		{ FILTER("65e1a721c278a"), "<div id=\"filter_66955160cbecd\">Filter</div>"
					    "<script>jQuery(\"#filter_66955160cbecd\").tabs({\"active\":1});</script>" },
		/* a link's target changed beside a uniqid */
		{ "<a href=\"items.php?id=65e1a721c278a&amp;view=list\">Items</a>",
		  "<a href=\"hosts.php?id=66955160cbecd&amp;view=list\">Items</a>" },
	};

	(void)state;
	scrub_assert_pairs(FRAME, pairs, sizeof(pairs) / sizeof(pairs[0]), ONLY, 0);
}

static void hex_words_that_are_no_moment_stay_edits(void **state)
{
	static const char *const pairs[][2] = {
		/* seconds before 2001 (0x1f...) */
		{ "<p>1f3e1a721c278a</p>", "<p>1f4e1a721c278a</p>" },
		/* microseconds of a million or more (fffff) */
		{ "<p>65e1a721fffff</p>", "<p>66955160fffff</p>" },
		/* fourteen hex digits: a longer word */
		{ "<p>65e1a721c278ab</p>", "<p>66955160cbecdb</p>" },
		/* a commit hash's head glued to more hex */
		{ "<p>commit 65e1a721c278a9b</p>", "<p>commit 66955160cbecd9b</p>" },
	};

	(void)state;
	scrub_assert_pairs(FRAME, pairs, sizeof(pairs) / sizeof(pairs[0]), ONLY, 0);
}

static void the_scrubber_off_sees_the_new_name(void **state)
{
	(void)state;
	assert_false(aligns_after(FILTER("65e1a721c278a"), FILTER("66955160cbecd"),
				  1u << SMART_SCRUBBER_UNIQID));
	assert_true(aligns_after(FILTER("65e1a721c278a"), FILTER("66955160cbecd"), 0));
}

/* The quick test's specification: a byte-at-a-time count of lower-case
 * hex digits, 13 in a row. */
static int spec_may_hold(const char *v, size_t len)
{
	size_t run = 0;

	for (size_t i = 0; i < len; i++) {
		int hex = (v[i] >= '0' && v[i] <= '9') || (v[i] >= 'a' && v[i] <= 'f');

		if (!hex)
			run = 0;
		else if (++run == 13)
			return 1;
	}
	return 0;
}

static void the_quick_test_finds_every_run_of_13_hex_digits(void **state)
{
	/* hex digits mostly, so that runs of 11 to 15 are common */
	static const char alphabet[] = "0123456789abcdef0123456789abcdef0a9fgzA F._-";
	static const char *const edges[] = {
		"", "65e1a721c278", "65e1a721c278a", "x65e1a721c278a", "65e1a721c278a.",
		"65e1a721c278 65e1a721c278a", "65e1a721c278g65e1a721c278", "abcdefabcdefABCDEF",
		"filter_65e1a721c278a", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
	};
	char v[80];
	unsigned found = 0;

	(void)state;
	for (size_t i = 0; i < sizeof(edges) / sizeof(edges[0]); i++)
		assert_int_equal(smart__scrub_uniqid_may_hold(edges[i], strlen(edges[i])),
				 spec_may_hold(edges[i], strlen(edges[i])));
	srand(30);
	for (int round = 0; round < 200000; round++) {
		size_t len = (size_t)(rand() % 60);

		for (size_t k = 0; k < len; k++)
			v[k] = alphabet[rand() % (int)(sizeof(alphabet) - 1)];
		v[len] = '\0';
		if (spec_may_hold(v, len) != smart__scrub_uniqid_may_hold(v, len))
			fail_msg("'%s': quick test %d, count %d", v,
				 smart__scrub_uniqid_may_hold(v, len), spec_may_hold(v, len));
		found += (unsigned)spec_may_hold(v, len);
	}
	/* both answers were asked many times */
	assert_true(found > 10000 && found < 190000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(an_element_named_by_the_clock_and_its_script_are_no_edit),
		cmocka_unit_test(a_real_change_beside_the_uniqid_stays_an_edit),
		cmocka_unit_test(hex_words_that_are_no_moment_stay_edits),
		cmocka_unit_test(the_scrubber_off_sees_the_new_name),
		cmocka_unit_test(the_quick_test_finds_every_run_of_13_hex_digits),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
