/* Presentational attributes (scrub/presentation.c) through the scrubbing
 * pipeline: class, style, data-* and layout attributes that an HTML
 * element gained are no edit and are counted in the discount; changed or
 * removed ones, a functional attribute beside them, the same addition in
 * XML, and the raw pipeline still see an edit. */
#include "../support/support.h"

#include <string.h>

#include "smart/profile.h"
#include "smart/train.h"

/* Whether the pair is no edit once scrubbed; *presentation gets the
 * discount's presentational count. */
static int only_volatile(const char *old_doc, const char *new_doc, smart_format format, int raw,
			 unsigned *presentation)
{
	smart_features_result r = measure_scrubbed(old_doc, new_doc, format, raw);

	if (presentation)
		*presentation = r.discounted[SMART_DISCOUNT_PRESENTATION];
	return r.only_volatile;
}

static void added_class_and_data_attributes_are_no_edit(void **state)
{
	unsigned n = 0;

	(void)state;
	assert_true(only_volatile("<form action=\"/s\"><input name=\"q\"></form>",
				  "<form action=\"/s\" class=\"compact\" data-track=\"s\"><input name=\"q\"></form>",
				  SMART_FORMAT_HTML, 0, &n));
	assert_int_equal(n, 2);
}

/* What the seeded faults showed to matter: a lost state class, an
 * off-by-one source position, a removed layout attribute. */
static void changed_or_removed_presentational_attributes_are_edits(void **state)
{
	(void)state;
	assert_false(only_volatile("<li class=\"dropdown active\">Spec</li>",
				   "<li class=\"dropdown\">Spec</li>", SMART_FORMAT_HTML, 0, NULL));
	assert_false(only_volatile("<pre data-sourcepos=\"8:1-16:8\">x</pre>",
				   "<pre data-sourcepos=\"8:2-16:8\">x</pre>", SMART_FORMAT_HTML, 0, NULL));
	assert_false(only_volatile("<img src=\"a.png\" width=\"10\">", "<img src=\"a.png\">",
				   SMART_FORMAT_HTML, 0, NULL));
}

static void a_functional_attribute_beside_them_is_an_edit(void **state)
{
	(void)state;
	assert_false(only_volatile("<form action=\"/s\"><input name=\"q\"></form>",
				   "<form action=\"/s\" class=\"compact\"><input name=\"query\"></form>",
				   SMART_FORMAT_HTML, 0, NULL));
	assert_false(only_volatile("<p class=\"a\">Saved</p>", "<p class=\"b\">Failed</p>",
				   SMART_FORMAT_HTML, 0, NULL));
}

static void xml_attributes_named_alike_are_data(void **state)
{
	unsigned n = 1;

	(void)state;
	assert_false(only_volatile("<shape width=\"10\"/>", "<shape width=\"10\" class=\"b\"/>",
				   SMART_FORMAT_XML, 0, &n));
	assert_int_equal(n, 0);
}

static void the_raw_pipeline_sees_them(void **state)
{
	(void)state;
	assert_false(only_volatile("<p>x</p>", "<p class=\"lead\">x</p>", SMART_FORMAT_HTML, 1, NULL));
}

static void the_names_are_those_of_the_guide(void **state)
{
	(void)state;
	assert_true(smart_presentation_attribute("class"));
	assert_true(smart_presentation_attribute("DATA-Analytics"));
	assert_true(smart_presentation_attribute("cellpadding"));
	assert_false(smart_presentation_attribute("id"));      /* in-page links */
	assert_false(smart_presentation_attribute("href"));
	assert_false(smart_presentation_attribute("hidden"));  /* hides content */
	assert_false(smart_presentation_attribute("database"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(added_class_and_data_attributes_are_no_edit),
		cmocka_unit_test(changed_or_removed_presentational_attributes_are_edits),
		cmocka_unit_test(a_functional_attribute_beside_them_is_an_edit),
		cmocka_unit_test(xml_attributes_named_alike_are_data),
		cmocka_unit_test(the_raw_pipeline_sees_them),
		cmocka_unit_test(the_names_are_those_of_the_guide),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
