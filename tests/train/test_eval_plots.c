/* The plots of an evaluation (train/eval_plots.c) checked against the
 * evaluation's own numbers: the PR curve's cutoff is the pooled precision
 * and recall, the histograms count every scored pair once, one smart bar
 * per application, the held-out margins reproduce the decisions. */
#include "../support/support.h"
#include "../support/svg_check.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const names[] = { "signal", "noise", "ba<d&\"name" };
static const char *const apps[] = { "shop", "blog", "a<b&\"c" };

/* n pairs of three applications: inspect when signal is high, with some
 * overlap so that the curve has more than one corner. */
static void make_table(smart_table *t, size_t n)
{
	unsigned seed = 11;
	smart_error err;

	smart_table_init(t, names, 3);
	for (size_t i = 0; i < n; i++) {
		int label = (i / 3) % 3 == 0; /* a third of each application's */
		double v[3] = { (label ? 4 : 0) + rand_r(&seed) % 6, (double)(rand_r(&seed) % 7),
				(double)(rand_r(&seed) % 3) };
		smart_table_row row = { .values = v, .label = label, .app = apps[i % 3],
					.bytes_differ = 1, .trees_differ = label || i % 4 };

		assert_int_equal(smart_table_add(t, &row, &err), 0);
	}
}

/* Evaluates the table leaving one application out and writes the plots. */
static void evaluate_and_plot(smart_eval_report *rep, smart_eval_options *o, char *dir,
			      size_t size)
{
	smart_error err = { "" };
	const char *base = write_temp_file("unused", "", 0);

	memset(rep, 0, sizeof(*rep));
	make_table(&rep->table, 90);
	o->by_app = 1;
	o->per_app = 1;
	if (smart_evaluate(&rep->table, o, &rep->result, &err))
		fail_msg("%s", err.message);
	snprintf(dir, size, "%s.plots", base);
	if (smart_eval_plots_write(rep, o, dir, &err))
		fail_msg("%s", err.message);
}

static xmlDocPtr open_plot(const char *dir, const char *name)
{
	char path[600];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return svg_parse_file(path);
}

static void margins_and_rules_reproduce_the_pooled_decisions(void **state)
{
	smart_eval_options o = SMART_EVAL_OPTIONS_INIT;
	smart_eval_report rep;
	smart_confusion c = { 0 };
	char dir[512];

	(void)state;
	evaluate_and_plot(&rep, &o, dir, sizeof(dir));
	for (size_t i = 0; i < rep.table.n_rows; i++) {
		int f = rep.result.forced[i];

		assert_false(isnan(rep.result.margin[i]));
		smart_confusion_add(&c, f >= 0 ? f : rep.result.margin[i] >= 0, rep.table.labels[i]);
	}
	assert_memory_equal(&c, &rep.result.smart, sizeof(c));
	smart_eval_report_free(&rep);
}

static void pr_curve_is_monotone_and_its_cutoff_is_the_reported_one(void **state)
{
	smart_eval_options o = SMART_EVAL_OPTIONS_INIT;
	smart_eval_report rep;
	smart_scores s;
	xmlDocPtr doc;
	xmlNodePtr n[1];
	xmlChar *pts;
	double r, p, last = -1, cx, cy;
	int points = 0, on_curve = 0;
	char dir[512];

	(void)state;
	evaluate_and_plot(&rep, &o, dir, sizeof(dir));
	s = smart_confusion_scores(&rep.result.smart);
	doc = open_plot(dir, "pr-curve.svg");
	assert_int_equal(svg_select(doc, "//s:polyline[@class='curve']", n, 1), 1);
	pts = xmlGetProp(n[0], BAD_CAST "data-points");
	for (const char *q = (const char *)pts; q && sscanf(q, "%lf,%lf", &r, &p) == 2; points++) {
		assert_true(r >= last); /* recall never falls */
		assert_true(r >= 0 && r <= 1 && p >= 0 && p <= 1);
		on_curve |= fabs(r - s.recall) < 1e-6 && fabs(p - s.precision) < 1e-6;
		last = r;
		q = strchr(q, ' ');
		q = q ? q + 1 : NULL;
	}
	xmlFree(pts);
	assert_true(points >= 2);
	assert_true(on_curve); /* the cutoff's point is one of the curve's */
	assert_int_equal(svg_select(doc, "//s:circle[@class='mark']", n, 1), 1);
	assert_true(fabs(svg_num(n[0], "data-x") - s.recall) < 1e-4);
	assert_true(fabs(svg_num(n[0], "data-y") - s.precision) < 1e-4);
	/* and it is drawn there: the frame spans x 64..616, y 350..50 */
	cx = svg_num(n[0], "cx");
	cy = svg_num(n[0], "cy");
	assert_true(fabs(cx - (64 + s.recall * 552)) < 0.01);
	assert_true(fabs(cy - (350 - s.precision * 300)) < 0.01);
	xmlFreeDoc(doc);
	smart_eval_report_free(&rep);
}

