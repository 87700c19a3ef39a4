/* The scrubber registry (scrub/registry.c): --scrubbers lists read into
 * the mask of scrubbers turned off and written back; a pass runs exactly
 * the scrubbers that are on, counts what each explained under its own
 * name, and puts the parsed trees back when freed. */
#include "../support/support.h"

#include <stdio.h>
#include <string.h>

static const unsigned ALL = (1u << SMART_SCRUBBER_COUNT) - 1;

static void every_scrubber_has_a_distinct_name_found_again(void **state)
{
	for (int id = 0; id < SMART_SCRUBBER_COUNT; id++) {
		assert_non_null(smart_scrubber_name(id));
		assert_non_null(smart_scrubber_summary(id));
		assert_int_equal(smart_scrubber_from_name(smart_scrubber_name(id)), id);
	}
	assert_null(smart_scrubber_name(SMART_SCRUBBER_COUNT));
	assert_null(smart_scrubber_name(-1));
	assert_int_equal(smart_scrubber_from_name("value"), -1);
}

static void lists_name_the_scrubbers_on_or_those_off(void **state)
{
	smart_error err = { "" };
	unsigned off = 12345;

	assert_int_equal(smart_scrubbers_parse("all", &off, &err), 0);
	assert_int_equal(off, 0);
	assert_int_equal(smart_scrubbers_parse("none", &off, &err), 0);
	assert_int_equal(off, ALL);
	assert_int_equal(smart_scrubbers_parse("values,rebase", &off, &err), 0);
	assert_int_equal(off, ALL & ~((1u << SMART_SCRUBBER_VALUES) | (1u << SMART_SCRUBBER_REBASE)));
	assert_int_equal(smart_scrubbers_parse("-captcha,-presentation", &off, &err), 0);
	assert_int_equal(off, (1u << SMART_SCRUBBER_CAPTCHA) | (1u << SMART_SCRUBBER_PRESENTATION));
}

static void unknown_and_mixed_lists_are_refused_by_name(void **state)
{
	smart_error err = { "" };
	unsigned off = 7;

	assert_int_equal(smart_scrubbers_parse("values,dates", &off, &err), -1);
	assert_non_null(strstr(err.message, "'dates'"));
	assert_int_equal(smart_scrubbers_parse("values,-rebase", &off, &err), -1);
	assert_non_null(strstr(err.message, "not both"));
	assert_int_equal(smart_scrubbers_parse("", &off, &err), -1);
	assert_int_equal(smart_scrubbers_parse("values,", &off, &err), -1);
	assert_int_equal(off, 7); /* untouched on error */
}

/* Every scrubber off fits a provenance's buffer: nothing is cut, so a
 * model trained with `--scrubbers none` classifies with none. */
static void every_name_fits_the_text_max(void **state)
{
	char buf[SMART_SCRUBBERS_OFF_MAX];
	unsigned back = 0;
	smart_error err = { "" };
	size_t len = smart_scrubbers_format(ALL, buf, sizeof(buf));

	assert_true(len < sizeof(buf) - 1);
	assert_int_equal(smart_scrubbers_off_parse(buf, &back, &err), 0);
	assert_int_equal(back, ALL);
}

/* What a model's provenance records reads back as the same mask, for every
 * mask. */
static void formatted_masks_read_back(void **state)
{
	for (unsigned off = 0; off <= ALL; off++) {
		char buf[256];
		unsigned back = 99;
		smart_error err = { "" };

		smart_scrubbers_format(off, buf, sizeof(buf));
		assert_int_equal(smart_scrubbers_off_parse(buf, &back, &err), 0);
		assert_int_equal(back, off);
	}
}

static smart_tree *parse(const char *html)
{
	smart_error err = { "" };
	smart_tree *t = smart_tree_parse(html, strlen(html), SMART_FORMAT_HTML, "t.html", &err);

	assert_non_null(t);
	return t;
}

/* Scrubs the pair with `off`, aligns it and reports whether the scrubbed
 * trees are equal, with each scrubber's count in explained[]. The parsed
 * trees must be as parsed again afterwards. */
