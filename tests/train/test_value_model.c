/* Training the value model (train/value_pairs.c, value_model.c): how rows
 * are labelled (a fault's value is meaningful only where the same
 * application's clean reruns never change one), where a value stands,
 * that fitting is deterministic and leaves the held-out application out,
 * and that the C source it writes is the same every time. */
#include "../support/support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "smart/value_model.h"

/* Rows made by hand: app, from an inspect pair, place, and a feature
 * vector (all 0 but feature `hot`, set to 1). */
typedef struct hand_row {
	uint32_t app;
	unsigned char inspect;
	uint64_t where;
} hand_row;

static void fill(smart_value_rows *r, const hand_row *rows, size_t n)
{
	memset(r, 0, sizeof(*r));
	r->x = calloc(n * SMART_VALUE_FEATURE_COUNT, sizeof(double));
	r->where = calloc(n, sizeof(uint64_t));
	r->app = calloc(n, sizeof(uint32_t));
	r->from_inspect = calloc(n, 1);
	r->apps = calloc(2, sizeof(char *));
	assert_non_null(r->x);
	assert_non_null(r->where);
	assert_non_null(r->app);
	assert_non_null(r->from_inspect);
	assert_non_null(r->apps);
	r->apps[0] = strdup("one");
	r->apps[1] = strdup("two");
	r->n_apps = 2;
	for (size_t i = 0; i < n; i++) {
		r->app[i] = rows[i].app;
		r->from_inspect[i] = rows[i].inspect;
		r->where[i] = rows[i].where;
	}
	r->n = r->cap = n;
}

static void a_faults_value_is_meaningful_only_where_its_apps_reruns_never_change(void **state)
{
	static const hand_row rows[] = {
		{ 0, 0, 11 }, /* app one's rerun changes place 11 */
		{ 0, 1, 11 }, /* a fault of app one at 11: left out */
		{ 0, 1, 12 }, /* a fault of app one at 12: meaningful */
		{ 1, 1, 11 }, /* app two's reruns never change 11: meaningful */
		{ 1, 0, 13 }, /* a rerun of app two: volatile */
	};
	unsigned char labels[5];
	smart_value_rows r;

	(void)state;
	fill(&r, rows, 5);
	smart_value_rows_label(&r, labels);
	assert_int_equal(labels[0], SMART_VALUE_VOLATILE);
	assert_int_equal(labels[1], SMART_VALUE_UNLABELLED);
	assert_int_equal(labels[2], SMART_VALUE_MEANINGFUL);
	assert_int_equal(labels[3], SMART_VALUE_MEANINGFUL);
	assert_int_equal(labels[4], SMART_VALUE_VOLATILE);
	smart_value_rows_free(&r);
}

static smart_tree *parse(const char *html)
{
	smart_error err = { "" };
	smart_tree *t = smart_tree_parse(html, strlen(html), SMART_FORMAT_HTML, "t.html", &err);

	assert_non_null(t);
	return t;
}

/* The n-th element called `name` of `t`. */
static uint32_t element(const smart_tree *t, const char *name, int nth)
{
	for (uint32_t i = 0; i < t->count; i++)
		if (t->nodes[i].kind == SMART_NODE_ELEMENT && strcmp(t->nodes[i].name, name) == 0 &&
		    nth-- == 0)
			return i;
	fail_msg("no <%s>", name);
	return SMART_NONE;
}

/* A place is the element path and attribute, not the position: the rows
 * of a table are one place, their cells' two attributes two. */
static void a_place_is_the_element_path_and_attribute(void **state)
{
	smart_tree *t = parse("<table><tr><td id=\"a\" title=\"x\">1</td></tr>"
			      "<tr><td id=\"b\" title=\"y\">2</td></tr></table><p id=\"c\">3</p>");
	uint32_t td0 = element(t, "td", 0), td1 = element(t, "td", 1), p = element(t, "p", 0);

	(void)state;
	assert_true(smart_value_place(t, td0, "id") == smart_value_place(t, td1, "id"));
	assert_true(smart_value_place(t, td0, "id") != smart_value_place(t, td0, "title"));
	assert_true(smart_value_place(t, td0, "id") != smart_value_place(t, p, "id"));
	assert_true(smart_value_place(t, t->nodes[td0].first_child, NULL) ==
		    smart_value_place(t, t->nodes[td1].first_child, NULL));
	assert_true(smart_value_place(t, t->nodes[td0].first_child, NULL) !=
		    smart_value_place(t, td0, "id"));
	smart_tree_free(t);
}

