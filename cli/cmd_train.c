/* smart train — fits a model to labelled corpora and prints the analysis of
 * variance of its features (SMART Fig. 4). */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "cli_compare.h"
#include "cli_model.h"
#include "cli_shard.h"

static void usage(FILE *out)
{
	fprintf(out,
		"usage: smart train -o MODEL.json [--kind linear|svm] [--folds K] [--seed N]\n"
		"                   [--strict] [--sign-constraints] [--skip-bad] [--threads N] [--json]\n"
		"                   [--adapt FILE [--adapt-weight W] [--base-model FILE]] CORPUS.jsonl[.gz]...\n\n"
		"Fits a model to the labelled pairs of the corpora and writes it to MODEL.json.\n"
		"linear (default): least squares on the raw features, cutoff chosen for the\n"
		"best F1; prints coefficient, partial F and p of every feature (SMART Fig. 4).\n"
		"svm: libsvm C-SVC (RBF) on min-max scaled features.\n\n"
		"  -o, --output FILE  where to write the model (atomically)\n"
		"  --kind KIND        linear (default) or svm\n"
		"  --folds K          cross-validate with K folds for the model's provenance\n"
		"  --raw              SMART's original pipeline: features of the raw trees, no\n"
		"                     scrubbing of volatile values before DiffX (recorded in\n"
		"                     the model, which then classifies the same way)\n"
		"                     (default 10; 0 skips it)\n"
		"  --seed N           shuffle seed of the cross-validation (default 1)\n"
		"  --strict           a constant or collinear feature is an error (default: its\n"
		"                     weight is fixed at 0, with a warning)\n"
		"  --sign-constraints refit with each feature whose weight contradicts its\n"
		"                     hypothesised sign (docs/features.md) fixed at 0; without\n"
		"                     it, each contradiction is a warning\n"
		"  --skip-bad         train without unusable records (each is warned about);\n"
		"                     by default any unusable record is an error\n"
		"  --threads N        measure pairs on N threads (default: all cores)\n"
		"  -q, --quiet        no progress line (drawn on stderr only when it is a\n"
		"                     terminal: pairs measured/total, rate, ETA)\n"
		"  --html, --xml      parse records without a \"format\" as HTML or XML (default: sniffed)\n"
		"  --json             print the table as JSON\n"
		"  --comparator-features\n"
		"                     add each oracle comparator's verdict (docs/comparators.md)\n"
		"                     as a boolean feature 'comparator:NAME'; classify then runs\n"
		"                     them too (default configuration)\n"
		"  --baselines L      the comparators for --comparator-features (default all)\n"
		"  --profile [APP=]FILE  measure the pairs (of APP, or of every application)\n"
		"                     with a volatility profile from 'smart profile'; may be\n"
		"                     repeated; the model records that it was trained so\n"
		"  --adapt FILE       few-pair adaptation (SMART §6.3, docs/adaptation.md): add\n"
		"                     the labelled pairs of FILE (a new application's mutants or\n"
		"                     clean reruns; may be repeated), each counted --adapt-weight\n"
		"                     times, to the base corpora; without CORPUS arguments the\n"
		"                     base corpora are those the --base-model (default: the\n"
		"                     default model) was trained on. No cross-validation.\n"
		"  --adapt-weight W   base pairs one adaptation pair counts as (default 50)\n"
		"  --base-model FILE  with --adapt and no CORPUS: take the corpora from FILE\n"
		"  --stats-out FILE   write the training statistics of the corpora to FILE\n"
		"                     instead of a model (no -o); with --shard K/N, of shard K\n"
		"                     of N of their pairs (docs/shards.md)\n"
		"  --shard K/N        with --stats-out: only the pairs of shard K of N\n"
		"  --from-stats       the arguments are --stats-out files: fit the linear model\n"
		"                     to their sum, as training on all their pairs would (no\n"
		"                     cross-validation; an SVM does not decompose)\n");
}

typedef struct sort_ctx {
	char *const *names;
	const smart_anova_row *rows;
} sort_ctx;