static int scrubbed_equal(const char *old_html, const char *new_html, unsigned off,
			  unsigned explained[SMART_SCRUBBER_COUNT])
{
	smart_tree *a = parse(old_html), *b = parse(new_html);
	smart_tree *a0 = parse(old_html), *b0 = parse(new_html);
	smart_scrub_pass s = { .off = off };
	smart_error err = { "" };
	smart_diff *d;
	int equal;

	s.shapes = smart_shapes_scrubbed(&err);
	assert_non_null(s.shapes);
	assert_int_equal(smart_scrub_before_align(&s, a, b, &err), 0);
	d = smart_diffx(s.p.old_clean, s.p.new_clean, &err);
	assert_non_null(d);
	assert_int_equal(smart_scrub_after_align(&s, d, &err), 0);
	equal = smart_diff_is_empty(d);
	memcpy(explained, s.explained, sizeof(s.explained));
	smart_diff_free(d);
	smart_scrub_pass_free(&s);
	assert_int_equal(s.off, off);
	assert_null(s.log);
	assert_true(smart_tree_equal(a, a0)); /* put back */
	assert_true(smart_tree_equal(b, b0));
	smart_tree_free(a);
	smart_tree_free(b);
	smart_tree_free(a0);
	smart_tree_free(b0);
	return equal;
}

static const char OLD_PAGE[] =
	"<html><body><p>Built 2024-03-01 10:00:04</p><p class=\"x\">text</p>"
	"<a href=\"http://old.example:8080/site/a.html\">a</a></body></html>";
static const char NEW_PAGE[] =
	"<html><body><p>Built 2025-07-19 22:13:51</p><p class=\"x\" data-v=\"1\">text</p>"
	"<a href=\"http://old.example:8080/site/a.html\">a</a></body></html>";

static void a_pass_runs_only_the_scrubbers_on(void **state)
{
	unsigned explained[SMART_SCRUBBER_COUNT];

	assert_true(scrubbed_equal(OLD_PAGE, NEW_PAGE, 0, explained));
	assert_int_equal(explained[SMART_SCRUBBER_PRESENTATION], 1); /* data-v gained */
	/* without the values scrubber the clock is an edit */
	assert_false(scrubbed_equal(OLD_PAGE, NEW_PAGE, 1u << SMART_SCRUBBER_VALUES, explained));
	/* without presentation the gained attribute is an edit */
	assert_false(scrubbed_equal(OLD_PAGE, NEW_PAGE, 1u << SMART_SCRUBBER_PRESENTATION,
				    explained));
	assert_int_equal(explained[SMART_SCRUBBER_PRESENTATION], 0);
	/* none on: nothing explained at all */
	assert_false(scrubbed_equal(OLD_PAGE, NEW_PAGE, ALL, explained));
	for (int k = 0; k < SMART_SCRUBBER_COUNT; k++)
		assert_int_equal(explained[k], 0);
}

/* Every scrubber has a provenance ("" for a general rule), and the
 * applications read into a simulated first look are exactly those listed
 * (docs/first-look.md): Request Tracker's five rules, Zabbix's three, the
 * handmade applications' presentation; a name is matched whole, so
 * "wiki" (handmade) does not take MediaWiki's clock_year. */
