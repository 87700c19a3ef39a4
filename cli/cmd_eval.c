/* smart eval — cross-validated precision, recall and F1 of smart beside the
 * baseline comparators of SMART Fig. 3, and the LookCost/MissCost ratio. */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "cli_compare.h"
#include "cli_model.h"
#include "cli_profile.h"

static void usage(FILE *out)
{
	fprintf(out,
		"usage: smart eval [--folds K | --by-app [--adapt N]] [--kind linear|svm] [--seed N]\n"
		"                  [--annotated N] [--skip-bad] [--threads N] [--json]\n"
		"                  [--baselines all|NAME,...] [--comparator-features] [--compare-config FILE]\n"
		"                  CORPUS.jsonl[.gz]...\n\n"
		"Cross-validates a model on the labelled pairs and compares it with the\n"
		"baselines on the same pairs: diff (any byte differs -> inspect), tree-diff\n"
		"(the parsed, normalised trees differ -> inspect), a fair coin and a coin\n"
		"biased to the corpus' inspect rate (SMART Fig. 3). Held-out decisions of\n"
		"all folds are pooled into one confusion matrix.\n\n"
		"  --folds K      K-fold cross-validation, stratified by label (default 10)\n"
		"  --raw          SMART's original pipeline: features of the raw trees (no\n"
		"                 scrubbing of volatile values before DiffX), to compare\n"
		"  --by-app       train on all other applications, test on each in turn\n"
		"  --kind KIND    linear (default) or svm\n"
		"  --sign-constraints  fit each model as smart train --sign-constraints does\n"
		"  --adapt N      with --by-app: N pairs of each held-out application (seeded,\n"
		"                 alternating labels) join its training pairs and are not\n"
		"                 scored: few-pair adaptation (SMART §6.3, docs/adaptation.md)\n"
		"  --adapt-weight W  how many base pairs one adaptation pair counts as (default 50)\n"
		"  --seed N       seed of the fold shuffle and of the coins (default 1)\n"
		"  --annotated N  pairs labelled by hand for training, counted as looked at\n"
		"                 in the LookCost/MissCost ratio (SMART §5; default 0)\n"
		"  --skip-bad     evaluate without unusable records (each is warned about)\n"
		"  --threads N    measure pairs on N threads (default: all cores)\n"
		"  --html, --xml  parse records without a \"format\" as HTML or XML (default: sniffed)\n"
		"  --json         {\"smart\":{precision,recall,f1,tp,fp,fn,tn},\"baselines\":{...}}\n"
		"  --baselines L  also run the papers' oracle comparators (all, or names from\n"
		"                 'smart compare --list') on the same pairs; rows sorted by F1\n"
		"  --comparator-features\n"
		"                 also cross-validate smart with each comparator's verdict as an\n"
		"                 extra boolean feature (the --baselines list, default all), to\n"
		"                 show whether they help\n"
		"  --compare-config FILE  the comparators' JSON configuration\n"
		"  --runs DIR     with --by-app: learn each application's volatility profile\n"
		"                 from its clean run folders DIR/APP/runs/*/ (or DIR/APP/*/)\n"
		"                 and print every application's F1 without and with it\n"
		"  --profile-reruns  the same, learning from half of the application's records\n"
		"                 with origin \"rerun\" (split by test name; that half is left\n"
		"                 out of the scoring on both sides, the other half is scored)\n"
		"  --profile [APP=]FILE  the same with given profiles (may be repeated)\n"
		"  --calibrate    also score with the cutoff moved past each held-out\n"
		"                 application's clean reruns (docs/profile.md)\n");
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
 * pair (F1 says nothing about an application that has none), or n_per_app. */
static size_t worst_app(const smart_eval_result *r)
{
	size_t worst = r->n_per_app;

	for (size_t a = 0; a < r->n_per_app; a++) {
		const smart_confusion *c = &r->per_app[a];

		if (c->tp + c->fn == 0)
			continue;
		if (worst == r->n_per_app || smart_confusion_scores(c).f1 <
					     smart_confusion_scores(&r->per_app[worst]).f1)
			worst = a;
	}
	return worst;
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
	cJSON_AddStringToObject(root, "validation", o->by_app ? "by-app" : "k-fold");
	cJSON_AddNumberToObject(root, "folds", r->folds);
	if (o->by_app)
		cJSON_AddNumberToObject(root, "adapt", (double)o->adapt);
	if (r->per_app) {
		cJSON *apps = cJSON_AddObjectToObject(root, "per_app");
		size_t w = worst_app(r);

		for (size_t a = 0; apps && a < r->n_per_app; a++)
			cJSON_AddItemToObject(apps, t->apps[a], scores_json(&r->per_app[a]));
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
	if (o->by_app)
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
			printf(" (after adapting with %zu of its pairs, not scored)", o->adapt);
		printf(":\n%-*s %9s %9s %9s %6s %6s %6s %6s\n", (int)width, "application",
		       "precision", "recall", "F1", "TP", "FP", "FN", "TN");
		for (size_t a = 0; a < r->n_per_app; a++)
			row((int)width, t->apps[a], &r->per_app[a]);
		if (w < r->n_per_app)
			printf("worst application: %s (F1 %.4f)\n", t->apps[w],
			       smart_confusion_scores(&r->per_app[w]).f1);
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

/* A copy of the table with only smart's own n features (the baseline for
 * --comparator-features). */
static int table_without_comparators(const smart_table *t, const char **names, size_t n,
				     smart_table *out, smart_error *err)
{
	smart_table_init(out, names, n);
	for (size_t i = 0; i < t->n_rows; i++)
		if (smart_table_add(out, t->rows + i * t->n_features, t->labels[i],
				    t->apps[t->app[i]], t->bytes_differ[i], t->trees_differ[i],
				    err))
			return -1;
		else
			out->only_volatile[out->n_rows - 1] = t->only_volatile[i];
	return 0;
}

static int run_eval(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "folds", required_argument, NULL, 'f' },
		{ "by-app", no_argument, NULL, 'a' },
		{ "kind", required_argument, NULL, 'k' },
		{ "sign-constraints", no_argument, NULL, 'G' },
		{ "adapt", required_argument, NULL, 'A' },
		{ "adapt-weight", required_argument, NULL, 'W' },
		{ "seed", required_argument, NULL, 's' },
		{ "annotated", required_argument, NULL, 'n' },
		{ "skip-bad", no_argument, NULL, 'B' },
		{ "threads", required_argument, NULL, 't' },
		{ "json", no_argument, NULL, 'j' },
		{ "baselines", required_argument, NULL, 'b' },
		{ "comparator-features", no_argument, NULL, 'F' },
		{ "compare-config", required_argument, NULL, 'C' },
		{ "html", no_argument, NULL, 'H' },
		{ "xml", no_argument, NULL, 'X' },
		{ "runs", required_argument, NULL, 'R' },
		{ "profile-reruns", no_argument, NULL, 'E' },
		{ "profile", required_argument, NULL, 'P' },
		{ "calibrate", no_argument, NULL, 'L' },
		{ "raw", no_argument, NULL, 'w' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	cli_profiles profiles = { 0 };
	int calibrate = 0;
	smart_eval_options eo = { .train = { .kind = SMART_MODEL_LINEAR,
					    .degenerate = SMART_DEGENERATE_DROP },
				  .folds = 10, .seed = 1 };
	smart_format format = SMART_FORMAT_AUTO;
	int json = 0, skip_bad = 0, folds_given = 0, c, rc;
	long threads = 0, v;
	char *end;
	smart_table table;
	smart_eval_result r;
	smart_error err = { "" };
	int raw = 0;
	const char **names;
	size_t n, n_cmp = 0;
	const char *baselines = NULL, *compare_config = NULL;
	int comparator_features = 0;
	cli_comparators cmp = { 0 };
	eval_row *extra = NULL;
	smart_confusion plus;
	signed char *signs = NULL;

	optind = 1;
	while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
		switch (c) {
		case 'h': usage(stdout); return CLI_SAME;
		case 'G': eo.train.sign_constraints = 1; break;
		case 'A':
			v = strtol(optarg, &end, 10);
			if (*end || !*optarg || v < 0 || v > 1000)
				return cli_usage_error("eval", "--adapt must be 0..1000");
			eo.adapt = (size_t)v;
			break;
		case 'W':
			v = strtol(optarg, &end, 10);
			if (*end || v < 1 || v > 100000)
				return cli_usage_error("eval", "--adapt-weight must be 1..100000");
			eo.adapt_weight = (unsigned)v;
			break;
		case 'f':
			v = strtol(optarg, &end, 10);
			if (*end || v < 2 || v > 1000)
				return cli_usage_error("eval", "--folds must be 2..1000");
			eo.folds = (unsigned)v;
			folds_given = 1;
			break;
		case 'a': eo.by_app = 1; break;
		case 'k':
			if (cli_parse_kind(optarg, &eo.train.kind))
				return cli_usage_error("eval", "--kind must be linear or svm");
			break;
		case 's':
			eo.seed = strtoull(optarg, &end, 10);
			if (*end || !*optarg)
				return cli_usage_error("eval", "--seed must be a number");
			break;
		case 'n':
			v = strtol(optarg, &end, 10);
			if (*end || v < 0)
				return cli_usage_error("eval", "--annotated must be a count");
			eo.annotated = (size_t)v;
			break;
		case 'B': skip_bad = 1; break;
		case 't':
			threads = strtol(optarg, &end, 10);
			if (*end || threads < 1 || threads > 1024)
				return cli_usage_error("eval", "--threads must be 1..1024");
			break;
		case 'j': json = 1; break;
		case 'b': baselines = optarg; break;
		case 'F': comparator_features = 1; break;
		case 'C': compare_config = optarg; break;
		case 'H': format = SMART_FORMAT_HTML; break;
		case 'X': format = SMART_FORMAT_XML; break;
		case 'R':
			if (!cli_is_dir(optarg)) {
				cli_profiles_free(&profiles);
				return cli_failf("%s: not a folder (--runs takes the folder of the "
						 "applications' clean runs)", optarg);
			}
			profiles.runs_dir = optarg;
			break;
		case 'E': profiles.from_reruns = 1; break;
		case 'L': calibrate = 1; break;
		case 'w': raw = 1; break;
		case 'P':
			if (cli_profiles_add(&profiles, optarg)) {
				cli_profiles_free(&profiles);
				return CLI_TROUBLE;
			}
			break;
		default:
			cli_profiles_free(&profiles);
			return cli_bad_option("eval", c, argv);
		}
	}
	if (profiles.runs_dir || profiles.from_reruns || profiles.n || calibrate) {
		if (!eo.by_app || optind >= argc || (profiles.runs_dir && profiles.from_reruns) ||
		    (calibrate && !profiles.runs_dir && !profiles.from_reruns) || baselines ||
		    comparator_features) {
			cli_profiles_free(&profiles);
			return cli_usage_error("eval", "--runs, --profile-reruns, --profile and --calibrate "
					       "go with --by-app and a corpus (one of --runs and "
					       "--profile-reruns; --calibrate needs one of them)");
		}
		profiles.corpora = argv + optind;
		profiles.n_corpora = (size_t)(argc - optind);
		profiles.format = format;
		/* the registry's features only (no comparator columns here) */
		names = cli_feature_names(&n);
		signs = names ? cli_feature_signs(names, n) : NULL;
		if (!signs) {
			free(names);
			cli_profiles_free(&profiles);
			return cli_failf("out of memory");
		}
		eo.train.signs = signs;
		rc = cli_eval_profiles(&profiles, calibrate, eo, argv + optind,
				       (size_t)(argc - optind), format, (unsigned)threads, skip_bad,
				       json);
		free(signs);
		free(names);
		cli_profiles_free(&profiles);
		return rc;
	}
	if (folds_given && eo.by_app)
		return cli_usage_error("eval", "--folds and --by-app exclude each other");
	if ((eo.adapt || eo.adapt_weight) && !eo.by_app)
		return cli_usage_error("eval", "--adapt and --adapt-weight go with --by-app");
	if (optind >= argc)
		return cli_usage_error("eval", "no corpus given");
	if (compare_config && !baselines && !comparator_features)
		return cli_usage_error("eval", "--compare-config needs --baselines or --comparator-features");
	names = cli_feature_names(&n);
	if (!names)
		return cli_failf("out of memory");
	if ((baselines || comparator_features) &&
	    cli_comparators_open(&cmp, baselines, compare_config, names, n, comparator_features)) {
		cli_comparators_close(&cmp);
		free(names);
		return CLI_TROUBLE;
	}
	n_cmp = cmp.n;
	if (comparator_features)
		smart_table_init(&table, cmp.names, cmp.n_names);
	else
		smart_table_init(&table, names, n);
	cli_comparators_attach(&cmp, &table, comparator_features);
	table.raw = raw;
	signs = cli_feature_signs(table.names, table.n_features);
	if (!signs) {
		smart_table_free(&table);
		free(names);
		cli_comparators_close(&cmp);
		return cli_failf("out of memory");
	}
	eo.train.signs = signs;
	rc = cli_load_table(&table, argv + optind, (size_t)(argc - optind), format,
			    (unsigned)threads,
			    skip_bad);
	if (rc == 0 && comparator_features) {
		/* smart with the verdicts as features, then smart alone */
		smart_table own;

		if (smart_evaluate(&table, &eo, &r, &err)) {
			rc = cli_fail(&err);
		} else {
			plus = r.smart;
			if (table_without_comparators(&table, names, n, &own, &err) ||
			    smart_evaluate(&own, &eo, &r, &err))
				rc = cli_fail(&err);
			smart_table_free(&own);
		}
	} else if (rc == 0 && smart_evaluate_ex(&table, &eo, &(smart_eval_hooks){ NULL, NULL, 1 },
						&r, &err)) {
		rc = cli_fail(&err);
	}
	if (rc == 0 && n_cmp && !(extra = calloc(n_cmp, sizeof(*extra))))
		rc = cli_failf("out of memory");
	for (size_t k = 0; rc == 0 && k < n_cmp; k++) {
		extra[k].name = cmp.v[k]->name;
		smart_table_comparator_confusion(&table, k, &extra[k].c);
	}
	if (rc == 0 && n_cmp && json)
		qsort(extra, n_cmp, sizeof(*extra), by_f1);
	if (rc == 0) {
		if (json)
			rc = print_json(&r, &eo, &table, extra, n_cmp,
					comparator_features ? &plus : NULL);
		else
			print_text(&r, &eo, &table, extra, n_cmp, comparator_features ? &plus : NULL);
	}
	if (rc == 0)
		smart_eval_result_free(&r);
	smart_table_free(&table);
	free(extra);
	free(signs);
	free(names);
	cli_comparators_close(&cmp);
	return rc;
}

const cli_command cli_cmd_eval = { "eval", "cross-validate a model beside diff, tree-diff and coins",
				   run_eval };
