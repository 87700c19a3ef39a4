/* Helpers shared by the cmocka test programs. */
#ifndef SMART_TEST_SUPPORT_H
#define SMART_TEST_SUPPORT_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "smart.h"

/* Parses a NUL-terminated string; fails the test on error. */
smart_tree *parse_html(const char *text);
smart_tree *parse_xml(const char *text);

/* The index of the n-th (0-based) node named `name` in pre-order, or fails. */
uint32_t find_node(const smart_tree *tree, const char *name, unsigned n);

/* Writes `len` bytes to a new file in a fresh temporary folder and returns
 * its path (static storage, valid until the next call). */
const char *write_temp_file(const char *name, const char *data, size_t len);

/* The verdict of comparator `name` on two HTML strings, with the default
 * configuration overridden by `config_json` (NULL: defaults): 0 pass,
 * 1 fail; fails the test on an error. */
int compare_verdict(const char *name, const char *config_json, const char *old_html,
		    const char *new_html);

/* Like compare_verdict, but returns the result's detail (e.g. FragGen's
 * class) in `detail` (at least 64 bytes). */
int compare_verdict_detail(const char *name, const char *config_json,
			   const char *old_html, const char *new_html, char *detail);

/* A linear model over the registry's features, every weight and the
 * intercept 0, "inspect when score >= cutoff"; `names` (at least
 * smart_feature_count() long) receives the feature names it borrows. */
smart_model *registry_model(const char **names);

/* registry_model with intercept 1: inspects every pair the forced rules
 * (smart_forced_decision) leave to it. */
smart_model *inspecting_model(const char **names);

/* `ps` as a set of one empty profile for every application, for options
 * that take profiles; fails the test when out of memory. Free with
 * smart_profile_set_free. */
void one_empty_profile_set(smart_profile_set *ps);

/* Measures the pair of NUL-terminated documents as classify does
 * (scrubbed, or SMART's raw pipeline when `raw`) and returns what scrubbing
 * found: whether nothing is left once scrubbed (only_volatile) and the
 * discount's counts. Fails the test on an error. */
smart_features_result measure_scrubbed(const char *old_doc, const char *new_doc,
				       smart_format format, int raw);

/* The features of an HTML pair of NUL-terminated documents through the
 * measuring stage, as classify measures them, into `values` (at least
 * smart_feature_count() long); fails the test on an error. */
void measure_html_features(const char *old_doc, const char *new_doc, double *values);

/* The value of the feature `name` in a vector of the registry's order;
 * fails the test when no feature has that name. */
double feature_value(const double *values, const char *name);

/* 1 when the HTML pair (a, b) of test `test` is ignore whatever the model
 * says, measured as classify measures it with profile `p` (may be NULL):
 * equal trees, or every edit explained. Fails the test on an error. */
int profile_explains(const smart_profile *p, const char *test, const char *a, const char *b);

/* The profile of test `test` learnt from two HTML runs a and b, and
 * generalised; fails the test on an error. Free with smart_profile_free. */
smart_profile *profile_learnt(const char *test, const char *a, const char *b);

/* Leave-one-application-out evaluation of `t` with `adapt` adaptation
 * pairs per application drawn in `order` with `seed` (fails the test on
 * error); free r with smart_eval_result_free. */
void eval_adapted(const smart_table *t, size_t adapt, smart_adapt_order order, uint64_t seed,
		  smart_eval_result *r);

/* cmocka setup and teardown of a test about libxml2's HTML trees (paths
 * without <tbody>, processing instructions, boolean attributes valued by
 * their name, arbitrary nesting that writes and parses back): it runs with
 * the libxml2 parser, and the process's default is back after it. */
int use_libxml2_parser(void **state);
int use_default_parser(void **state);
#define unit_test_libxml2(f) cmocka_unit_test_setup_teardown(f, use_libxml2_parser, use_default_parser)

/* The process's CPU time in seconds, for tests that compare the costs of
 * two sizes (ratios, never bare times). */
double test_cpu_seconds(void);

#endif
