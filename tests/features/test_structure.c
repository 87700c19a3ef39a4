/* The structural features: DiffX counts, grouped changes, change depth,
 * children order and inversions, on hand-made pairs whose value was worked
 * out by hand (alignment by path or forced pairs, see fake_diff.h). */
#include "../support/support.h"
#include "../support/fake_diff.h"

#define F(old, new, name) fake_feature(old, new, name)

static void diffx_counts_copy_the_script_summary(void **state)
{
	(void)state;
	assert_true(F("<p>a</p>", "<p>a</p>", "diffx_inserts") == 0);
	/* ul, li, text */
	assert_true(F("<p>a</p>", "<p>a</p><ul><li>x</li></ul>", "diffx_inserts") == 3);
	assert_true(F("<p>a</p><ul><li>x</li></ul>", "<p>a</p>", "diffx_deletes") == 3);
	assert_true(F("<p>a</p><ul><li>x</li></ul>", "<p>a</p>", "diffx_inserts") == 0);
	assert_true(F("", "", "diffx_moves") == 0);
}

static void diffx_moves_counts_nodes_of_moved_subtrees(void **state)
{
	smart_tree *o = parse_html("<div><p>a</p></div><span></span>");
	smart_tree *n = parse_html("<div></div><span><p>a</p></span>");
	smart_diff *d = fake_diff_by_path(o, n);

	(void)state;
	fake_diff_pair(d, find_node(o, "p", 0), find_node(n, "p", 0));
	fake_diff_pair(d, find_node(o, "#text", 0), find_node(n, "#text", 0));
	fake_diff_finish(d);
	assert_true(feature_of(o, n, d, "diffx_moves") == 2); /* p and its text */
	assert_true(feature_of(o, n, d, "diffx_inserts") == 0);
	assert_true(feature_of(o, n, d, "grouped_change") == 1); /* the p */
	fake_diff_free(d);
	smart_tree_free(n);
	smart_tree_free(o);
}

static void grouped_change_counts_elements_of_largest_whole_change(void **state)
{
	(void)state;
	assert_true(F("<p>a</p>", "<p>a</p>", "grouped_change") == 0);
	/* table, tr, td, td */
	assert_true(F("<p>a</p>", "<p>a</p><table><tr><td>1</td><td>2</td></tr></table>",
		      "grouped_change") == 4);
	/* div (attribute), p (attribute) and the text (update): all changed */
	assert_true(F("<div class=a><p class=a>x</p></div>", "<div class=b><p class=b>y</p></div>",
		      "grouped_change") == 2);
	/* only the p changed as a whole: its text did not */
	assert_true(F("<div class=a><p class=a>x</p></div>", "<div class=a><p class=b>x</p></div>",
		      "grouped_change") == 0);
	assert_true(F("<p>a</p>", "<p>b</p>", "grouped_change") == 0); /* text holds no element */
	assert_true(F("<p>a</p>", "<p>a<br></p>", "grouped_change") == 1);
}

static void grouped_change_edge_cases(void **state)
{
	(void)state;
	assert_true(F("", "", "grouped_change") == 0);
	assert_true(F("", "<p>x</p>", "grouped_change") == 3); /* html, body, p inserted */
	assert_true(F("<p>x</p>", "", "grouped_change") == 3);
}

static void grouped_boolean_needs_two_elements(void **state)
{
	(void)state;
	assert_true(F("<p>a</p>", "<p>a</p>", "grouped_boolean") == 0);
	assert_true(F("<p>a</p>", "<p>a<br></p>", "grouped_boolean") == 0);
	assert_true(F("<p>a</p>", "<p>a<b><i>x</i></b></p>", "grouped_boolean") == 1);
	assert_true(F("", "", "grouped_boolean") == 0);
}

static void change_depth_is_closeness_of_highest_edit_to_root(void **state)
{
	(void)state;
	/* html 1, body 2, div 3, p 4, text 5: height 5 */
	assert_true(F("<div><p>a</p></div>", "<div><p>a</p></div>", "change_depth") == 0);
	assert_true(F("<div><p>a</p></div>", "<div><p>b</p></div>", "change_depth") == 1.0 / 5);
	/* the inserted p is at depth 4 of a tree of height 5 */
	assert_true(F("<div><p>a</p></div>", "<div><p>a</p><p>b</p></div>", "change_depth") == 2.0 / 5);
	assert_true(F("<html><body><div><p>a</p></div></body></html>",
		      "<html lang=en><body><div><p>b</p></div></body></html>", "change_depth") == 1);
}

