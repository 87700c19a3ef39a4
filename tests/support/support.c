/* Helpers shared by the cmocka test programs. */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static smart_tree *parse_as(const char *text, smart_format format)
{
	smart_error err = { { 0 } };
	smart_tree *tree = smart_tree_parse(text, strlen(text), format, "test", &err);

	if (!tree)
		fail_msg("parse failed: %s", err.message);
	return tree;
}

smart_tree *parse_html(const char *text)
{
	return parse_as(text, SMART_FORMAT_HTML);
}

smart_tree *parse_xml(const char *text)
{
	return parse_as(text, SMART_FORMAT_XML);
}

uint32_t find_node(const smart_tree *tree, const char *name, unsigned n)
{
	for (uint32_t i = 0; i < tree->count; i++)
		if (strcmp(tree->nodes[i].name, name) == 0 && n-- == 0)
			return i;
	fail_msg("no node named %s", name);
	return SMART_NONE;
}

/* The files write_temp_file made, removed (with their folders) when the
 * test program exits, so a test run leaves nothing in /tmp. */
static char temp_files[256][4096];
static size_t temp_file_count;

static void remove_temp_files(void)
{
	for (size_t i = 0; i < temp_file_count; i++) {
		char *slash = strrchr(temp_files[i], '/');

		remove(temp_files[i]);
		if (slash) {
			*slash = '\0';
			rmdir(temp_files[i]);
		}
	}
}

const char *write_temp_file(const char *name, const char *data, size_t len)
{
	static char path[4096];
	char dir[] = "/tmp/smart-test-XXXXXX";
	FILE *f;

	if (!mkdtemp(dir))
		fail_msg("mkdtemp failed");
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if (temp_file_count == 0)
		atexit(remove_temp_files);
	if (temp_file_count < sizeof(temp_files) / sizeof(temp_files[0]))
		snprintf(temp_files[temp_file_count++], sizeof(temp_files[0]), "%s", path);
	f = fopen(path, "wb");
	if (!f || fwrite(data, 1, len, f) != len || fclose(f) != 0)
		fail_msg("cannot write %s", path);
	return path;
}

int compare_verdict_detail(const char *name, const char *config_json,
			   const char *old_html, const char *new_html, char *detail)
{
	smart_error err = { { 0 } };
	smart_compare_config *cfg = smart_compare_config_parse(config_json, "test.json", &err);
	smart_compare_pair *pair;
	smart_compare_result result;
	int rc;

	if (!cfg)
		fail_msg("config: %s", err.message);
	pair = smart_compare_pair_new(&(smart_document){ old_html, strlen(old_html), "old" },
				      &(smart_document){ new_html, strlen(new_html), "new" },
				      SMART_FORMAT_AUTO, &err);
	if (!pair)
		fail_msg("pair: %s", err.message);
	smart_compare_result_init(&result);
	rc = smart_compare_by_name(name, pair, cfg, &result, &err);
	if (rc < 0)
		fail_msg("%s: %s", name, err.message);
	/* The verdict-only path must agree with the full run. */
	if (smart_compare_by_name(name, pair, cfg, NULL, &err) != rc)
		fail_msg("%s: verdict-only run disagrees", name);
	if (detail)
		snprintf(detail, 64, "%s", result.detail);
	smart_compare_result_clear(&result);
	smart_compare_pair_free(pair);
	smart_compare_config_free(cfg);
	return rc;
}

int compare_verdict(const char *name, const char *config_json, const char *old_html,
		    const char *new_html)
{
	return compare_verdict_detail(name, config_json, old_html, new_html, NULL);
}

smart_model *registry_model(const char **names)
{
	size_t n = smart_feature_count();
	smart_model *m;

	for (size_t i = 0; i < n; i++)
		names[i] = smart_feature_info_at(i)->name;
	m = smart_model_alloc(SMART_MODEL_LINEAR, n, names);
	assert_non_null(m);
	m->comparison = SMART_CMP_GE;
	return m;
}

smart_model *inspecting_model(const char **names)
{
	smart_model *m = registry_model(names);

	m->intercept = 1;
	return m;
}

