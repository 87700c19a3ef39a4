/* The markup features: input_elements, missing_attributes,
 * changed_attributes and error_keywords, on hand-made pairs whose value was
 * worked out by hand (alignment by path, see fake_diff.h). */
#include "../support/support.h"
#include "../support/fake_diff.h"

#include <string.h>

#define F(old, new, name) fake_feature(old, new, name)

static void input_elements_counts_changed_controls(void **state)
{
	(void)state;
	assert_true(F("<form action=a><input name=q></form>", "<form action=a><input name=q></form>",
		      "input_elements") == 0);
	assert_true(F("<form action=a><input name=q></form>", "<form action=b><input name=q></form>",
		      "input_elements") == 1);
	/* name changed and type added on one input: it counts once */
	assert_true(F("<input name=q>", "<input name=r type=text>", "input_elements") == 1);
	assert_true(F("<form><button>Go</button></form>", "<form></form>", "input_elements") == 1);
	/* a form with two inputs inserted */
	assert_true(F("<p>x</p>", "<p>x</p><form><input><input></form>", "input_elements") == 3);
}

static void input_elements_ignores_labels_and_other_attributes(void **state)
{
	(void)state;
	assert_true(F("<button>Go</button>", "<button>Send</button>", "input_elements") == 0);
	assert_true(F("<input name=q class=a>", "<input name=q class=b>", "input_elements") == 0);
	assert_true(F("", "", "input_elements") == 0);
	assert_true(F("<p>a</p>", "<p>b</p><div></div>", "input_elements") == 0);
}

static void missing_attributes_counts_attributes_lost_by_aligned_elements(void **state)
{
	(void)state;
	assert_true(F("<a href=x title=t>k</a>", "<a href=x title=t>k</a>", "missing_attributes") == 0);
	assert_true(F("<a href=x title=t>k</a>", "<a href=x>k</a>", "missing_attributes") == 1);
	assert_true(F("<p class=a id=b>x</p><p style=c>y</p>", "<p>x</p><p>y</p>",
		      "missing_attributes") == 3);
	assert_true(F("<a href=x>k</a>", "<a href=x title=t>k</a>", "missing_attributes") == 0);
}

static void missing_attributes_ignores_deleted_elements(void **state)
{
	(void)state;
	assert_true(F("<p>a</p><a href=x title=t>k</a>", "<p>a</p>", "missing_attributes") == 0);
	assert_true(F("", "", "missing_attributes") == 0);
	assert_true(F("hello", "world", "missing_attributes") == 0);
}

static void changed_attributes_counts_same_name_different_value(void **state)
{
	smart_tree *o = parse_xml("<r><Type name=\"int\"/></r>");
	smart_tree *n = parse_xml("<r><Type name=\"unsigned int\"/></r>");
	smart_diff *d = fake_diff_by_path(o, n);

	(void)state;
	fake_diff_finish(d);
	assert_true(feature_of(o, n, d, "changed_attributes") == 1); /* the paper's example */
	fake_diff_free(d);
	smart_tree_free(n);
	smart_tree_free(o);
	assert_true(F("<a href=x title=t>k</a>", "<a href=y>k</a>", "changed_attributes") == 1);
	assert_true(F("<a href=x>k</a>", "<a href=X>k</a>", "changed_attributes") == 1);
	assert_true(F("<a href=x>k</a>", "<a href=x>k</a>", "changed_attributes") == 0);
	assert_true(F("<a href=x>k</a>", "<a href=x title=t>k</a>", "changed_attributes") == 0);
	assert_true(F("", "", "changed_attributes") == 0);
}

static void error_keywords_counts_keywords_new_in_the_new_document(void **state)
{
	(void)state;
	assert_true(F("<p>Error</p>", "<p>Error</p>", "error_keywords") == 0);
	assert_true(F("<p>ok</p>", "<p>Fatal error: NullPointerException</p>", "error_keywords") == 3);
	assert_true(F("<p>404</p>", "<p>404 page not found</p>", "error_keywords") == 1);
	/* the phrase and the word inside it */
	assert_true(F("<p>ok</p>", "<h1>Internal Server Error</h1>", "error_keywords") == 2);
	assert_true(F("<p>ok</p>", "<p>EXCEPTION exception Exception</p>", "error_keywords") == 1);
}

/* The old text is read only for the keywords the new text holds: each
 * of them found anywhere displayed in the old text (in any node, however
 * far from the change, even before it) still takes it out of the count,
 * and old keywords the new text lacks never count. */
