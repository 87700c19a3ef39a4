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
#include "cli_progress.h"
#include "cli_train.h"
#include "cli_shard.h"

/* What smart train was asked, as parsed. */
typedef struct train_args {
	smart_train_corpora_options o;
	smart_profile_set profiles;
	cli_bad_records bad;
	const char *baselines;
	int comparator_features, json, quiet;
	char *adapt[64];
	long adapt_weight;
	int adapt_no_profile; /* --adapt-no-profile */
	int adapt_no_accept;  /* --adapt-no-accept */
	const char *base_model_path;
	char **corpora;
	size_t n_corpora;
	smart_shard_walk shard;
} train_args;

/* Parses a number option into *v within [lo, hi]; -1 when it is not one. */
static int parse_long(const char *s, long lo, long hi, long *v)
{
	char *end;

	*v = strtol(s, &end, 10);
	return *end || *v < lo || *v > hi ? -1 : 0;
}

/* One option into `a`; -1 to go on, else the exit status. */
static int parse_option(int c, train_args *a, char **argv)
{
	smart_error err = { "" };
	char *end;
	long v;

	switch (c) {
	case 'h': cli_train_usage(stdout); return CLI_SAME;
	case 'o': a->o.output = optarg; break;
	case 'k':
		if (cli_parse_kind(optarg, &a->o.train.kind))
			return cli_usage_error("train", "--kind must be linear or svm");
		break;
	case 'f':
		if (parse_long(optarg, 0, 1000, &v) || v == 1)
			return cli_usage_error("train", "--folds must be 0 or 2..1000");
		a->o.folds = (unsigned)v;
		break;
	case 's':
		a->o.seed = strtoull(optarg, &end, 10);
		if (*end || !*optarg)
			return cli_usage_error("train", "--seed must be a number");
		break;
	case 'S': a->o.train.degenerate = SMART_DEGENERATE_FAIL; break;
	case 'G': a->o.train.sign_constraints = 1; break;
	case 'A':
		if (a->o.n_adapt == sizeof(a->adapt) / sizeof(a->adapt[0]))
			return cli_usage_error("train", "at most 64 --adapt files");
		a->adapt[a->o.n_adapt++] = optarg;
		break;
	case 'N': a->adapt_no_profile = 1; break;
	case 'x': a->adapt_no_accept = 1; break;
	case 'y':
		if (cli_parse_bound(optarg, 1, &a->o.adapt_clean_cutoff))
			return cli_usage_error("train", "--adapt-clean-cutoff must be in [0, 10]");
		break;
	case 'W':
		if (parse_long(optarg, 1, 100000, &a->adapt_weight))
			return cli_usage_error("train", "--adapt-weight must be 1..100000");
		break;
	case 'M': a->base_model_path = optarg; break;
	case 'B': a->o.skip_bad = a->bad.skip = 1; break;
	case 't':
		if (parse_long(optarg, 1, 1024, &v))
			return cli_usage_error("train", "--threads must be 1..1024");
		a->o.threads = (unsigned)v;
		break;
	case 'j': a->json = 1; break;
	case 'q': a->quiet = 1; break;
	case 'H': a->o.format = SMART_FORMAT_HTML; break;
	case 'X': a->o.format = SMART_FORMAT_XML; break;
	case 'P':
		if (smart_profile_set_add(&a->profiles, optarg, &err))
			return cli_fail(&err);
		break;
	case 'F': a->comparator_features = 1; break;
	case 'r': a->o.raw = 1; break;
	case 'Z':
		if (smart_scrubbers_parse(optarg, &a->o.scrubbers_off, &err))
			return cli_usage_error("train", "%s", err.message);
		break;
	case 'b': a->baselines = optarg; break;
	case 'T':
		if (smart_train_rows_parse(optarg, &a->o.train_rows))
			return cli_usage_error("train", "--train-rows: ordinary, first-look or both");
		break;
	case 'c':
		if (cli_parse_cutoff(optarg, &a->o.transfer_cutoff, &a->o.transfer_objective))
			return cli_usage_error("train", "--cutoff must be f1, transfer, transfer-mean "
					       "or transfer-pooled");
		break;
	case 'O': a->o.stats_out = optarg; break;
	case 'U': a->o.from_stats = 1; break;
	case 'K':
		if (cli_shard_parse("train", optarg, &a->shard) != CLI_SAME)
			return CLI_TROUBLE;
		a->o.shard = &a->shard;
		break;
	default:
		return cli_bad_option("train", c, argv);
	}
	return -1;
}