static void every_scrubber_records_the_applications_it_was_read_from(void **state)
{
	const unsigned rt = (1u << SMART_SCRUBBER_JSON_ORDER) | (1u << SMART_SCRUBBER_ELAPSED) |
			    (1u << SMART_SCRUBBER_HIDDEN_ORDER) | (1u << SMART_SCRUBBER_ZONE_OFFSET) |
			    (1u << SMART_SCRUBBER_ISO_BASIC);
	const unsigned zabbix = (1u << SMART_SCRUBBER_NAMED_OFFSET) |
				(1u << SMART_SCRUBBER_ZONE_MENU) | (1u << SMART_SCRUBBER_UNIQID);
	unsigned seen = 0;

	for (int id = 0; id < SMART_SCRUBBER_COUNT; id++)
		assert_non_null(smart_scrubber_read_from(id));
	assert_null(smart_scrubber_read_from(SMART_SCRUBBER_COUNT));
	assert_null(smart_scrubber_read_from(-1));
	assert_int_equal(smart_scrubbers_read_from_app("rt"), rt);
	assert_int_equal(smart_scrubbers_read_from_app("zabbix"), zabbix);
	assert_int_equal(smart_scrubbers_read_from_app("fossil"), 1u << SMART_SCRUBBER_CAPTCHA);
	assert_int_equal(smart_scrubbers_read_from_app("mediawiki"), 1u << SMART_SCRUBBER_CLOCK_YEAR);
	assert_int_equal(smart_scrubbers_read_from_app("wordpress"),
			 1u << SMART_SCRUBBER_CLOCK_PIECES);
	assert_int_equal(smart_scrubbers_read_from_app("tidy"), 1u << SMART_SCRUBBER_METADATA);
	assert_int_equal(smart_scrubbers_read_from_app("phpmyadmin"), 1u << SMART_SCRUBBER_RESCALED);
	assert_int_equal(smart_scrubbers_read_from_app("wiki"), 1u << SMART_SCRUBBER_PRESENTATION);
	assert_int_equal(smart_scrubbers_read_from_app("forum"), 1u << SMART_SCRUBBER_PRESENTATION);
	/* rules from documentation or general knowledge belong to nobody */
	for (int id = 0; id < SMART_SCRUBBER_COUNT; id++)
		if (!*smart_scrubber_read_from(id))
			seen |= 1u << id;
	assert_true(seen & (1u << SMART_SCRUBBER_VALUES));
	assert_true(seen & (1u << SMART_SCRUBBER_NAMES));
	assert_true(seen & (1u << SMART_SCRUBBER_COPIES));
	assert_true(seen & (1u << SMART_SCRUBBER_REBASE));
	assert_true(seen & (1u << SMART_SCRUBBER_LEARNED));
}

/* An application no rule was read from, an unknown name, a part of a
 * listed name, "" or NULL turns nothing off. */
static void unknown_applications_hold_out_no_rule(void **state)
{
	assert_int_equal(smart_scrubbers_read_from_app("cmark"), 0);
	assert_int_equal(smart_scrubbers_read_from_app("no-such-app"), 0);
	assert_int_equal(smart_scrubbers_read_from_app("r"), 0);
	assert_int_equal(smart_scrubbers_read_from_app("rt,zabbix"), 0);
	assert_int_equal(smart_scrubbers_read_from_app("shop,blog"), 0);
	assert_int_equal(smart_scrubbers_read_from_app("media"), 0);
	assert_int_equal(smart_scrubbers_read_from_app(""), 0);
	assert_int_equal(smart_scrubbers_read_from_app(NULL), 0);
}

/* Each application's mask is the union of the scrubbers whose list holds
 * it, for every name any list holds: what `smart scrubbers` prints is
 * what a simulated first look turns off. */
static void read_from_lists_and_masks_agree(void **state)
{
	for (int id = 0; id < SMART_SCRUBBER_COUNT; id++) {
		const char *list = smart_scrubber_read_from(id);

		for (const char *p = list; *p;) {
			size_t len = strcspn(p, ",");
			char app[64];

			assert_true(len > 0 && len < sizeof(app));
			snprintf(app, sizeof(app), "%.*s", (int)len, p);
			assert_true(smart_scrubbers_read_from_app(app) & (1u << id));
			p += len + (p[len] == ',');
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_scrubber_has_a_distinct_name_found_again),
		cmocka_unit_test(lists_name_the_scrubbers_on_or_those_off),
		cmocka_unit_test(unknown_and_mixed_lists_are_refused_by_name),
		cmocka_unit_test(every_name_fits_the_text_max),
		cmocka_unit_test(formatted_masks_read_back),
		cmocka_unit_test(a_pass_runs_only_the_scrubbers_on),
		cmocka_unit_test(every_scrubber_records_the_applications_it_was_read_from),
		cmocka_unit_test(unknown_applications_hold_out_no_rule),
		cmocka_unit_test(read_from_lists_and_masks_agree),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