static void change_depth_edge_cases(void **state)
{
	(void)state;
	assert_true(F("", "", "change_depth") == 0);
	assert_true(F("", "<p>x</p>", "change_depth") == 1); /* the root element is inserted */
	/* html body text: text before any element is the body's (no implied p) */
	assert_true(F("hello", "world", "change_depth") == 1.0 / 3);
}

/* <ul><li>a</li><li>b</li></ul> -> <ul><li>b</li><li>a</li></ul> with the
 * items aligned by content (li 1 <-> li 2) when `by_content`. */
static double swapped_items(int by_content, const char *name)
{
	smart_tree *o = parse_html("<ul><li>a</li><li>b</li></ul>");
	smart_tree *n = parse_html("<ul><li>b</li><li>a</li></ul>");
	smart_diff *d = fake_diff_by_path(o, n);
	double v;

	if (by_content) {
		for (unsigned k = 0; k < 2; k++) {
			fake_diff_pair(d, find_node(o, "li", k), find_node(n, "li", 1 - k));
			fake_diff_pair(d, find_node(o, "#text", k), find_node(n, "#text", 1 - k));
		}
		fake_diff_move(d, find_node(o, "li", 1));
	}
	fake_diff_finish(d);
	v = feature_of(o, n, d, name);
	fake_diff_free(d);
	smart_tree_free(n);
	smart_tree_free(o);
	return v;
}

static void children_order_counts_parents_with_permuted_children(void **state)
{
	(void)state;
	assert_true(F("<ul><li>a</li><li>b</li></ul>", "<ul><li>a</li><li>b</li></ul>",
		      "children_order") == 0);
	assert_true(swapped_items(1, "children_order") == 1); /* the ul */
	assert_true(swapped_items(0, "children_order") == 0); /* aligned in place: texts updated */
	assert_true(swapped_items(1, "diffx_moves") == 2);
}

static void children_order_needs_the_same_set_of_children(void **state)
{
	smart_tree *o = parse_html("<ul><li>a</li><li>b</li><li>c</li></ul>");
	smart_tree *n = parse_html("<ul><li>c</li><li>b</li></ul>");
	smart_diff *d = fake_diff_by_path(o, n);

	(void)state;
	fake_diff_pair(d, find_node(o, "li", 2), find_node(n, "li", 0));
	fake_diff_pair(d, find_node(o, "#text", 2), find_node(n, "#text", 0));
	fake_diff_finish(d);
	assert_true(feature_of(o, n, d, "children_order") == 0); /* li a is gone */
	fake_diff_free(d);
	smart_tree_free(n);
	smart_tree_free(o);
	assert_true(F("", "", "children_order") == 0);
}

static void inversions_follow_the_papers_sorted_lcs_procedure(void **state)
{
	(void)state;
	assert_true(F("<div><b></b><i></i></div>", "<div><b></b><i></i></div>", "inversions") == 0);
	/* html body div b i / html body div i b: two positions differ */
	assert_true(F("<div><b></b><i></i></div>", "<div><i></i><b></b></div>", "inversions") == 2);
	/* div vs span are dropped (outside the LCS): html body b on both sides */
	assert_true(F("<div><b></b></div>", "<span><b></b></span>", "inversions") == 0);
	/* kept: html body p b (first p) / html body b p */
	assert_true(F("<p></p><p></p><b></b>", "<b></b><p></p>", "inversions") == 2);
	/* a rotation of three: every position differs */
	assert_true(F("<a></a><b></b><i></i>", "<b></b><i></i><a></a>", "inversions") == 3);
}

static void inversions_ignore_text_and_empty_documents(void **state)
{
	(void)state;
	assert_true(F("", "", "inversions") == 0);
	assert_true(F("hello", "world", "inversions") == 0);
	assert_true(F("", "<p>x</p>", "inversions") == 0); /* nothing in common */
	assert_true(F("<p>a</p><p>b</p>", "<p>b</p><p>a</p>", "inversions") == 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(diffx_counts_copy_the_script_summary),
		cmocka_unit_test(diffx_moves_counts_nodes_of_moved_subtrees),
		unit_test_libxml2(grouped_change_counts_elements_of_largest_whole_change),
		unit_test_libxml2(grouped_change_edge_cases),
		cmocka_unit_test(grouped_boolean_needs_two_elements),
		cmocka_unit_test(change_depth_is_closeness_of_highest_edit_to_root),
		unit_test_libxml2(change_depth_edge_cases),
		cmocka_unit_test(children_order_counts_parents_with_permuted_children),
		cmocka_unit_test(children_order_needs_the_same_set_of_children),
		cmocka_unit_test(inversions_follow_the_papers_sorted_lcs_procedure),
		cmocka_unit_test(inversions_ignore_text_and_empty_documents),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
