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

/* A page with `script` as its head's inline script and `hidden` as the
 * value of a field's data-for attribute, which shows nothing (where
 * phpMyAdmin's clean reruns swap random ids; in a hidden input's value
 * the learned scrubber explains some of these numbers on this small
 * page, tests/classify/test_score_ranks.sh has them on real pages). */
static void page(char *out, size_t size, const char *script, const char *hidden)
{
	snprintf(out, size,
		 "<html><head><title>Orders</title><script>%s</script></head><body><h1>Orders</h1>"
		 "<form action=/s><input name=q data-for=\"%s\"></form>"
		 "<table><tr><td>Order 1</td></tr><tr><td>Order 2</td></tr></table></body></html>",
		 script, hidden);
}

/* One hidden change: the script and the hidden value before and after,
 * and whether it is a same-shape substitution. */
typedef struct hidden_change {
	const char *old_script, *old_hidden, *new_script, *new_hidden;
	int substituted;
} hidden_change;

/* Asserts that each change leaves hidden residue of its one kind only:
 * hidden_substitutions when substituted, hidden_edits when not. */
static void assert_residue(const hidden_change *c, size_t n)
{
	char old_doc[2048], new_doc[2048];
	double v[MAX_FEATURES];

	assert_true(smart_feature_count() <= MAX_FEATURES);
	for (size_t i = 0; i < n; i++) {
		page(old_doc, sizeof(old_doc), c[i].old_script, c[i].old_hidden);
		page(new_doc, sizeof(new_doc), c[i].new_script, c[i].new_hidden);
		measure_html_features(old_doc, new_doc, v);
		if (feature_value(v, "change_depth") != 0 ||
		    (feature_value(v, "hidden_substitutions") > 0) != c[i].substituted ||
		    (feature_value(v, "hidden_edits") > 0) == c[i].substituted)
			fail_msg("[%s|%s] -> [%s|%s]: change_depth %g, hidden_substitutions %g, "
				 "hidden_edits %g", c[i].old_script, c[i].old_hidden, c[i].new_script,
				 c[i].new_hidden, feature_value(v, "change_depth"),
				 feature_value(v, "hidden_substitutions"),
				 feature_value(v, "hidden_edits"));
	}
}

/* Numbers swapped for numbers are substitutions; a blank line, two lines
 * joined, a statement added or a string emptied in a script are not, nor
 * words a program chose or counts and positions moved by one, which are
 * no drawn values. */
static void swaps_are_substitutions_lines_statements_words_and_counts_are_not(void **state)
{
	static const char *const script = "var mode = 1;\nvar row = 2;";
	static const hidden_change c[] = {
		{ script, "1042", script, "7315", 1 },
		{ "var row = 'a1042b';", "x", "var row = 'a7315b';", "x", 1 },
		/* a clock's shape may take one side only (ten digits: {epoch}) */
		{ script, "204402693", script, "1897607840", 1 },
		{ script, "x", "var mode = 1;\n\nvar row = 2;", "x", 0 },
		{ script, "x", "var mode = 1;var row = 2;", "x", 0 },
		{ script, "x", "var mode = 1;\nvar row = 2;\nrow = 3;", "x", 0 },
		{ script, "x", "var mode = 1;\nvar row = '';", "x", 0 },
		{ "var confirm = true;", "x", "var confirm = false;", "x", 0 },
		{ script, "row_3", script, "row_4", 0 },
		{ script, "1042", script, "null", 0 },
	};

	(void)state;
	assert_residue(c, sizeof(c) / sizeof(c[0]));
}

/* Property: beside any random pair's edits, a number swapped for a number
 * in a hidden input never raises hidden_edits, and a blank line added to
 * a script raises it and leaves hidden_substitutions as it was. */
static void a_blank_line_raises_hidden_edits_a_swap_does_not(void **state)
{
	double alone[MAX_FEATURES], swapped[MAX_FEATURES], blank[MAX_FEATURES];

	(void)state;
	assert_true(smart_feature_count() <= MAX_FEATURES);
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
		measure_html_features(doc[0], doc[1], alone);
		measure_html_features(doc[0], doc[2], swapped);
		measure_html_features(doc[0], doc[3], blank);
		if (feature_value(swapped, "hidden_edits") != feature_value(alone, "hidden_edits"))
			fail_msg("seed %llu: hidden_edits %g alone, %g beside a swapped number",
				 (unsigned long long)seed, feature_value(alone, "hidden_edits"),
				 feature_value(swapped, "hidden_edits"));
		if (!(feature_value(blank, "hidden_edits") > feature_value(alone, "hidden_edits")) ||
		    feature_value(blank, "hidden_substitutions") != feature_value(alone, "hidden_substitutions"))
			fail_msg("seed %llu: hidden_edits %g -> %g, hidden_substitutions %g -> %g "
				 "beside a blank line", (unsigned long long)seed,
				 feature_value(alone, "hidden_edits"), feature_value(blank, "hidden_edits"),
				 feature_value(alone, "hidden_substitutions"),
				 feature_value(blank, "hidden_substitutions"));
		for (int k = 0; k < 4; k++)
			free(doc[k]);
		rt_pair_free(&p);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(swaps_are_substitutions_lines_statements_words_and_counts_are_not),
		cmocka_unit_test(a_blank_line_raises_hidden_edits_a_swap_does_not),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
