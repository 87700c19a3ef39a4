/* smart eval — cross-validated precision, recall and F1 of smart beside the
 * baseline comparators of SMART Fig. 3, and the LookCost/MissCost ratio. */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "cli_compare.h"
#include "cli_eval.h"
#include "cli_model.h"
#include "cli_progress.h"
#include "cli_shard.h"
#include "smart/plot.h"

/* What the command line asks for, beside the options of the evaluation. */
typedef struct eval_args {
	smart_eval_options eo;
	smart_profile_set profiles;
	cli_bad_records bad;
	const char *baselines, *compare_config;
	int json, folds_given, calibrate, comparator_features, quiet;
	char **corpora;
	size_t n_corpora;
	smart_shard_walk shard; /* --shard */
	int sharded, from_shards;
	const char *shard_out;  /* -o with --shard */
	const char *plots;      /* --plots DIR */
	const char *scores;     /* --scores FILE */
	const char *model;      /* --model FILE|default: a first look */
	int ablate;             /* --ablate-scrubbers */
	int scrubbers_given;    /* --scrubbers */
	int order_given;        /* --adapt-order */
} eval_args;

/* --adapt-order's word into *order: 0, or -1 when it names none. */
static int cli_parse_adapt_order(const char *s, smart_adapt_order *order)
{
	static const char *const words[] = { "random", "reviewer", "by-change", "highest",
					     "flagged" };

	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (strcmp(s, words[i]) == 0) {
			*order = (smart_adapt_order)i;
			return 0;
		}
	return -1;
}

