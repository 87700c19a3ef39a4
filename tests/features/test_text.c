/* The text features: text_only, text_ratio, text_multimedia_ratio, new_text,
 * each on hand-made pairs whose value was worked out by hand (alignment by
 * path, see tests/support/fake_diff.h). */
#include "../support/support.h"
#include "../support/fake_diff.h"

#define F(old, new, name) fake_feature(old, new, name)
#define UTF8 "<meta charset=utf-8>"

static void text_only_is_zero_for_identical_and_empty_documents(void **state)
{
	(void)state;
	assert_true(F("<p>a</p>", "<p>a</p>", "text_only") == 0);
	assert_true(F("", "", "text_only") == 0);
}

static void text_only_is_one_when_only_text_changes(void **state)
{
	(void)state;
	assert_true(F("<p>Hello</p>", "<p>Bye</p>", "text_only") == 1);
	assert_true(F("hello", "world", "text_only") == 1); /* a document that is only text */
	assert_true(F("<p>a</p><p></p>", "<p>b</p><p>c</p>", "text_only") == 1); /* lone text inserted */
	assert_true(F("<p>a</p><p>c</p>", "<p>a</p><p></p>", "text_only") == 1); /* lone text deleted */
}

static void text_only_is_zero_for_structure_or_attribute_changes(void **state)
{
	(void)state;
	assert_true(F("<p>Hello</p>", "<p>Hello</p><p>x</p>", "text_only") == 0);
	assert_true(F("<p class=a>x</p>", "<p class=b>x</p>", "text_only") == 0);
	assert_true(F("<p>x</p>", "<p>y<br></p>", "text_only") == 0);
}

static void text_ratio_is_new_over_old_displayed_characters(void **state)
{
	(void)state;
	assert_true(F("<p>abcd</p>", "<p>abcd</p>", "text_ratio") == 1);
	assert_true(F("<p>abcd</p>", "<p>ab</p>", "text_ratio") == 0.5);
	assert_true(F("<p>ab</p><script>var x = 1;</script>", "<p>abcd</p>", "text_ratio") == 2);
	assert_true(F(UTF8 "<p>\xc3\xa9</p>", UTF8 "<p>\xc3\xa9\xc3\xa9\xc3\xa9</p>", "text_ratio") == 3); /* characters, not bytes */
}

static void text_ratio_empty_cases_are_finite(void **state)
{
	(void)state;
	assert_true(F("", "", "text_ratio") == 1);
	assert_true(F("<p></p>", "<p>abc</p>", "text_ratio") == 3);
	assert_true(F("<p>abc</p>", "", "text_ratio") == 0);
}

static void text_multimedia_ratio_is_relative_change_of_text_per_object(void **state)
{
	(void)state;
	assert_true(F("<p>abcd</p><img src=x>", "<p>abcd</p><img src=x>", "text_multimedia_ratio") == 0);
	/* 4 / (1 + 0) = 4 -> 4 / (1 + 1) = 2: |2 - 4| / 4 */
	assert_true(F("<p>abcd</p>", "<p>abcd</p><img src=x>", "text_multimedia_ratio") == 0.5);
	/* 2 -> 0: all text gone */
	assert_true(F("<p>ab</p>", "<img src=x>", "text_multimedia_ratio") == 1);
	/* 6 / 3 = 2 -> 4 / 1 = 4 */
	assert_true(F("<p>abcdef</p><video></video><iframe></iframe>", "<p>abcd</p>",
		      "text_multimedia_ratio") == 0.5);
}

static void text_multimedia_ratio_edge_cases(void **state)
{
	(void)state;
	assert_true(F("", "", "text_multimedia_ratio") == 0);
	assert_true(F("<img>", "<img><img>", "text_multimedia_ratio") == 0); /* no text either side */
	/* the <img> inside <picture> is the same picture */
	assert_true(F("<p>abcd</p><picture><img></picture>", "<p>abcd</p><img>",
		      "text_multimedia_ratio") == 0);
}

static void new_text_counts_inserted_and_rewritten_characters(void **state)
{
	(void)state;
	assert_true(F("<p>a</p>", "<p>a</p>", "new_text") == 0);
	assert_true(F("<p>a</p>", "<p>a</p><p>hello</p>", "new_text") == 5);
	assert_true(F("<p>5 items</p>", "<p>15 items</p>", "new_text") == 1);
	assert_true(F("<p>Total: 5 items</p>", "<p>Total: 7 things</p>", "new_text") == 7); /* "7 thing" */
}

static void new_text_edge_cases(void **state)
{
	(void)state;
	assert_true(F("", "", "new_text") == 0);
	assert_true(F("<p>a</p><p>gone</p>", "<p>a</p>", "new_text") == 0); /* deletion only */
	assert_true(F("<p>a</p>", "<p>a</p><script>alert(1)</script>", "new_text") == 0);
	assert_true(F("", "hello", "new_text") == 5);
	/* é -> è share their first byte; the change is one character (an HTML
	 * document without a charset is read as Latin-1, so declare it) */
	assert_true(F(UTF8 "<p>a\xc3\xa9</p>", UTF8 "<p>a\xc3\xa8</p>", "new_text") == 1);
	assert_true(F(UTF8 "<p>cafe</p>", UTF8 "<p>caf\xc3\xa9</p>", "new_text") == 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(text_only_is_zero_for_identical_and_empty_documents),
		cmocka_unit_test(text_only_is_one_when_only_text_changes),
		cmocka_unit_test(text_only_is_zero_for_structure_or_attribute_changes),
		cmocka_unit_test(text_ratio_is_new_over_old_displayed_characters),
		cmocka_unit_test(text_ratio_empty_cases_are_finite),
		cmocka_unit_test(text_multimedia_ratio_is_relative_change_of_text_per_object),
		cmocka_unit_test(text_multimedia_ratio_edge_cases),
		cmocka_unit_test(new_text_counts_inserted_and_rewritten_characters),
		cmocka_unit_test(new_text_edge_cases),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
