/* Features through the real pipeline (parse, DiffX, features): invariants
 * over seeded random pairs, junk input, and hand-worked pairs. */
#include "../support/support.h"
#include "../support/random_tree.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MAX_FEATURES 64

/* How many random pairs a property test tries (fewer under valgrind). */
static uint64_t rounds(uint64_t full)
{
	return getenv("SMART_TEST_QUICK") ? full / 10 : full;
}

/* Features of two documents through the measuring stage
 * (smart_measure_pair); fails the test when it fails. */
static void features_of(const char *old_doc, size_t old_len, const char *new_doc, size_t new_len,
			smart_format format, double *values)
{
	smart_error err = { { 0 } };
	smart_measure m = { .values = values, .format = format };

	assert_true(smart_feature_count() <= MAX_FEATURES);
	if (smart_measure_pair(&(smart_document){ old_doc, old_len, "old" },
			       &(smart_document){ new_doc, new_len, "new" }, &m, &err) < 0)
		fail_msg("features: %s", err.message);
	for (size_t i = 0; i < smart_feature_count(); i++)
		if (!isfinite(values[i]))
			fail_msg("%s is not finite", smart_feature_info_at(i)->name);
}

/* features_of with an explicit pipeline: raw trees (SMART's) or scrubbed;
 * *only_volatile receives whether the scrubbed trees no longer differ. */
static void features_of_pipeline(const char *old_doc, const char *new_doc, int raw,
				 double *values, int *only_volatile)
{
	smart_document a = { old_doc, strlen(old_doc), "old" }, b = { new_doc, strlen(new_doc), "new" };
	smart_measure m = { 0 };
	smart_error err = { { 0 } };

	m.format = SMART_FORMAT_HTML;
	m.raw = raw;
	m.values = values;
	if (smart_measure_pair(&a, &b, &m, &err) < 0)
		fail_msg("features: %s", err.message);
	*only_volatile = m.result.only_volatile;
}

static double value(const double *values, const char *name)
{
	long k = smart_feature_index(name);

	assert_true(k >= 0);
	return values[k];
}

static double html_feature(const char *old_doc, const char *new_doc, const char *name)
{
	double v[MAX_FEATURES];

	features_of(old_doc, strlen(old_doc), new_doc, strlen(new_doc), SMART_FORMAT_HTML, v);
	return value(v, name);
}

static void identical_random_documents_give_neutral_features(void **state)
{
	double v[MAX_FEATURES];

	(void)state;
	for (uint64_t seed = 1; seed <= rounds(60); seed++) {
		rt_pair p;

		assert_int_equal(rt_make_pair(seed, SMART_FORMAT_AUTO, 300, RT_EDITS_NONE, &p), 0);
		features_of(p.old_doc, p.old_len, p.new_doc, p.new_len, p.format, v);
		rt_pair_free(&p);
		for (size_t i = 0; i < smart_feature_count(); i++)
			if (v[i] != smart_feature_info_at(i)->neutral)
				fail_msg("seed %llu: %s = %g on identical documents", (unsigned long long)seed,
					 smart_feature_info_at(i)->name, v[i]);
	}
}

static void swapping_old_and_new_swaps_inserts_and_deletes(void **state)
{
	double ab[MAX_FEATURES], ba[MAX_FEATURES];

	(void)state;
	for (uint64_t seed = 100; seed < 100 + rounds(150); seed++) {
		rt_pair p;

		assert_int_equal(rt_make_pair(seed, SMART_FORMAT_AUTO, 300, RT_EDITS_ANY, &p), 0);
		features_of(p.old_doc, p.old_len, p.new_doc, p.new_len, p.format, ab);
		features_of(p.new_doc, p.new_len, p.old_doc, p.old_len, p.format, ba);
		rt_pair_free(&p);
		/* inserts − deletes is |new| − |old| whatever the alignment */
		assert_true(value(ab, "diffx_inserts") - value(ab, "diffx_deletes") ==
			    value(ba, "diffx_deletes") - value(ba, "diffx_inserts"));
		/* DiffX aligns every pair of these seeds the same way in both
		 * directions (tests/diffx/test_patch_property.c bounds the
		 * pairs where it does not: under 1 %, none here). */
		assert_true(value(ab, "diffx_inserts") == value(ba, "diffx_deletes"));
		assert_true(value(ab, "diffx_deletes") == value(ba, "diffx_inserts"));
		/* the tree-only features are symmetric by construction */
		assert_true(value(ab, "inversions") == value(ba, "inversions"));
		assert_true(value(ab, "text_multimedia_ratio") == value(ba, "text_multimedia_ratio"));
		if (value(ab, "text_ratio") > 0 && value(ba, "text_ratio") > 0)
			assert_true(fabs(value(ab, "text_ratio") * value(ba, "text_ratio") - 1) < 1e-9);
	}
}

