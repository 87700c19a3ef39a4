/* plot/: each drawing is well-formed SVG whose data-* attributes are the
 * numbers it was given, names are escaped, and a set of files is written
 * all or none. */
#include "../support/support.h"
#include "../support/svg_check.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libxml/tree.h>

/* A name with every character XML reserves. */
static const char nasty[] = "a<b&c\"d'e>";

/* The text content of an element (caller frees). */
static char *content(xmlNodePtr n)
{
	xmlChar *c = xmlNodeGetContent(n);
	char *s = strdup((const char *)c);

	xmlFree(c);
	return s;
}

static void curve_keeps_points_and_marks_the_given_point(void **state)
{
	double x[] = { 0.1, 0.2, 0.5, 0.9 }, y[] = { 1, 0.9, 0.8, 0.6 };
	smart_plot_curve p = { .title = nasty, .x_label = "recall", .y_label = "precision",
			       .x = x, .y = y, .n = 4, .mark_x = 0.5, .mark_y = 0.8,
			       .mark_label = nasty };
	smart_error err = { "" };
	size_t len;
	char *svg = smart_plot_curve_svg(&p, &len, &err), *title;
	xmlDocPtr doc;
	xmlNodePtr n[4];
	xmlChar *pts;
	double px, py;
	int got = 0;

	(void)state;
	assert_non_null(svg);
	assert_int_equal(strlen(svg), len);
	doc = svg_parse(svg, len);
	assert_int_equal(svg_select(doc, "//s:polyline[@class='curve']", n, 1), 1);
	pts = xmlGetProp(n[0], BAD_CAST "data-points");
	for (const char *s = (const char *)pts; sscanf(s, "%lf,%lf", &px, &py) == 2; got++) {
		assert_true(fabs(px - x[got]) < 1e-9 && fabs(py - y[got]) < 1e-9);
		s = strchr(s, ' ');
		if (!s)
			break;
		s++;
	}
	xmlFree(pts);
	assert_int_equal(got, 4);
	assert_int_equal(svg_select(doc, "//s:circle[@class='mark']", n, 1), 1);
	assert_true(fabs(svg_num(n[0], "data-x") - 0.5) < 1e-9);
	assert_true(fabs(svg_num(n[0], "data-y") - 0.8) < 1e-9);
	/* the title is the name as given, escaped in the file */
	assert_int_equal(svg_select(doc, "/s:svg/s:title", n, 1), 1);
	title = content(n[0]);
	assert_string_equal(title, nasty);
	free(title);
	assert_null(strstr(svg, nasty)); /* never raw */
	xmlFreeDoc(doc);
	free(svg);
}

static void histogram_bars_count_every_value_of_each_group(void **state)
{
	enum { N = 500 };
	double v[N];
	unsigned char g[N];
	size_t want[2] = { 0, 0 }, sum[2] = { 0, 0 }, bars;
	smart_plot_histogram p = { .title = "h", .x_label = "score", .values = v, .group = g,
				   .n = N, .group_names = { "ignore", nasty }, .line_at = 0.25,
				   .line_label = "cut" };
	smart_error err = { "" };
	xmlNodePtr n[2 * 64];
	xmlDocPtr doc;
	size_t len;
	char *svg;

	(void)state;
	for (int i = 0; i < N; i++) { /* a few far outliers land in the edge bins */
		g[i] = i % 3 == 0;
		v[i] = i == 7 ? 1e9 : i == 8 ? -1e9 : g[i] + sin(i) * 0.7;
		want[g[i]]++;
	}
	svg = smart_plot_histogram_svg(&p, &len, &err);
	assert_non_null(svg);
	doc = svg_parse(svg, len);
	bars = svg_select(doc, "//s:rect[@class='bar']", n, 2 * 64);
	assert_true(bars > 4 && bars <= 60);
	for (size_t i = 0; i < bars; i++)
		sum[(int)svg_num(n[i], "data-group")] += (size_t)svg_num(n[i], "data-count");
	assert_int_equal(sum[0], want[0]);
	assert_int_equal(sum[1], want[1]);
	assert_int_equal(svg_select(doc, "//s:line[@class='cut']", n, 1), 1);
	assert_true(fabs(svg_num(n[0], "data-x") - 0.25) < 1e-9);
	xmlFreeDoc(doc);
	free(svg);
}

static void bars_one_per_group_and_series_names_escaped(void **state)
{
	const char *groups[] = { "shop", nasty, "bank" }, *series[] = { "smart", "diff" };
	double f1[] = { 0.9, 0.5, 0.4, 0.6, 1.0, 0.7 };
	smart_plot_bars p = { .title = "F1", .y_label = "F1", .groups = groups, .n_groups = 3,
			      .series = series, .n_series = 2, .values = f1, .marked = 1,
			      .mark_label = "worst" };
	smart_error err = { "" };
	xmlNodePtr n[8];
	xmlDocPtr doc;
	size_t len;
	char *svg = smart_plot_bars_svg(&p, &len, &err);
	xmlChar *name;

	(void)state;
	assert_non_null(svg);
	doc = svg_parse(svg, len);
	assert_int_equal(svg_select(doc, "//s:rect[@class='bar'][@data-series='smart']", n, 8), 3);
	assert_true(fabs(svg_num(n[1], "data-value") - 0.4) < 1e-9);
	name = xmlGetProp(n[1], BAD_CAST "data-group");
	assert_string_equal((const char *)name, nasty);
	xmlFree(name);
	assert_int_equal(svg_select(doc, "//s:rect[@class='bar']", n, 8), 6);
	assert_int_equal(svg_select(doc, "//s:rect[@class='mark']", n, 8), 1);
	name = xmlGetProp(n[0], BAD_CAST "data-group");
	assert_string_equal((const char *)name, nasty);
	xmlFree(name);
	assert_int_equal(svg_select(doc, "//s:rect[@class='legend']", n, 8), 2);
	xmlFreeDoc(doc);
	free(svg);
}

