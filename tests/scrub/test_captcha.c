/* Captcha challenges (scrub/captcha.c) through the scrubbing pipeline: a
 * challenge drawn anew (its ASCII art, its image, its seed) is no edit
 * and is counted in the discount; a change beside it, a change to a form
 * that a page marks as a captcha page, and a changed label inside a
 * captcha form stay edits; the raw pipeline sees the challenge. */
#include "../support/support.h"

#include <stdio.h>
#include <string.h>

#include "smart/classify.h"
#include "smart/profile.h"
#include "smart/train.h"

/* A login page in Fossil's manner: the body's class marks a captcha page,
 * a hidden seed, and the challenge drawn in a <pre>. */
static void login_page(char *buf, size_t size, const char *seed, const char *art,
		       const char *label)
{
	snprintf(buf, size,
		 "<html><body class=\"captcha rpage-login\"><form action=\"/login\">"
		 "<label>%s</label><input type=\"text\" name=\"u\">"
		 "<input type=\"hidden\" name=\"captchaseed\" value=\"%s\">"
		 "<div class=\"captcha\"><table class=\"captcha\"><tr><td>"
		 "<pre class=\"captcha\">%s</pre></td></tr></table></div>"
		 "<img id=\"captcha-image\" src=\"/captcha.png?r=%s\" alt=\"captcha\">"
		 "</form></body></html>",
		 label, seed, art, seed);
}

static smart_features_result measure_login(const char *old_seed, const char *old_art,
					   const char *new_seed, const char *new_art,
					   const char *new_label, int raw)
{
	char old_doc[1024], new_doc[1024];

	login_page(old_doc, sizeof(old_doc), old_seed, old_art, "User ID:");
	login_page(new_doc, sizeof(new_doc), new_seed, new_art, new_label);
	return measure_scrubbed(old_doc, new_doc, SMART_FORMAT_HTML, raw);
}

static void a_new_challenge_is_no_edit(void **state)
{
	smart_features_result r;

	(void)state;
	r = measure_login("778815766", " __  _____\n/_ ||  __ \\", "180463", "  ___   ____\n / _ \\ |___ \\",
			  "User ID:", 0);
	assert_true(r.only_volatile);
	/* the <pre> and the image are two challenges; the seed is a value */
	assert_int_equal(r.discounted[SMART_DISCOUNT_CAPTCHA], 2);
}

static void the_explanation_names_the_challenges(void **state)
{
	unsigned counts[32] = { 0 };
	char text[128];

	(void)state;
	counts[SMART_SHAPE_DATE] = 2;
	counts[SMART_DISCOUNT_CAPTCHA] = 1;
	smart_discount_text(counts, text, sizeof(text));
	assert_string_equal(text, "2 dates, 1 captcha challenge");
	counts[SMART_DISCOUNT_CAPTCHA] = 3;
	counts[SMART_DISCOUNT_METADATA] = 1;
	smart_discount_text(counts, text, sizeof(text));
	assert_string_equal(text, "2 dates, 1 generator metadata element, 3 captcha challenges");
	/* what does not fit is left out, never cut in the middle */
	smart_discount_text(counts, text, 16);
	assert_string_equal(text, "2 dates");
}

static void the_same_challenge_counts_nothing(void **state)
{
	smart_features_result r;

	(void)state;
	r = measure_login("778815766", "__ art", "778815766", "__ art", "User ID:", 0);
	assert_false(r.trees_differ);
	assert_int_equal(r.discounted[SMART_DISCOUNT_CAPTCHA], 0);
}

static void a_changed_label_beside_a_challenge_is_an_edit(void **state)
{
	smart_features_result r;

	(void)state;
	/* the body and the form name a captcha page, but they hold the form's
	 * controls, so what they say is content */
	r = measure_login("778815766", "__ art", "180463", "== art", "Password:", 0);
	assert_false(r.only_volatile);
	assert_true(r.trees_differ);
}

static void the_raw_pipeline_sees_the_challenge(void **state)
{
	smart_features_result r;

	(void)state;
	r = measure_login("778815766", "__ art", "180463", "== art", "User ID:", 1);
	assert_false(r.only_volatile);
	assert_int_equal(r.discounted[SMART_DISCOUNT_CAPTCHA], 0);
}