/* Parses the command line into `a`; -1 to go on, else the exit status. */
static int parse_train(int argc, char **argv, train_args *a)
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
		{ "adapt-no-profile", no_argument, NULL, 'N' },
		{ "adapt-no-accept", no_argument, NULL, 'x' },
		{ "adapt-clean-cutoff", required_argument, NULL, 'y' },
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
		{ "scrubbers", required_argument, NULL, 'Z' },
		{ "train-rows", required_argument, NULL, 'T' },
		{ "stats-out", required_argument, NULL, 'O' },
		{ "cutoff", required_argument, NULL, 'c' },
		{ "from-stats", no_argument, NULL, 'U' },
		{ "shard", required_argument, NULL, 'K' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	int c, rc = -1;

	optind = 1;
	while (rc < 0 && (c = getopt_long(argc, argv, ":hqo:", opts, NULL)) != -1)
		rc = parse_option(c, a, argv);
	a->corpora = argv + optind;
	a->n_corpora = (size_t)(argc - optind);
	return rc;
}

/* The combinations of options smart train refuses; -1 when none. */
static int check_train(const train_args *a)
{
	const smart_train_corpora_options *o = &a->o;

	if (o->n_adapt && (a->comparator_features || a->profiles.n || o->train_rows))
		return cli_usage_error("train", "--adapt does not go with --comparator-features, "
				       "--profile or --train-rows");
	if ((a->base_model_path || a->adapt_weight != SMART_ADAPT_WEIGHT) && !o->n_adapt)
		return cli_usage_error("train", "--base-model and --adapt-weight go with --adapt");
	if ((o->stats_out || o->from_stats) &&
	    (o->n_adapt || a->comparator_features || a->profiles.n || o->train_rows ||
	     o->train.kind != SMART_MODEL_LINEAR || (o->stats_out && (o->from_stats || o->output)) ||
	     a->n_corpora == 0))
		return cli_usage_error("train", "--stats-out and --from-stats are for a linear model "
				       "without --adapt, --profile, --train-rows or --comparator-features; "
				       "--stats-out instead of -o; they need files (an SVM does not "
				       "decompose into sums)");
	if (o->transfer_cutoff && (o->n_adapt || o->stats_out || o->from_stats || o->train_rows ||
				   o->train.kind != SMART_MODEL_LINEAR))
		return cli_usage_error("train", "--cutoff transfer is for a linear model trained on "
				       "corpora, without --adapt, --train-rows or statistics");
	if (o->shard && !o->stats_out)
		return cli_usage_error("train", "--shard goes with --stats-out");
	if (o->stats_out)
		return -1;
	if (!o->output || (a->n_corpora == 0 && !o->n_adapt) ||
	    (a->baselines && !a->comparator_features))
		return cli_usage_error("train", !o->output ? "-o MODEL.json is required"
					       : a->n_corpora == 0 ? "no corpus given"
					       : "--baselines needs --comparator-features");
	return -1;
}

/* --adapt without corpora: the corpora the base model was trained on. */
static int base_corpora(train_args *a, const char *const *names, size_t n,
			smart_model **base)
{
	smart_error err = { "" };

	*base = cli_load_model(a->base_model_path, names, n, &err);
	if (!*base)
		return cli_fail(&err);
	if ((*base)->provenance.corpus_count == 0)
		return cli_failf("%s: the model does not name its corpora; give them as arguments",
				 a->base_model_path ? a->base_model_path : "the default model");
	a->corpora = (*base)->provenance.corpora;
	a->n_corpora = (*base)->provenance.corpus_count;
	return -1;
}

/* The warnings about the model trained: weights fixed at 0 or of the
 * wrong sign, and a cross-validation that failed. */
static void print_warnings(const smart_train_report *r, const signed char *signs)
{
	if (!r->model)
		return;
	if (r->has_fit) {
		if (r->fit.note[0])
			fprintf(stderr, "smart: warning: weight fixed at 0 for %s\n", r->fit.note);
		cli_warn_signs(r->model, signs);
	}
	if (r->no_cv)
		fprintf(stderr, "smart: warning: no cross-validated F1: %s\n", r->cv_error.message);
}

