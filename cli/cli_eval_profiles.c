/*
 * smart eval --by-app with volatility profiles: every held-out application
 * is scored twice — by a model trained on the other applications' pairs
 * measured without profiles, and by one trained and scored with each
 * application's own profile (learned from its clean runs only, never from
 * the pairs being scored) — and, with --calibrate, twice more with the
 * cutoff moved past the application's clean reruns. The F1 of each
 * application is printed side by side.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "cli_model.h"
#include "cli_profile.h"

enum { COL_PLAIN, COL_PROFILE, COL_PLAIN_CAL, COL_PROFILE_CAL, COLS };

static const char *const col_names[COLS] = { "without", "profile", "without+cal", "profile+cal" };

/* One evaluation: the table measured with (off = 0) or without profiles,
 * leave-one-application-out, optionally calibrated. */
static int evaluate(cli_profiles *ps, int off, int calibrate, smart_eval_options eo,
		    const smart_table *t, smart_eval_result *r, size_t *moved)
{
	cli_calibration cal = { ps, t->n_features, NULL, 0, 0 };
	smart_eval_hooks hooks = { calibrate ? cli_calibrate : NULL, &cal, 1 };
	smart_error err = { "" };
	int rc;

	ps->off = off;
	eo.by_app = 1;
	rc = smart_evaluate_ex(t, &eo, &hooks, r, &err);
	*moved = cal.moved;
	cli_calibration_free(&cal);
	ps->off = 0;
	return rc ? cli_fail(&err) : 0;
}

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

static int print_json(cli_profiles *ps, const smart_table *t, const smart_eval_result *r,
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
		p = cli_profiles_for(ps, t->apps[a]);
		cJSON_AddNumberToObject(o, "profile_locations",
					p ? (double)smart_profile_entry_count(p) : 0);
	}
	for (int k = 0; k < cols; k++) {
		cJSON *o = cJSON_AddObjectToObject(root, col_names[k]);

		cJSON_AddNumberToObject(o, "f1", f1(&r[k].smart));
		if (k >= COL_PLAIN_CAL)
			cJSON_AddNumberToObject(o, "calibrated_apps", (double)moved[k]);
	}
	cJSON_AddNumberToObject(root, "pairs", (double)t->n_rows);
	cJSON_AddNumberToObject(root, "left_out_reruns", (double)t->skipped);
	return cli_print_json(root);
}

static void print_text(cli_profiles *ps, const smart_table *t, const smart_eval_result *r,
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
		const smart_profile *p = cli_profiles_for(ps, t->apps[a]);

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
		       moved[COL_PLAIN_CAL], moved[COL_PROFILE_CAL], t->n_apps);
}

int cli_eval_profiles(cli_profiles *ps, int calibrate, smart_eval_options eo,
		      char *const *paths, size_t n_paths, smart_format format,
		      unsigned threads, int skip_bad, int json)
{
	smart_table t;
	smart_eval_result r[COLS];
	size_t moved[COLS] = { 0 }, n;
	const char **names = cli_feature_names(&n);
	int cols = calibrate ? COLS : 2, rc, done = 0;

	memset(r, 0, sizeof(r));
	if (!names)
		return cli_failf("out of memory");
	/* The features are measured with profiles; the without-profile
	 * columns need another measurement of the same pairs. */
	smart_table plain;

	smart_table_init(&t, names, n);
	smart_table_init(&plain, names, n);
	cli_profiles_attach(ps, &t);
	cli_profiles_attach(ps, &plain);
	ps->off = 1;
	rc = cli_load_table(&plain, paths, n_paths, format, threads, skip_bad);
	ps->off = 0;
	if (rc == 0)
		rc = cli_load_table(&t, paths, n_paths, format, threads, skip_bad);
	if (rc == 0 && ps->failed)
		rc = cli_fail(&ps->err);
	for (int k = 0; rc == 0 && k < cols; k++, done++)
		rc = evaluate(ps, k == COL_PLAIN || k == COL_PLAIN_CAL, k >= COL_PLAIN_CAL, eo,
			      k == COL_PLAIN || k == COL_PLAIN_CAL ? &plain : &t, &r[k], &moved[k]);
	if (rc == 0 && ps->failed)
		rc = cli_fail(&ps->err);
	if (rc == 0) {
		if (json)
			rc = print_json(ps, &t, r, cols, moved);
		else
			print_text(ps, &t, r, cols, moved);
	}
	for (int k = 0; k < done; k++)
		smart_eval_result_free(&r[k]);
	smart_table_free(&t);
	smart_table_free(&plain);
	free(names);
	return rc;
}