/* Rows of the ANOVA table, most significant first, dropped features last. */
static int by_f(const void *a, const void *b, void *arg)
{
	const sort_ctx *sc = arg;
	const smart_anova_row *x = &sc->rows[*(const size_t *)a];
	const smart_anova_row *y = &sc->rows[*(const size_t *)b];

	if (x->dropped != y->dropped)
		return x->dropped - y->dropped;
	if (x->f != y->f)
		return x->f < y->f ? 1 : -1;
	return strcmp(sc->names[*(const size_t *)a], sc->names[*(const size_t *)b]);
}

static void print_p(double p)
{
	if (p < 0.001)
		printf("%8s", "< 0.001");
	else
		printf("%8.3f", p);
}

static void print_table(const smart_model *m, const smart_ols_fit *fit,
			double train_f1)
{
	size_t *order = malloc(m->n_features * sizeof(*order));

	printf("%s model on %zu pairs (%zu inspect, %zu ignore)\n\n",
	       m->kind == SMART_MODEL_SVM ? "svm" : "linear", m->provenance.pairs,
	       m->provenance.inspect, m->provenance.pairs - m->provenance.inspect);
	if (fit && order) {
		for (size_t j = 0; j < m->n_features; j++)
			order[j] = j;
		sort_ctx sc = { m->names, fit->anova };

		qsort_r(order, m->n_features, sizeof(*order), by_f, &sc);
		printf("%-24s %12s %12s %8s\n", "feature", "coefficient", "F", "p");
		for (size_t k = 0; k < m->n_features; k++) {
			size_t j = order[k];
			const smart_anova_row *r = &fit->anova[j];

			if (r->dropped) {
				printf("%-24s %12s %12s %8s  (%s: weight 0)\n",
				       m->names[j], "-", "-", "-",
				       r->sign_fixed ? "sign contradicts hypothesis" : "not estimable");
				continue;
			}
			printf("%-24s %+12.4g %12.4g ", m->names[j], r->coefficient, r->f);
			print_p(r->p);
			printf("%s\n", r->p >= 0.05 ? "  (not significant)" : "");
		}
		printf("%-24s %+12.4g\n\n", "(intercept)", m->intercept);
	}
	free(order);
	printf("inspect when score %s %.6g\n", smart_comparison_name(m->comparison), m->cutoff);
	printf("training F1 %.4f", train_f1);
	if (isfinite(m->provenance.cv_f1))
		printf(", %u-fold cross-validated F1 %.4f", m->provenance.folds,
		       m->provenance.cv_f1);
	printf("\n");
}

static int print_json(const char *path, const smart_model *m,
		      const smart_ols_fit *fit, double train_f1)
{
	cJSON *o = cJSON_CreateObject(), *feats;

	if (!o)
		return cli_failf("out of memory");
	cJSON_AddStringToObject(o, "model", path);
	cJSON_AddStringToObject(o, "kind", m->kind == SMART_MODEL_SVM ? "svm" : "linear");
	cJSON_AddNumberToObject(o, "pairs", (double)m->provenance.pairs);
	cJSON_AddNumberToObject(o, "inspect", (double)m->provenance.inspect);
	cJSON_AddNumberToObject(o, "cutoff", m->cutoff);
	cJSON_AddStringToObject(o, "comparison", smart_comparison_name(m->comparison));
	cJSON_AddNumberToObject(o, "training_f1", train_f1);
	if (isfinite(m->provenance.cv_f1))
		cJSON_AddNumberToObject(o, "cv_f1", m->provenance.cv_f1);
	else
		cJSON_AddNullToObject(o, "cv_f1");
	if (fit) {
		cJSON_AddNumberToObject(o, "intercept", m->intercept);
		feats = cJSON_AddArrayToObject(o, "features");
		for (size_t j = 0; feats && j < m->n_features; j++) {
			cJSON *f = cJSON_CreateObject();

			cJSON_AddItemToArray(feats, f);
			cJSON_AddStringToObject(f, "name", m->names[j]);
			cJSON_AddBoolToObject(f, "dropped", fit->anova[j].dropped);
			cJSON_AddNumberToObject(f, "coefficient", fit->anova[j].coefficient);
			/* JSON has no infinity: a perfect fit's F is null. */
			if (isfinite(fit->anova[j].f))
				cJSON_AddNumberToObject(f, "f", fit->anova[j].f);
			else
				cJSON_AddNullToObject(f, "f");
			cJSON_AddNumberToObject(f, "p", fit->anova[j].p);
		}
	}
	return cli_print_json(o);
}