static void error_keywords_look_in_the_old_text_for_the_new_ones_only(void **state)
{
	(void)state;
	assert_true(F("<p>Fatal</p><p>a</p><p>b</p>", "<p>Fatal</p><p>a</p><p>b error</p>",
		      "error_keywords") == 1);
	assert_true(F("<p>Error</p><p>a</p>", "<p>x</p><p>a</p><p>b error</p>", "error_keywords") == 0);
	assert_true(F("<p>a</p><p>warning fatal</p>", "<p>a fatal</p><p>b</p><p>warning</p>",
		      "error_keywords") == 0);
	assert_true(F("<p>a</p><p>warning</p>", "<p>a fatal</p><p>warning</p><p>failed</p>",
		      "error_keywords") == 2);
	/* hidden old text holds none */
	assert_true(F("<p>a</p><script>fatal</script>", "<p>a fatal</p>", "error_keywords") == 1);
	assert_true(F("<p>Error</p><p>fatal</p>", "<p>ok</p>", "error_keywords") == 0);
}

static void error_keywords_match_whole_words_of_displayed_text(void **state)
{
	(void)state;
	assert_true(F("", "", "error_keywords") == 0);
	assert_true(F("<p>a</p>", "<p>terror errorless x404</p>", "error_keywords") == 0);
	assert_true(F("<p>a</p>", "<p>a</p><script>throw new Error('x')</script>", "error_keywords") == 0);
	assert_true(F("<p>a</p>", "<pre>Stack\n   Trace</pre>", "error_keywords") == 1);
	assert_true(F("<p>a</p>", "<p>syntax-error.</p>", "error_keywords") == 1);
	assert_true(F("<p>Error</p>", "<p>ok</p>", "error_keywords") == 0); /* gone, not new */
	assert_true(F("ok", "Traceback (most recent call last):", "error_keywords") == 1);
}

/* The first text node of `t` whose text is `text`. */
static uint32_t text_node(const smart_tree *t, const char *text)
{
	for (uint32_t i = 0; i < t->count; i++)
		if (t->nodes[i].kind == SMART_NODE_TEXT && strcmp(t->nodes[i].text, text) == 0)
			return i;
	fail_msg("no text node \"%s\"", text);
	return SMART_NONE;
}

/* error_keywords passes over a new text node aligned with an old one of the
 * same text (its keywords are old ones), but only when the old one was
 * displayed: the same words moved out of a script onto the page are new
 * to the reader. */
static void error_keywords_count_aligned_text_shown_only_in_the_new_document(void **state)
{
	smart_tree *o = parse_html("<div><script>Fatal error</script><p>ok</p></div>");
	smart_tree *n = parse_html("<div><p>Fatal error</p><p>ok</p></div>");
	smart_diff *d = fake_diff_by_path(o, n);

	(void)state;
	fake_diff_pair(d, text_node(o, "Fatal error"), text_node(n, "Fatal error"));
	fake_diff_finish(d);
	assert_true(feature_of(o, n, d, "error_keywords") == 2); /* fatal, error */
	fake_diff_free(d);
	smart_tree_free(n);
	smart_tree_free(o);
	/* the same text displayed and aligned on both sides: nothing new */
	o = parse_html("<div><p>Fatal error</p><p>ok</p></div>");
	n = parse_html("<div><p>Fatal error</p><p>ok warning</p></div>");
	d = fake_diff_by_path(o, n);
	fake_diff_finish(d);
	assert_true(feature_of(o, n, d, "error_keywords") == 1); /* warning */
	fake_diff_free(d);
	smart_tree_free(n);
	smart_tree_free(o);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(input_elements_counts_changed_controls),
		cmocka_unit_test(input_elements_ignores_labels_and_other_attributes),
		cmocka_unit_test(missing_attributes_counts_attributes_lost_by_aligned_elements),
		cmocka_unit_test(missing_attributes_ignores_deleted_elements),
		cmocka_unit_test(changed_attributes_counts_same_name_different_value),
		cmocka_unit_test(error_keywords_counts_keywords_new_in_the_new_document),
		cmocka_unit_test(error_keywords_look_in_the_old_text_for_the_new_ones_only),
		cmocka_unit_test(error_keywords_match_whole_words_of_displayed_text),
		cmocka_unit_test(error_keywords_count_aligned_text_shown_only_in_the_new_document),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