static void every_feature_is_finite_on_junk(void **state)
{
	double v[MAX_FEATURES];
	char a[2048], b[2048];
	rt_rng rng;

	(void)state;
	rt_seed(&rng, 7);
	for (uint64_t round = 0; round < rounds(40); round++) {
		size_t la = rt_below(&rng, sizeof(a)), lb = rt_below(&rng, sizeof(b));

		for (size_t i = 0; i < la; i++)
			a[i] = round % 2 ? (char)rt_below(&rng, 256) : "<>/ a=\"'&;!-px"[rt_below(&rng, 14)];
		for (size_t i = 0; i < lb; i++)
			b[i] = round % 2 ? (char)rt_below(&rng, 256) : "<>/ b=\"'&;!-pi"[rt_below(&rng, 14)];
		features_of(a, la, b, lb, SMART_FORMAT_HTML, v); /* HTML never fails on content */
	}
}

static void a_moved_subtree_is_counted_as_moved_nodes(void **state)
{
	const char *o = "<div id=a><p>one</p><p>two</p></div><div id=b><h2>x</h2></div>";
	const char *n = "<div id=a><p>two</p></div><div id=b><h2>x</h2><p>one</p></div>";

	(void)state;
	assert_true(html_feature(o, n, "diffx_moves") == 2); /* p and its text */
	assert_true(html_feature(o, n, "diffx_inserts") == 0);
	assert_true(html_feature(o, n, "diffx_deletes") == 0);
	assert_true(html_feature(o, n, "text_only") == 0);
	assert_true(html_feature(o, o, "diffx_moves") == 0);
}

static void reordered_list_items_are_children_order_not_inversions(void **state)
{
	const char *o = "<ul><li>alpha one</li><li>beta two</li><li>gamma</li></ul>";
	const char *n = "<ul><li>gamma</li><li>alpha one</li><li>beta two</li></ul>";

	(void)state;
	assert_true(html_feature(o, n, "children_order") == 1); /* the ul */
	assert_true(html_feature(o, n, "inversions") == 0);     /* li li li on both sides */
	assert_true(html_feature(o, n, "text_only") == 0);
	assert_true(html_feature(o, n, "new_text") == 0);
	assert_true(html_feature(o, o, "children_order") == 0);
}

static void a_stack_trace_page_looks_like_a_fault(void **state)
{
	const char *o = "<h1>Results</h1><table><tr><td>a</td><td>1</td></tr>"
			"<tr><td>b</td><td>2</td></tr></table><form action=/s><input name=q></form>";
	const char *n = "<h1>Results</h1><pre>Traceback (most recent call last):\n"
			"  File \"app.py\", line 3\nKeyError: 'q'</pre>";
	double v[MAX_FEATURES];

	(void)state;
	features_of(o, strlen(o), n, strlen(n), SMART_FORMAT_HTML, v);
	assert_true(value(v, "diffx_deletes") == 13); /* table tr td td ×2 with texts, form, input */
	assert_true(value(v, "grouped_change") == 7); /* the table */
	assert_true(value(v, "grouped_boolean") == 1);
	assert_true(value(v, "input_elements") == 2);
	assert_true(value(v, "error_keywords") == 1); /* traceback; "KeyError" is one word */
	assert_true(value(v, "text_only") == 0);
}

/* Scrub, then align: a pair differing only in a date is the same document
 * once its volatile values are scrubbed, so every feature is neutral. */