void one_empty_profile_set(smart_profile_set *ps)
{
	smart_error err = { "" };

	memset(ps, 0, sizeof(*ps));
	ps->apps = calloc(1, sizeof(*ps->apps));
	ps->profiles = calloc(1, sizeof(*ps->profiles));
	assert_non_null(ps->apps);
	assert_non_null(ps->profiles);
	ps->profiles[0] = smart_profile_new(&err);
	assert_non_null(ps->profiles[0]);
	ps->n = 1;
}

/* The CPU time this process has used, in seconds. Timing tests compare
 * the cost of two input sizes; CPU time rather than the wall clock keeps
 * the ratio honest on a machine other jobs share (a wall-clock ratio
 * flaked under load). */
double test_cpu_seconds(void)
{
	struct timespec t;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

smart_features_result measure_scrubbed(const char *old_doc, const char *new_doc,
				       smart_format format, int raw)
{
	smart_document a = { old_doc, strlen(old_doc), "old" }, b = { new_doc, strlen(new_doc), "new" };
	smart_measure m = { 0 };
	smart_error err = { { 0 } };
	double *values = calloc(smart_feature_count(), sizeof(*values));

	assert_non_null(values);
	m.format = format;
	m.raw = raw;
	m.values = values;
	if (smart_measure_pair(&a, &b, &m, &err) < 0)
		fail_msg("measuring: %s", err.message);
	free(values);
	return m.result;
}

void measure_html_features(const char *old_doc, const char *new_doc, double *values)
{
	smart_error err = { { 0 } };
	smart_measure m = { .values = values, .format = SMART_FORMAT_HTML };

	if (smart_measure_pair(&(smart_document){ old_doc, strlen(old_doc), "old" },
			       &(smart_document){ new_doc, strlen(new_doc), "new" }, &m, &err) < 0)
		fail_msg("features: %s", err.message);
}

double feature_value(const double *values, const char *name)
{
	long k = smart_feature_index(name);

	assert_true(k >= 0);
	return values[k];
}

int use_libxml2_parser(void **state)
{
	(void)state;
	smart_html_parser_set(SMART_HTML_PARSER_LIBXML2);
	return 0;
}

int use_default_parser(void **state)
{
	(void)state;
	smart_html_parser_set(SMART_HTML_PARSER_DEFAULT);
	return 0;
}

int profile_explains(const smart_profile *p, const char *test, const char *a, const char *b)
{
	smart_error err = { "" };
	double *values = calloc(smart_feature_count(), sizeof(*values));
	smart_document da = { a, strlen(a), "a.html" }, db = { b, strlen(b), "b.html" };
	smart_measure m = { .values = values, .format = SMART_FORMAT_HTML, .profile = p,
			    .test = test };
	int rc;

	assert_non_null(values);
	rc = smart_measure_pair(&da, &db, &m, &err);
	free(values);
	if (rc)
		fail_msg("%s", err.message);
	return !m.trees_differ || m.result.only_volatile;
}

smart_profile *profile_learnt(const char *test, const char *a, const char *b)
{
	smart_document runs[2] = { { a, strlen(a), "r1" }, { b, strlen(b), "r2" } };
	smart_error err = { "" };
	smart_profile *p = smart_profile_new(&err);

	assert_non_null(p);
	if (smart_profile_learn_test(p, test, runs, 2, SMART_FORMAT_HTML, &err) ||
	    smart_profile_generalise(p, &err))
		fail_msg("%s", err.message);
	return p;
}

void eval_adapted(const smart_table *t, size_t adapt, smart_adapt_order order, uint64_t seed,
		  smart_eval_result *r)
{
	smart_eval_options o = SMART_EVAL_OPTIONS_INIT;
	smart_error err = { "" };

	o.by_app = 1;
	o.per_app = 1;
	o.adapt = adapt;
	o.adapt_order = order;
	o.seed = seed;
	if (smart_evaluate(t, &o, r, &err))
		fail_msg("%s", err.message);
}
