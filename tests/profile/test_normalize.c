/* Normalising documents with a profile: what the profile says varies is
 * neutralised, so two clean runs become equal trees while a real change
 * stays visible. */
#include "../support/support.h"

#include <string.h>

#include "smart/profile.h"

static smart_tree *parse(const char *html)
{
	smart_error err = { "" };
	smart_tree *t = smart_tree_parse(html, strlen(html), SMART_FORMAT_HTML, "doc", &err);

	assert_non_null(t);
	return t;
}

static smart_profile *profile(const char *json)
{
	smart_error err = { "" };
	smart_profile *p = smart_profile_from_json(json, strlen(json), "p.json", &err);

	if (!p)
		fail_msg("%s", err.message);
	return p;
}

/* 1 when the two documents are equal once normalised with `p`. */
static int equal_normalised(const smart_profile *p, const char *a, const char *b)
{
	smart_error err = { "" };
	smart_tree *ta = parse(a), *tb = parse(b);
	smart_tree *na = smart_profile_normalize(p, "t.html", ta, &err);
	smart_tree *nb = smart_profile_normalize(p, "t.html", tb, &err);
	int eq;

	assert_non_null(na);
	assert_non_null(nb);
	eq = smart_tree_equal(na, nb);
	smart_tree_free(na);
	smart_tree_free(nb);
	smart_tree_free(ta);
	smart_tree_free(tb);
	return eq;
}

#define PROFILE \
	"{\"format\":\"smart-profile\",\"version\":1,\"all_tests\":[" \
	"{\"location\":\"/html/body/p/text()\",\"patterns\":[\"Generated {date} {time}\"]}," \
	"{\"location\":\"/html/body/ul#comments/*\"}," \
	"{\"location\":\"/html/body/form/*order\"}," \
	"{\"location\":\"/html/body/div#featured/**\"}]}"

static void clean_runs_normalise_to_equal_trees(void **state)
{
	smart_profile *p = profile(PROFILE);

	(void)state;
	assert_true(equal_normalised(p,
		"<p>Generated 2026-11-20 10:41:07</p><ul id=comments><li>a</li></ul>"
		"<form><input name=a><input name=b></form><div id=featured><a href=/p/1>Hat</a></div>",
		"<p>Generated 2026-11-21 08:15:33</p><ul id=comments><li>b</li><li>c</li></ul>"
		"<form><input name=b><input name=a></form><div id=featured><a href=/p/7>Shoe</a></div>"));
	smart_profile_free(p);
}

static void real_changes_stay_visible(void **state)
{
	smart_profile *p = profile(PROFILE);

	(void)state;
	/* the text beside the clock changed */
	assert_false(equal_normalised(p, "<p>Generated 2026-11-20 10:41:07</p>",
				      "<p>Created 2026-11-21 08:15:33</p>"));
	/* a field of the reordered form was renamed */
	assert_false(equal_normalised(p, "<form><input name=a><input name=b></form>",
				      "<form><input name=b><input name=c></form>"));
	/* a paragraph outside every volatile place */
	assert_false(equal_normalised(p, "<h1>Shop</h1>", "<h1>Shp</h1>"));
	smart_profile_free(p);
}

static void profile_shapes_apply_everywhere(void **state)
{
	smart_profile *p = profile("{\"format\":\"smart-profile\",\"version\":1,\"shapes\":[\"time\",\"number\"]}");

	(void)state;
	assert_true(equal_normalised(p, "<h2>Sold 3 at 10:41</h2>", "<h2>Sold 4 at 10:42</h2>"));
	assert_false(equal_normalised(p, "<h2>Sold 3 at 10:41</h2>", "<h2>Lost 4 at 10:42</h2>"));
	smart_profile_free(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(clean_runs_normalise_to_equal_trees),
		cmocka_unit_test(real_changes_stay_visible),
		cmocka_unit_test(profile_shapes_apply_everywhere),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