static void histogram_counts_each_label_once(void **state)
{
	smart_eval_options o = SMART_EVAL_OPTIONS_INIT;
	smart_eval_report rep;
	size_t want[2] = { 0, 0 }, got[2] = { 0, 0 }, bars;
	xmlNodePtr n[128];
	xmlDocPtr doc;
	char dir[512];

	(void)state;
	evaluate_and_plot(&rep, &o, dir, sizeof(dir));
	for (size_t i = 0; i < rep.table.n_rows; i++)
		want[rep.table.labels[i]]++;
	doc = open_plot(dir, "score-histogram.svg");
	bars = svg_select(doc, "//s:rect[@class='bar']", n, 128);
	assert_true(bars > 0 && bars <= 60);
	for (size_t i = 0; i < bars; i++)
		got[(int)svg_num(n[i], "data-group")] += (size_t)svg_num(n[i], "data-count");
	assert_int_equal(got[0], want[0]);
	assert_int_equal(got[1], want[1]);
	xmlFreeDoc(doc);
	smart_eval_report_free(&rep);
}

static void app_f1_has_one_smart_bar_per_application_and_marks_the_worst(void **state)
{
	smart_eval_options o = SMART_EVAL_OPTIONS_INIT;
	smart_eval_report rep;
	xmlNodePtr n[8];
	xmlDocPtr doc;
	xmlChar *app;
	size_t worst;
	char dir[512];

	(void)state;
	evaluate_and_plot(&rep, &o, dir, sizeof(dir));
	doc = open_plot(dir, "app-f1.svg");
	assert_int_equal(svg_select(doc, "//s:rect[@class='bar'][@data-series='smart']", n, 8),
			 rep.table.n_apps);
	for (size_t a = 0; a < rep.table.n_apps; a++) {
		app = xmlGetProp(n[a], BAD_CAST "data-group");
		assert_string_equal((const char *)app, rep.table.apps[a]); /* <&" intact */
		xmlFree(app);
		assert_true(fabs(svg_num(n[a], "data-value") -
				 smart_confusion_scores(&rep.result.per_app[a]).f1) < 1e-4);
	}
	worst = smart_eval_worst_app(rep.result.per_app, rep.result.n_per_app);
	assert_true(worst < rep.table.n_apps);
	assert_int_equal(svg_select(doc, "//s:rect[@class='mark']", n, 8), 1);
	app = xmlGetProp(n[0], BAD_CAST "data-group");
	assert_string_equal((const char *)app, rep.table.apps[worst]);
	xmlFree(app);
	xmlFreeDoc(doc);
	smart_eval_report_free(&rep);
}

static void weights_show_the_linear_models_features(void **state)
{
	smart_eval_options o = SMART_EVAL_OPTIONS_INIT;
	smart_eval_report rep;
	xmlNodePtr n[8];
	xmlDocPtr doc;
	char dir[512];
	size_t bars;

	(void)state;
	evaluate_and_plot(&rep, &o, dir, sizeof(dir));
	doc = open_plot(dir, "weights.svg");
	bars = svg_select(doc, "//s:rect[@class='bar']", n, 8);
	assert_true(bars >= 1 && bars <= 3);
	/* the signal separates the labels: its weight is the largest key */
	xmlChar *name = xmlGetProp(n[0], BAD_CAST "data-group");
	assert_string_equal((const char *)name, "signal");
	assert_true(svg_num(n[0], "data-value") > 0);
	xmlFree(name);
	xmlFreeDoc(doc);
	smart_eval_report_free(&rep);
	/* an SVM has no weights: the file says so */
	o.train.kind = SMART_MODEL_SVM;
	evaluate_and_plot(&rep, &o, dir, sizeof(dir));
	doc = open_plot(dir, "weights.svg");
	assert_int_equal(svg_select(doc, "//s:rect[@class='bar']", n, 8), 0);
	xmlFreeDoc(doc);
	smart_eval_report_free(&rep);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(margins_and_rules_reproduce_the_pooled_decisions),
		cmocka_unit_test(pr_curve_is_monotone_and_its_cutoff_is_the_reported_one),
		cmocka_unit_test(histogram_counts_each_label_once),
		cmocka_unit_test(app_f1_has_one_smart_bar_per_application_and_marks_the_worst),
		cmocka_unit_test(weights_show_the_linear_models_features),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