/* Reads the options into `a`: -1 to go on, else the exit status. */
static int parse_eval(int argc, char **argv, eval_args *a)
{
	static const struct option opts[] = {
		{ "folds", required_argument, NULL, 'f' },
		{ "by-app", no_argument, NULL, 'a' },
		{ "kind", required_argument, NULL, 'k' },
		{ "sign-constraints", no_argument, NULL, 'G' },
		{ "adapt", required_argument, NULL, 'A' },
		{ "adapt-weight", required_argument, NULL, 'W' },
		{ "adapt-no-profile", no_argument, NULL, 'N' },
		{ "adapt-no-accept", no_argument, NULL, 'x' },
		{ "adapt-order", required_argument, NULL, 'D' },
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
		{ "scrubbers", required_argument, NULL, 'Z' },
		{ "model", required_argument, NULL, 'm' },
		{ "ablate-scrubbers", no_argument, NULL, 'Y' },
		{ "review-sim", no_argument, NULL, 'V' },
		{ "hold-out-rules", no_argument, NULL, 'J' },
		{ "train-rows", required_argument, NULL, 'T' },
		{ "shard", required_argument, NULL, 'K' },
		{ "output", required_argument, NULL, 'o' },
		{ "from-shards", no_argument, NULL, 'U' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "plots", required_argument, NULL, 'O' },
		{ "scores", required_argument, NULL, 'S' },
		{ "cutoff", required_argument, NULL, 'c' },
		{ "clean-cutoff", required_argument, NULL, 'e' },
		{ "adapt-clean-cutoff", required_argument, NULL, 'y' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	smart_eval_options *eo = &a->eo;
	smart_error err = { "" };
	char *end;
	long v;
	int c;

	optind = 1;
	while ((c = getopt_long(argc, argv, ":hqo:", opts, NULL)) != -1) {
		switch (c) {
		case 'h': cli_eval_usage(stdout); return CLI_SAME;
		case 'q': a->quiet = 1; break;
		case 'K':
			if (cli_shard_parse("eval", optarg, &a->shard) != CLI_SAME)
				return CLI_TROUBLE;
			a->sharded = 1;
			break;
		case 'o': a->shard_out = optarg; break;
		case 'O': a->plots = optarg; break;
		case 'S': a->scores = optarg; break;
		case 'e':
			if (cli_parse_bound(optarg, 0, &eo->clean_cutoff))
				return cli_usage_error("eval", "--clean-cutoff must be a bound in (0, 10]");
			break;
		case 'y':
			if (cli_parse_bound(optarg, 1, &eo->adapt_clean_cutoff))
				return cli_usage_error("eval", "--adapt-clean-cutoff must be in [0, 10]");
			break;
		case 'c':
			if (cli_parse_cutoff(optarg, &eo->transfer_cutoff, &eo->transfer_objective))
				return cli_usage_error("eval", "--cutoff must be f1, transfer, "
						       "transfer-mean or transfer-pooled");
			break;
		case 'U': a->from_shards = 1; break;
		case 'G': eo->train.sign_constraints = 1; break;
		case 'A':
			v = strtol(optarg, &end, 10);
			if (*end || !*optarg || v < 0 || v > 1000)
				return cli_usage_error("eval", "--adapt must be 0..1000");
			eo->adapt = (size_t)v;
			break;
		case 'N': eo->adapt_profiles = 0; break;
		case 'x': eo->adapt_accept = 0; break;
		case 'D':
			if (cli_parse_adapt_order(optarg, &eo->adapt_order))
				return cli_usage_error("eval", "--adapt-order must be random, "
						       "reviewer, by-change, highest or flagged");
			a->order_given = 1;
			break;
		case 'W':
			v = strtol(optarg, &end, 10);
			if (*end || v < 1 || v > 100000)
				return cli_usage_error("eval", "--adapt-weight must be 1..100000");
			eo->adapt_weight = (unsigned)v;
			break;
		case 'f':
			v = strtol(optarg, &end, 10);
			if (*end || v < 2 || v > 1000)
				return cli_usage_error("eval", "--folds must be 2..1000");
			eo->folds = (unsigned)v;
			a->folds_given = 1;
			break;
		case 'a': eo->by_app = 1; break;
		case 'k':
			if (cli_parse_kind(optarg, &eo->train.kind))
				return cli_usage_error("eval", "--kind must be linear or svm");
			break;
		case 's':
			eo->seed = strtoull(optarg, &end, 10);
			if (*end || !*optarg)
				return cli_usage_error("eval", "--seed must be a number");
			break;
		case 'n':
			v = strtol(optarg, &end, 10);
			if (*end || v < 0)
				return cli_usage_error("eval", "--annotated must be a count");
			eo->annotated = (size_t)v;
			break;
		case 'B': eo->skip_bad = a->bad.skip = 1; break;
		case 't':
			v = strtol(optarg, &end, 10);
			if (*end || v < 1 || v > 1024)
				return cli_usage_error("eval", "--threads must be 1..1024");
			eo->threads = (unsigned)v;
			break;
		case 'j': a->json = 1; break;
		case 'b': a->baselines = optarg; break;
		case 'F': a->comparator_features = 1; break;
		case 'C': a->compare_config = optarg; break;
		case 'H': eo->format = SMART_FORMAT_HTML; break;
		case 'X': eo->format = SMART_FORMAT_XML; break;
		case 'R':
			if (!cli_is_dir(optarg))
				return cli_failf("%s: not a folder (--runs takes the folder of the "
						 "applications' clean runs)", optarg);
			a->profiles.runs_dir = optarg;
			break;
		case 'E': a->profiles.from_reruns = 1; break;
		case 'L': a->calibrate = 1; break;
		case 'w': eo->raw = 1; break;
		case 'Z':
			if (smart_scrubbers_parse(optarg, &eo->scrubbers_off, &err))
				return cli_usage_error("eval", "%s", err.message);
			a->scrubbers_given = 1;
			break;
		case 'm': a->model = optarg; break;
		case 'Y': a->ablate = 1; break;
		case 'V': a->eo.signatures = 1; break;
		case 'J': eo->hold_out_rules = 1; break;
		case 'T':
			if (smart_train_rows_parse(optarg, &eo->train_rows))
				return cli_usage_error("eval", "--train-rows must be ordinary, "
						       "first-look or both");
			break;
		case 'P':
			if (smart_profile_set_add(&a->profiles, optarg, &err))
				return cli_fail(&err);
			break;
		default:
			return cli_bad_option("eval", c, argv);
		}
	}
	a->corpora = argv + optind;
	a->n_corpora = optind < argc ? (size_t)(argc - optind) : 0;
	return -1;
}

/* Checks the combination of options: -1 when it is sound, else the usage
 * error. */
static int check_eval(const eval_args *a)
{
	const smart_eval_options *eo = &a->eo;
	const smart_profile_set *ps = &a->profiles;

	if ((eo->hold_out_rules || eo->train_rows) &&
	    (!eo->by_app || (eo->adapt && (eo->train_rows || eo->transfer_cutoff || a->model)) ||
	     a->sharded || a->from_shards || a->baselines ||
	     a->comparator_features || ps->runs_dir || ps->from_reruns || ps->n || a->calibrate ||
	     (a->model && eo->train_rows)))
		return cli_usage_error("eval", "--hold-out-rules and --train-rows go with --by-app, "
				       "without shards, comparators, profiles or (--train-rows) "
				       "--model; --adapt goes with --hold-out-rules alone");
	if (eo->transfer_cutoff &&
	    (!eo->by_app || eo->adapt || eo->train_rows || a->model || a->sharded ||
	     a->from_shards || a->baselines || a->comparator_features || a->ablate ||
	     ps->runs_dir || ps->from_reruns || ps->n || a->calibrate))
		return cli_usage_error("eval", "--cutoff transfer goes with --by-app, without "
				       "--adapt, --train-rows, --model, shards, comparators, "
				       "--ablate-scrubbers or profiles");
	if (eo->clean_cutoff > 0 && (!eo->by_app || eo->adapt))
		return cli_usage_error("eval", "--clean-cutoff goes with --by-app, without --adapt");
	if (a->plots && (a->sharded || ps->runs_dir || ps->from_reruns || ps->n))
		return cli_usage_error("eval", "--plots does not go with --shard or profiles "
				       "(--runs, --profile-reruns, --profile)");
	if (ps->runs_dir || ps->from_reruns || ps->n || a->calibrate) {
		if (a->sharded || a->from_shards)
			return cli_usage_error("eval", "--shard and --from-shards do not go with "
					       "profiles (--runs, --profile-reruns, --profile)");
		if (!eo->by_app || !a->n_corpora || (ps->runs_dir && ps->from_reruns) ||
		    a->ablate || (a->model && a->calibrate) ||
		    (a->calibrate && !ps->runs_dir && !ps->from_reruns) || a->baselines ||
		    a->comparator_features || eo->signatures)
			return cli_usage_error("eval", "--runs, --profile-reruns, --profile and --calibrate "
					       "go with --by-app and a corpus (one of --runs and "
					       "--profile-reruns; --calibrate needs one of them, and "
					       "neither --model, --ablate-scrubbers nor --review-sim)");
		return -1;
	}
	if ((a->sharded || a->from_shards) &&
	    (eo->adapt || (a->sharded && (a->from_shards || !a->shard_out))))
		return cli_usage_error("eval", "--shard needs -o FILE, and neither it nor "
				       "--from-shards goes with --adapt or profiles");
	if (a->shard_out && !a->sharded)
		return cli_usage_error("eval", "-o is for --shard");
	if (a->folds_given && eo->by_app)
		return cli_usage_error("eval", "--folds and --by-app exclude each other");
	if ((eo->adapt || eo->adapt_weight || a->order_given) && !eo->by_app)
		return cli_usage_error("eval", "--adapt, --adapt-weight and --adapt-order go "
				       "with --by-app");
	if (!a->n_corpora)
		return cli_usage_error("eval", "no corpus given");
	if ((a->model || a->ablate) &&
	    (!eo->by_app || eo->adapt || a->sharded || a->from_shards || a->plots ||
	     a->baselines || a->comparator_features))
		return cli_usage_error("eval", "--model and --ablate-scrubbers go with --by-app, "
				       "without --adapt, --shard, --plots or comparators");
	if (a->model && (a->scrubbers_given || eo->raw))
		return cli_usage_error("eval", "--model measures pairs as its training pairs "
				       "were: not with --scrubbers or --raw");
	if (eo->signatures && (a->sharded || a->from_shards || a->plots || a->ablate ||
			       a->baselines || a->comparator_features))
		return cli_usage_error("eval", "--review-sim goes with neither --shard, "
				       "--from-shards, --plots, --ablate-scrubbers nor comparators");
	if (a->compare_config && !a->baselines && !a->comparator_features)
		return cli_usage_error("eval", "--compare-config needs --baselines or --comparator-features");
	return -1;
}

static int run_eval(int argc, char **argv)
{
	eval_args a = { .eo = SMART_EVAL_OPTIONS_INIT, .eo.adapt_profiles = 1,
			.eo.adapt_accept = 1, .eo.adapt_clean_cutoff = 0 };
	cli_eval_shards shards = { 0 };
	cli_comparators cmp = { 0 };
	smart_eval_report report = { 0 };
	smart_error err = { "" };
	const char **names = NULL;
	signed char *signs = NULL;
	smart_model *model = NULL;
	size_t n = 0;
	cli_progress progress;
	int rc = parse_eval(argc, argv, &a);

	if (rc < 0)
		rc = check_eval(&a);
	if (rc < 0 && a.plots && smart_plot_dir_check(a.plots, &err))
		rc = cli_fail(&err); /* before the work, not after it */
	if (rc >= 0)
		goto done;
	a.eo.progress = cli_progress_start(&progress, "pairs", a.quiet);
	a.eo.on_bad = cli_on_bad_record;
	a.eo.bad_payload = &a.bad;
	a.bad.progress = &progress;
	a.eo.progress_ctx = &progress;
	names = smart_feature_names(&n);
	if (!names) {
		rc = cli_failf("out of memory");
		goto done;
	}
	if (a.profiles.runs_dir || a.profiles.from_reruns || a.profiles.n) {
		a.profiles.corpora = (const char *const *)a.corpora;
		a.profiles.n_corpora = a.n_corpora;
		a.profiles.format = a.eo.format;
		a.eo.profiles = &a.profiles;
		a.eo.calibrate_reruns = a.calibrate;
		a.eo.raw = 0; /* profiles are compared on scrubbed features */
	} else if ((a.baselines || a.comparator_features) &&
		   cli_comparators_open(&cmp, a.baselines, a.compare_config, names, n,
					a.comparator_features)) {
		rc = CLI_TROUBLE;
		goto done;
	}
	a.eo.comparators = (smart_comparator_set){ .comparators = cmp.v, .n = cmp.n,
						   .config = cmp.config };
	a.eo.comparator_features = a.comparator_features;
	a.eo.names = a.comparator_features ? cmp.names : names;
	a.eo.n_names = a.comparator_features ? cmp.n_names : n;
	a.eo.per_app = !a.comparator_features;
	signs = cli_feature_signs(a.eo.names, a.eo.n_names);
	if (!signs) {
		rc = cli_failf("out of memory");
		goto done;
	}
	a.eo.train.signs = signs;
	if (a.model && !(model = cli_eval_model(&a.eo, a.model, names, n))) {
		rc = CLI_TROUBLE;
		goto done;
	}
	if (a.ablate) {
		rc = cli_eval_ablate((const char *const *)a.corpora, a.n_corpora, &a.eo, a.json);
		cli_progress_clear(&progress);
		goto done;
	}
	if (a.sharded) {
		rc = cli_eval_shard(&a.eo, a.corpora, a.n_corpora, &a.shard, a.shard_out);
		cli_progress_clear(&progress);
		goto done;
	}
	if (a.from_shards) {
		shards.paths = a.corpora;
		shards.n = a.n_corpora;
		cli_eval_shard_params(&a.eo, shards.params, sizeof(shards.params));
		a.eo.fill_table = cli_eval_fill_from_shards;
		a.eo.fill_payload = &shards;
	}
	rc = smart_eval_corpora((const char *const *)a.corpora, a.n_corpora, &a.eo, &report,
				&err);
	cli_progress_clear(&progress);
	if (rc)
		rc = report.bad && !a.bad.skip ? cli_fail_bad_records(&report.first_bad, report.bad)
					       : cli_fail(&err);
	else if (a.eo.profiles)
		rc = cli_eval_profiles_print(&report, &a.profiles, a.json);
	else if (a.plots && smart_eval_plots_write(&report, &a.eo, a.plots, &err))
		rc = cli_fail(&err);
	else if (a.scores && cli_eval_scores_write(&report, a.scores, a.eo.adapt > 0) != CLI_SAME)
		rc = CLI_TROUBLE;
	else if (a.eo.signatures)
		rc = cli_eval_review_sim_print(&report, a.json);
	else
		rc = cli_eval_print(&report, &a.eo, a.json);
done:
	smart_eval_report_free(&report);
	smart_profile_set_free(&a.profiles);
	cli_comparators_close(&cmp);
	smart_model_free(model);
	free(signs);
	free(names);
	return rc;
}

const cli_command cli_cmd_eval = { "eval", "cross-validate a model beside diff, tree-diff and coins",
				   run_eval };