static void hbars_keep_sign_and_order_or_show_the_message(void **state)
{
	const char *names[] = { "b", nasty, "a" };
	double w[] = { 2.5, -1, 0.25 };
	smart_plot_hbars p = { .title = "w", .x_label = "weight", .names = names, .values = w,
			       .n = 3, .message = "none" };
	smart_error err = { "" };
	xmlNodePtr n[4];
	xmlDocPtr doc;
	size_t len;
	char *svg = smart_plot_hbars_svg(&p, &len, &err);

	(void)state;
	assert_non_null(svg);
	doc = svg_parse(svg, len);
	assert_int_equal(svg_select(doc, "//s:rect[@class='bar']", n, 4), 3);
	for (int i = 0; i < 3; i++) {
		assert_true(fabs(svg_num(n[i], "data-value") - w[i]) < 1e-9);
		assert_true(svg_num(n[i], "y") > (i ? svg_num(n[i - 1], "y") : 0));
	}
	xmlFreeDoc(doc);
	free(svg);
	p.n = 0;
	svg = smart_plot_hbars_svg(&p, &len, &err);
	assert_non_null(svg);
	doc = svg_parse(svg, len);
	assert_int_equal(svg_select(doc, "//s:rect[@class='bar']", n, 4), 0);
	assert_int_equal(svg_select(doc, "//s:text[.='none']", n, 4), 1);
	xmlFreeDoc(doc);
	free(svg);
}

static void hbars_thin_bar_is_seen_and_every_bar_carries_its_value(void **state)
{
	const char *names[] = { "big", "thin" };
	double w[] = { 97.5, 0.001 };
	smart_plot_hbars p = { .title = "w", .x_label = "weight", .names = names, .values = w,
			       .n = 2, .message = "none" };
	smart_error err = { "" };
	xmlNodePtr n[4];
	xmlDocPtr doc;
	size_t len;
	char *svg = smart_plot_hbars_svg(&p, &len, &err);

	(void)state;
	assert_non_null(svg);
	doc = svg_parse(svg, len);
	assert_int_equal(svg_select(doc, "//s:rect[@class='bar']", n, 4), 2);
	assert_true(svg_num(n[1], "width") >= 2);
	assert_int_equal(svg_select(doc, "//s:text[.='97.5']", n, 4), 1);
	assert_int_equal(svg_select(doc, "//s:text[.='0.001']", n, 4), 1);
	xmlFreeDoc(doc);
	free(svg);
}

static void bars_show_the_x_axis_title(void **state)
{
	const char *groups[] = { "shop" }, *series[] = { "smart" };
	double f1[] = { 0.9 };
	smart_plot_bars p = { .title = "F1", .y_label = "F1", .x_label = "application",
			      .groups = groups, .n_groups = 1, .series = series, .n_series = 1,
			      .values = f1, .marked = 1 };
	smart_error err = { "" };
	xmlNodePtr n[2];
	xmlDocPtr doc;
	size_t len;
	char *svg = smart_plot_bars_svg(&p, &len, &err);

	(void)state;
	assert_non_null(svg);
	doc = svg_parse(svg, len);
	assert_int_equal(svg_select(doc, "//s:text[.='application']", n, 2), 1);
	xmlFreeDoc(doc);
	free(svg);
}

static void files_are_written_all_or_none(void **state)
{
	const char *file = write_temp_file("not-a-folder", "x", 1);
	const char *names[] = { "one.svg", "two.svg" };
	char *texts[] = { "<svg/>", "<svg></svg>" };
	size_t lens[] = { 6, 11 };
	char dir[512], bad[512], path[600];
	smart_error err = { "" };
	struct stat st;

	(void)state;
	snprintf(dir, sizeof(dir), "%s.d/made/here", file);
	assert_int_equal(smart_plot_dir_check(dir, &err), 0);
	assert_int_equal(smart_plot_files_write(dir, names, texts, lens, 2, &err), 0);
	snprintf(path, sizeof(path), "%s/two.svg", dir);
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_size, 11);
	/* a folder that cannot be made (below a file): one error, nothing written */
	snprintf(bad, sizeof(bad), "%s/sub", file);
	assert_int_equal(smart_plot_dir_check(bad, &err), -1);
	assert_non_null(strstr(err.message, bad));
	assert_int_equal(smart_plot_files_write(bad, names, texts, lens, 2, &err), -1);
	assert_non_null(strstr(err.message, bad));
	assert_int_equal(stat(file, &st), 0);
	assert_true(S_ISREG(st.st_mode));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(curve_keeps_points_and_marks_the_given_point),
		cmocka_unit_test(histogram_bars_count_every_value_of_each_group),
		cmocka_unit_test(bars_one_per_group_and_series_names_escaped),
		cmocka_unit_test(hbars_keep_sign_and_order_or_show_the_message),
		cmocka_unit_test(hbars_thin_bar_is_seen_and_every_bar_carries_its_value),
		cmocka_unit_test(bars_show_the_x_axis_title),
		cmocka_unit_test(files_are_written_all_or_none),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
