/* The feature registry: names, order, lookup, and the values every feature
 * takes on identical documents and on junk. */
#include "../support/support.h"
#include "../support/fake_diff.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const expected_names[] = {
	"diffx_moves", "diffx_inserts", "diffx_deletes", "text_only", "grouped_change",
	"grouped_boolean", "change_depth", "children_order", "inversions", "text_ratio",
	"text_multimedia_ratio", "error_keywords", "input_elements", "missing_attributes",
	"changed_attributes", "new_text",
};

static void registry_lists_the_smart_features_in_order(void **state)
{
	size_t n = sizeof(expected_names) / sizeof(expected_names[0]);

	(void)state;
	assert_true(smart_feature_count() >= n);
	for (size_t i = 0; i < n; i++)
		assert_string_equal(smart_feature_info_at(i)->name, expected_names[i]);
}

static void registry_names_are_unique_identifiers_with_descriptions(void **state)
{
	(void)state;
	for (size_t i = 0; i < smart_feature_count(); i++) {
		const smart_feature_info *f = smart_feature_info_at(i);

		assert_true(strlen(f->name) > 0);
		assert_int_equal(strspn(f->name, "abcdefghijklmnopqrstuvwxyz_0123456789"), strlen(f->name));
		assert_true(strlen(f->description) > 10);
		assert_non_null(f->extract);
		assert_true(isfinite(f->neutral));
		assert_int_equal(smart_feature_index(f->name), (long)i);
	}
	assert_int_equal(smart_feature_index("no_such_feature"), -1);
}

/* Every feature takes its neutral value on a pair of identical documents. */
static void assert_neutral(const char *doc)
{
	smart_tree *o = parse_html(doc), *n = parse_html(doc);
	smart_diff *d = fake_diff_by_path(o, n);
	double values[64];
	smart_error err = { { 0 } };

	fake_diff_finish(d);
	assert_int_equal(d->op_count, 0);
	assert_int_equal(smart_measure_aligned(d, &(smart_measure){ .values = values }, &err), 0);
	for (size_t i = 0; i < smart_feature_count(); i++)
		if (values[i] != smart_feature_info_at(i)->neutral)
			fail_msg("%s is %g on identical documents %.40s", smart_feature_info_at(i)->name,
				 values[i], doc);
	fake_diff_free(d);
	smart_tree_free(n);
	smart_tree_free(o);
}

static void identical_documents_give_neutral_values(void **state)
{
	(void)state;
	assert_neutral("");
	assert_neutral("just text, an error 404");
	assert_neutral("<form action=x><input name=q><img src=a></form><p class=c>Fatal</p>");
	assert_neutral("<ul><li>a<li>b<li>c</ul><table><tr><td>1<td>2</table>");
}

/* The hypothesised signs (docs/features.md): every feature has -1, 0, +1
 * or SMART_SIGN_HELD (the five volatility counts, issue 35), and the ones
 * the severe-fault guarantee rests on are + (a misspelt name in the table
 * would silently read 0). */
static void registry_records_hypothesised_signs(void **state)
{
	static const char *const growing[] = {
		"diffx_moves", "diffx_inserts", "diffx_deletes", "text_ratio", "error_keywords",
		"new_text", "changed_content_ratio", "new_text_ratio", "text_size_change",
		"new_text_log", "residual_change", "change_depth", "doctype_changed", "hidden_edits",
		"hidden_substitutions",
	};
	static const char *const held[] = {
		"volatile_moves", "volatile_inserts", "volatile_deletes", "volatile_updates",
		"volatile_attributes",
	};
	size_t with_sign = 0, held_count = 0;

	(void)state;
	for (size_t i = 0; i < smart_feature_count(); i++) {
		int s = smart_feature_sign(smart_feature_info_at(i)->name);

		assert_true((s >= -1 && s <= 1) || s == SMART_SIGN_HELD);
		with_sign += s != 0;
		held_count += s == SMART_SIGN_HELD;
	}
	for (size_t i = 0; i < sizeof(held) / sizeof(held[0]); i++)
		assert_int_equal(smart_feature_sign(held[i]), SMART_SIGN_HELD);
	assert_int_equal(held_count, 5);
	for (size_t i = 0; i < sizeof(growing) / sizeof(growing[0]); i++)
		assert_int_equal(smart_feature_sign(growing[i]), +1);
	assert_int_equal(smart_feature_sign("text_only"), -1);
	assert_int_equal(smart_feature_sign("only_volatile"), -1);
	assert_int_equal(smart_feature_sign("reworded_text"), -1);
	assert_int_equal(smart_feature_sign("children_order"), 0);
	assert_int_equal(smart_feature_sign("no_such_feature"), 0);
	assert_int_equal(with_sign, 34); /* all but the three two-way features */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(registry_lists_the_smart_features_in_order),
		cmocka_unit_test(registry_names_are_unique_identifiers_with_descriptions),
		cmocka_unit_test(identical_documents_give_neutral_values),
		cmocka_unit_test(registry_records_hypothesised_signs),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
