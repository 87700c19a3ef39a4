/*
 * Evaluations of smart eval beyond cross-validation (cli/cli_eval.h): a
 * first look with a given model (--model), and the ablation of the
 * scrubbers (--ablate-scrubbers), which says of each scrubbing rule what
 * every application loses without it -- a rule that helps only the
 * application whose false alarms it was written for is tuning, not
 * transfer (docs/first-look.md).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "cli_eval.h"
#include "cli_model.h"

smart_model *cli_eval_model(smart_eval_options *eo, const char *path, const char *const *names,
			    size_t n)
{
	smart_error err = { "" };
	smart_model *m = cli_load_model(strcmp(path, "default") == 0 ? NULL : path, names, n, &err);

	if (!m || smart_scrubbers_off_parse(m->provenance.scrubbers_off, &eo->scrubbers_off, &err)) {
		smart_model_free(m);
		cli_fail(&err);
		return NULL;
	}
	eo->model = m;
	eo->raw = m->provenance.raw;
	return m;
}

/* The F1 of each application (n_apps of them, in the first run's order)
 * and pooled, in each run: run 0 with eo's scrubbers, run k + 1 with
 * scrubber k turned off too (skipped, all NAN, when it was off already). */
typedef struct ablation {
	size_t n_apps;
	char **apps;           /* borrowed from the first run's table */
	double *f1;            /* [run][app] */
	double pooled[SMART_SCRUBBER_COUNT + 1];
	smart_eval_report first; /* kept for its application names */
} ablation;

#define RUNS (SMART_SCRUBBER_COUNT + 1)

/* Evaluates one run into row `run` of `ab`. 0, or CLI_TROUBLE printed. */
static int run_one(ablation *ab, size_t run, const char *const *corpora, size_t n,
		   const smart_eval_options *o)
{
	smart_eval_report rep = { 0 }, *r = run == 0 ? &ab->first : &rep;
	smart_error err = { "" };
	int rc = smart_eval_corpora(corpora, n, o, r, &err);

	if (rc) {
		rc = r->bad ? cli_fail_bad_records(&r->first_bad, r->bad) : cli_fail(&err);
		smart_eval_report_free(&rep);
		return rc;
	}
	if (run == 0) {
		ab->n_apps = r->table.n_apps;
		ab->apps = r->table.apps;
		ab->f1 = malloc(RUNS * (ab->n_apps ? ab->n_apps : 1) * sizeof(double));
		if (!ab->f1)
			return cli_failf("out of memory");
		for (size_t i = 0; i < RUNS * ab->n_apps; i++)
			ab->f1[i] = NAN;
	}
	if (r->table.n_apps != ab->n_apps) {
		smart_eval_report_free(&rep);
		return cli_failf("the corpora's applications changed between runs");
	}
	for (size_t a = 0; a < ab->n_apps; a++)
		ab->f1[run * ab->n_apps + a] = smart_confusion_scores(&r->result.per_app[a]).f1;
	ab->pooled[run] = smart_confusion_scores(&r->result.smart).f1;
	smart_eval_report_free(&rep);
	return 0;
}

/* The run's column title: "all on", or "-NAME". */
static void run_title(size_t run, char *buf, size_t size)
{
	if (run == 0)
		snprintf(buf, size, "all on");
	else
		snprintf(buf, size, "-%s", smart_scrubber_name((int)run - 1));
}

/* The application with the lowest F1 in run `run` (NAN F1s, of
 * applications without an inspect pair, left out), or n_apps. */
static size_t worst_of(const ablation *ab, size_t run)
{
	size_t w = ab->n_apps;

	for (size_t a = 0; a < ab->n_apps; a++) {
		double f = ab->f1[run * ab->n_apps + a];

		if (!isnan(f) && (w == ab->n_apps || f < ab->f1[run * ab->n_apps + w]))
			w = a;
	}
	return w;
}

static void print_text(const ablation *ab)
{
	char title[64];
	size_t width = 12;

	for (size_t a = 0; a < ab->n_apps; a++)
		if (strlen(ab->apps[a]) > width)
			width = strlen(ab->apps[a]);
	printf("F1 of each held-out application with every scrubber on, then with each "
	       "turned off:\n%-*s", (int)width, "application");
	for (size_t run = 0; run < RUNS; run++) {
		run_title(run, title, sizeof(title));
		printf(" %13s", title);
	}
	for (size_t a = 0; a <= ab->n_apps + 1; a++) {
		printf("\n%-*s", (int)width,
		       a < ab->n_apps ? ab->apps[a] : a == ab->n_apps ? "pooled" : "worst");
		for (size_t run = 0; run < RUNS; run++) {
			size_t w = worst_of(ab, run);
			double f = a < ab->n_apps    ? ab->f1[run * ab->n_apps + a]
				   : a == ab->n_apps ? ab->pooled[run]
				   : w < ab->n_apps  ? ab->f1[run * ab->n_apps + w]
						     : NAN;

			if (isnan(f))
				printf(" %13s", "-");
			else
				printf(" %13.4f", f);
		}
	}
	printf("\n");
}

/* A number, or null when it is not one. */
static void add_f1(cJSON *arr, double f)
{
	cJSON_AddItemToArray(arr, isnan(f) ? cJSON_CreateNull() : cJSON_CreateNumber(f));
}

static int print_json(const ablation *ab)
{
	cJSON *root = cJSON_CreateObject();
	cJSON *runs = cJSON_AddArrayToObject(root, "runs");
	cJSON *apps = cJSON_AddObjectToObject(root, "per_app");
	cJSON *pooled = cJSON_AddArrayToObject(root, "pooled");
	char title[64];

	if (!root || !runs || !apps || !pooled) {
		cJSON_Delete(root);
		return cli_failf("out of memory");
	}
	for (size_t run = 0; run < RUNS; run++) {
		run_title(run, title, sizeof(title));
		cJSON_AddItemToArray(runs, cJSON_CreateString(title));
		add_f1(pooled, ab->pooled[run]);
	}
	for (size_t a = 0; a < ab->n_apps; a++) {
		cJSON *f = cJSON_AddArrayToObject(apps, ab->apps[a]);

		for (size_t run = 0; f && run < RUNS; run++)
			add_f1(f, ab->f1[run * ab->n_apps + a]);
	}
	return cli_print_json(root);
}

int cli_eval_ablate(const char *const *corpora, size_t n, const smart_eval_options *eo,
		    int json)
{
	ablation ab = { 0 };
	smart_eval_options o = *eo;
	int rc = 0;

	o.per_app = 1;
	for (size_t run = 0; run < RUNS && rc == 0; run++) {
		unsigned bit = run ? 1u << (run - 1) : 0;

		ab.pooled[run] = NAN;
		if (run && (eo->scrubbers_off & bit))
			continue; /* off already: no column of its own */
		o.scrubbers_off = eo->scrubbers_off | bit;
		rc = run_one(&ab, run, corpora, n, &o);
	}
	if (rc == 0)
		rc = json ? print_json(&ab) : (print_text(&ab), CLI_SAME);
	free(ab.f1);
	smart_eval_report_free(&ab.first);
	return rc;
}
