/* One pair's JSON object parses each page once (classify/explain.c):
 * `smart classify --json OLD NEW` (smart_classify_pair_json) and the
 * bindings' smart_explain_pair read the edit operations they print from
 * the measurement that decided, not from a second one. The parses are
 * counted by standing in for gumbo's entry point (every HTML page smart
 * parses goes through it); and the object is the one the two
 * measurements made before, over fixed and random pairs. */
#include "../support/support.h"
#include "../support/random_tree.h"

#include <dlfcn.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <gumbo.h>

#include "classify/explain_changes.h"
#include "smart/file.h"

static atomic_uint parses;

/* gumbo's parser, counted: the library's calls come here (the program's
 * own definition wins over the shared library's) and go on to gumbo. */
GumboOutput *gumbo_parse_with_options(const GumboOptions *options, const char *buffer,
				      size_t buffer_length)
{
	static GumboOutput *(*real)(const GumboOptions *, const char *, size_t);

	if (!real)
		*(void **)&real = dlsym(RTLD_NEXT, "gumbo_parse_with_options");
	assert_non_null(real);
	atomic_fetch_add(&parses, 1);
	return real(options, buffer, buffer_length);
}

/* An example's page (examples/NAME/old.html or new.html), read whole;
 * the caller frees data. */
static smart_document example(const char *name, const char *side)
{
	char path[128];
	char *data = NULL;
	size_t len = 0;
	smart_error err = { "" };

	snprintf(path, sizeof(path), "examples/%s/%s.html", name, side);
	if (smart_file_read(path, 1 << 24, &data, &len, &err))
		fail_msg("%s", err.message);
	return (smart_document){ data, len, side };
}

static void example_free(smart_document *d)
{
	free((char *)d->data);
}

/* The object `smart classify --json` prints for the pair, and how many
 * pages were parsed to make it. */
static char *classify_json(const smart_model *m, const smart_document *a,
			   const smart_document *b, unsigned *n_parses)
{
	smart_classify_options co = SMART_CLASSIFY_OPTIONS_INIT;
	smart_error err = { "" };
	cJSON *o;
	char *s;

	co.signatures = 1; /* as the command asks */
	co.test = b->name;
	atomic_store(&parses, 0);
	o = smart_classify_pair_json(m, a, b, &co, 5, &err);
	*n_parses = atomic_load(&parses);
	if (!o)
		fail_msg("%s", err.message);
	s = cJSON_PrintUnformatted(o);
	cJSON_Delete(o);
	return s;
}

/* The same object made as it was before: classified, then measured a
 * second time for the edit operations added on an inspect. */
static char *classify_json_twice(const smart_model *m, const smart_document *a,
				 const smart_document *b)
{
	double values[128] = { 0 }, again[128] = { 0 };
	smart_classification c = { .values = values };
	smart_classify_options co = SMART_CLASSIFY_OPTIONS_INIT;
	smart_error err = { "" };
	smart__explain_changes ch = { .max = 20 };
	smart_measure me = { .values = again, .test = b->name,
			     .on_aligned = smart__explain_changes_collect, .on_aligned_ctx = &ch };
	cJSON *o;
	char *s;

	co.signatures = 1;
	co.test = b->name;
	if (smart_classify_pair(m, a, b, &co, &c, &err))
		fail_msg("%s", err.message);
	o = smart_classification_to_json(m, &c, 5, &err);
	assert_non_null(o);
	if (c.inspect) {
		ch.changes = cJSON_AddArrayToObject(o, "changes");
		if (smart_measure_pair(a, b, &me, &err))
			fail_msg("%s", err.message);
		cJSON_AddNumberToObject(o, "changes_total", (double)ch.total);
	}
	s = cJSON_PrintUnformatted(o);
	cJSON_Delete(o);
	free(c.signatures);
	return s;
}

static void classify_json_parses_each_page_once(void **state)
{
	const char *names[128];
	smart_model *m = inspecting_model(names);
	smart_document a = example("deleted-table", "old"), b = example("deleted-table", "new");
	smart_document c = example("timestamp-change", "old"), d = example("timestamp-change", "new");
	unsigned n;
	char *s = classify_json(m, &a, &b, &n);

	assert_non_null(strstr(s, "\"decision\":\"inspect\""));
	assert_non_null(strstr(s, "\"changes\":[{\"op\":"));
	assert_int_equal(n, 2);
	free(s);
	/* an ignored pair: no changes printed, the same two parses */
	s = classify_json(m, &c, &d, &n);
	assert_non_null(strstr(s, "\"decision\":\"ignore\""));
	assert_null(strstr(s, "\"changes\""));
	assert_int_equal(n, 2);
	free(s);
	example_free(&a);
	example_free(&b);
	example_free(&c);
	example_free(&d);
	smart_model_free(m);
}

static void explain_pair_parses_each_page_once(void **state)
{
	const char *names[128];
	smart_model *m = inspecting_model(names);
	smart_explain_options o = SMART_EXPLAIN_OPTIONS_INIT;
	smart_document a = example("deleted-table", "old"), b = example("deleted-table", "new");
	smart_error err = { "" };
	char *s;

	atomic_store(&parses, 0);
	s = smart_explain_pair(m, &a, &b, &o, &err);
	if (!s)
		fail_msg("%s", err.message);
	assert_non_null(strstr(s, "\"changes_total\""));
	assert_int_equal(atomic_load(&parses), 2);
	smart_explain_free(s);
	example_free(&a);
	example_free(&b);
	smart_model_free(m);
}

/* The examples' pairs (inspected, ignored, a page against itself) and
 * 60 random HTML pairs: the object is byte for byte the one two
 * measurements made. */
static void classify_json_is_what_two_measurements_made(void **state)
{
	static const char *const examples[] = { "deleted-table", "form-lost-inputs", "stack-trace",
						"new-attribute", "reworded-paragraph",
						"timestamp-change" };
	const char *names[128];
	smart_model *m = inspecting_model(names);
	unsigned n;

	for (size_t i = 0; i < sizeof(examples) / sizeof(examples[0]); i++) {
		smart_document a = example(examples[i], "old"), b = example(examples[i], "new");
		char *once = classify_json(m, &a, &b, &n), *twice = classify_json_twice(m, &a, &b);
		char *same = classify_json(m, &a, &a, &n), *same2 = classify_json_twice(m, &a, &a);

		assert_string_equal(once, twice);
		assert_string_equal(same, same2);
		free(once);
		free(twice);
		free(same);
		free(same2);
		example_free(&a);
		example_free(&b);
	}
	for (uint64_t seed = 1; seed <= 60; seed++) {
		rt_pair p;
		smart_document a, b;
		char *once, *twice;

		assert_int_equal(rt_make_pair(seed, SMART_FORMAT_HTML, 300, RT_EDITS_ANY, &p), 0);
		a = (smart_document){ p.old_doc, p.old_len, "old.html" };
		b = (smart_document){ p.new_doc, p.new_len, "new.html" };
		once = classify_json(m, &a, &b, &n);
		twice = classify_json_twice(m, &a, &b);
		if (strcmp(once, twice) != 0)
			fail_msg("seed %llu: the objects differ", (unsigned long long)seed);
		assert_int_equal(n, 2);
		free(once);
		free(twice);
		rt_pair_free(&p);
	}
	smart_model_free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(classify_json_parses_each_page_once),
		cmocka_unit_test(explain_pair_parses_each_page_once),
		cmocka_unit_test(classify_json_is_what_two_measurements_made),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