static void a_changed_date_is_no_edit_once_scrubbed(void **state)
{
	const char *o = "<h1>Report</h1><p class=f>Generated 2024-01-01 by x</p>";
	const char *n = "<h1>Report</h1><p class=f>Generated 2024-01-02 by x</p>";
	double v[MAX_FEATURES];
	int only_volatile;

	(void)state;
	features_of_pipeline(o, n, 0, v, &only_volatile);
	assert_int_equal(only_volatile, 1);
	for (size_t i = 0; i < smart_feature_count(); i++)
		if (v[i] != smart_feature_info_at(i)->neutral)
			fail_msg("%s is %g, not neutral", smart_feature_info_at(i)->name, v[i]);
}

/* An archive menu whose only month is the month of the run (WordPress's
 * value="202403"): a bare six-digit month is scrubbed like any date, and a
 * bare six-digit number that is no month is not. */
static void a_bare_archive_month_is_scrubbed_and_a_count_is_not(void **state)
{
	const char *o = "<form><select><option value=\"202403\">March 2024</option></select></form>";
	const char *n = "<form><select><option value=\"202407\">July 2024</option></select></form>";
	const char *count_o = "<form><select><option value=\"204399\">many</option></select></form>";
	const char *count_n = "<form><select><option value=\"204400\">many</option></select></form>";
	double v[MAX_FEATURES];
	int only_volatile;

	(void)state;
	features_of_pipeline(o, n, 0, v, &only_volatile);
	assert_int_equal(only_volatile, 1);
	features_of_pipeline(count_o, count_n, 0, v, &only_volatile);
	assert_int_equal(only_volatile, 0);
}

/* SMART's own pipeline (raw trees): the same change is a text-only edit. */
static void a_changed_date_is_text_only(void **state)
{
	const char *o = "<h1>Report</h1><p class=f>Generated 2024-01-01 by x</p>";
	const char *n = "<h1>Report</h1><p class=f>Generated 2024-01-02 by x</p>";
	double v[MAX_FEATURES];
	int only_volatile;

	(void)state;
	features_of_pipeline(o, n, 1, v, &only_volatile);
	assert_int_equal(only_volatile, 0);
	assert_true(value(v, "text_only") == 1);
	assert_true(value(v, "new_text") == 1);
	assert_true(value(v, "grouped_change") == 0);
	assert_true(value(v, "diffx_inserts") + value(v, "diffx_deletes") + value(v, "diffx_moves") == 0);
	assert_true(value(v, "text_ratio") == 1);
	/* html body p text: height 4, update at depth 4 */
	assert_true(value(v, "change_depth") == 0.25);
}

static void xml_attribute_evolution_counts_changed_and_missing(void **state)
{
	const char *o = "<r><Function name=\"foo\" returns=\"int\" id=\"f1\"/></r>";
	const char *n = "<r><Function name=\"foo\" returns=\"unsigned int\" mangled=\"_Z3fooii\"/></r>";
	double v[MAX_FEATURES];

	(void)state;
	features_of(o, strlen(o), n, strlen(n), SMART_FORMAT_XML, v);
	assert_true(value(v, "changed_attributes") == 1);
	assert_true(value(v, "missing_attributes") == 1); /* id; mangled is added, not missing */
	assert_true(value(v, "text_only") == 0);
	assert_true(value(v, "change_depth") == 0.5); /* Function at depth 2 of height 2 */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(identical_random_documents_give_neutral_features),
		cmocka_unit_test(swapping_old_and_new_swaps_inserts_and_deletes),
		cmocka_unit_test(every_feature_is_finite_on_junk),
		cmocka_unit_test(a_moved_subtree_is_counted_as_moved_nodes),
		cmocka_unit_test(reordered_list_items_are_children_order_not_inversions),
		unit_test_libxml2(a_stack_trace_page_looks_like_a_fault),
		cmocka_unit_test(a_changed_date_is_text_only),
		cmocka_unit_test(a_changed_date_is_no_edit_once_scrubbed),
		cmocka_unit_test(a_bare_archive_month_is_scrubbed_and_a_count_is_not),
		cmocka_unit_test(xml_attribute_evolution_counts_changed_and_missing),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
