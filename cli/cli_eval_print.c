/*
 * The report of smart eval (cli/cli_eval.h, cli_eval_print): smart beside
 * the baselines and the papers' comparators, pooled, and with --by-app
 * each held-out application with the AUC of its held-out scores beside its
 * F1 (a cutoff can be wrong where the scores still rank; AUC says whether
 * they do), as a table or one JSON object.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "cli_eval.h"

/* The --adapt-order word of `order`, as the output names it. */
static const char *adapt_order_name(smart_adapt_order order)
{
	return order == SMART_ADAPT_REVIEWER	? "reviewer"
	       : order == SMART_ADAPT_BY_CHANGE ? "by-change"
	       : order == SMART_ADAPT_HIGHEST	? "highest"
	       : order == SMART_ADAPT_FLAGGED	? "flagged"
						: "random";
}

static cJSON *scores_json(const smart_confusion *c)
{
	smart_scores s = smart_confusion_scores(c);
	cJSON *o = cJSON_CreateObject();

	if (!o)
		return NULL;
	cJSON_AddNumberToObject(o, "precision", s.precision);
	cJSON_AddNumberToObject(o, "recall", s.recall);
	cJSON_AddNumberToObject(o, "f1", s.f1);
	cJSON_AddNumberToObject(o, "tp", (double)c->tp);
	cJSON_AddNumberToObject(o, "fp", (double)c->fp);
	cJSON_AddNumberToObject(o, "fn", (double)c->fn);
	cJSON_AddNumberToObject(o, "tn", (double)c->tn);
	return o;
}

/* A row of the comparison table beyond the fixed ones: a comparator of the
 * papers, or smart with the comparators' verdicts as features. */
typedef struct eval_row {
	const char *name;
	smart_confusion c;
	size_t order; /* position before sorting, to keep the sort stable */
} eval_row;

