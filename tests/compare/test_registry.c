/* The comparator registry, its configuration file, and what every
 * comparator must survive. */
#include "../support/support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void registry_names_are_unique_and_findable(void **state)
{
	size_t n;
	const smart_comparator *c = smart_comparators(&n);

	(void)state;
	/* Sprenkle 2005 (Content shared with 2007; Flist) + Fig. 3 + Table 4
	 * both ways + Crawljax + FragGen. */
	assert_int_equal(n, 3 + 22 + 14 + 10 + 1);
	for (size_t i = 0; i < n; i++) {
		assert_ptr_equal(smart_comparator_find(c[i].name), &c[i]);
		if (c[i].abbrev)
			assert_ptr_equal(smart_comparator_find(c[i].abbrev), &c[i]);
		assert_non_null(c[i].description);
		assert_null(strchr(c[i].name, ','));
		for (size_t j = 0; j < i; j++)
			assert_int_not_equal(strcasecmp(c[i].name, c[j].name), 0);
		if (c[i].left) { /* combinators name registered parts */
			assert_non_null(smart_comparator_find(c[i].left));
			assert_non_null(smart_comparator_find(c[i].right));
		}
	}
	assert_ptr_equal(smart_comparator_find("tagnames+imptattrs"), smart_comparator_find("N+I"));
}

static void registry_selects_all_or_a_list(void **state)
{
	smart_error err = { { 0 } };
	const smart_comparator **v;
	size_t n, total;

	(void)state;
	smart_comparators(&total);
	assert_int_equal(smart_comparators_select("all", &v, &n, &err), 0);
	assert_int_equal(n, total);
	free(v);
	assert_int_equal(smart_comparators_select("N+I,C-WD,FragGen", &v, &n, &err), 0);
	assert_int_equal(n, 3);
	assert_string_equal(v[1]->name, "Content-CollapsedWS-Dates");
	free(v);
	assert_int_equal(smart_comparators_select("N+I,Bogus", &v, &n, &err), -1);
	assert_string_equal(err.message, "unknown comparator 'Bogus' (see 'smart compare --list')");
	assert_int_equal(smart_comparators_select("N+I,,C", &v, &n, &err), -1);
}

