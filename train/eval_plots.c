/*
 * The plots of an evaluation (include/smart/eval.h, docs/plots.md): the
 * held-out decisions of smart_evaluate turned into the data of plot/'s
 * drawings (a precision-recall curve with the cutoff, score histograms by
 * label, F1 per application beside the baselines, the weights of a model
 * trained on all pairs) and written into a folder all together.
 */
#include "smart/eval.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smart/plot.h"

/* How many baselines app-f1.svg shows beside smart at most (the best by
 * pooled F1): more bars per application would not be readable. */
#define MAX_BASELINES 3

/* The files, in the order they are drawn. */
enum { PLOT_PR, PLOT_HIST, PLOT_APPS, PLOT_WEIGHTS, N_PLOTS };
static const char *const plot_names[N_PLOTS] = { "pr-curve.svg", "score-histogram.svg",
						 "app-f1.svg", "weights.svg" };

/* Row i's held-out decision as smart_evaluate counted it: the rule's, or
 * the model's (margin >= 0). */
static int decision(const smart_eval_result *r, size_t i)
{
	return r->forced[i] >= 0 ? r->forced[i] : r->margin[i] >= 0;
}

/* A scored pair for the sweep. */
typedef struct scored {
	double s;
	unsigned char y;
} scored;

/* Highest score first. */
static int by_score_desc(const void *a, const void *b)
{
	double x = ((const scored *)a)->s, y = ((const scored *)b)->s;

	return x > y ? -1 : x < y;
}

int smart_eval_pr_curve(const smart_table *t, const smart_eval_result *r, double **recall,
			double **precision, size_t *n, smart_error *err)
{
	scored *v = malloc((t->n_rows ? t->n_rows : 1) * sizeof(*v));
	size_t m = 0, pos = 0, tp = 0, fp = 0;

	*recall = malloc((t->n_rows ? t->n_rows : 1) * sizeof(**recall));
	*precision = malloc((t->n_rows ? t->n_rows : 1) * sizeof(**precision));
	*n = 0;
	if (!v || !*recall || !*precision) {
		free(v);
		free(*recall);
		free(*precision);
		*recall = *precision = NULL;
		return smart_error_oom(err);
	}
	/* a rule's decision stands at every threshold: ±infinity */
	for (size_t i = 0; i < t->n_rows; i++)
		if (!isnan(r->margin[i])) {
			v[m].s = r->forced[i] < 0 ? r->margin[i] : r->forced[i] ? INFINITY : -INFINITY;
			v[m].y = t->labels[i];
			pos += v[m++].y;
		}
	qsort(v, m, sizeof(*v), by_score_desc);
	/* one point per distinct threshold, inspecting every pair scored at
	 * least as high: recall never falls as the threshold goes down */
	for (size_t i = 0; i < m;) {
		size_t j = i;

		for (; j < m && v[j].s == v[i].s; j++) {
			tp += v[j].y;
			fp += !v[j].y;
		}
		if (v[i].s == -INFINITY)
			break; /* never inspected, whatever the threshold */
		(*recall)[*n] = pos ? (double)tp / (double)pos : 0;
		(*precision)[*n] = (double)tp / (double)(tp + fp);
		(*n)++;
		i = j;
	}
	free(v);
	return 0;
}

/* pr-curve.svg. */
static char *draw_pr(const smart_eval_report *rep, const smart_eval_options *o, size_t *len,
		     smart_error *err)
{
	const smart_eval_result *r = &rep->result;
	smart_scores sc = smart_confusion_scores(&r->smart);
	smart_plot_curve p = { .title = "Precision-recall of smart's held-out scores",
			       .x_label = "recall", .y_label = "precision",
			       .mark_x = sc.recall, .mark_y = sc.precision };
	char sub[200], mark[96];
	size_t forced = 0, scored_n = 0;
	double *x, *y;
	char *svg;

	for (size_t i = 0; i < rep->table.n_rows; i++)
		if (!isnan(r->margin[i])) {
			scored_n++;
			forced += r->forced[i] >= 0;
		}
	if (smart_eval_pr_curve(&rep->table, r, &x, &y, &p.n, err))
		return NULL;
	snprintf(sub, sizeof(sub), "%zu pair%s, %s; %zu decided by rule (score \xc2\xb1\xe2\x88\x9e)",
		 scored_n, scored_n == 1 ? "" : "s", o->by_app ? "leave one application out" : "k-fold cross-validation",
		 forced);
	snprintf(mark, sizeof(mark), "cutoff: P %.3f, R %.3f, F1 %.3f", sc.precision, sc.recall,
		 sc.f1);
	p.subtitle = sub;
	p.mark_label = mark;
	p.x = x;
	p.y = y;
	svg = smart_plot_curve_svg(&p, len, err);
	free(x);
	free(y);
	return svg;
}