/* The model's F1 on rows [from, to) of its training table. */
static double rows_f1(const smart_model *m, const smart_table *t, size_t from, size_t to)
{
	smart_confusion c = { 0, 0, 0, 0 };

	for (size_t i = from; i < to; i++)
		smart_confusion_add(&c, smart_model_decide(m, t->rows + i * t->n_features, NULL),
				    t->labels[i]);
	return smart_confusion_scores(&c).f1;
}

/* Appends the pairs of the adaptation corpora to `table`, each `weight`
 * times (a weighted least-squares fit and a cutoff chosen on the blend;
 * docs/adaptation.md). */
static int add_adaptation(smart_table *table, char *const *paths, size_t n_paths,
			  size_t weight, smart_format format, unsigned threads, int skip_bad,
			  int quiet)
{
	smart_table extra;
	smart_error err = { "" };
	int rc;

	smart_table_init(&extra, table->names, table->n_features);
	rc = cli_load_table(&extra, paths, n_paths, format, threads, skip_bad, NULL, quiet);
	for (size_t i = 0; rc == 0 && i < extra.n_rows; i++) {
		smart_table_row row = smart_table_row_at(&extra, i);

		for (size_t k = 0; rc == 0 && k < weight; k++)
			if (smart_table_add(table, &row, &err))
				rc = cli_fail(&err);
	}
	if (rc == 0 && extra.n_rows == 0)
		rc = cli_failf("--adapt: no labelled pairs in the adaptation corpora");
	smart_table_free(&extra);
	return rc;
}

/* What must match across the statistics files summed: how pairs were measured. */
static void stats_params(char *buf, size_t size, int raw)
{
	snprintf(buf, size, "raw=%d", raw);
}

/* --stats-out: the training statistics of the corpora (of one shard). */
static int write_stats(const char *path, char *const *corpora, size_t n_corpora,
		       smart_format format, unsigned threads, int skip_bad,
		       smart_shard_walk *shard, int raw, int quiet)
{
	size_t n;
	const char **names = cli_feature_names(&n);
	smart_table table;
	smart_train_stats *stats = NULL;
	smart_error err = { "" };
	char params[64];
	int rc;

	if (!names)
		return cli_failf("out of memory");
	if (smart_file_check_writable(path, &err) < 0) {
		free(names);
		return cli_fail(&err);
	}
	stats_params(params, sizeof(params), raw);
	smart_table_init(&table, names, n);
	table.raw = raw;
	rc = cli_load_table(&table, corpora, n_corpora, format, threads, skip_bad, shard, quiet);
	if (rc == CLI_SAME) {
		stats = smart_train_stats_of_table(&table, params, &err);
		if (!stats || smart_train_stats_write(stats, names, path, &err))
			rc = cli_fail(&err);
		else
			printf("%zu pairs (%s) written to %s\n", table.n_rows,
			       shard ? "one shard's" : "all", path);
	}
	smart_train_stats_free(stats);
	smart_table_free(&table);
	free(names);
	return rc;
}

