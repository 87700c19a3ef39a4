/* reworded_text (features/vocabulary.c): new wording an author wrote is
 * told apart from text a fault garbled. Each case is a pair whose answer a
 * tester would give at a glance (alignment by path, see
 * tests/support/fake_diff.h). */
#include "../support/support.h"
#include "../support/fake_diff.h"

/* 1 when reworded_text fires: its value is then change_depth's. */
static int RW(const char *old_html, const char *new_html)
{
	double v = fake_feature(old_html, new_html, "reworded_text");

	if (v == 0)
		return 0;
	assert_true(v == fake_feature(old_html, new_html, "change_depth"));
	return 1;
}
#define UTF8 "<meta charset=utf-8>"

static const char intro_old[] =
	"<h1>Orders</h1><p>Below are all the orders you placed during the past year.</p>";

static void reworded_text_is_one_for_a_sentence_written_anew(void **state)
{
	(void)state;
	assert_true(RW(intro_old, "<h1>Orders</h1><p>Here you can see every order you placed in "
				  "the last twelve months.</p>") == 1);
	/* an introduction that grew by a sentence */
	assert_true(RW(intro_old, "<h1>Orders</h1><p>Below are all the orders you placed during "
				  "the past year. Invoices open in a new window.</p>") == 1);
}

/* "you" is in "by our" once the words are glued, but a fault that glues
 * words makes long tokens, not a short word out of two old ones: a short
 * word is old material only at an old word's start or end. */
static void reworded_text_counts_a_short_word_found_only_across_old_words(void **state)
{
	(void)state;
	/* new: "you" and "listed" ("the" and "are" are in the other paragraph) */
	assert_true(RW("<p>Welcome to Field Notes. Browse our pruning pages below. Every page is "
		       "updated by our editors each week.</p><p>Use the search form: results are sorted.</p>",
		       "<p>Field Notes welcomes you: the Pruning pages are listed below. Every page is "
		       "updated by our editors each week.</p><p>Use the search form: results are sorted.</p>") == 1);
	/* words cut to three letters at a word's edge stay old material */
	assert_true(RW("<p>hello wonderful world of orders</p>", "<p>hel wonderful wor of ord</p>") == 0);
}

static void reworded_text_is_zero_for_identical_documents(void **state)
{
	(void)state;
	assert_true(RW(intro_old, intro_old) == 0);
	assert_true(RW("", "") == 0);
}

static void reworded_text_is_zero_for_words_a_fault_cut_or_glued(void **state)
{
	(void)state;
	/* truncated and merged words are old material */
	assert_true(RW("<p>hello wonderful world of orders</p>",
		       "<p>hello wonderfulworld worl of order</p>") == 0);
	/* a stray character at a word's edge ("onot" from "not") */
	assert_true(RW("<p>*not emphasized* and not a link</p>",
		       "<p>onot emphasized* and onot a link</p>") == 0);
}

static void reworded_text_is_zero_for_one_label_stamped_everywhere(void **state)
{
	(void)state;
	/* a fault that prints its own label over menu entries: not prose */
	assert_true(RW("<ul><li>Index</li><li>Changelog</li><li>Section 01</li></ul>",
		       "<ul><li>Home</li><li>Home</li><li>Home</li></ul>") == 0);
	/* one new word in prose is not enough: a fault can print one word */
	assert_true(RW("<p>Your order is being packed today.</p>",
		       "<p>Your order is being shipped today.</p>") == 0);
}

static void reworded_text_is_zero_for_escaping_and_markup_shown_as_text(void **state)
{
	(void)state;
	assert_true(RW("<p>salt &amp; pepper for every plate</p>",
		       "<p>salt &amp;amp; pepper for every plate</p>") == 0);
	assert_true(RW("<p>foo bar baz</p>", "<p>foo bar baz &lt;!ELEMENT br EMPTY&gt;</p>") == 0);
	assert_true(RW("<p>see the page below</p>",
		       "<p>see the /srv/www/site_root/index page below</p>") == 0);
}

static void reworded_text_is_zero_when_failure_words_are_new(void **state)
{
	(void)state;
	assert_true(RW("<p>Your order was placed today.</p>",
		       "<p>Fatal error while loading your basket contents.</p>") == 0);
	assert_true(RW("<p>Hello dear customer, welcome.</p>",
		       "<p>Hello undefined customer, welcome aboard friend.</p>") == 0);
}

static void reworded_text_is_zero_beside_a_change_of_structure(void **state)
{
	(void)state;
	assert_true(RW("<p>Below are all the orders you placed.</p><ul><li>a</li></ul>",
		       "<p>Here you can see every order you placed.</p><ul><li>a</li><li>b</li></ul>") == 0);
	assert_true(RW("<p class=a>Below are all the orders you placed.</p>",
		       "<p class=b>Here you can see every order you placed.</p>") == 0);
}

static void reworded_text_lets_a_counter_change_beside_the_rewording(void **state)
{
	(void)state;
	assert_true(RW("<p>Below are all the orders you placed.</p><p>Visitors: 1234</p>",
		       "<p>Here you can see every order you placed.</p><p>Visitors: 1240</p>") == 1);
	/* a counter alone is no rewording */
	assert_true(RW("<p>Visitors: 1234</p>", "<p>Visitors: 1240</p>") == 0);
}

static void reworded_text_reads_words_of_other_scripts_and_skips_punctuation(void **state)
{
	(void)state;
	/* an en dash doubled by a fault is punctuation, not a new word */
	assert_true(RW(UTF8 "<p>-delimited emphasis or strong emphasis</p>",
		       UTF8 "<p>\xe2\x80\x93\xe2\x80\x93" "delimited emphasis or strong emphasis</p>") == 0);
	/* German rewording: "Bestellungen des letzten Jahres" -> "Käufe der vergangenen Monate" */
	assert_true(RW(UTF8 "<p>Hier sehen Sie alle Bestellungen des letzten Jahres.</p>",
		       UTF8 "<p>Hier sehen Sie alle K\xc3\xa4" "ufe der vergangenen Monate.</p>") == 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(reworded_text_is_one_for_a_sentence_written_anew),
		cmocka_unit_test(reworded_text_counts_a_short_word_found_only_across_old_words),
		cmocka_unit_test(reworded_text_is_zero_for_identical_documents),
		cmocka_unit_test(reworded_text_is_zero_for_words_a_fault_cut_or_glued),
		cmocka_unit_test(reworded_text_is_zero_for_one_label_stamped_everywhere),
		cmocka_unit_test(reworded_text_is_zero_for_escaping_and_markup_shown_as_text),
		cmocka_unit_test(reworded_text_is_zero_when_failure_words_are_new),
		cmocka_unit_test(reworded_text_is_zero_beside_a_change_of_structure),
		cmocka_unit_test(reworded_text_lets_a_counter_change_beside_the_rewording),
		cmocka_unit_test(reworded_text_reads_words_of_other_scripts_and_skips_punctuation),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
