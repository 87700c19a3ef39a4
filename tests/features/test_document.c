/* Features of the document as a whole (features/document.c): the doctype,
 * which DiffX never sees. */
#include "../support/support.h"
#include "../support/fake_diff.h"

#include <string.h>

/* doctype_changed of the pair (old_html, new_html), aligned by path. */
static double doctype_changed(const char *old_html, const char *new_html)
{
	smart_tree *o = parse_html(old_html), *n = parse_html(new_html);
	smart_diff *d = fake_diff_by_path(o, n);
	double v;

	fake_diff_finish(d);
	v = feature_of(o, n, d, "doctype_changed");
	fake_diff_free(d);
	smart_tree_free(n);
	smart_tree_free(o);
	return v;
}

static void doctype_changed_is_1_when_one_is_added_or_dropped(void **state)
{
	(void)state;
	assert_true(doctype_changed("<!DOCTYPE html><p>a</p>", "<p>a</p>") == 1);
	assert_true(doctype_changed("<p>a</p>", "<!DOCTYPE html><p>a</p>") == 1);
}

static void doctype_changed_is_1_when_it_is_replaced(void **state)
{
	(void)state;
	assert_true(doctype_changed("<!DOCTYPE html><p>a</p>",
				    "<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Strict//EN\" "
				    "\"http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd\"><p>a</p>") == 1);
}

static void doctype_changed_is_0_when_only_case_differs_or_none_has_one(void **state)
{
	(void)state;
	assert_true(doctype_changed("<!DOCTYPE html><p>a</p>", "<!doctype HTML><p>b</p>") == 0);
	assert_true(doctype_changed("<p>a</p>", "<p>b</p>") == 0);
}

static void trees_with_different_doctypes_differ_by_doctype_only(void **state)
{
	smart_tree *o = parse_html("<!DOCTYPE html><p>a</p>"), *n = parse_html("<p>a</p>");

	(void)state;
	assert_true(smart_tree_equal(o, n));
	assert_true(smart_tree_doctypes_differ(o, n));
	assert_false(smart_tree_doctypes_differ(o, o));
	smart_tree_free(n);
	smart_tree_free(o);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(doctype_changed_is_1_when_one_is_added_or_dropped),
		cmocka_unit_test(doctype_changed_is_1_when_it_is_replaced),
		cmocka_unit_test(doctype_changed_is_0_when_only_case_differs_or_none_has_one),
		cmocka_unit_test(trees_with_different_doctypes_differ_by_doctype_only),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
