/* smart classify — inspect or ignore: one pair, a corpus, or two folders. */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "cli_accepted.h"
#include "cli_classify.h"
#include "cli_explain.h"
#include "cli_model.h"
#include "cli_progress.h"
#include "cli_shard.h"

static void usage(FILE *out)
{
	fprintf(out,
		"usage: smart classify [--model M] [--json] [--html|--xml] OLD NEW\n"
		"       smart classify [--model M] [--json] [--junit FILE] [--report FILE.html] --corpus PAIRS.jsonl\n"
		"       smart classify [--model M] [--json] [--junit FILE] [--report FILE.html] OLD_DIR NEW_DIR\n\n"
		"Says whether the new output needs a human's look (inspect) or not (ignore).\n"
		"Without --model, the default model compiled into smart is used.\n"
		"Exit status: 0 every pair ignore, 1 some pair inspect, 2 trouble.\n\n"
		"  --model M      a model written by 'smart train'\n"
		"  --corpus FILE  classify every pair of a JSON Lines corpus\n"
		"  --json         JSON (batch: JSON Lines {app,test,decision,score,severity}\n"
		"                 in input order; severity none, cosmetic, content or broken)\n"
		"  --junit FILE   also write a JUnit XML report (batch forms); the table of\n"
		"                 rows is then left out (trouble rows and the summary stay)\n"
		"  --report FILE  also write an HTML report (batch forms; as --junit): the\n"
		"                 flagged pairs grouped by change, why for every pair, each\n"
		"                 pair side by side (docs/report.md)\n"
		"  --top K        features shown in the explanation of one pair (default 5)\n"
		"  --threads N    batch: classify on N threads (default: all cores); one\n"
		"                 pair: N >= 2 parses OLD and NEW side by side (default),\n"
		"                 1 one after the other\n"
		"  -q, --quiet    batch: no progress line (it is drawn on stderr only\n"
		"                 when stderr is a terminal)\n"
		"  --shard K/N    batch: classify only shard K of N (by a hash of each\n"
		"                 pair's name); --json, --junit and --report then write shard outputs\n"
		"                 that 'smart merge' joins into the unsharded run's output\n"
		"  --app NAME     folders: the application's name in the rows, JSON, JUnit\n"
		"                 and report (default: the folder that holds both, when\n"
		"                 OLD_DIR and NEW_DIR sit side by side in one, as myapp/old\n"
		"                 and myapp/new; else NEW_DIR's name)\n"
		"  --strict       folders: a file that is skipped (not HTML or XML, a FIFO,\n"
		"                 a link loop; each is named on stderr) is trouble\n"
		"  --html, --xml  parse as HTML or XML (default: sniffed; a corpus record's\n"
		"                 \"format\" wins)\n"
		"  --profile FILE the application's volatility profile ('smart profile'): edits\n"
		"                 where and as its clean runs vary count as noise; pairs are\n"
		"                 decided by the model's cutoff for profiles when it has one\n"
		"  --accepted FILE  changes accepted with 'smart review --by-change' (default:\n"
		"                 .smart/accepted.json here, else beside OLD): a pair whose\n"
		"                 every residual change is one of them is ignored, and the\n"
		"                 output says so; so are the change classes an adapted model\n"
		"                 accepts ('smart train --adapt', docs/adaptation.md)\n"
		"  --no-accepted  no accepted changes, even where .smart/accepted.json is,\n"
		"                 nor the adapted model's classes\n"
		"  --calibrate RUN  (two or more, each after --calibrate) clean runs of the\n"
		"                 application, folders or .tar[.gz] archives as 'smart profile'\n"
		"                 reads them: every rerun pair must be ignore; if one is not,\n"
		"                 the cutoff is moved just past it (never stricter; it can\n"
		"                 wave faults through when reruns vary in structure, where a\n"
		"                 --profile is the remedy), and what was done is reported\n"
		"  --calibrate-bound B  with --calibrate: keep the cutoff when the worst\n"
		"                 rerun scores more than B past it (docs/first-look.md)\n");
}


/* ---- one pair ---------------------------------------------------------- */

/* Classifies the pair and prints its JSON object
 * (smart_classify_pair_json) on stdout; on an inspect with the edit
 * operations that were judged ("changes"), so that a caller (bindings/js)
 * can show what changed: read from the one measurement that decided. */