static void config_rejects_unknown_keys_and_bad_values(void **state)
{
	static const struct {
		const char *json, *message;
	} cases[] = {
		{ "{\"max_diferences\": 3}", "c.json: unknown key 'max_diferences'" },
		{ "{\"sprenkle\": {\"layout_tag\": []}}", "c.json: unknown key 'sprenkle.layout_tag'" },
		{ "{\"max_differences\": -1}", "c.json: 'max_differences' must be a whole number from 0 to 1000000" },
		{ "{\"max_differences\": 2.5}", "c.json: 'max_differences' must be a whole number from 0 to 1000000" },
		{ "{\"sprenkle\": {\"style_tags\": \"b\"}}", "c.json: 'sprenkle.style_tags' must be an array of strings" },
		{ "{\"sprenkle\": {\"style_tags\": [\"b\", 1]}}", "c.json: 'sprenkle.style_tags' must be an array of strings" },
		{ "{\"sprenkle\": {\"attribute_defaults\": {\"input\": {\"type\": 1}}}}",
		  "c.json: 'sprenkle.attribute_defaults.input.type' must be a string" },
		{ "{\"sprenkle\": []}", "c.json: 'sprenkle' must be an object" },
		{ "[1, 2]", "c.json: the configuration must be a JSON object" },
		{ "{\n\"max_differences\": 3,\n}", "c.json:3: not valid JSON" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		smart_error err = { { 0 } };

		assert_null(smart_compare_config_parse(cases[i].json, "c.json", &err));
		assert_string_equal(err.message, cases[i].message);
	}
}

static void config_overrides_one_element_and_keeps_the_rest(void **state)
{
	const char *cfg = "{\"sprenkle\": {\"important_attributes\": {\"div\": [\"id\"]}}}";

	(void)state;
	/* div ids now count for N+I … */
	assert_int_equal(compare_verdict("N+I", cfg, "<div id=a>x</div>", "<div id=b>x</div>"), 1);
	assert_int_equal(compare_verdict("N+I", NULL, "<div id=a>x</div>", "<div id=b>x</div>"), 0);
	/* … and the default rules for links still hold. */
	assert_int_equal(compare_verdict("N+I", cfg, "<a href=a>x</a>", "<a href=b>x</a>"), 1);
	/* Dates can be replaced by the user's own patterns. */
	assert_int_equal(compare_verdict("C-WD", "{\"dates\": [\"build [0-9]+\"]}",
					 "<p>build 41</p>", "<p>build 42</p>"), 0);
	assert_int_equal(compare_verdict("C-WD", "{\"dates\": [\"build [0-9]+\"]}",
					 "<p>2009-01-01</p>", "<p>2009-01-02</p>"), 1);
}

static void config_file_errors_name_the_file(void **state)
{
	smart_error err = { { 0 } };
	const char *json = "{\"fraggen\": {\"max_classify_calls\": 0}}";
	const char *path = write_temp_file("cfg.json", json, strlen(json));
	char want[600];

	(void)state;
	assert_null(smart_compare_config_new(path, &err));
	snprintf(want, sizeof(want), "%s: 'fraggen.max_classify_calls' must be a whole number from 1 to 1000000000", path);
	assert_string_equal(err.message, want);
	assert_null(smart_compare_config_new("/nonexistent/c.json", &err));
	assert_string_equal(err.message, "/nonexistent/c.json: No such file or directory");
	path = write_temp_file("ok.json", "{}", 2);
	smart_compare_config *cfg = smart_compare_config_new(path, &err);
	assert_non_null(cfg);
	smart_compare_config_free(cfg);
}

static void max_differences_bounds_the_report_not_the_count(void **state)
{
	smart_error err = { { 0 } };
	smart_compare_config *cfg = smart_compare_config_parse("{\"max_differences\": 2}", "c", &err);
	const char *a = "<p>a</p>\n<p>b</p>\n<p>c</p>\n<p>d</p>\n<p>e</p>\n<p>f</p>";
	const char *b = "<p>A</p>\n<p>b</p>\n<p>C</p>\n<p>d</p>\n<p>E</p>\n<p>f</p>";
	smart_compare_pair *pair = smart_compare_pair_new(&(smart_document){ a, strlen(a), "a" },
							  &(smart_document){ b, strlen(b), "b" },
							  SMART_FORMAT_HTML, &err);
	smart_compare_result r;

	(void)state;
	assert_non_null(cfg);
	smart_compare_result_init(&r);
	assert_int_equal(smart_compare_by_name("Raw", pair, cfg, &r, &err), 1);
	assert_int_equal(r.differences_found, 3);
	assert_int_equal(r.difference_count, 2);
	assert_string_equal(r.differences[1].where, "lines old 3, new 3");
	smart_compare_result_clear(&r);
	smart_compare_pair_free(pair);
	smart_compare_config_free(cfg);
}

/* Every comparator gives a verdict (or, for XML, a clean error) on empty,
 * junk, deeply nested and entity-laden input, without crashing. */
static void every_comparator_survives_bad_input(void **state)
{
	static const char junk[] = "\x00\xff<\x01><<>>&#0;\xc3(<p a=\"\xff\">";
	size_t n, deep_len = 100000 * 5 + 1;
	const smart_comparator *c = smart_comparators(&n);
	char *deep = malloc(deep_len);
	smart_error err = { { 0 } };
	smart_compare_config *cfg = smart_compare_config_new(NULL, &err);

	(void)state;
	assert_non_null(deep);
	assert_non_null(cfg);
	for (size_t i = 0; i < 100000; i++)
		memcpy(deep + i * 5, "<div>", 5);
	deep[deep_len - 1] = '\0';
	const char *inputs[][2] = { { "", "" }, { "", "<p>x</p>" }, { junk, "<p>x</p>" },
				    { deep, "<div>x</div>" }, { deep, deep } };
	size_t lens[][2] = { { 0, 0 }, { 0, 8 }, { sizeof(junk) - 1, 8 }, { deep_len - 1, 12 },
			     { deep_len - 1, deep_len - 1 } };

	for (size_t k = 0; k < sizeof(inputs) / sizeof(inputs[0]); k++) {
		smart_compare_pair *pair = smart_compare_pair_new(&(smart_document){ inputs[k][0], lens[k][0], "a" },
								  &(smart_document){ inputs[k][1], lens[k][1], "b" },
								  SMART_FORMAT_HTML, &err);

		assert_non_null(pair);
		for (size_t i = 0; i < n; i++) {
			smart_compare_result r;
			int v;

			smart_compare_result_init(&r);
			v = smart_compare_run(&c[i], pair, cfg, &r, &err);
			if (v != 0)
				fail_msg("%s on input %zu: %s", c[i].name, k, err.message);
			if (k == 0 || k == 4)
				assert_int_equal(r.verdict, SMART_COMPARE_PASS);
			smart_compare_result_clear(&r);
		}
		smart_compare_pair_free(pair);
	}
	free(deep);
	smart_compare_config_free(cfg);
}

/* smart_table_load runs the table's comparators on every pair: Raw fails
 * exactly where the bytes differ (the diff baseline), and with
 * comparator_features the verdicts are the last feature columns. */
static void table_keeps_comparator_verdicts_per_row(void **state)
{
	const char *const paths[] = { "tests/fixtures/train/pairs.jsonl" };
	const smart_comparator *cmp[2] = { smart_comparator_find("Raw"),
					   smart_comparator_find("TagNames") };
	const char *names[3] = { "x", "comparator:Raw", "comparator:TagNames" };
	smart_error err = { { 0 } };
	smart_compare_config *cfg = smart_compare_config_new(NULL, &err);
	smart_table t;
	smart_load_options lo = SMART_LOAD_OPTIONS_INIT;
	smart_confusion c;
	size_t bad = 0, raw_fails = 0;

	(void)state;
	assert_non_null(cfg);
	/* One real feature column is not enough for smart_measure_pair,
	 * which fills all of smart's features: give it their number. */
	size_t base = smart_feature_count();
	const char **all = calloc(base + 2, sizeof(*all));

	assert_non_null(all);
	for (size_t i = 0; i < base; i++)
		all[i] = names[0];
	all[base] = names[1];
	all[base + 1] = names[2];
	smart_table_init(&t, all, base + 2);
	t.comparators = cmp;
	t.n_comparators = 2;
	t.compare_config = cfg;
	t.comparator_features = 1;
	lo.threads = 2;
	assert_int_equal(smart_table_load(&t, paths, 1, &lo, &bad, &err), 0);
	assert_true(t.n_rows > 10);
	for (size_t i = 0; i < t.n_rows; i++) {
		assert_int_equal(t.comparator_fail[i * 2], t.bytes_differ[i]);
		assert_true(t.rows[i * t.n_features + base] == t.comparator_fail[i * 2]);
		assert_true(t.rows[i * t.n_features + base + 1] == t.comparator_fail[i * 2 + 1]);
		raw_fails += t.comparator_fail[i * 2];
	}
	smart_table_comparator_confusion(&t, 0, &c);
	assert_int_equal(c.tp + c.fp, raw_fails);
	assert_int_equal(c.tp + c.fp + c.fn + c.tn, t.n_rows);
	smart_table_free(&t);
	free(all);
	smart_compare_config_free(cfg);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(registry_names_are_unique_and_findable),
		cmocka_unit_test(registry_selects_all_or_a_list),
		cmocka_unit_test(config_rejects_unknown_keys_and_bad_values),
		cmocka_unit_test(config_overrides_one_element_and_keeps_the_rest),
		cmocka_unit_test(config_file_errors_name_the_file),
		cmocka_unit_test(max_differences_bounds_the_report_not_the_count),
		cmocka_unit_test(every_comparator_survives_bad_input),
		cmocka_unit_test(table_keeps_comparator_verdicts_per_row),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
