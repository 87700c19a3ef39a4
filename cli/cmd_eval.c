/* smart eval — cross-validated precision, recall and F1 of smart beside the
 * baseline comparators of SMART Fig. 3, and the LookCost/MissCost ratio. */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "cli_model.h"

static void usage(FILE *out)
{
	fprintf(out,
		"usage: smart eval [--folds K | --by-app] [--kind linear|svm] [--seed N]\n"
		"                  [--annotated N] [--skip-bad] [--threads N] [--json] CORPUS.jsonl[.gz]...\n\n"
		"Cross-validates a model on the labelled pairs and compares it with the\n"
		"baselines on the same pairs: diff (any byte differs -> inspect), tree-diff\n"
		"(the parsed, normalised trees differ -> inspect), a fair coin and a coin\n"
		"biased to the corpus' inspect rate (SMART Fig. 3). Held-out decisions of\n"
		"all folds are pooled into one confusion matrix.\n\n"
		"  --folds K      K-fold cross-validation, stratified by label (default 10)\n"
		"  --by-app       train on all other applications, test on each in turn\n"
		"  --kind KIND    linear (default) or svm\n"
		"  --seed N       seed of the fold shuffle and of the coins (default 1)\n"
		"  --annotated N  pairs labelled by hand for training, counted as looked at\n"
		"                 in the LookCost/MissCost ratio (SMART §5; default 0)\n"
		"  --skip-bad     evaluate without unusable records (each is warned about)\n"
		"  --threads N    measure pairs on N threads (default: all cores)\n"
		"  --html, --xml  parse records without a \"format\" as HTML or XML (default: sniffed)\n"
		"  --json         {\"smart\":{precision,recall,f1,tp,fp,fn,tn},\"baselines\":{...}}\n");
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

static int print_json(const smart_eval_result *r, const smart_eval_options *o, size_t pairs)
{
	cJSON *root = cJSON_CreateObject(), *smart, *base;
	char *text;

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
	cJSON_AddNumberToObject(root, "pairs", (double)pairs);
	cJSON_AddStringToObject(root, "validation", o->by_app ? "by-app" : "k-fold");
	cJSON_AddNumberToObject(root, "folds", r->folds);
	text = cJSON_PrintUnformatted(root);
	cJSON_Delete(root);
	if (!text)
		return cli_failf("out of memory");
	printf("%s\n", text);
	free(text);
	return CLI_SAME;
}

static void row(const char *name, const smart_confusion *c)
{
	smart_scores s = smart_confusion_scores(c);

	printf("%-12s %9.4f %9.4f %9.4f %6zu %6zu %6zu %6zu\n", name, s.precision, s.recall,
	       s.f1, c->tp, c->fp, c->fn, c->tn);
}

static void print_text(const smart_eval_result *r, const smart_eval_options *o,
		       const smart_table *t)
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
	printf("%-12s %9s %9s %9s %6s %6s %6s %6s\n", "comparator", "precision", "recall", "F1",
	       "TP", "FP", "FN", "TN");
	row(o->train.kind == SMART_MODEL_SVM ? "smart (svm)" : "smart", &r->smart);
	row("diff", &r->diff);
	row("tree-diff", &r->tree_diff);
	row("fair coin", &r->fair_coin);
	row("biased coin", &r->biased_coin);
	printf("\nsmart asks for %zu looks where diff asks for %zu; ",
	       r->smart.tp + r->smart.fp, r->diff_flagged);
	if (r->smart.fn == 0)
		printf("it misses nothing, so it pays off whatever LookCost/MissCost is\n");
	else if (isinf(r->break_even))
		printf("it misses %zu and saves no looks, so it never pays off\n", r->smart.fn);
	else
		printf("it pays off when LookCost/MissCost > %.4g (SMART §5)\n", r->break_even);
}

static int run_eval(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "folds", required_argument, NULL, 'f' },
		{ "by-app", no_argument, NULL, 'a' },
		{ "kind", required_argument, NULL, 'k' },
		{ "seed", required_argument, NULL, 's' },
		{ "annotated", required_argument, NULL, 'n' },
		{ "skip-bad", no_argument, NULL, 'B' },
		{ "threads", required_argument, NULL, 't' },
		{ "json", no_argument, NULL, 'j' },
		{ "html", no_argument, NULL, 'H' },
		{ "xml", no_argument, NULL, 'X' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	smart_eval_options eo = { { SMART_MODEL_LINEAR, SMART_DEGENERATE_DROP, 0, 0 }, 10, 0, 1, 0 };
	smart_format format = SMART_FORMAT_AUTO;
	int json = 0, skip_bad = 0, folds_given = 0, c, rc;
	long threads = 0, v;
	char *end;
	smart_table table;
	smart_eval_result r;
	smart_error err = { "" };
	const char **names;
	size_t n;

	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (c) {
		case 'h': usage(stdout); return CLI_SAME;
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
		case 'H': format = SMART_FORMAT_HTML; break;
		case 'X': format = SMART_FORMAT_XML; break;
		default: return cli_usage_error("eval", "unknown option");
		}
	}
	if (folds_given && eo.by_app)
		return cli_usage_error("eval", "--folds and --by-app exclude each other");
	if (optind >= argc)
		return cli_usage_error("eval", "no corpus given");
	names = cli_feature_names(&n);
	if (!names)
		return cli_failf("out of memory");
	smart_table_init(&table, names, n);
	rc = cli_load_table(&table, argv + optind, (size_t)(argc - optind), format,
			    (unsigned)threads,
			    skip_bad);
	if (rc == 0) {
		if (smart_evaluate(&table, &eo, &r, &err))
			rc = cli_fail(&err);
		else if (json)
			rc = print_json(&r, &eo, table.n_rows);
		else
			print_text(&r, &eo, &table);
	}
	smart_table_free(&table);
	free(names);
	return rc;
}

const cli_command cli_cmd_eval = { "eval", "cross-validate a model beside diff, tree-diff and coins",
				   run_eval };