static void a_form_named_captcha_keeps_its_fields(void **state)
{
	const char *old_doc = "<html><body><form id=\"captcha-form\"><label>Name</label>"
			      "<input name=\"n\" value=\"Ann\"></form></body></html>";
	const char *new_doc = "<html><body><form id=\"captcha-form\"><label>Email</label>"
			      "<input name=\"n\" value=\"Bob\"></form></body></html>";
	smart_features_result r = measure_scrubbed(old_doc, new_doc, SMART_FORMAT_HTML, 0);

	(void)state;
	assert_false(r.only_volatile);
	assert_int_equal(r.discounted[SMART_DISCOUNT_CAPTCHA], 0);
}

/* Fossil's own login form: the seed in a hidden input named "cs", which
 * names no captcha, and in the audio button's "/captcha-audio/SEED";
 * `art` is the challenge, `audio` the number the button fetches (the seed
 * itself unless a test says otherwise), `challenge` whether the page has
 * the drawn challenge at all. */
static void seeded_page(char *buf, size_t size, const char *seed, const char *audio,
			const char *art, int challenge)
{
	snprintf(buf, size,
		 "<html><body><form action=\"/login\"><p>"
		 "<input type=\"hidden\" name=\"cs\" value=\"%s\"></p>"
		 "<script>var a = new Audio(\"/captcha-audio/%s\");</script>"
		 "%s%s%s<input type=\"text\" name=\"captcha\"></form></body></html>",
		 seed, audio, challenge ? "<div class=\"captcha\"><pre class=\"captcha\">" : "<p>",
		 art, challenge ? "</pre></div>" : "</p>");
}

static smart_features_result measure_seeded(const char *old_seed, const char *old_audio,
					    const char *new_seed, const char *new_audio,
					    int challenge)
{
	char old_doc[1024], new_doc[1024];

	seeded_page(old_doc, sizeof(old_doc), old_seed, old_audio, " __ \n/_ |", challenge);
	seeded_page(new_doc, sizeof(new_doc), new_seed, new_audio, challenge ? " ___\n| _ |" : " __ \n/_ |",
		    challenge);
	return measure_scrubbed(old_doc, new_doc, SMART_FORMAT_HTML, 0);
}

/* A 9-digit seed becomes a 10-digit one, which alone would read as epoch
 * seconds in one tree only: both are the challenge's. */
static void a_seed_the_captcha_names_is_the_challenges_under_any_name(void **state)
{
	smart_features_result r;

	(void)state;
	r = measure_seeded("778815766", "778815766", "1804630567", "1804630567", 1);
	assert_true(r.only_volatile);
	assert_int_equal(r.discounted[SMART_DISCOUNT_CAPTCHA], 1);
}

/* The hidden number changed, but the captcha names another one: the
 * input's change is content. */
static void a_number_the_captcha_does_not_name_is_content(void **state)
{
	smart_features_result r;

	(void)state;
	r = measure_seeded("778815766", "5550001234", "778815799", "5550001299", 1);
	assert_false(r.only_volatile);
}

/* Without a drawn challenge on the page, "/captcha-audio/NNN" names no
 * seed: the numbers are content. */
static void without_a_challenge_no_seed_is_read(void **state)
{
	smart_features_result r;

	(void)state;
	r = measure_seeded("778815766", "778815766", "1804630567", "1804630567", 0);
	assert_false(r.only_volatile);
	assert_int_equal(r.discounted[SMART_DISCOUNT_CAPTCHA], 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_new_challenge_is_no_edit),
		cmocka_unit_test(the_explanation_names_the_challenges),
		cmocka_unit_test(the_same_challenge_counts_nothing),
		cmocka_unit_test(a_changed_label_beside_a_challenge_is_an_edit),
		cmocka_unit_test(the_raw_pipeline_sees_the_challenge),
		cmocka_unit_test(a_form_named_captcha_keeps_its_fields),
		cmocka_unit_test(a_seed_the_captcha_names_is_the_challenges_under_any_name),
		cmocka_unit_test(a_number_the_captcha_does_not_name_is_content),
		cmocka_unit_test(without_a_challenge_no_seed_is_read),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
