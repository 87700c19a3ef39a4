/* Where an edit lies (features/visibility.c): change_depth reads only the
 * edits a user sees, hidden_edits the residue of the others, and
 * residual_change and changed_words keep the displayed rest. Through the
 * real pipeline (parse, scrub, DiffX, features); the words swapped
 * ("compact" -> "spacious") are no volatile shape, so nothing scrubs them. */
#include "../support/support.h"
#include "../support/random_tree.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_FEATURES 64

/* How many random pairs a property test tries (fewer under valgrind). */
static uint64_t rounds(uint64_t full)
{
	return getenv("SMART_TEST_QUICK") ? full / 10 : full;
}

/* The features of an HTML pair through the measuring stage. */
static void features_of(const char *old_doc, const char *new_doc, double *values)
{
	assert_true(smart_feature_count() <= MAX_FEATURES);
	measure_html_features(old_doc, new_doc, values);
}

/* A page whose head holds `head` and whose body holds `body`. */
static char *page(const char *head, const char *body)
{
	static char buf[4][2048];
	static int next;
	char *p = buf[next++ % 4];

	snprintf(p, sizeof(buf[0]),
		 "<html><head><title>Orders</title>%s</head><body><h1>Orders</h1>"
		 "<table><tr><td>Order 1</td></tr><tr><td>Order 2</td></tr></table>%s</body></html>",
		 head, body);
	return p;
}

/* Asserts that old -> new is a hidden difference: no displayed edit, one
 * hidden value, no displayed residue. */
static void assert_hidden(const char *old_doc, const char *new_doc)
{
	double v[MAX_FEATURES];

	features_of(old_doc, new_doc, v);
	assert_true(feature_value(v, "change_depth") == 0);
	assert_true(feature_value(v, "hidden_edits") > 0);
	assert_true(feature_value(v, "residual_change") == 0);
	assert_true(feature_value(v, "changed_words") == 0);
}

/* Asserts that old -> new is a displayed difference with no hidden residue. */
static void assert_seen(const char *old_doc, const char *new_doc)
{
	double v[MAX_FEATURES];

	features_of(old_doc, new_doc, v);
	assert_true(feature_value(v, "change_depth") > 0);
	assert_true(feature_value(v, "hidden_edits") == 0);
	assert_true(feature_value(v, "residual_change") > 0);
}

static void a_token_in_a_script_is_hidden(void **state)
{
	char old_doc[2048];

	(void)state;
	strcpy(old_doc, page("<script>var mode = \"compact\";</script>", ""));
	assert_hidden(old_doc, page("<script>var mode = \"spacious\";</script>", ""));
	strcpy(old_doc, page("", "<script>var mode = \"compact\";</script>"));
	assert_hidden(old_doc, page("", "<script>var mode = \"spacious\";</script>"));
	strcpy(old_doc, page("<style>.mode-compact { }</style>", ""));
	assert_hidden(old_doc, page("<style>.mode-spacious { }</style>", ""));
}

static void a_hidden_input_or_a_meta_value_is_hidden(void **state)
{
	char old_doc[2048];

	(void)state;
	strcpy(old_doc, page("", "<form action=/s><input type=hidden name=view value=compact></form>"));
	assert_hidden(old_doc,
		      page("", "<form action=/s><input type=hidden name=view value=spacious></form>"));
	strcpy(old_doc, page("<meta name=description content=\"compact view\">", ""));
	assert_hidden(old_doc, page("<meta name=description content=\"spacious view\">", ""));
}

static void ids_names_and_data_attributes_are_hidden(void **state)
{
	char old_doc[2048];

	(void)state;
	strcpy(old_doc, page("", "<div id=compact data-mode=compact>Total</div>"));
	assert_hidden(old_doc, page("", "<div id=spacious data-mode=spacious>Total</div>"));
	strcpy(old_doc, page("", "<form name=compact action=/s><input name=q></form>"));
	assert_hidden(old_doc, page("", "<form name=spacious action=/s><input name=q></form>"));
}