/* What smart train prints once the library has trained. */
static int print_train(const train_args *a, const smart_train_report *r)
{
	const smart_ols_fit *fit = r->has_fit ? &r->fit : NULL;
	int rc = CLI_SAME;

	if (a->o.stats_out) {
		printf("%zu pair%s (%s) written to %s\n", r->n_rows, r->n_rows == 1 ? "" : "s",
		       a->o.shard ? "one shard's" : "all", a->o.stats_out);
		return CLI_SAME;
	}
	if (a->json)
		rc = cli_train_print_json(a->o.output, r);
	else
		cli_train_print_table(r->model, fit, r->train_f1);
	if (a->o.n_adapt)
		fprintf(stderr, "smart: adapted with %zu pair%s: their F1 %.4f, the base corpora's "
			"%.4f; the base model decides %zu of them wrong (%zu right after the refit "
			"at weight %u, at most %ld; 0: no refit)\n",
			r->n_adapt_pairs, r->n_adapt_pairs == 1 ? "" : "s", r->adapt_f1, r->train_f1, r->adapt_taught, r->adapt_right,
			r->adapt_weight_used, a->adapt_weight);
	if (a->o.n_adapt && a->o.adapt_profile)
		fprintf(stderr, "smart: the model carries a profile of %zu locations learnt from "
			"%zu ignore pairs (%zu dropped: places an inspect pair changed)\n",
			r->adapt_locations, r->adapt_profile_pairs, r->adapt_forbidden);
	if (a->o.n_adapt && a->o.adapt_accept)
		fprintf(stderr, "smart: the model accepts %zu change classes of the ignore pairs "
			"(none an inspect pair holds)\n", r->adapt_classes);
	if (a->o.n_adapt && r->adapt_clean_move > 0)
		fprintf(stderr, "smart: the cutoff moved %.6g towards ignore, just past the "
			"ignore pairs' residue (at most %g)\n", r->adapt_clean_move,
			a->o.adapt_clean_cutoff);
	return rc;
}

static int run_train(int argc, char **argv)
{
	train_args a = { .o = SMART_TRAIN_CORPORA_OPTIONS_INIT,
			 .o.adapt_clean_cutoff = 0,
			 .adapt_weight = SMART_ADAPT_WEIGHT };
	smart_train_report report = { 0 };
	cli_comparators cmp = { 0 };
	smart_model *base = NULL;
	smart_error err = { "" };
	signed char *signs = NULL;
	const char **names = NULL;
	size_t n = 0;
	cli_progress progress;
	int rc = parse_train(argc, argv, &a);

	if (rc < 0)
		rc = check_train(&a);
	if (rc >= 0)
		goto done;
	a.o.on_bad = cli_on_bad_record;
	a.o.bad_payload = &a.bad;
	a.o.adapt = (const char *const *)a.adapt;
	a.o.adapt_weight = (unsigned)a.adapt_weight;
	a.o.adapt_profile = !a.adapt_no_profile;
	a.o.adapt_accept = !a.adapt_no_accept;
	a.o.profiles = &a.profiles;
	names = smart_feature_names(&n);
	if (!names) {
		rc = cli_failf("out of memory");
		goto done;
	}
	if (!a.o.stats_out && a.o.n_adapt && a.n_corpora == 0 &&
	    (rc = base_corpora(&a, names, n, &base)) >= 0)
		goto done;
	/* smart's features, then one verdict per comparator */
	if (a.comparator_features &&
	    (rc = cli_comparators_open(&cmp, a.baselines, NULL, names, n, 1)) != 0) {
		rc = CLI_TROUBLE;
		goto done;
	}
	a.o.comparators = (smart_comparator_set){ .comparators = cmp.v, .n = cmp.n,
						  .config = cmp.config };
	a.o.names = a.comparator_features ? cmp.names : names;
	a.o.n_names = a.comparator_features ? cmp.n_names : n;
	signs = cli_feature_signs(a.o.names, a.o.n_names);
	if (!signs) {
		rc = cli_failf("out of memory");
		goto done;
	}
	a.o.train.signs = signs;
	a.bad.progress = &progress;
	a.o.progress = cli_progress_start(&progress, "pairs", a.quiet);
	a.o.progress_ctx = &progress;
	rc = smart_train_corpora((const char *const *)a.corpora, a.n_corpora, &a.o, &report, &err);
	cli_progress_clear(&progress);
	print_warnings(&report, signs);
	if (rc)
		rc = report.bad && !a.bad.skip ? cli_fail_bad_records(&report.first_bad, report.bad)
					       : cli_fail(&err);
	else
		rc = print_train(&a, &report);
done:
	smart_train_report_free(&report);
	smart_profile_set_free(&a.profiles);
	cli_comparators_close(&cmp);
	smart_model_free(base);
	free(signs);
	free(names);
	return rc;
}

const cli_command cli_cmd_train = { "train", "fit a model to labelled corpora", run_train };
