/* Value shapes and the volatility features without a profile: what the
 * built-in shapes mask, what they leave, and that a real change beside a
 * token is still seen word by word. */
#include "../support/support.h"
#include "../support/fake_diff.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "smart/profile.h"

static char *mask(const char *text, int builtin)
{
	smart_error err = { "" };
	const smart_shapes *s = builtin ? smart_shapes_builtin(&err) : smart_shapes_all(&err);
	char *m;

	assert_non_null(s);
	m = smart_shapes_mask(s, text, strlen(text), NULL, &err);
	assert_non_null(m);
	return m;
}

static void expect_mask(const char *text, int builtin, const char *want)
{
	char *m = mask(text, builtin);

	if (strcmp(m, want) != 0)
		fail_msg("mask(\"%s\") = \"%s\", wanted \"%s\"", text, m, want);
	free(m);
}

static void shapes_mask_dates_times_and_tokens(void **state)
{
	(void)state;
	expect_mask("Generated 2026-11-21 02:13:53", 1, "Generated {date} {time}");
	expect_mask("at 2026-11-21T02:13:53Z now", 1, "at {date} now");
	expect_mask("Sat, 21 Nov 2026 02:13:53 GMT", 1, "{date}"); /* the clock is the date's */
	expect_mask("posted 3 days ago", 1, "posted {reltime}");
	expect_mask("id 123e4567-e89b-12d3-a456-426614174000", 1, "id {uuid}");
	expect_mask("session a81f0c2e9d3b4c55", 1, "session {hex}");
	expect_mask("t=1732156433", 1, "t={epoch}");
	expect_mask("csrf Zm9vYmFyQmF6cXV4MTIz", 1, "csrf {base64}");
}

static void builtin_shapes_leave_words_numbers_and_versions(void **state)
{
	(void)state;
	expect_mask("internationalisation deadbeef", 1, "internationalisation deadbeef");
	expect_mask("We have 42 products", 1, "We have 42 products");
	expect_mask("shopgen 4.3.0 in March", 1, "shopgen 4.3.0 in March");
	expect_mask("literal {date} braces", 1, "literal {{date}} braces");
}

static void all_shapes_add_numbers_versions_paths_queries(void **state)
{
	(void)state;
	expect_mask("shopgen 4.3.0", 0, "shopgen {version}");
	expect_mask("We have 42 products, 3.5 kg", 0, "We have {number} products, {number} kg");
	expect_mask("built in /home/ci/build/x.c", 0, "built in {path}");
	expect_mask("/img/a.png?v=12&t=x", 0, "/img/a.png{url-query}");
}

#define F(old, new, name) fake_feature(old, new, name)

static void token_only_changes_are_volatile_without_profile(void **state)
{
	(void)state;
	assert_true(F("<p>Updated 10:41</p>", "<p>Updated 10:42</p>", "volatile_updates") == 1); /* log2(1 + 1) */
	assert_true(F("<p>Updated 10:41</p>", "<p>Updated 10:42</p>", "stable_updates") == 0);
	assert_true(F("<p>Updated 10:41</p>", "<p>Updated 10:42</p>", "only_volatile") == 1);
	assert_true(F("<p>a</p>", "<p>a</p>", "only_volatile") == 0);
}

static void real_change_beside_token_is_seen_word_by_word(void **state)
{
	(void)state;
	assert_true(F("<p>Sold 3 items at 10:41 to the shop downtown</p>",
		      "<p>Sold 4 items at 10:42 to the shop downtown</p>", "changed_words") ==
		    log2(3)); /* "3" and "4": log2(1 + 2) */
	assert_true(F("<p>Sold 3 items at 10:41</p>", "<p>Sold 4 items at 10:42</p>",
		      "stable_updates") == 1);
	assert_true(F("<p>Sold 3 items at 10:41</p>", "<p>Sold 4 items at 10:42</p>",
		      "only_volatile") == 0);
}

static void attribute_changes_are_split_by_kind(void **state)
{
	(void)state;
	assert_true(F("<a href=/a>x</a>", "<a href=/b>x</a>", "link_attributes") == 1);
	assert_true(F("<input name=q>", "<input name=r>", "form_attributes") == 1);
	assert_true(F("<p class=a data-x=1>x</p>", "<p class=b>x</p>", "presentation_attributes") == 2);
	assert_true(F("<a href=/a>x</a>", "<a href=/b>x</a>", "presentation_attributes") == 0);
	assert_true(F("<img src=\"/l.png?t=a81f0c2e9d3b4c55\">", "<img src=\"/l.png?t=0be7d1a4c6f24e90\">",
		      "volatile_attributes") == 1);
}

