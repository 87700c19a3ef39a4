/* Same-shape substitutions (features/shape.c): of the residue where no
 * user sees it, what swaps a generated value for one of its kind is
 * hidden_substitutions, what inserts or takes away text, lines, white
 * space or tokens (or turns a value into a word) is hidden_edits. Through
 * the real pipeline (parse, scrub, DiffX, features); the numbers swapped
 * (1042 -> 7315) are no shape a scrubber explains on these pages, so they
 * are residue. */
#include "../support/support.h"
#include "../support/random_tree.h"

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
	smart_error err = { { 0 } };
	smart_measure m = { .values = values, .format = SMART_FORMAT_HTML };

	assert_true(smart_feature_count() <= MAX_FEATURES);
	if (smart_measure_pair(&(smart_document){ old_doc, strlen(old_doc), "old" },
			       &(smart_document){ new_doc, strlen(new_doc), "new" }, &m, &err) < 0)
		fail_msg("features: %s", err.message);
}

static double value(const double *values, const char *name)
{
	long k = smart_feature_index(name);

	assert_true(k >= 0);
	return values[k];
}

/* A page with `script` as its head's inline script and `hidden` as the
 * value of a hidden input. */
static char *page(const char *script, const char *hidden)
{
	static char buf[4][2048];
	static int next;
	char *p = buf[next++ % 4];

	snprintf(p, sizeof(buf[0]),
		 "<html><head><title>Orders</title><script>%s</script></head><body><h1>Orders</h1>"
		 "<form action=/s><input type=hidden name=view value=\"%s\"><input name=q></form>"
		 "<table><tr><td>Order 1</td></tr><tr><td>Order 2</td></tr></table></body></html>",
		 script, hidden);
	return p;
}

/* Asserts that old -> new leaves hidden residue of one kind only:
 * substitutions when `substituted`, other edits when not. */
static void assert_residue(const char *old_doc, const char *new_doc, int substituted)
{
	double v[MAX_FEATURES];

	features_of(old_doc, new_doc, v);
	assert_true(value(v, "change_depth") == 0);
	if (substituted) {
		assert_true(value(v, "hidden_substitutions") > 0);
		assert_true(value(v, "hidden_edits") == 0);
	} else {
		assert_true(value(v, "hidden_edits") > 0);
		assert_true(value(v, "hidden_substitutions") == 0);
	}
}

static void a_number_swapped_for_a_number_is_a_substitution(void **state)
{
	char old_doc[2048];

	(void)state;
	strcpy(old_doc, page("var mode = 1;", "1042"));
	assert_residue(old_doc, page("var mode = 1;", "7315"), 1);
	strcpy(old_doc, page("var row = 'a1042b';", "x"));
	assert_residue(old_doc, page("var row = 'a7315b';", "x"), 1);
	/* a clock's shape may take one side only (ten digits: {epoch}) */
	strcpy(old_doc, page("var mode = 1;", "204402693"));
	assert_residue(old_doc, page("var mode = 1;", "1897607840"), 1);
}

static void a_blank_line_or_statement_in_a_script_is_no_substitution(void **state)
{
	char old_doc[2048];

	(void)state;
	strcpy(old_doc, page("var mode = 1;\nvar row = 2;", "x"));
	assert_residue(old_doc, page("var mode = 1;\n\nvar row = 2;", "x"), 0);
	assert_residue(old_doc, page("var mode = 1;var row = 2;", "x"), 0);
	assert_residue(old_doc, page("var mode = 1;\nvar row = 2;\nrow = 3;", "x"), 0);
	assert_residue(old_doc, page("var mode = 1;\nvar row = '';", "x"), 0);
}

/* Words a program chose, and counts or positions moved by one, are no
 * drawn values. */
static void words_and_counts_moved_by_one_are_no_substitution(void **state)
{
	char old_doc[2048];

	(void)state;
	strcpy(old_doc, page("var confirm = true;", "x"));
	assert_residue(old_doc, page("var confirm = false;", "x"), 0);
	strcpy(old_doc, page("var mode = 1;", "row_3"));
	assert_residue(old_doc, page("var mode = 1;", "row_4"), 0);
	strcpy(old_doc, page("var mode = 1;", "1042"));
	assert_residue(old_doc, page("var mode = 1;", "null"), 0);
}

/* Property: beside any random pair's edits, a number swapped for a number
 * in a hidden input never raises hidden_edits, and a blank line added to
 * a script raises it and leaves hidden_substitutions as it was. */
static void a_blank_line_raises_hidden_edits_a_swap_does_not(void **state)
{
	double alone[MAX_FEATURES], swapped[MAX_FEATURES], blank[MAX_FEATURES];

	(void)state;
	for (uint64_t seed = 1; seed <= rounds(200); seed++) {
		static const char *const head[] = {
			"<head><script>var mode = 1;\nvar row = 2;</script></head>"
			"<form><input type=hidden name=view value=1042></form>",
			"<head><script>var mode = 1;\nvar row = 2;</script></head>"
			"<form><input type=hidden name=view value=7315></form>",
			"<head><script>var mode = 1;\n\nvar row = 2;</script></head>"
			"<form><input type=hidden name=view value=1042></form>",
		};
		char *doc[4];
		rt_pair p;
		size_t n;

		assert_int_equal(rt_make_pair(seed, SMART_FORMAT_HTML, 200, RT_EDITS_ANY, &p), 0);
		n = p.old_len + p.new_len + 256;
		for (int k = 0; k < 4; k++) {
			doc[k] = malloc(n);
			assert_non_null(doc[k]);
			snprintf(doc[k], n, "%s%.*s", head[k ? k - 1 : 0],
				 k ? (int)p.new_len : (int)p.old_len, k ? p.new_doc : p.old_doc);
		}
		features_of(doc[0], doc[1], alone);
		features_of(doc[0], doc[2], swapped);
		features_of(doc[0], doc[3], blank);
		if (value(swapped, "hidden_edits") != value(alone, "hidden_edits"))
			fail_msg("seed %llu: hidden_edits %g alone, %g beside a swapped number",
				 (unsigned long long)seed, value(alone, "hidden_edits"),
				 value(swapped, "hidden_edits"));
		if (!(value(blank, "hidden_edits") > value(alone, "hidden_edits")) ||
		    value(blank, "hidden_substitutions") != value(alone, "hidden_substitutions"))
			fail_msg("seed %llu: hidden_edits %g -> %g, hidden_substitutions %g -> %g "
				 "beside a blank line", (unsigned long long)seed,
				 value(alone, "hidden_edits"), value(blank, "hidden_edits"),
				 value(alone, "hidden_substitutions"),
				 value(blank, "hidden_substitutions"));
		for (int k = 0; k < 4; k++)
			free(doc[k]);
		rt_pair_free(&p);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_number_swapped_for_a_number_is_a_substitution),
		cmocka_unit_test(a_blank_line_or_statement_in_a_script_is_no_substitution),
		cmocka_unit_test(words_and_counts_moved_by_one_are_no_substitution),
		cmocka_unit_test(a_blank_line_raises_hidden_edits_a_swap_does_not),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