/* score-histogram.svg: the model's held-out margins (every scored pair,
 * also those a rule decided), by label. */
static char *draw_hist(const smart_eval_report *rep, size_t *len, smart_error *err)
{
	const smart_eval_result *r = &rep->result;
	const smart_table *t = &rep->table;
	smart_plot_histogram p = { .title = "Held-out scores by label",
				   .subtitle = "each score minus its fold model's cutoff; "
					       "the outermost bins hold the pairs beyond them",
				   .x_label = "score \xe2\x88\x92 cutoff (\xe2\x89\xa5 0: the model inspects)",
				   .group_names = { "ignore", "inspect" },
				   .line_at = 0, .line_label = "cutoff" };
	double *v = malloc((t->n_rows ? t->n_rows : 1) * sizeof(*v));
	unsigned char *g = malloc(t->n_rows ? t->n_rows : 1);
	char *svg = NULL;

	if (!v || !g) {
		smart_error_oom(err);
	} else {
		for (size_t i = 0; i < t->n_rows; i++)
			if (!isnan(r->margin[i])) {
				v[p.n] = r->margin[i];
				g[p.n++] = t->labels[i];
			}
		p.values = v;
		p.group = g;
		svg = smart_plot_histogram_svg(&p, len, err);
	}
	free(v);
	free(g);
	return svg;
}

/* Every application's confusion of the held-out decisions (column 0) and
 * of the chosen baselines' verdicts (columns 1..), on the scored pairs;
 * then the F1 of each into f1. */
static void app_f1(const smart_eval_report *rep, const size_t *base, size_t n_base,
		   smart_confusion *c, double *f1)
{
	const smart_table *t = &rep->table;
	size_t cols = 1 + n_base;

	for (size_t i = 0; i < t->n_rows; i++) {
		smart_confusion *row = c + t->app[i] * cols;

		if (isnan(rep->result.margin[i]))
			continue;
		smart_confusion_add(&row[0], decision(&rep->result, i), t->labels[i]);
		for (size_t j = 0; j < n_base; j++)
			smart_confusion_add(&row[1 + j],
					    t->comparator_fail[i * t->n_comparators + base[j]],
					    t->labels[i]);
	}
	for (size_t k = 0; k < t->n_apps * cols; k++)
		f1[k] = smart_confusion_scores(&c[k]).f1;
}

/* app-f1.svg: smart's F1 per application beside the best baselines. */
static char *draw_apps(const smart_eval_report *rep, const smart_eval_options *o, size_t *len,
		       smart_error *err)
{
	const smart_table *t = &rep->table;
	size_t base[MAX_BASELINES], n_base = 0, cols, worst;
	const char *series[1 + MAX_BASELINES] = { "smart" };
	smart_confusion *c, *own;
	double *f1;
	char *svg = NULL, sub[160], mark[64] = "";

	/* the best baselines by pooled F1, best first */
	for (size_t pick = 0; pick < MAX_BASELINES && pick < rep->n_comparators; pick++) {
		size_t best = rep->n_comparators;

		for (size_t k = 0; k < rep->n_comparators; k++) {
			int taken = 0;

			for (size_t j = 0; j < n_base; j++)
				taken |= base[j] == k;
			if (!taken && (best == rep->n_comparators ||
				       smart_confusion_scores(&rep->comparators[k]).f1 >
				       smart_confusion_scores(&rep->comparators[best]).f1))
				best = k;
		}
		base[n_base] = best;
		series[1 + n_base++] = t->comparators[best]->name;
	}
	cols = 1 + n_base;
	c = calloc(t->n_apps * cols + 1, sizeof(*c));
	f1 = calloc(t->n_apps * cols + 1, sizeof(*f1));
	own = calloc(t->n_apps + 1, sizeof(*own));
	if (!c || !f1 || !own) {
		smart_error_oom(err);
		goto out;
	}
	app_f1(rep, base, n_base, c, f1);
	for (size_t a = 0; a < t->n_apps; a++)
		own[a] = c[a * cols];
	worst = smart_eval_worst_app(own, t->n_apps);
	snprintf(sub, sizeof(sub), "%s; %s", o->by_app ? "each application held out in turn"
						       : "held-out decisions of k-fold cross-validation",
		 n_base ? "beside the best baselines by pooled F1" : "no --baselines given");
	if (worst < t->n_apps)
		snprintf(mark, sizeof(mark), "worst: F1 %.3f", f1[worst * cols]);
	svg = smart_plot_bars_svg(&(smart_plot_bars){ .title = "F1 per application",
						       .subtitle = sub, .y_label = "F1",
						       .x_label = "application (held out)",
						       .groups = (const char *const *)t->apps,
						       .n_groups = t->n_apps, .series = series,
						       .n_series = cols, .values = f1,
						       .marked = worst, .mark_label = mark },
				  len, err);
out:
	free(c);
	free(f1);
	free(own);
	return svg;
}

