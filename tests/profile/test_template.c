/* Templates of values that varied beyond their shapes (profile/template.c,
 * issue 35: a profile must never hide a fault): what two runs' values
 * shared stays literal, each stretch where they differed is "{*}", and
 * the template fits both values it was made from. */
#include "../support/support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profile/internal.h"

/* The template of a and b; fails the test when out of memory. */
static char *tmpl(const char *a, const char *b)
{
	int oom = 0;
	char *t = smart__profile_template(a, b, &oom);

	assert_false(oom);
	return t;
}

static void template_keeps_shared_words_and_marks_the_rotating_part(void **state)
{
	char *t = tmpl("Deal of the day: Blue shoes", "Deal of the day: Red hat");

	(void)state;
	assert_string_equal(t, "Deal of the day: {*}");
	assert_true(smart__profile_pattern_is_template(t));
	assert_true(smart__profile_pattern_matches(t, "Deal of the day: Green socks"));
	assert_false(smart__profile_pattern_matches(t, "Out of stock"));
	free(t);
}

static void template_marks_each_stretch_that_differs(void **state)
{
	char *t = tmpl("open file 'tmp' failed: No such file or directory here",
		       "open file 'scratch' failed: No such file or\ndirectory here");

	(void)state;
	assert_string_equal(t, "open file '{*}' failed: No such file or{*}directory here");
	/* a line lost where the runs never changed anything is not the template */
	assert_false(smart__profile_pattern_matches(t, "open file 'x' failed: directory here"));
	free(t);
}

static void template_of_values_sharing_no_word_is_any_value(void **state)
{
	int oom = 0;

	(void)state;
	/* a random token drawn anew: nothing to keep, the place accepts any value */
	assert_null(smart__profile_template("bdc1affc", "38da590d", &oom));
	assert_false(oom);
	/* punctuation alone is no word to keep either */
	assert_null(smart__profile_template("ab-cd", "ef-gh", &oom));
	assert_false(oom);
}

static void template_marks_words_only_one_side_holds(void **state)
{
	char *t = tmpl("Welcome back", "Welcome back, admin");

	(void)state;
	assert_string_equal(t, "Welcome back{*}");
	assert_true(smart__profile_pattern_matches(t, "Welcome back"));
	assert_true(smart__profile_pattern_matches(t, "Welcome back, admin"));
	free(t);
}

/* Shapes the runs share keep the value's form: a token of a version and
 * two numbers whose separator changed is not any value. */
static void template_keeps_shared_shapes(void **state)
{
	char *t = tmpl("{version}|{number}:{number}/{base64}", "{version}|{number}-{number}/{base64}");

	(void)state;
	assert_string_equal(t, "{version}|{number}{*}{number}/{base64}");
	assert_false(smart__profile_pattern_matches(t, "undefined"));
	free(t);
}

static void template_folds_punctuation_between_two_stretches(void **state)
{
	char *t = tmpl("Items: apple, pear", "Items: plum; fig");

	(void)state;
	/* the ", " / "; " between the changed words keeps no word: one "{*}" */
	assert_string_equal(t, "Items: {*}");
	free(t);
}

/* xorshift64*: the same cases for the same seed on every machine. */
static uint64_t rng(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717ull;
}

/* A random value of words, placeholders, punctuation and spaces. */
static void random_value(uint64_t *s, char *buf, size_t size)
{
	static const char *const parts[] = { "alpha", "beta", "{number}", "{date}", " ", ", ",
					     ":", "gamma", "\n", "delta", "{{", "}}", "é" };
	size_t n = 1 + rng(s) % 12;

	buf[0] = '\0';
	for (size_t i = 0; i < n; i++)
		strncat(buf, parts[rng(s) % (sizeof(parts) / sizeof(parts[0]))],
			size - strlen(buf) - 1);
}

/* Property: the template of two values fits both of them (so a profile
 * holding it explains the runs it was learnt from). */
static void template_fits_both_values_it_was_made_from(void **state)
{
	uint64_t s = 20261129;
	unsigned made = 0;

	(void)state;
	for (unsigned c = 0; c < 5000; c++) {
		char a[256], b[256], *t;

		random_value(&s, a, sizeof(a));
		random_value(&s, b, sizeof(b));
		t = tmpl(a, b);
		if (!t)
			continue;
		made++;
		if (!smart__profile_pattern_matches(t, a) || !smart__profile_pattern_matches(t, b))
			fail_msg("case %u: template '%s' does not fit '%s' and '%s'", c, t, a, b);
		free(t);
	}
	print_message("%u of 5000 pairs shared a word\n", made);
	assert_true(made > 500); /* enough of them share a word to make one */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(template_keeps_shared_words_and_marks_the_rotating_part),
		cmocka_unit_test(template_marks_each_stretch_that_differs),
		cmocka_unit_test(template_of_values_sharing_no_word_is_any_value),
		cmocka_unit_test(template_marks_words_only_one_side_holds),
		cmocka_unit_test(template_keeps_shared_shapes),
		cmocka_unit_test(template_folds_punctuation_between_two_stretches),
		cmocka_unit_test(template_fits_both_values_it_was_made_from),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