static int classify_json(const smart_model *m, const classify_args *a,
			 const smart_document *old_doc, const smart_document *new_doc,
			 const smart_classify_options *co)
{
	smart_error err = { "" };
	cJSON *o = smart_classify_pair_json(m, old_doc, new_doc, co, (unsigned)a->top, &err);
	const cJSON *decision = cJSON_GetObjectItemCaseSensitive(o, "decision");
	int inspect = cJSON_IsString(decision) && strcmp(decision->valuestring, "inspect") == 0;

	if (!o)
		return cli_fail(&err);
	if (cli_print_json(o) != CLI_SAME)
		return CLI_TROUBLE;
	return inspect ? CLI_DIFFER : CLI_SAME;
}

/* The folder form skips a file that is HTML or XML neither by its name nor
 * by its first bytes (plain text, JSON); the pair form refuses the same
 * file rather than parse it as HTML, unless --html or --xml says what it
 * is. -1 with `err` set for such a file. */
static int not_markup(const classify_args *o, const char *path, const char *data, size_t len,
		      smart_error *err)
{
	if (o->format != SMART_FORMAT_AUTO || smart_looks_like_document(path, data, len))
		return 0;
	return smart_error_set(err, "%s: not HTML or XML (by its name and first bytes; --html or "
			       "--xml parses it anyway)", path);
}

static int classify_pair(const smart_model *m, const classify_args *o, const char *old_path,
			 const char *new_path)
{
	char *old_doc = NULL, *new_doc = NULL;
	size_t old_len, new_len;
	double *values = calloc(m->n_features ? m->n_features : 1, sizeof(double));
	smart_classification c = { .values = values };
	smart_classify_options co = SMART_CLASSIFY_OPTIONS_INIT;
	int rc;
	smart_error err = { "" };

	if (!values)
		return cli_failf("out of memory");

	co.profile = o->profile;
	co.test = new_path;
	co.format = o->format;
	co.signatures = o->json;
	co.accepted = o->accepted;
	co.pair_threads = o->threads ? o->threads : 2; /* 2 if the cores allow */
	if (smart_file_read(old_path, SMART_TREE_MAX_FILE, &old_doc, &old_len, &err) ||
	    smart_file_read(new_path, SMART_TREE_MAX_FILE, &new_doc, &new_len, &err) ||
	    not_markup(o, old_path, old_doc, old_len, &err) ||
	    not_markup(o, new_path, new_doc, new_len, &err))
		rc = cli_fail(&err);
	else if (o->json)
		rc = classify_json(m, o, &(smart_document){ old_doc, old_len, old_path },
				   &(smart_document){ new_doc, new_len, new_path }, &co);
	else if (smart_classify_pair(m, &(smart_document){ old_doc, old_len, old_path },
				     &(smart_document){ new_doc, new_len, new_path }, &co, &c, &err))
		rc = cli_fail(&err);
	else
		rc = cli_explain_text(stdout, m, &c, o->top);
	if (c.accepted && !o->json)
		printf("ignored: every residual change was accepted in review (%s)\n",
		       o->accepted_path);
	free(old_doc);
	free(new_doc);
	free(values);
	free(c.signatures);
	return rc;
}


/* --shard: what the shards of one run must share, in o->params: the form,
 * the outputs asked for, the parser, the model's decision (after any
 * calibration), the profile's bytes and the application's name (folders:
 * by default the folder that holds both, which differs from machine to
 * machine unless --app names it). */
static int shard_params(classify_args *o, const smart_model *m, const char *profile_path,
			const char *old_dir, const char *new_dir)
{
	smart_error err = { "" };
	uint64_t profile_hash;
	uint64_t accepted_hash;
	char app[256] = "";

	if (cli_file_fingerprint(profile_path, &profile_hash, &err) ||
	    cli_file_fingerprint(o->accepted && strcmp(o->accepted_path, CLI_ACCEPTED_MODEL)
				 ? o->accepted_path : NULL, &accepted_hash, &err))
		return cli_fail(&err);
	if (o->app)
		snprintf(app, sizeof(app), "%s", o->app);
	else if (!o->corpus)
		smart_classify_dirs_app(old_dir, new_dir, app, sizeof(app));
	snprintf(o->params, sizeof(o->params),
		 "classify form=%s format=%d model=%016llx profile=%016llx accepted=%016llx "
		 "app=%016llx", o->corpus ? "corpus" : "folders",
		 (int)o->format, (unsigned long long)cli_model_fingerprint(m),
		 (unsigned long long)profile_hash, (unsigned long long)accepted_hash,
		 (unsigned long long)smart_shard_hash(app, strlen(app)));
	return CLI_SAME;
}

