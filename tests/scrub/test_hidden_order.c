/* Hidden inputs' order (scrub/hidden_order.c): a run of a form's hidden
 * inputs printed in another order (a hash of a new process) is no edit;
 * a hidden field added, removed or changed beside the reordering, a
 * hidden field moved among shown ones, and the scrubber turned off still
 * see an edit. */
#include "../support/scrub_pairs.h"
#include "../support/support.h"

#include <stdio.h>
#include <string.h>

/* Only hidden_order on. */
static const unsigned ONLY = SCRUB_ONLY(SMART_SCRUBBER_HIDDEN_ORDER);

/* The page every pair of bodies is set in. */
static const char FRAME[] = "<html><body><form action=\"/search\">%s<input name=\"q\">"
			     "</form></body></html>";

/* Whether pages with `old_body` and `new_body` in the frame align with no
 * edit once scrubbed with the scrubbers not in `off`; *explained (when not
 * NULL) gets what this scrubber explained. */
static int aligns_after(const char *old_body, const char *new_body, unsigned off,
			unsigned *explained)
{
	return scrub_framed_align(FRAME, old_body, new_body, off, SMART_SCRUBBER_HIDDEN_ORDER, explained);
}

#define H(name, value) "<input type=\"hidden\" class=\"hidden\" name=\"" name "\" value=\"" value "\" />\n"

static void a_reordered_run_of_hidden_inputs_is_no_edit(void **state)
{
	unsigned n = 0;

	(void)state;
	assert_true(aligns_after(H("Rows", "50") H("Page", "1") H("OrderBy", "id") H("Order", "ASC"),
				 H("Order", "ASC") H("Rows", "50") H("OrderBy", "id") H("Page", "1"), ONLY,
				 &n));
	assert_int_equal(n, 1);
	assert_true(aligns_after(H("Rows", "50") H("Page", "1"), H("Page", "1") H("Rows", "50"), 0, NULL));
}

static void a_field_added_removed_or_changed_beside_it_is_an_edit(void **state)
{
	(void)state;
	assert_false(aligns_after(H("Rows", "50") H("Page", "1") H("Order", "ASC"),
				  H("Order", "ASC") H("Rows", "50") H("Page", "2"), ONLY, NULL));
	assert_false(aligns_after(H("Rows", "50") H("Page", "1") H("Order", "ASC"),
				  H("Order", "ASC") H("Rows", "50"), ONLY, NULL));
	assert_false(aligns_after(H("Rows", "50") H("Page", "1"),
				  H("Page", "1") H("Rows", "50") H("Order", "ASC"), ONLY, NULL));
	assert_false(aligns_after(H("Rows", "50") H("Page", "1"),
				  H("Page", "1") H("Limit", "50"), ONLY, NULL));
}

static void hidden_fields_among_shown_ones_and_the_scrubber_off_see_an_edit(void **state)
{
	(void)state;
	/* a shown field between them: the run is broken, the move is real */
	assert_false(aligns_after(H("Rows", "50") "<input name=\"title\">" H("Page", "1"),
				  H("Page", "1") "<input name=\"title\">" H("Rows", "50"), ONLY, NULL));
	/* attributes of other names: not one run */
	assert_false(aligns_after(H("Rows", "50") "<input type=\"hidden\" name=\"Page\" value=\"1\">",
				  "<input type=\"hidden\" name=\"Page\" value=\"1\">" H("Rows", "50"), ONLY, NULL));
	assert_false(aligns_after(H("Rows", "50") H("Page", "1"), H("Page", "1") H("Rows", "50"),
				  1u << SMART_SCRUBBER_HIDDEN_ORDER, NULL));
}

/* Property: every rotation of a run of k hidden inputs aligns with the
 * run as printed first. */
static void every_rotation_of_the_run_aligns(void **state)
{
	static const char *const fields[] = { H("a", "1"), H("b", "2"), H("c", "3"),
					      H("d", ""), H("e", "x y"), H("a", "0") };
	const size_t k = sizeof(fields) / sizeof(fields[0]);
	char first[1024] = "", other[1024];

	(void)state;
	for (size_t i = 0; i < k; i++)
		strcat(first, fields[i]);
	for (size_t r = 1; r < k; r++) {
		other[0] = '\0';
		for (size_t i = 0; i < k; i++)
			strcat(other, fields[(i + r) % k]);
		assert_true(aligns_after(first, other, ONLY, NULL));
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_reordered_run_of_hidden_inputs_is_no_edit),
		cmocka_unit_test(a_field_added_removed_or_changed_beside_it_is_an_edit),
		cmocka_unit_test(hidden_fields_among_shown_ones_and_the_scrubber_off_see_an_edit),
		cmocka_unit_test(every_rotation_of_the_run_aligns),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
