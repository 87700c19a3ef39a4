/*
 * The report of smart eval --by-app with volatility profiles
 * (smart_eval_corpora, train/eval_corpora.c, does the work): the F1 of
 * each held-out application without and with its profile, and calibrated,
 * side by side.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "cli_eval.h"

static const char *const col_names[SMART_EVAL_COLUMNS] = {
	[SMART_EVAL_WITHOUT] = "without",
	[SMART_EVAL_PROFILE] = "profile",
	[SMART_EVAL_WITHOUT_CAL] = "without+cal",
	[SMART_EVAL_PROFILE_CAL] = "profile+cal",
};

static size_t app_pairs(const smart_table *t, size_t a, size_t *inspect)
{
	size_t n = 0;

	*inspect = 0;
	for (size_t i = 0; i < t->n_rows; i++)
		if (t->app[i] == a) {
			n++;
			*inspect += t->labels[i];
		}
	return n;
}

static double f1(const smart_confusion *c)
{
	return smart_confusion_scores(c).f1;
}

static int print_json(smart_profile_set *ps, const smart_table *t, const smart_eval_result *r,
		      int cols, const size_t *moved)
{
	cJSON *root = cJSON_CreateObject(), *apps;

	if (!root)
		return cli_failf("out of memory");
	apps = cJSON_AddArrayToObject(root, "by_app");
	for (size_t a = 0; apps && a < t->n_apps; a++) {
		cJSON *o = cJSON_CreateObject();
		const smart_profile *p;
		size_t inspect, n = app_pairs(t, a, &inspect);

		cJSON_AddItemToArray(apps, o);
		cJSON_AddStringToObject(o, "app", t->apps[a]);
		cJSON_AddNumberToObject(o, "pairs", (double)n);
		cJSON_AddNumberToObject(o, "inspect", (double)inspect);
		for (int k = 0; k < cols; k++)
			cJSON_AddNumberToObject(o, col_names[k], f1(&r[k].per_app[a]));
		for (int k = 0; k < cols; k++) {
			char name[64];
			double auc = smart_eval_auc(t, &r[k], a);

			snprintf(name, sizeof(name), "%s_auc", col_names[k]);
			if (isnan(auc))
				cJSON_AddNullToObject(o, name);
			else
				cJSON_AddNumberToObject(o, name, auc);
		}
		p = smart_profile_set_for(ps, t->apps[a]);
		cJSON_AddNumberToObject(o, "profile_locations",
					p ? (double)smart_profile_entry_count(p) : 0);
	}
	for (int k = 0; k < cols; k++) {
		cJSON *o = cJSON_AddObjectToObject(root, col_names[k]);

		cJSON_AddNumberToObject(o, "f1", f1(&r[k].smart));
		if (k >= SMART_EVAL_WITHOUT_CAL)
			cJSON_AddNumberToObject(o, "calibrated_apps", (double)moved[k]);
	}
	cJSON_AddNumberToObject(root, "pairs", (double)t->n_rows);
	cJSON_AddNumberToObject(root, "left_out_reruns", (double)t->skipped);
	return cli_print_json(root);
}

static void print_text(smart_profile_set *ps, const smart_table *t, const smart_eval_result *r,
		       int cols, const size_t *moved)
{
	printf("%zu pairs from %zu applications, leave-one-application-out; F1 of each held-out\n"
	       "application without and with its volatility profile (learned from %s)%s%s\n\n",
	       t->n_rows, t->n_apps,
	       ps->runs_dir ? "its clean run folders" : ps->from_reruns ? "half of its rerun records, left out of the scoring"
									 : "the given files",
	       cols > 2 ? ", and with the cutoff calibrated on its clean reruns" : "",
	       t->skipped ? "" : "");
	printf("%-16s %6s %7s", "application", "pairs", "inspect");
	for (int k = 0; k < cols; k++)
		printf(" %12s", col_names[k]);
	printf(" %9s\n", "locations");
	for (size_t a = 0; a < t->n_apps; a++) {
		size_t inspect, n = app_pairs(t, a, &inspect);
		const smart_profile *p = smart_profile_set_for(ps, t->apps[a]);

		printf("%-16s %6zu %7zu", t->apps[a], n, inspect);
		for (int k = 0; k < cols; k++)
			printf(" %12.4f", f1(&r[k].per_app[a]));
		if (p)
			printf(" %9zu\n", smart_profile_entry_count(p));
		else
			printf(" %9s\n", "-");
	}
	printf("%-16s %6zu %7s", "pooled", t->n_rows, "");
	for (int k = 0; k < cols; k++)
		printf(" %12.4f", f1(&r[k].smart));
	printf("\n");
	if (t->skipped)
		printf("\n%zu rerun records were used for profiles and left out of the scoring\n",
		       t->skipped);
	if (cols > 2)
		printf("calibration moved the cutoff for %zu (without) and %zu (profile) of %zu applications\n",
		       moved[SMART_EVAL_WITHOUT_CAL], moved[SMART_EVAL_PROFILE_CAL], t->n_apps);
}

int cli_eval_profiles_print(const smart_eval_report *r, smart_profile_set *ps, int json)
{
	if (json)
		return print_json(ps, &r->table, r->columns, (int)r->n_columns, r->moved);
	print_text(ps, &r->table, r->columns, (int)r->n_columns, r->moved);
	return CLI_SAME;
}