/* --from-stats: the pairs of the summed statistics files, into `table`. */
static int table_from_stats(smart_table *table, const char *const *paths, size_t n_paths,
			    int raw)
{
	smart_error err = { "" };
	char params[64];
	smart_train_stats *stats;
	smart_dataset d;
	int rc = CLI_SAME;

	stats_params(params, sizeof(params), raw);
	stats = smart_train_stats_sum(paths, n_paths, table->names, table->n_features, params,
				      &err);
	if (!stats || smart_train_stats_dataset(stats, table->names, &d, &err)) {
		smart_train_stats_free(stats);
		return cli_fail(&err);
	}
	for (size_t r = 0; r < d.n_rows && rc == CLI_SAME; r++) {
		smart_table_row row = { .values = d.rows + r * d.n_features,
					.label = d.labels[r],
					.app = "" };

		if (smart_table_add(table, &row, &err))
			rc = cli_fail(&err);
	}
	smart_train_stats_free(stats);
	return rc;
}

static int run_train(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "kind", required_argument, NULL, 'k' },
		{ "folds", required_argument, NULL, 'f' },
		{ "seed", required_argument, NULL, 's' },
		{ "strict", no_argument, NULL, 'S' },
		{ "sign-constraints", no_argument, NULL, 'G' },
		{ "adapt", required_argument, NULL, 'A' },
		{ "adapt-weight", required_argument, NULL, 'W' },
		{ "base-model", required_argument, NULL, 'M' },
		{ "skip-bad", no_argument, NULL, 'B' },
		{ "threads", required_argument, NULL, 't' },
		{ "json", no_argument, NULL, 'j' },
		{ "html", no_argument, NULL, 'H' },
		{ "xml", no_argument, NULL, 'X' },
		{ "profile", required_argument, NULL, 'P' },
		{ "comparator-features", no_argument, NULL, 'F' },
		{ "baselines", required_argument, NULL, 'b' },
		{ "raw", no_argument, NULL, 'r' },
		{ "stats-out", required_argument, NULL, 'O' },
		{ "from-stats", no_argument, NULL, 'U' },
		{ "shard", required_argument, NULL, 'K' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	smart_profile_set profiles = { 0 };
	smart_train_options topt = { .kind = SMART_MODEL_LINEAR, .degenerate = SMART_DEGENERATE_DROP };
	const char *out = NULL;
	long folds = 10, threads = 0;
	unsigned long long seed = 1;
	smart_format format = SMART_FORMAT_AUTO;
	int json = 0, skip_bad = 0, quiet = 0, c, rc;
	smart_table table;
	smart_ols_fit fit, *fitp = NULL;
	smart_model *model = NULL;
	smart_error err = { "" };
	int raw = 0;
	const char **names;
	size_t n;
	char *end;
	const char *baselines = NULL;
	int comparator_features = 0;
	cli_comparators cmp = { 0 };
	signed char *signs = NULL;
	char *adapt[64];
	size_t n_adapt = 0, n_base = 0;
	long adapt_weight = SMART_ADAPT_WEIGHT;
	const char *base_model_path = NULL;
	smart_model *base_model = NULL;
	char **corpora;
	size_t n_corpora;
	const char *stats_out = NULL;
	int from_stats = 0;
	smart_shard_walk shard, *shardp = NULL;

	optind = 1;
	while ((c = getopt_long(argc, argv, ":hqo:", opts, NULL)) != -1) {
		switch (c) {
		case 'h': usage(stdout); return CLI_SAME;
		case 'q': quiet = 1; break;
		case 'o': out = optarg; break;
		case 'k':
			if (cli_parse_kind(optarg, &topt.kind))
				return cli_usage_error("train", "--kind must be linear or svm");
			break;
		case 'f':
			folds = strtol(optarg, &end, 10);
			if (*end || folds < 0 || folds == 1 || folds > 1000)
				return cli_usage_error("train", "--folds must be 0 or 2..1000");
			break;
		case 's':
			seed = strtoull(optarg, &end, 10);
			if (*end || !*optarg)
				return cli_usage_error("train", "--seed must be a number");
			break;
		case 'S': topt.degenerate = SMART_DEGENERATE_FAIL; break;
		case 'G': topt.sign_constraints = 1; break;
		case 'A':
			if (n_adapt == sizeof(adapt) / sizeof(adapt[0]))
				return cli_usage_error("train", "at most 64 --adapt files");
			adapt[n_adapt++] = optarg;
			break;
		case 'W':
			adapt_weight = strtol(optarg, &end, 10);
			if (*end || adapt_weight < 1 || adapt_weight > 100000)
				return cli_usage_error("train", "--adapt-weight must be 1..100000");
			break;
		case 'M': base_model_path = optarg; break;
		case 'B': skip_bad = 1; break;
		case 't':
			threads = strtol(optarg, &end, 10);
			if (*end || threads < 1 || threads > 1024)
				return cli_usage_error("train", "--threads must be 1..1024");
			break;
		case 'j': json = 1; break;
		case 'H': format = SMART_FORMAT_HTML; break;
		case 'X': format = SMART_FORMAT_XML; break;
		case 'P':
			if (smart_profile_set_add(&profiles, optarg, &err)) {
				smart_profile_set_free(&profiles);
				return cli_fail(&err);
			}
			break;
		case 'F': comparator_features = 1; break;
		case 'r': raw = 1; break;
		case 'b': baselines = optarg; break;
		case 'O': stats_out = optarg; break;
		case 'U': from_stats = 1; break;
		case 'K':
			if (cli_shard_parse("train", optarg, &shard) != CLI_SAME) {
				smart_profile_set_free(&profiles);
				return CLI_TROUBLE;
			}
			shardp = &shard;
			break;
		default:
			smart_profile_set_free(&profiles);
			return cli_bad_option("train", c, argv);
		}
	}
	if (n_adapt && (comparator_features || profiles.n)) {
		smart_profile_set_free(&profiles);
		return cli_usage_error("train", "--adapt does not go with --comparator-features or --profile");
	}
	if ((base_model_path || adapt_weight != SMART_ADAPT_WEIGHT) && !n_adapt) {
		smart_profile_set_free(&profiles);
		return cli_usage_error("train", "--base-model and --adapt-weight go with --adapt");
	}
	if ((stats_out || from_stats) &&
	    (n_adapt || comparator_features || profiles.n || topt.kind != SMART_MODEL_LINEAR ||
	     (stats_out && (from_stats || out)) || optind >= argc)) {
		smart_profile_set_free(&profiles);
		return cli_usage_error("train", "--stats-out and --from-stats are for a linear model "
				       "without --adapt, --profile or --comparator-features; "
				       "--stats-out instead of -o; they need files (an SVM does not "
				       "decompose into sums)");
	}
	if (shardp && !stats_out) {
		smart_profile_set_free(&profiles);
		return cli_usage_error("train", "--shard goes with --stats-out");
	}
	if (stats_out) {
		rc = write_stats(stats_out, argv + optind, (size_t)(argc - optind), format,
				 (unsigned)threads, skip_bad, shardp, raw, quiet);
		smart_profile_set_free(&profiles);
		return rc;
	}
	if (!out || (optind >= argc && !n_adapt) || (baselines && !comparator_features)) {
		smart_profile_set_free(&profiles);
		return cli_usage_error("train", !out ? "-o MODEL.json is required"
					       : optind >= argc ? "no corpus given"
					       : "--baselines needs --comparator-features");
	}
	corpora = argv + optind;
	n_corpora = (size_t)(argc - optind);
	if (smart_file_check_writable(out, &err) < 0) { /* before the training */
		smart_profile_set_free(&profiles);
		return cli_fail(&err);
	}
	names = cli_feature_names(&n);
	if (!names) {
		smart_profile_set_free(&profiles);
		return cli_failf("out of memory");
	}
	if (n_adapt && n_corpora == 0) {
		/* the corpora the base model was trained on */
		base_model = cli_load_model(base_model_path, names, n, &err);
		if (!base_model || base_model->provenance.corpus_count == 0) {
			free(names);
			smart_model_free(base_model);
			if (!base_model)
				return cli_fail(&err);
			return cli_failf("%s: the model does not name its corpora; give them as arguments",
					 base_model_path ? base_model_path : "the default model");
		}
		corpora = base_model->provenance.corpora;
		n_corpora = base_model->provenance.corpus_count;
		folds = 0;
	}
	if (n_adapt)
		folds = 0; /* copies of a pair in several folds would leak */
	if (comparator_features) {
		/* smart's features, then one verdict per comparator */
		if (cli_comparators_open(&cmp, baselines, NULL, names, n, 1)) {
			cli_comparators_close(&cmp);
			smart_profile_set_free(&profiles);
			free(names);
			return CLI_TROUBLE;
		}
		free(names);
		names = NULL;
		n = cmp.n_names;
		smart_table_init(&table, cmp.names, n);
		cli_comparators_attach(&cmp, &table, 1);
	} else {
		smart_table_init(&table, names, n);
	}
	table.raw = raw;
	if (profiles.n)
		smart_profile_set_attach(&profiles, &table);
	if (from_stats) {
		folds = 0; /* the pairs' applications and order are not in the statistics */
		rc = table_from_stats(&table, (const char *const *)corpora, n_corpora, raw);
	} else {
		rc = cli_load_table(&table, corpora, n_corpora, format, (unsigned)threads,
				    skip_bad, NULL, quiet);
	}
	if (rc)
		goto done;
	n_base = table.n_rows;
	if (n_adapt && (rc = add_adaptation(&table, adapt, n_adapt, (size_t)adapt_weight, format,
					    (unsigned)threads, skip_bad, quiet)))
		goto done;
	rc = CLI_TROUBLE;
	signs = cli_feature_signs(table.names, n);
	if (!signs) {
		cli_failf("out of memory");
		goto done;
	}
	topt.signs = signs;
	model = smart_model_train(&(smart_dataset){ table.rows, table.labels, table.n_rows,
						    n, table.names },
				  &topt, topt.kind == SMART_MODEL_LINEAR ? &fit : NULL, &err);
	if (!model) {
		cli_fail(&err);
		goto done;
	}
	model->provenance.profiles = profiles.n > 0;
	model->provenance.raw = raw;
	if (topt.kind == SMART_MODEL_LINEAR) {
		fitp = &fit;
		if (fit.note[0])
			fprintf(stderr, "smart: warning: weight fixed at 0 for %s\n", fit.note);
		cli_warn_signs(model, signs);
	}
	if (folds > 0) {
		smart_eval_options eo = { .version = SMART_EVAL_OPTIONS_VERSION,
					  .train = topt,
					  .folds = (unsigned)folds,
					  .seed = seed };
		smart_eval_result er;

		if (smart_evaluate(&table, &eo, &er, &err) == 0) {
			model->provenance.cv_f1 = smart_confusion_scores(&er.smart).f1;
			model->provenance.folds = er.folds;
		} else {
			fprintf(stderr, "smart: warning: no cross-validated F1: %s\n", err.message);
		}
	}
	if (smart_provenance_set_corpora(&model->provenance, (const char *const *)corpora,
					 n_corpora, &err) ||
	    smart_model_save(model, out, &err)) {
		cli_fail(&err);
		goto done;
	}
	if (json)
		rc = print_json(out, model, fitp, rows_f1(model, &table, 0, n_base));
	else {
		print_table(model, fitp, rows_f1(model, &table, 0, n_base));
		rc = CLI_SAME;
	}
	if (n_adapt)
		fprintf(stderr, "smart: adapted with %zu pairs (each counted %ld times): their F1 %.4f, "
			"the base corpora's %.4f\n", (table.n_rows - n_base) / (size_t)adapt_weight,
			adapt_weight, rows_f1(model, &table, n_base, table.n_rows),
			rows_f1(model, &table, 0, n_base));
done:
	if (fitp)
		smart_ols_fit_free(fitp);
	smart_model_free(model);
	smart_table_free(&table);
	free(signs);
	free(names);
	smart_model_free(base_model);
	smart_profile_set_free(&profiles);
	cli_comparators_close(&cmp);
	return rc;
}

const cli_command cli_cmd_train = { "train", "fit a model to labelled corpora", run_train };