static void placeholders_new_in_new_document_count(void **state)
{
	(void)state;
	assert_true(F("<p>Hello Ann</p>", "<p>Hello None</p>", "placeholder_tokens") == 1);
	assert_true(F("<p>x</p>", "<p>{{ user.name }} has NaN points, %s</p>", "placeholder_tokens") == 3);
	assert_true(F("<a href=/u/1>x</a>", "<a href=/u/undefined>x</a>", "placeholder_tokens") == 1);
	assert_true(F("<p>None</p>", "<p>None left</p>", "placeholder_tokens") == 0);
	assert_true(F("<p>Nonesuch nullable</p>", "<p>Nonesuch nullable!</p>", "placeholder_tokens") == 0);
	/* the old page is read for the new page's kinds only: each found
	 * anywhere in it (text or attribute) still takes it out, and kinds
	 * only the old page holds never count */
	assert_true(F("<p>{{ x }}</p><p>a</p><i title=null>b</i>",
		      "<p>a</p><p>b null NaN {{ y }}</p>", "placeholder_tokens") == 1);
	assert_true(F("<p>None %d null</p>", "<p>ok</p>", "placeholder_tokens") == 0);
	assert_true(F("<p>a</p><script>null</script>", "<p>a null</p>", "placeholder_tokens") == 1);
}

/* Another thread's sets, and whether they mask as this thread's do. */
typedef struct other_sets {
	const smart_shapes *builtin, *scrubbed, *all;
	int masks_alike;
} other_sets;

static void *take_sets(void *arg)
{
	other_sets *o = arg;
	smart_error err = { { 0 } };
	char *masked;

	o->builtin = smart_shapes_builtin(&err);
	o->scrubbed = smart_shapes_scrubbed(&err);
	o->all = smart_shapes_all(&err);
	masked = smart_shapes_mask(o->scrubbed, "built 2024-03-01 10:00 by 3fa9c01b2e7d", 38, NULL, &err);
	o->masks_alike = masked && strcmp(masked, "built {date} by {hex}") == 0;
	free(masked);
	return NULL;
}

/* glibc's regexec locks a compiled pattern while it runs, so threads that
 * shared one took turns: each thread has sets of its own, the same ones
 * on every call, and they mask alike. */
static void each_thread_has_its_own_compiled_sets(void **state)
{
	smart_error err = { { 0 } };
	other_sets o = { 0 };
	pthread_t t;
	const smart_shapes *mine = smart_shapes_scrubbed(&err);
	/* all of this thread's sets exist before the other thread's are made
	 * and freed, so an address cannot be reused between them */
	const smart_shapes *builtin = smart_shapes_builtin(&err), *all = smart_shapes_all(&err);
	char *masked = smart_shapes_mask(mine, "built 2024-03-01 10:00 by 3fa9c01b2e7d", 38, NULL, &err);

	(void)state;
	assert_non_null(mine);
	assert_ptr_equal(smart_shapes_scrubbed(&err), mine);
	assert_string_equal(masked, "built {date} by {hex}");
	free(masked);
	assert_int_equal(pthread_create(&t, NULL, take_sets, &o), 0);
	assert_int_equal(pthread_join(t, NULL), 0);
	assert_non_null(o.scrubbed);
	assert_true(o.scrubbed != mine);
	assert_true(o.builtin != builtin && o.all != all);
	assert_ptr_equal(smart_shapes_builtin(&err), builtin);
	assert_true(o.masks_alike);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(shapes_mask_dates_times_and_tokens),
		cmocka_unit_test(builtin_shapes_leave_words_numbers_and_versions),
		cmocka_unit_test(all_shapes_add_numbers_versions_paths_queries),
		cmocka_unit_test(token_only_changes_are_volatile_without_profile),
		cmocka_unit_test(real_change_beside_token_is_seen_word_by_word),
		cmocka_unit_test(attribute_changes_are_split_by_kind),
		cmocka_unit_test(placeholders_new_in_new_document_count),
		cmocka_unit_test(each_thread_has_its_own_compiled_sets),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