static int run_classify(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "model", required_argument, NULL, 'm' },
		{ "corpus", required_argument, NULL, 'c' },
		{ "junit", required_argument, NULL, 'J' },
		{ "report", required_argument, NULL, 'R' },
		{ "json", no_argument, NULL, 'j' },
		{ "top", required_argument, NULL, 'T' },
		{ "threads", required_argument, NULL, 't' },
		{ "shard", required_argument, NULL, 's' },
		{ "strict", no_argument, NULL, 'S' },
		{ "html", no_argument, NULL, 'H' },
		{ "xml", no_argument, NULL, 'X' },
		{ "profile", required_argument, NULL, 'P' },
		{ "calibrate", required_argument, NULL, 'C' },
		{ "calibrate-bound", required_argument, NULL, 'B' },
		{ "accepted", required_argument, NULL, 'a' },
		{ "no-accepted", no_argument, NULL, 'N' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "app", required_argument, NULL, 'A' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	classify_args o = { .top = 5, .format = SMART_FORMAT_AUTO };
	const char *profile_path = NULL, *accepted_given = NULL;
	char accepted_path[4096];
	smart_accepted *accepted = NULL;
	int no_accepted = 0;
	char *runs[64];
	size_t n_runs = 0;
	smart_profile *profile = NULL;
	smart_shard_walk shard;
	smart_error err = { "" };
	smart_model *model;
	const char **names;
	size_t n;
	long v;
	char *end;
	int c, rc;

	optind = 1;
	while ((c = getopt_long(argc, argv, ":hq", opts, NULL)) != -1) {
		switch (c) {
		case 'h': usage(stdout); return CLI_SAME;
		case 'q': o.quiet = 1; break;
		case 'm': o.model_path = optarg; break;
		case 'c': o.corpus = optarg; break;
		case 'J': o.junit = optarg; break;
		case 'R': o.report = optarg; break;
		case 'j': o.json = 1; break;
		case 'T':
			v = strtol(optarg, &end, 10);
			if (*end || v < 0 || v > 64)
				return cli_usage_error("classify", "--top must be 0..64");
			o.top = (int)v;
			break;
		case 't':
			v = strtol(optarg, &end, 10);
			if (*end || v < 1 || v > 1024)
				return cli_usage_error("classify", "--threads must be 1..1024");
			o.threads = (unsigned)v;
			break;
		case 's':
			if (cli_shard_parse("classify", optarg, &shard) != CLI_SAME)
				return CLI_TROUBLE;
			o.shard = &shard;
			break;
		case 'S': o.strict = 1; break;
		case 'A':
			if (!*optarg)
				return cli_usage_error("classify", "--app needs a name");
			o.app = optarg;
			break;
		case 'H': o.format = SMART_FORMAT_HTML; break;
		case 'X': o.format = SMART_FORMAT_XML; break;
		case 'P': profile_path = optarg; break;
		case 'a': accepted_given = optarg; break;
		case 'N': no_accepted = 1; break;
		case 'C':
			if (n_runs == sizeof(runs) / sizeof(runs[0]))
				return cli_usage_error("classify", "at most 64 --calibrate runs");
			if (!cli_is_dir(optarg) && !smart_run_is_archive_name(optarg))
				return cli_failf("%s: not a folder or a run archive (--calibrate takes "
						 "clean runs, as 'smart profile' does)", optarg);
			runs[n_runs++] = optarg;
			break;
		case 'B':
			o.calibrate_bound = strtod(optarg, &end);
			if (*end || !*optarg || !(o.calibrate_bound > 0))
				return cli_usage_error("classify", "--calibrate-bound must be > 0");
			break;
		default: return cli_bad_option("classify", c, argv);
		}
	}
	if (o.corpus ? optind != argc : argc - optind != 2)
		return cli_usage_error("classify", o.corpus ? "--corpus takes no other operands"
							    : "needs OLD and NEW");
	for (int i = 0; !o.corpus && i < 2; i++)
		if (access(argv[optind + i], F_OK) != 0)
			return cli_failf("%s: %s", argv[optind + i], strerror(errno));
	if (!o.corpus && cli_is_dir(argv[optind]) != cli_is_dir(argv[optind + 1]))
		return cli_failf("%s and %s: give two files or two folders",
				 argv[optind], argv[optind + 1]);
	if ((o.junit || o.report) && !o.corpus && !cli_is_dir(argv[optind]))
		return cli_usage_error("classify", "--junit and --report are for --corpus or two folders");
	if (n_runs == 1 || (o.calibrate_bound > 0 && !n_runs))
		return cli_usage_error("classify", n_runs ? "--calibrate needs two or more runs"
						       : "--calibrate-bound goes with --calibrate");
	if (o.shard && (!o.corpus && !cli_is_dir(argv[optind])))
		return cli_usage_error("classify", "--shard is for --corpus or two folders");
	if (o.shard && !o.json && !o.junit && !o.report)
		return cli_usage_error("classify", "--shard writes mergeable --json, --junit and "
				       "--report output (not text)");
	/* before a long batch */
	if ((o.junit && smart_file_check_writable(o.junit, &err) < 0) ||
	    (o.report && smart_file_check_writable(o.report, &err) < 0))
		return cli_fail(&err);
	if (profile_path) {
		profile = smart_profile_load(profile_path, &err);
		if (!profile)
			return cli_fail(&err);
		o.profile = profile;
	}
	names = smart_feature_names(&n);
	if (!names) {
		smart_profile_free(profile);
		return cli_failf("out of memory");
	}
	model = cli_load_model(o.model_path, names, n, &err);
	if (!model) {
		free(names);
		smart_profile_free(profile);
		return cli_fail(&err);
	}
	if (!profile && model->profile && /* an adapted model's own profile */
	    !(o.profile = profile = smart_model_carried_profile(model, o.model_path, &err))) {
		smart_model_free(model);
		free(names);
		return cli_fail(&err);
	} else if (profile_path && !model->provenance.profiles)
		fprintf(stderr, "smart: note: the model was trained without profiles "
				"(smart train --profile gives it the volatility features' weights)\n");
	/* pairs measured with a profile are decided by the model's cutoff
	 * for them, when it has one (docs/profile.md), before calibration
	 * moves it and every report shows it */
	if (o.profile)
		smart_model_use_profile_cutoff(model);
	if (n_runs && cli_classify_calibrate(model, &o, runs, n_runs, o.json ? stderr : stdout)) {
		smart_model_free(model);
		free(names);
		smart_profile_free(profile);
		return CLI_TROUBLE;
	}
	/* the changes accepted in review, found by themselves (docs/review.md) */
	rc = cli_accepted_find(accepted_given, no_accepted, o.corpus ? NULL : argv[optind],
			       &accepted, accepted_path, sizeof(accepted_path), &err);
	/* and the change classes an adapted model accepts (docs/adaptation.md) */
	if (rc == 0 && !no_accepted)
		rc = smart_model_add_carried_accepted(model, o.model_path, &accepted, &err);
	if (rc == 0 && accepted && !accepted_path[0])
		snprintf(accepted_path, sizeof(accepted_path), "%s", CLI_ACCEPTED_MODEL);
	o.accepted = accepted;
	o.accepted_path = accepted_path;
	if (rc == 0 && accepted && o.json) /* text output says it in its summary */
		fprintf(stderr, "smart: note: using %zu %s accepted in review (%s)\n", accepted->n,
			accepted->n == 1 ? "change" : "changes", accepted_path);
	if (rc)
		rc = cli_fail(&err);
	else if (o.shard && shard_params(&o, model, profile_path, o.corpus ? NULL : argv[optind],
					 o.corpus ? NULL : argv[optind + 1]) != CLI_SAME)
		rc = CLI_TROUBLE;
	else if (o.corpus || cli_is_dir(argv[optind]))
		rc = cli_classify_batch(model, &o, o.corpus ? NULL : argv[optind],
				    o.corpus ? NULL : argv[optind + 1]);
	else
		rc = classify_pair(model, &o, argv[optind], argv[optind + 1]);
	smart_accepted_free(accepted);
	smart_model_free(model);
	free(names);
	smart_profile_free(profile);
	return rc;
}

const cli_command cli_cmd_classify = { "classify", "inspect or ignore: one pair, a corpus or two folders",
				       run_classify };