/* 400 rows of two applications: volatile rows have a random token,
 * meaningful ones a short number, with a spread of lengths. */
static void synthetic(smart_value_rows *r, unsigned char *labels)
{
	hand_row rows[400];

	for (size_t i = 0; i < 400; i++)
		rows[i] = (hand_row){ (uint32_t)(i % 2), (unsigned char)(i % 4 < 2), 100 + i };
	fill(r, rows, 400);
	smart_value_rows_label(r, labels);
	for (size_t i = 0; i < 400; i++) {
		double *x = r->x + i * SMART_VALUE_FEATURE_COUNT;

		x[0] = (double)(i % 7) / 7.0; /* something that varies */
		x[labels[i] == SMART_VALUE_VOLATILE ? 20 : 21] = 1;
		x[4] = (double)(i % 5);
	}
}

static void fitting_twice_gives_the_same_model(void **state)
{
	smart_value_rows r;
	unsigned char labels[400];
	smart_value_model a, b;
	smart_error err = { "" };
	smart_value_confusion c;

	(void)state;
	synthetic(&r, labels);
	assert_int_equal(smart_value_model_fit(&r, labels, -1, &a, &err), 0);
	assert_int_equal(smart_value_model_fit(&r, labels, -1, &b, &err), 0);
	assert_memory_equal(&a, &b, sizeof(a));
	assert_int_equal(a.n_features, SMART_VALUE_FEATURE_COUNT);
	smart_value_model_judge(&a, &r, labels, 0, &c);
	assert_int_equal(c.volatile_rows, 100);
	assert_int_equal(c.meaningful_rows, 100);
	assert_int_equal(c.volatile_caught, 100);
	assert_int_equal(c.meaningful_missed, 0);
	smart_value_rows_free(&r);
}

/* Holding an application out fits on the other one alone: here the same
 * model, since both applications' rows are alike, but not one that saw
 * nothing when the other is all there is of a class. */
static void the_held_out_application_is_left_out_of_the_fit(void **state)
{
	smart_value_rows r;
	unsigned char labels[400];
	smart_value_model all, held;
	smart_error err = { "" };

	(void)state;
	synthetic(&r, labels);
	assert_int_equal(smart_value_model_fit(&r, labels, -1, &all, &err), 0);
	assert_int_equal(smart_value_model_fit(&r, labels, 1, &held, &err), 0);
	assert_true(held.cutoff > -1 && held.cutoff <= 0.5);
	for (size_t i = 0; i < 400; i++)
		if (r.app[i] == 1)
			labels[i] = SMART_VALUE_UNLABELLED; /* only app one is left */
	assert_int_equal(smart_value_model_fit(&r, labels, 0, &held, &err), -1);
	assert_non_null(strstr(err.message, "value model"));
	smart_value_rows_free(&r);
}

/* Reads a whole small file. */
static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *s = calloc(1, 65536);
	size_t n;

	assert_non_null(f);
	assert_non_null(s);
	n = fread(s, 1, 65535, f);
	fclose(f);
	s[n] = '\0';
	return s;
}

static void the_c_source_is_the_same_every_time_and_names_the_builtin(void **state)
{
	smart_value_rows r;
	unsigned char labels[400];
	smart_value_model m;
	smart_error err = { "" };
	char a[] = "/tmp/smart-value-model-XXXXXX";
	int fd = mkstemp(a);
	char b[sizeof(a) + 2], *ta, *tb;

	(void)state;
	assert_true(fd >= 0);
	close(fd);
	snprintf(b, sizeof(b), "%s.2", a);
	synthetic(&r, labels);
	assert_int_equal(smart_value_model_fit(&r, labels, -1, &m, &err), 0);
	assert_int_equal(smart_value_model_write_c(&m, a, &err), 0);
	assert_int_equal(smart_value_model_write_c(&m, b, &err), 0);
	ta = slurp(a);
	tb = slurp(b);
	assert_string_equal(ta, tb);
	assert_non_null(strstr(ta, "const smart_value_model smart__value_model_builtin = {"));
	assert_non_null(strstr(ta, "/* random_token */"));
	free(ta);
	free(tb);
	unlink(a);
	unlink(b);
	smart_value_rows_free(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_faults_value_is_meaningful_only_where_its_apps_reruns_never_change),
		cmocka_unit_test(a_place_is_the_element_path_and_attribute),
		cmocka_unit_test(fitting_twice_gives_the_same_model),
		cmocka_unit_test(the_held_out_application_is_left_out_of_the_fit),
		cmocka_unit_test(the_c_source_is_the_same_every_time_and_names_the_builtin),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