static void what_a_user_sees_or_uses_is_not_hidden(void **state)
{
	char old_doc[2048];

	(void)state;
	/* the title (the browser's tab), displayed text, a link, a class */
	strcpy(old_doc, page("", ""));
	assert_seen(old_doc, "<html><head><title>Invoices</title></head><body><h1>Orders</h1>"
			     "<table><tr><td>Order 1</td></tr><tr><td>Order 2</td></tr></table>"
			     "</body></html>");
	strcpy(old_doc, page("", "<p>compact</p>"));
	assert_seen(old_doc, page("", "<p>spacious</p>"));
	strcpy(old_doc, page("", "<a href=/compact>view</a>"));
	assert_seen(old_doc, page("", "<a href=/spacious>view</a>"));
	strcpy(old_doc, page("", "<p class=compact>view</p>"));
	assert_seen(old_doc, page("", "<p class=spacious>view</p>"));
	/* a field the user fills in, and one that stops being hidden */
	strcpy(old_doc, page("", "<form action=/s><input name=q value=compact></form>"));
	assert_seen(old_doc, page("", "<form action=/s><input name=q value=spacious></form>"));
	strcpy(old_doc, page("", "<form action=/s><input type=hidden name=q></form>"));
	assert_seen(old_doc, page("", "<form action=/s><input type=text name=q></form>"));
}

/* A page that lost a script or a form's parameter lost something its user
 * uses: elements inserted or deleted are never hidden, wherever they lie. */
static void a_lost_script_or_hidden_input_is_not_hidden(void **state)
{
	char old_doc[2048];
	double v[MAX_FEATURES];

	(void)state;
	strcpy(old_doc, page("<script src=/validate.js></script>", ""));
	features_of(old_doc, page("", ""), v);
	assert_true(feature_value(v, "change_depth") > 0);
	assert_true(feature_value(v, "hidden_edits") == 0);
	strcpy(old_doc, page("", "<form action=/s><input type=hidden name=db value=shop></form>"));
	features_of(old_doc, page("", "<form action=/s></form>"), v);
	assert_true(feature_value(v, "change_depth") > 0);
	assert_true(feature_value(v, "hidden_edits") == 0);
}

/* Property: a hidden value changed beside any random pair's edits leaves
 * what the user sees as it was: change_depth, residual_change and
 * changed_words are those of the pair alone, and hidden_edits grows. */
static void a_hidden_value_beside_any_edits_changes_only_hidden_edits(void **state)
{
	double alone[MAX_FEATURES], beside[MAX_FEATURES];
	static const char *const seen[] = { "change_depth", "residual_change", "changed_words" };

	(void)state;
	for (uint64_t seed = 1; seed <= rounds(200); seed++) {
		rt_pair p;
		char *old_doc, *same_doc, *new_doc;
		size_t n;

		assert_int_equal(rt_make_pair(seed, SMART_FORMAT_HTML, 200, RT_EDITS_ANY, &p), 0);
		n = p.old_len + p.new_len + 128;
		old_doc = malloc(n);
		same_doc = malloc(n);
		new_doc = malloc(n);
		assert_non_null(old_doc);
		assert_non_null(same_doc);
		assert_non_null(new_doc);
		snprintf(old_doc, n, "<head><script>var mode = \"compact\";</script></head>%.*s",
			 (int)p.old_len, p.old_doc);
		snprintf(same_doc, n, "<head><script>var mode = \"compact\";</script></head>%.*s",
			 (int)p.new_len, p.new_doc);
		snprintf(new_doc, n, "<head><script>var mode = \"spacious\";</script></head>%.*s",
			 (int)p.new_len, p.new_doc);
		features_of(old_doc, same_doc, alone);
		features_of(old_doc, new_doc, beside);
		for (size_t k = 0; k < sizeof(seen) / sizeof(seen[0]); k++)
			if (feature_value(alone, seen[k]) != feature_value(beside, seen[k]))
				fail_msg("seed %llu: %s %g alone, %g beside a hidden value",
					 (unsigned long long)seed, seen[k], feature_value(alone, seen[k]),
					 feature_value(beside, seen[k]));
		if (!(feature_value(beside, "hidden_edits") > feature_value(alone, "hidden_edits")))
			fail_msg("seed %llu: hidden_edits %g alone, %g beside a hidden value",
				 (unsigned long long)seed, feature_value(alone, "hidden_edits"),
				 feature_value(beside, "hidden_edits"));
		free(old_doc);
		free(same_doc);
		free(new_doc);
		rt_pair_free(&p);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_token_in_a_script_is_hidden),
		cmocka_unit_test(a_hidden_input_or_a_meta_value_is_hidden),
		cmocka_unit_test(ids_names_and_data_attributes_are_hidden),
		cmocka_unit_test(what_a_user_sees_or_uses_is_not_hidden),
		cmocka_unit_test(a_lost_script_or_hidden_input_is_not_hidden),
		cmocka_unit_test(a_hidden_value_beside_any_edits_changes_only_hidden_edits),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
