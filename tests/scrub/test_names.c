/* Values known by name and their copies (scrub/names.c, scrub/copies.c):
 * a token under an anti-forgery field name, in any format, copied into a
 * script and a link, is explained; a changed link target beside it is
 * still an edit; names that merely contain "token" in another sense are
 * not taken. */
#include "../support/support.h"

#include <stdio.h>
#include <string.h>

#include "common/strbuf.h"
#include "scrub/internal.h"

static int volatile_name(const char *name)
{
	return smart__scrub_volatile_name(name, strlen(name));
}

static void the_frameworks_anti_forgery_names_are_volatile(void **state)
{
	static const char *const names[] = {
		"csrf_token", "_token", "authenticity_token", "__RequestVerificationToken",
		"csrfmiddlewaretoken", "_wpnonce", "form_key", "sectok", "sesskey", "nonce",
		"PHPSESSID", "data-csrf", "X-CSRF-Token", "wpEditToken", "token", "request_id",
		"form_build_id", "__VIEWSTATE",
	};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (!volatile_name(names[i]))
			fail_msg("'%s' should be a volatile name", names[i]);
	}
}

static void ordinary_names_are_not(void **state)
{
	static const char *const names[] = {
		"title", "name", "username", "tokens", "tokenizer", "session_title", "id",
		"description", "build_steps", "href", "value", "data-id", "",
	};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (volatile_name(names[i]))
			fail_msg("'%s' should not be a volatile name", names[i]);
	}
}

/* A page holding `token` in a hidden field, a script string and a link,
 * with a link to `target`. */
static smart_tree *page(const char *token, const char *target)
{
	char html[2048];
	smart_error err = { "" };
	smart_tree *t;

	snprintf(html, sizeof(html),
		 "<html><head><meta name=\"csrf-token\" content=\"%s\"></head><body>"
		 "<form action=\"/save\"><input type=\"hidden\" name=\"_token\" value=\"%s\">"
		 "<input name=\"title\" value=\"Hello\"></form>"
		 "<script>app.init({\"key\": \"%s\", \"user\": \"ann\"});</script>"
		 "<a href=\"/logout?x=1&amp;t=%s\">out</a><a href=\"%s\">item</a>"
		 "<p data-copy=\"%s\">copied</p></body></html>",
		 token, token, token, token, target, token);
	t = smart_tree_parse(html, strlen(html), SMART_FORMAT_HTML, "p.html", &err);
	assert_non_null(t);
	return t;
}

/* Scrubs the pair with only names and copies on; whether it aligns with no
 * edit left, and what each counted. */
static int aligns_after(smart_tree *a, smart_tree *b, unsigned *names, unsigned *copies)
{
	const unsigned only = (1u << SMART_SCRUBBER_NAMES) | (1u << SMART_SCRUBBER_COPIES);
	smart_scrub_pass s = { .off = ((1u << SMART_SCRUBBER_COUNT) - 1) & ~only };
	smart_error err = { "" };
	smart_diff *d;
	int empty;

	assert_int_equal(smart_scrub_before_align(&s, a, b, &err), 0);
	d = smart_diffx(s.p.old_clean, s.p.new_clean, &err);
	assert_non_null(d);
	empty = smart_diff_is_empty(d);
	*names = s.explained[SMART_SCRUBBER_NAMES];
	*copies = s.explained[SMART_SCRUBBER_COPIES];
	smart_diff_free(d);
	smart_scrub_pass_free(&s);
	return empty;
}

static void a_named_token_and_its_copies_are_explained_in_any_format(void **state)
{
	/* formats no value shape knows: a dash-joined triple, plain words */
	static const char *const pairs[][2] = {
		{ "9067903-77420875-27b1d4bc", "1234567-11223344-9abcdef0" },
		{ "applepiebanana", "cherrytartlime" },
		{ "q8ZkXr2mPa91LwT", "Zt4hVm0WqeBn7sK" },
	};

	for (size_t i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
		smart_tree *a = page(pairs[i][0], "/item/12"), *b = page(pairs[i][1], "/item/12");
		unsigned names, copies;

		assert_true(aligns_after(a, b, &names, &copies));
		assert_int_equal(names, 2);  /* the meta and the hidden input */
		assert_int_equal(copies, 3); /* the script, the link, the attribute */
		smart_tree_free(a);
		smart_tree_free(b);
	}
}