/* Best F1 first; ties keep their order. */
static int by_f1(const void *a, const void *b)
{
	const eval_row *x = a, *y = b;
	double fx = smart_confusion_scores(&x->c).f1, fy = smart_confusion_scores(&y->c).f1;

	if (fx != fy)
		return fx > fy ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

/* The held-out application with the lowest F1 among those with an inspect
 * pair, or n_per_app. */
static size_t worst_app(const smart_eval_result *r)
{
	return smart_eval_worst_app(r->per_app, r->n_per_app);
}

/* Of application a's scored pairs (a == n_apps: all), how many the
 * adaptation's accepted change classes turned to ignore, and how many of
 * those are faults (labelled inspect): a fault hidden by the adaptation. */
static void accepted_counts(const smart_table *t, const smart_eval_result *r, size_t a,
			    size_t *pairs, size_t *faults)
{
	*pairs = *faults = 0;
	for (size_t i = 0; r->accepted && i < t->n_rows; i++)
		if (r->accepted[i] && (a == t->n_apps || t->app[i] == a)) {
			(*pairs)++;
			*faults += t->labels[i];
		}
}

static int print_json(const smart_eval_result *r, const smart_eval_options *o,
		      const smart_table *t, const eval_row *extra, size_t n_extra,
		      const smart_confusion *plus)
{
	size_t pairs = t->n_rows;
	cJSON *root = cJSON_CreateObject(), *smart, *base;

	if (!root)
		return cli_failf("out of memory");
	smart = scores_json(&r->smart);
	if (smart) {
		/* null when smart flags as many pairs as diff (never pays off) */
		if (isfinite(r->break_even))
			cJSON_AddNumberToObject(smart, "look_miss_ratio", r->break_even);
		else
			cJSON_AddNullToObject(smart, "look_miss_ratio");
	}
	cJSON_AddItemToObject(root, "smart", smart);
	base = cJSON_AddObjectToObject(root, "baselines");
	cJSON_AddItemToObject(base, "diff", scores_json(&r->diff));
	cJSON_AddItemToObject(base, "tree-diff", scores_json(&r->tree_diff));
	cJSON_AddItemToObject(base, "fair-coin", scores_json(&r->fair_coin));
	cJSON_AddItemToObject(base, "biased-coin", scores_json(&r->biased_coin));
	for (size_t i = 0; i < n_extra; i++)
		cJSON_AddItemToObject(base, extra[i].name, scores_json(&extra[i].c));
	if (plus)
		cJSON_AddItemToObject(root, "smart+comparators", scores_json(plus));
	cJSON_AddNumberToObject(root, "pairs", (double)pairs);
	cJSON_AddStringToObject(root, "validation", o->model ? "first-look" : o->by_app ? "by-app" : "k-fold");
	cJSON_AddNumberToObject(root, "folds", r->folds);
	if (o->by_app)
		cJSON_AddNumberToObject(root, "adapt", (double)o->adapt);
	if (o->by_app && o->adapt)
		cJSON_AddStringToObject(root, "adapt_order", adapt_order_name(o->adapt_order));
	if (o->by_app) {
		double auc = smart_eval_auc(t, r, SIZE_MAX);

		if (isnan(auc))
			cJSON_AddNullToObject(root, "pooled_auc");
		else
			cJSON_AddNumberToObject(root, "pooled_auc", auc);
		cJSON_AddBoolToObject(root, "hold_out_rules", o->hold_out_rules);
		cJSON_AddStringToObject(root, "train_rows", smart_train_rows_name(o->train_rows));
	}
	if (r->per_app) {
		cJSON *apps = cJSON_AddObjectToObject(root, "per_app");
		size_t w = worst_app(r);

		for (size_t a = 0; apps && a < r->n_per_app; a++) {
			cJSON *app = scores_json(&r->per_app[a]);
			double auc = smart_eval_auc(t, r, a);

			if (app)
				isnan(auc) ? cJSON_AddNullToObject(app, "auc")
					   : cJSON_AddNumberToObject(app, "auc", auc);
			if (app && o->adapt && o->adapt_accept) {
				size_t turned, faults;

				accepted_counts(t, r, a, &turned, &faults);
				cJSON_AddNumberToObject(app, "accepted", (double)turned);
				cJSON_AddNumberToObject(app, "accepted_faults", (double)faults);
			}
			cJSON_AddItemToObject(apps, t->apps[a], app);
		}
		if (w < r->n_per_app)
			cJSON_AddStringToObject(root, "worst_app", t->apps[w]);
	}
	return cli_print_json(root);
}

static void row(int width, const char *name, const smart_confusion *c)
{
	smart_scores s = smart_confusion_scores(c);

	printf("%-*s %9.4f %9.4f %9.4f %6zu %6zu %6zu %6zu\n", width, name, s.precision,
	       s.recall, s.f1, c->tp, c->fp, c->fn, c->tn);
}

/* A held-out application's row: its confusion and the AUC of its scores
 * ("-" when it holds one label only). */
static void app_row(int width, const smart_table *t, const smart_eval_result *r, size_t a)
{
	const smart_confusion *c = &r->per_app[a];
	smart_scores s = smart_confusion_scores(c);
	double auc = smart_eval_auc(t, r, a);

	printf("%-*s %9.4f %9.4f %9.4f %6zu %6zu %6zu %6zu", width, t->apps[a], s.precision,
	       s.recall, s.f1, c->tp, c->fp, c->fn, c->tn);
	if (isnan(auc))
		printf(" %7s\n", "-");
	else
		printf(" %7.4f\n", auc);
}

/* The rows of the table: smart and the fixed baselines, then (with
 * --baselines or --comparator-features) the extra rows, all sorted by F1. */
static void print_rows(const smart_eval_result *r, const smart_eval_options *o,
		       const eval_row *extra, size_t n_extra, const smart_confusion *plus)
{
	eval_row fixed[6];
	size_t n = 0, width = 12;
	eval_row *all;

	fixed[n++] = (eval_row){ o->train.kind == SMART_MODEL_SVM ? "smart (svm)" : "smart", r->smart, 0 };
	if (plus)
		fixed[n++] = (eval_row){ "smart+comparators", *plus, 0 };
	fixed[n++] = (eval_row){ "diff", r->diff, 0 };
	fixed[n++] = (eval_row){ "tree-diff", r->tree_diff, 0 };
	fixed[n++] = (eval_row){ "fair coin", r->fair_coin, 0 };
	fixed[n++] = (eval_row){ "biased coin", r->biased_coin, 0 };
	all = malloc((n + n_extra) * sizeof(*all));
	if (!all) { /* unsorted, but complete */
		for (size_t i = 0; i < n; i++)
			row((int)width, fixed[i].name, &fixed[i].c);
		return;
	}
	memcpy(all, fixed, n * sizeof(*all));
	if (n_extra)
		memcpy(all + n, extra, n_extra * sizeof(*all));
	for (size_t i = 0; i < n + n_extra; i++) {
		all[i].order = i;
		if (strlen(all[i].name) > width)
			width = strlen(all[i].name);
	}
	if (n_extra || plus)
		qsort(all, n + n_extra, sizeof(*all), by_f1);
	printf("%-*s %9s %9s %9s %6s %6s %6s %6s\n", (int)width, "comparator", "precision",
	       "recall", "F1", "TP", "FP", "FN", "TN");
	for (size_t i = 0; i < n + n_extra; i++)
		row((int)width, all[i].name, &all[i].c);
	free(all);
}

static void print_text(const smart_eval_result *r, const smart_eval_options *o,
		       const smart_table *t, const eval_row *extra, size_t n_extra,
		       const smart_confusion *plus)
{
	size_t pos = 0;

	for (size_t i = 0; i < t->n_rows; i++)
		pos += t->labels[i];
	printf("%zu pairs (%zu inspect, %zu ignore) from %zu application%s; ", t->n_rows, pos,
	       t->n_rows - pos, t->n_apps, t->n_apps == 1 ? "" : "s");
	if (o->by_app && o->model)
		printf("every application decided by the given model (a first look)\n\n");
	else if (o->by_app)
		printf("leave-one-application-out over %u applications\n\n", r->folds);
	else
		printf("%u-fold cross-validation (seed %llu)\n\n", r->folds,
		       (unsigned long long)o->seed);
	print_rows(r, o, extra, n_extra, plus);
	if (r->per_app) {
		size_t w = worst_app(r), width = 12;

		for (size_t a = 0; a < r->n_per_app; a++)
			if (strlen(t->apps[a]) > width)
				width = strlen(t->apps[a]);
		printf("\nheld-out application");
		if (o->adapt)
			printf(" (after adapting with %zu of its pairs, not scored; %s order)",
			       o->adapt, adapt_order_name(o->adapt_order));
		if (o->hold_out_rules)
			printf(" (a simulated first look: the rules read from it off)");
		if (o->train_rows)
			printf(" (trained on %s rows)", smart_train_rows_name(o->train_rows));
		printf(":\n%-*s %9s %9s %9s %6s %6s %6s %6s %7s\n", (int)width, "application",
		       "precision", "recall", "F1", "TP", "FP", "FN", "TN", "AUC");
		for (size_t a = 0; a < r->n_per_app; a++)
			app_row((int)width, t, r, a);
		if (w < r->n_per_app)
			printf("worst application: %s (F1 %.4f)\n", t->apps[w],
			       smart_confusion_scores(&r->per_app[w]).f1);
		printf("pooled AUC (every application's held-out scores together): %.4f\n",
		       smart_eval_auc(t, r, SIZE_MAX));
		if (o->adapt && o->adapt_accept) {
			size_t pairs, faults;

			accepted_counts(t, r, t->n_apps, &pairs, &faults);
			printf("the change classes the adaptation pairs accept turned %zu "
			       "flagged pairs to ignore, %zu of them faults\n", pairs, faults);
		}
	}
	printf("\nsmart asks for %zu looks where diff asks for %zu; ",
	       r->smart.tp + r->smart.fp, r->diff_flagged);
	if (r->smart.fn == 0)
		printf("it misses nothing, so it pays off whatever LookCost/MissCost is\n");
	else if (isinf(r->break_even))
		printf("it misses %zu and saves no looks, so it never pays off\n", r->smart.fn);
	else
		printf("it pays off when LookCost/MissCost > %.4g (SMART §5)\n", r->break_even);
	if (plus)
		printf("with the comparators' verdicts as extra features smart's F1 is %.4f "
		       "(without: %.4f)\n", smart_confusion_scores(plus).f1,
		       smart_confusion_scores(&r->smart).f1);
}

/* Prints smart beside the baselines and the comparators. */
int cli_eval_print(const smart_eval_report *r, const smart_eval_options *eo, int json)
{
	size_t n = r->n_comparators;
	eval_row *extra = n ? calloc(n, sizeof(*extra)) : NULL;
	const smart_confusion *plus = r->has_plus ? &r->plus : NULL;
	int rc = CLI_SAME;

	if (n && !extra)
		return cli_failf("out of memory");
	for (size_t k = 0; k < n; k++) {
		extra[k].name = eo->comparators.comparators[k]->name;
		extra[k].c = r->comparators[k];
	}
	if (n && json)
		qsort(extra, n, sizeof(*extra), by_f1);
	if (json)
		rc = print_json(&r->result, eo, &r->table, extra, n, plus);
	else
		print_text(&r->result, eo, &r->table, extra, n, plus);
	free(extra);
	return rc;
}
