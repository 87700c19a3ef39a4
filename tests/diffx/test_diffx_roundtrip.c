/* DiffX properties on generated pages: the script is complete (patching the
 * old page with its JSON script gives the new page), and a pure move of one
 * subtree is exactly one move. */
#include "../support/support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../bench/pages.h"

#ifndef PAGES
#define PAGES 40
#endif

static smart_tree *tree_of(const page *p)
{
	size_t len;
	char *html = page_html(p, &len);
	smart_error err = { { 0 } };
	smart_tree *t = smart_tree_parse(html, len, SMART_FORMAT_HTML, "page", &err);

	free(html);
	if (!t)
		fail_msg("parse: %s", err.message);
	return t;
}

/* diff -> JSON text -> script -> patch, and compare with the new tree. */
static void assert_round_trip(const smart_tree *a, const smart_tree *b, unsigned seed)
{
	smart_error err = { { 0 } };
	smart_diff *d = smart_diffx(a, b, &err);
	char *json;
	smart_script *script;
	smart_tree *patched;

	if (!d)
		fail_msg("diff: %s", err.message);
	json = smart_diff_to_json_string(d, &err);
	assert_non_null(json);
	script = smart_script_parse(json, strlen(json), "script", &err);
	if (!script)
		fail_msg("seed %u: script: %s", seed, err.message);
	patched = smart_patch(a, script, &err);
	if (!patched)
		fail_msg("seed %u: patch: %s", seed, err.message);
	if (!smart_tree_equal(patched, b))
		fail_msg("seed %u: patch(old, diff(old, new)) != new (%zu ops)", seed, d->op_count);
	smart_tree_free(patched);
	smart_script_free(script);
	free(json);
	smart_diff_free(d);
}

static void diffx_patching_old_with_its_script_gives_new(void **state)
{
	(void)state;
	for (unsigned seed = 1; seed <= PAGES; seed++) {
		page p;
		smart_tree *a, *b;

		page_generate(&p, 4000 + seed * 500, seed);
		a = tree_of(&p);
		page_edit(&p, 1.0 + seed % 10);
		b = tree_of(&p);
		assert_round_trip(a, b, seed);
		assert_round_trip(b, a, seed);
		smart_tree_free(a);
		smart_tree_free(b);
		page_free(&p);
	}
}

/* Moves one random <div> subtree under another div, li or td (places
 * where the HTML parser keeps it as it is). */
static int move_one(page *p)
{
	for (int tries = 0; tries < 1000; tries++) {
		uint32_t e = pick_element(p), to = pick_element(p);
		const char *t = p->n[to].tag, *et = p->n[e].tag;

		if (strcmp(et, "div") || is_inside(p, to, e) ||
		    (strcmp(t, "div") && strcmp(t, "li") && strcmp(t, "td")) ||
		    to == p->n[e].parent)
			continue;
		detach(p, e);
		attach(p, e, to, rnd(p, p->n[to].nkids + 1));
		return 1;
	}
	return 0;
}

static void diffx_pure_move_of_a_subtree_is_exactly_one_move(void **state)
{
	(void)state;
	for (unsigned seed = 1; seed <= PAGES; seed++) {
		page p;
		smart_tree *a, *b;
		smart_diff *d;
		smart_error err = { { 0 } };

		page_generate(&p, 3000 + seed * 300, 1000 + seed);
		a = tree_of(&p);
		assert_true(move_one(&p));
		b = tree_of(&p);
		d = smart_diffx(a, b, &err);
		assert_non_null(d);
		if (d->op_count != 1 || d->ops[0].kind != SMART_OP_MOVE)
			fail_msg("seed %u: %zu operations, first %s", seed, d->op_count,
				 d->op_count ? smart_op_name(d->ops[0].kind) : "-");
		assert_round_trip(a, b, seed);
		smart_diff_free(d);
		smart_tree_free(a);
		smart_tree_free(b);
		page_free(&p);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(diffx_patching_old_with_its_script_gives_new),
		cmocka_unit_test(diffx_pure_move_of_a_subtree_is_exactly_one_move),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
