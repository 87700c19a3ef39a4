/*
 * Fuzz target (g): a volatility profile (docs/profile.md) loaded from JSON.
 * A profile that loads must normalise a document, answer lookups, and
 * survive a round trip through its own JSON.
 */
#include "fuzz/fuzz.h"

int FUZZ_ENTRY(const uint8_t *data, size_t size);

static const char fuzz_profile_page[] =
	"<html><body><p class=\"when\">updated 2024-01-02 10:11:12</p>"
	"<ul><li id=\"a1b2c3d4e5\">3 days ago</li><li>v1.2.3</li></ul>"
	"<a href=\"/x?id=42&amp;t=99\">link</a></body></html>";

int FUZZ_ENTRY(const uint8_t *data, size_t size)
{
	smart_error err = { { 0 } };
	smart_profile *p, *again = NULL;
	smart_tree *page = NULL, *norm = NULL;
	char *json = NULL;

	p = smart_profile_from_json((const char *)data, size, "profile.json", &err);
	if (!p) {
		fuzz_check_error(&err);
		return 0;
	}
	page = smart_tree_parse(fuzz_profile_page, sizeof(fuzz_profile_page) - 1,
				SMART_FORMAT_HTML, "page", &err);
	FUZZ_CHECK(page, "fixed page: %s", err.message);
	for (size_t t = 0; t <= p->n_tests && t < 4; t++) {
		const char *test = t < p->n_tests ? p->tests[t].test : "no-such-test";

		norm = smart_profile_normalize(p, test, page, &err);
		FUZZ_CHECK(norm, "normalize failed: %s", err.message);
		smart_tree_free(norm);
		(void)smart_profile_accepts(p, test, "/html/body/p/text()", "a", "b");
	}
	json = smart_profile_to_json(p, &err);
	FUZZ_CHECK(json, "profile to JSON failed: %s", err.message);
	again = smart_profile_from_json(json, strlen(json), "again.json", &err);
	FUZZ_CHECK(again, "a loaded profile does not load again: %s", err.message);
	FUZZ_CHECK(smart_profile_entry_count(again) == smart_profile_entry_count(p),
		   "entries changed in a round trip");
	smart_profile_free(again);
	free(json);
	smart_tree_free(page);
	smart_profile_free(p);
	return 0;
}