static void a_changed_link_beside_the_token_is_still_an_edit(void **state)
{
	smart_tree *a = page("q8ZkXr2mPa91LwT", "/item/12"), *b = page("Zt4hVm0WqeBn7sK", "/item/13");
	unsigned names, copies;

	assert_false(aligns_after(a, b, &names, &copies));
	smart_tree_free(a);
	smart_tree_free(b);
}

static void short_values_are_not_followed_into_copies(void **state)
{
	smart_tree *a = page("ab12", "/item/12"), *b = page("cd34", "/item/12");
	unsigned names, copies;

	/* the fields are explained by name, the copies are not followed */
	assert_false(aligns_after(a, b, &names, &copies));
	assert_int_equal(names, 2);
	assert_int_equal(copies, 0);
	smart_tree_free(a);
	smart_tree_free(b);
}

static smart_tree *link_page(const char *href)
{
	char html[512];
	smart_error err = { "" };
	smart_tree *t;

	snprintf(html, sizeof(html), "<html><body><a href=\"%s\">x</a></body></html>", href);
	t = smart_tree_parse(html, strlen(html), SMART_FORMAT_HTML, "l.html", &err);
	assert_non_null(t);
	return t;
}

static void a_query_parameter_of_a_volatile_name_is_explained_and_others_are_not(void **state)
{
	smart_tree *a = link_page("/x?a=1&amp;sesskey=applepiebanana&amp;b=2#top");
	smart_tree *b = link_page("/x?a=1&amp;sesskey=cherrytartlime&amp;b=2#top");
	smart_tree *c = link_page("/x?a=7&amp;sesskey=cherrytartlime&amp;b=2#top");
	unsigned names, copies;

	assert_true(aligns_after(a, b, &names, &copies));
	assert_int_equal(names, 1);
	smart_tree_free(a);
	smart_tree_free(b);
	a = link_page("/x?a=1&amp;sesskey=applepiebanana&amp;b=2#top");
	assert_false(aligns_after(a, c, &names, &copies));
	smart_tree_free(a);
	smart_tree_free(c);
}

/* A page of 40 elements of 30 attributes each: 1160 ordinary names, each
 * valued `ordinary`, and on every element one volatile name (four kinds,
 * in turn) valued `token`. */
static smart_tree *many_names_page(const char *ordinary, const char *token)
{
	static const char *const kinds[] = { "nonce", "data-csrf", "x-csrf-token", "_token" };
	smart_strbuf html = { 0 };
	smart_error err = { "" };
	smart_tree *t;

	smart__strbuf_printf(&html, "<html><body>");
	for (unsigned e = 0; e < 40; e++) {
		smart__strbuf_printf(&html, "<p");
		for (unsigned k = 0; k < 30; k++) {
			if (k == 7)
				smart__strbuf_printf(&html, " %s=\"%s\"", kinds[e % 4], token);
			else
				smart__strbuf_printf(&html, " o%u=\"%s\"", e * 30 + k, ordinary);
		}
		smart__strbuf_printf(&html, ">x</p>");
	}
	smart__strbuf_printf(&html, "</body></html>");
	assert_non_null(html.data);
	t = smart_tree_parse(html.data, html.len, SMART_FORMAT_HTML, "many.html", &err);
	assert_non_null(t);
	smart__strbuf_free(&html);
	return t;
}

/* The verdicts on attribute names are remembered per tree in a small
 * table (scrub/names.c): with far more distinct names than its slots,
 * every volatile attribute is still explained and no ordinary one is. */
static void many_distinct_attribute_names_are_judged_each_as_alone(void **state)
{
	smart_tree *a = many_names_page("same", "applepiebanana");
	smart_tree *b = many_names_page("same", "cherrytartlime");
	smart_tree *c = many_names_page("other", "cherrytartlime");
	unsigned names, copies;

	assert_true(aligns_after(a, b, &names, &copies));
	assert_int_equal(names, 40);
	smart_tree_free(b);
	assert_false(aligns_after(a, c, &names, &copies));
	assert_int_equal(names, 40);
	smart_tree_free(a);
	smart_tree_free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(the_frameworks_anti_forgery_names_are_volatile),
		cmocka_unit_test(ordinary_names_are_not),
		cmocka_unit_test(a_named_token_and_its_copies_are_explained_in_any_format),
		cmocka_unit_test(a_changed_link_beside_the_token_is_still_an_edit),
		cmocka_unit_test(short_values_are_not_followed_into_copies),
		cmocka_unit_test(a_query_parameter_of_a_volatile_name_is_explained_and_others_are_not),
		cmocka_unit_test(many_distinct_attribute_names_are_judged_each_as_alone),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