/* How much feature j moves a typical pair's score: |weight| × the mean
 * |value| over the table; the sort key of weights.svg. */
typedef struct weight_bar {
	const char *name;
	double weight, key;
} weight_bar;

/* Largest key first; ties by name, so the order is reproducible. */
static int by_key_desc(const void *a, const void *b)
{
	const weight_bar *x = a, *y = b;

	if (x->key != y->key)
		return x->key > y->key ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* The weights of a model trained on every pair (smart's own feature
 * columns), signed towards inspect, sorted by |weight × mean |value||,
 * zero weights left out; the count in *n (0 for an SVM). */
static int model_weights(const smart_eval_report *rep, const smart_eval_options *o,
			 weight_bar *bars, size_t *n, size_t *zero, smart_error *err)
{
	const smart_table *t = &rep->table;
	size_t p = t->n_features - (t->comparator_features ? t->n_comparators : 0);
	double *rows = malloc((t->n_rows ? t->n_rows : 1) * (p ? p : 1) * sizeof(*rows));
	smart_train_options to = o->train;
	smart_model *m = NULL;

	*n = *zero = 0;
	if (!rows)
		return smart_error_oom(err);
	for (size_t i = 0; i < t->n_rows; i++)
		memcpy(rows + i * p, t->rows + i * t->n_features, p * sizeof(*rows));
	to.degenerate = SMART_DEGENERATE_DROP;
	m = smart_model_train(&(smart_dataset){ rows, t->labels, t->n_rows, p, t->names }, &to,
			      NULL, err);
	for (size_t j = 0; m && m->kind == SMART_MODEL_LINEAR && j < p; j++) {
		double mean = 0, w = m->weights[j] * (m->comparison == SMART_CMP_LE ? -1 : 1);

		if (w == 0) {
			(*zero)++;
			continue;
		}
		for (size_t i = 0; i < t->n_rows; i++)
			mean += fabs(rows[i * p + j]) / (double)t->n_rows;
		bars[(*n)++] = (weight_bar){ t->names[j], w, fabs(w) * mean };
	}
	free(rows);
	if (!m)
		return smart_error_prefix(err, "training on all pairs for weights.svg");
	smart_model_free(m);
	qsort(bars, *n, sizeof(*bars), by_key_desc);
	return 0;
}

/* weights.svg. */
static char *draw_weights(const smart_eval_report *rep, const smart_eval_options *o,
			  size_t *len, smart_error *err)
{
	size_t p = rep->table.n_features, n, zero;
	weight_bar *bars = calloc(p + 1, sizeof(*bars));
	const char **names = calloc(p + 1, sizeof(*names));
	double *w = calloc(p + 1, sizeof(*w));
	char sub[200], *svg = NULL;

	if (!bars || !names || !w) {
		smart_error_oom(err);
	} else if (model_weights(rep, o, bars, &n, &zero, err) == 0) {
		for (size_t j = 0; j < n; j++) {
			names[j] = bars[j].name;
			w[j] = bars[j].weight;
		}
		snprintf(sub, sizeof(sub), "linear model on all %zu pairs, sorted by "
			 "|weight \xc3\x97 mean |value||; %zu zero weights not shown",
			 rep->table.n_rows, zero);
		svg = smart_plot_hbars_svg(&(smart_plot_hbars){
			.title = "Feature weights (positive: towards inspect)",
			.subtitle = o->train.kind == SMART_MODEL_LINEAR ? sub : NULL,
			.x_label = "weight", .names = names, .values = w, .n = n,
			.message = "an SVM (--kind svm) has no weight per feature" }, len, err);
	}
	free(bars);
	free(names);
	free(w);
	return svg;
}

int smart_eval_plots_write(const smart_eval_report *r, const smart_eval_options *o,
			   const char *dir, smart_error *err)
{
	char *text[N_PLOTS] = { NULL };
	size_t len[N_PLOTS] = { 0 };
	int rc = -1;

	if (!r->result.margin || !r->result.forced)
		return smart_error_set(err, "%s: no held-out scores to plot", dir);
	if ((text[PLOT_PR] = draw_pr(r, o, &len[PLOT_PR], err)) &&
	    (text[PLOT_HIST] = draw_hist(r, &len[PLOT_HIST], err)) &&
	    (text[PLOT_APPS] = draw_apps(r, o, &len[PLOT_APPS], err)) &&
	    (text[PLOT_WEIGHTS] = draw_weights(r, o, &len[PLOT_WEIGHTS], err)))
		rc = smart_plot_files_write(dir, plot_names, text, len, N_PLOTS, err);
	for (int k = 0; k < N_PLOTS; k++)
		free(text[k]);
	return rc;
}
