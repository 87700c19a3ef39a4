/* smart classify — inspect or ignore: one pair, a corpus, or two folders. */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

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
		"  --json         JSON (batch: JSON Lines {app,test,decision,score} in input order)\n"
		"  --junit FILE   also write a JUnit XML report (batch forms)\n"
		"  --report FILE  also write an HTML report (batch forms)\n"
		"  --top K        features shown in the explanation of one pair (default 5)\n"
		"  --threads N    batch: classify on N threads (default: all cores)\n"
		"  -q, --quiet    batch: no progress line (it is drawn on stderr only\n"
		"                 when stderr is a terminal)\n"
		"  --shard K/N    batch: classify only shard K of N (by a hash of each\n"
		"                 pair's name); --json, --junit and --report then write shard outputs\n"
		"                 that 'smart merge' joins into the unsharded run's output\n"
		"  --strict       folders: a file that is skipped (not HTML or XML, a FIFO,\n"
		"                 a link loop; each is named on stderr) is trouble\n"
		"  --html, --xml  parse as HTML or XML (default: sniffed; a corpus record's\n"
		"                 \"format\" wins)\n"
		"  --profile FILE the application's volatility profile ('smart profile'): edits\n"
		"                 where and as its clean runs vary count as noise\n"
		"  --calibrate RUN  (two or more, each after --calibrate) clean runs of the\n"
		"                 application, folders or .tar[.gz] archives as 'smart profile'\n"
		"                 reads them: every rerun pair must be ignore; if one is not,\n"
		"                 the cutoff is moved just past it (never stricter; it can\n"
		"                 wave faults through when reruns vary in structure, where a\n"
		"                 --profile is the remedy), and what was done is reported\n");
}

typedef struct options {
	const char *model_path, *corpus, *junit, *report;
	const smart_profile *profile;
	smart_shard_walk *shard; /* --shard: this run's part, else NULL */
	char params[256];        /* --shard: what the shards of one run share */
	int json, top, strict, quiet;
	unsigned threads;
	smart_format format;
} options;

/* ---- one pair ---------------------------------------------------------- */

static int explain_json(const smart_model *m, const smart_classification *c, int top)
{
	const double *v = c->values;
	int inspect = c->inspect;
	size_t idx[64], k = smart_top_features(m, v, idx, top > 64 ? 64 : (size_t)top);
	cJSON *o = cJSON_CreateObject(), *feats, *tops, *disc;
	char discounted[256];

	if (!o)
		return cli_failf("out of memory");
	cJSON_AddStringToObject(o, "decision", inspect ? "inspect" : "ignore");
	cJSON_AddNumberToObject(o, "score", c->score);
	cJSON_AddNumberToObject(o, "cutoff", m->cutoff);
	cJSON_AddStringToObject(o, "comparison", smart_comparison_name(m->comparison));
	cJSON_AddStringToObject(o, "severity", smart_severity_name(c->severity));
	if (c->severity_reason)
		cJSON_AddStringToObject(o, "severity_reason", c->severity_reason);
	feats = cJSON_AddObjectToObject(o, "features");
	for (size_t j = 0; feats && j < m->n_features; j++)
		cJSON_AddNumberToObject(feats, m->names[j], v[j]);
	tops = cJSON_AddArrayToObject(o, "top_features");
	for (size_t i = 0; tops && i < k; i++) {
		cJSON *t = cJSON_CreateObject();

		cJSON_AddItemToArray(tops, t);
		cJSON_AddStringToObject(t, "name", m->names[idx[i]]);
		cJSON_AddNumberToObject(t, "value", v[idx[i]]);
		cJSON_AddNumberToObject(t, "weight", m->weights[idx[i]]);
		cJSON_AddNumberToObject(t, "contribution",
					smart_model_contribution(m, v, idx[i]));
	}
	/* what scrubbing explained away (docs/features.md) */
	cJSON_AddBoolToObject(o, "only_volatile", c->only_volatile);
	disc = cJSON_AddObjectToObject(o, "discounted");
	smart_discount_text(c->discounted, discounted, sizeof(discounted));
	if (disc) {
		cJSON_AddNumberToObject(disc, "total", c->discounted_total);
		cJSON_AddStringToObject(disc, "text", discounted);
	}
	if (cli_print_json(o) != CLI_SAME)
		return CLI_TROUBLE;
	return inspect ? CLI_DIFFER : CLI_SAME;
}

static int classify_pair(const smart_model *m, const options *o, const char *old_path,
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
	if (smart_file_read(old_path, SMART_TREE_MAX_FILE, &old_doc, &old_len, &err) ||
	    smart_file_read(new_path, SMART_TREE_MAX_FILE, &new_doc, &new_len, &err) ||
	    smart_classify_pair(m, &(smart_document){ old_doc, old_len, old_path },
				&(smart_document){ new_doc, new_len, new_path }, &co, &c, &err))
		rc = cli_fail(&err);
	else if (o->json)
		rc = explain_json(m, &c, o->top);
	else
		rc = cli_explain_text(stdout, m, &c, o->top);
	free(old_doc);
	free(new_doc);
	free(values);
	return rc;
}

/* ---- batches ------------------------------------------------------------ */

typedef struct batch {
	const smart_model *model;
	const options *o;
	smart_junit *junit;
	smart_html_report *report;
	smart_shard_out *json_shard, *junit_shard, *report_shard; /* --shard: instead of
	                                    * stdout, --junit, --report */
	size_t junit_counts[3];            /* --shard: tests, failures, errors */
	size_t report_counts[4];           /* --shard: pairs, inspect, ignore, trouble */
	size_t pairs, inspect, trouble, skipped;
	cli_progress progress; /* on stderr when it is a terminal, unless --quiet */
	int shared_terminal;   /* stdout is a terminal too: rows erase the line */
	char first_problem[SMART_ERROR_MAX]; /* said on stderr at the end */
	char first_skipped[SMART_ERROR_MAX];
} batch;

/* A verdict's JSON line: on stdout, or into the shard output. */
static int put_json(batch *b, const smart_verdict *v, smart_error *err)
{
	char *line = smart_verdict_json(v, err);
	size_t len;
	int rc = 0;

	if (!line)
		return -1;
	if (!b->json_shard) {
		printf("%s\n", line);
	} else {
		len = strlen(line);
		line[len] = '\n'; /* the item is the line as stdout has it */
		rc = smart_shard_out_item(b->json_shard, v->index, line, len + 1, err);
	}
	free(line);
	return rc;
}

/* A verdict's JUnit <testcase> into the shard output, and its counts. */
static int put_junit_case(batch *b, const smart_verdict *v, smart_error *err)
{
	int failure, error;
	char *tc = smart_junit_testcase(b->model, v, &failure, &error, err);
	int rc = tc ? smart_shard_out_item(b->junit_shard, v->index, tc, strlen(tc), err) : -1;

	free(tc);
	b->junit_counts[0]++;
	b->junit_counts[1] += (size_t)failure;
	b->junit_counts[2] += (size_t)error;
	return rc;
}

/* A verdict's HTML report row into the shard output, and its counts. */
static int put_report_row(batch *b, const smart_verdict *v, smart_error *err)
{
	char *row = smart_html_report_row(b->model, v, err);
	int rc = row ? smart_shard_out_item(b->report_shard, v->index, row, strlen(row), err) : -1;

	free(row);
	b->report_counts[0]++;
	b->report_counts[1] += v->inspect && !v->trouble;
	b->report_counts[2] += !v->inspect;
	b->report_counts[3] += v->trouble != 0;
	return rc;
}

static int on_verdict(void *ctx, const smart_verdict *v, smart_error *err)
{
	batch *b = ctx;

	if (v->skipped) {
		/* Not a pair: named on stderr (and in JSON), never scored. */
		if (b->shared_terminal)
			cli_progress_clear(&b->progress);
		fprintf(stderr, "smart: skipped %s: %s\n", v->test, v->skipped);
		if (b->skipped++ == 0)
			snprintf(b->first_skipped, sizeof(b->first_skipped), "%s: %s", v->test,
				 v->skipped);
		return b->o->json ? put_json(b, v, err) : 0;
	}
	b->pairs++;
	b->inspect += v->inspect != 0;
	/* Each pair that could not be classified is a row of the report (JSON:
	 * "error"); stderr gets one line for all of them when the batch ends. */
	if (v->trouble && b->trouble++ == 0)
		snprintf(b->first_problem, sizeof(b->first_problem), "%s", v->problem);
	if (b->o->json) {
		if (put_json(b, v, err))
			return -1;
	} else if (!v->trouble) {
		char score[32] = "-";

		if (isfinite(v->score))
			snprintf(score, sizeof(score), "%.4f", v->score);
		if (b->shared_terminal)
			cli_progress_clear(&b->progress); /* the row replaces the progress line */
		printf("%-8s %10s  %s%s%s%s%s%s%s\n", v->inspect ? "inspect" : "ignore", score,
		       v->app, *v->app ? "/" : "", v->test, v->problem ? "  " : "",
		       v->problem ? v->problem : "", v->severity ? "  severity " : "",
		       v->severity ? smart_severity_name(v->severity) : "");
		if (b->shared_terminal)
			fflush(stdout);
	} else {
		if (b->shared_terminal)
			cli_progress_clear(&b->progress);
		printf("%-8s %10s  %s\n", "trouble", "-", v->problem);
	}
	if (b->junit && smart_junit_add(b->junit, b->model, v, err))
		return -1;
	if (b->junit_shard && put_junit_case(b, v, err))
		return -1;
	if (b->report_shard && put_report_row(b, v, err))
		return -1;
	if (b->report && smart_html_report_add(b->report, b->model, v, err))
		return -1;
	return 0;
}

/* A shard output of `kind` framed by `head` (freed here) and `tail`. */
static smart_shard_out *framed_shard(const char *kind, const char *params, char *head,
				     const char *tail, smart_error *err)
{
	smart_shard_out *o = head ? smart_shard_out_new(kind, params, err) : NULL;

	if (o && smart_shard_out_frame(o, head, tail, err)) {
		smart_shard_out_free(o);
		o = NULL;
	}
	free(head);
	return o;
}

/* --shard: the shard outputs that stand for stdout (--json), --junit and
 * --report. */
static int shards_open(batch *b, const char *suite, smart_error *err)
{
	const options *o = b->o;

	if ((o->json && !(b->json_shard = smart_shard_out_new("classify-jsonl", o->params, err))) ||
	    (o->junit && !(b->junit_shard = framed_shard("classify-junit", o->params,
							 smart_junit_head_template(suite, err),
							 SMART_JUNIT_TAIL, err))) ||
	    (o->report &&
	     !(b->report_shard = framed_shard("classify-html", o->params,
					      smart_html_report_head_template(suite, b->model, err),
					      SMART_HTML_REPORT_TAIL, err)))) {
		smart_shard_out_free(b->json_shard);
		smart_shard_out_free(b->junit_shard);
		return -1;
	}
	return 0;
}

/* Writes (and frees) shard output `out` with its counters to `path`
 * (NULL: stdout), or only frees it when an earlier one failed. */
static int shard_finish_one(smart_shard_out *out, const char *const *names, const size_t *counts,
			    size_t n, const smart_shard_walk *w, const char *path, int rc)
{
	smart_error err = { "" };

	for (size_t i = 0; out && rc == CLI_SAME && i < n; i++)
		if (smart_shard_out_count(out, names[i], counts[i], &err))
			rc = cli_fail(&err);
	if (out && rc == CLI_SAME)
		return cli_shard_write(out, w, path);
	smart_shard_out_free(out);
	return rc;
}

/* --shard: writes (and frees) the shard outputs, each recording the exit
 * status this shard's pairs give (classify_batch's), so that the merge
 * exits as the unsharded run would: the highest of the shards'. */
static int shards_finish(batch *b)
{
	static const char *const junit[3] = { "tests", "failures", "errors" };
	static const char *const report[4] = { "pairs", "inspect", "ignore", "trouble" };
	int status = b->trouble || (b->o->strict && b->skipped) ? CLI_TROUBLE
		     : b->inspect ? CLI_DIFFER : CLI_SAME;
	smart_shard_out *outs[3] = { b->json_shard, b->junit_shard, b->report_shard };
	int rc;

	for (int i = 0; i < 3; i++)
		if (outs[i])
			smart_shard_out_status(outs[i], status);
	rc = shard_finish_one(b->junit_shard, junit, b->junit_counts, 3, b->o->shard,
				  b->o->junit, CLI_SAME);

	rc = shard_finish_one(b->report_shard, report, b->report_counts, 4, b->o->shard,
			      b->o->report, rc);
	return shard_finish_one(b->json_shard, NULL, NULL, 0, b->o->shard, NULL, rc);
}

static int classify_batch(const smart_model *m, const options *o, const char *old_dir,
			  const char *new_dir)
{
	batch b = { .model = m, .o = o, .shared_terminal = isatty(1) };
	smart_classify_options co = SMART_CLASSIFY_OPTIONS_INIT;
	smart_error err = { "" };
	int rc;

	co.format = o->format;
	co.profile = o->profile;
	co.threads = o->threads;
	co.on_verdict = on_verdict;
	co.payload = &b;
	co.shard = o->shard;
	co.progress_ctx = &b.progress;
	co.views = o->report != NULL;

	co.progress = cli_progress_start(&b.progress, "pairs", o->quiet);
	if (o->shard && shards_open(&b, o->corpus ? o->corpus : new_dir, &err))
		return cli_fail(&err);
	if (o->junit && !o->shard) {
		b.junit = smart_junit_new(o->corpus ? o->corpus : new_dir, &err);
		if (!b.junit)
			return cli_fail(&err);
	}
	if (o->report && !o->shard) {
		b.report = smart_html_report_new(o->corpus ? o->corpus : new_dir, &err);
		if (!b.report) {
			smart_junit_free(b.junit);
			return cli_fail(&err);
		}
	}
	if (o->corpus)
		rc = smart_classify_corpus(m, o->corpus, &co, &err);
	else
		rc = smart_classify_dirs(m, old_dir, new_dir, &co, &err);
	fflush(stdout);
	cli_progress_clear(&b.progress);
	if (rc) {
		smart_junit_free(b.junit);
		smart_html_report_free(b.report);
		smart_shard_out_free(b.json_shard);
		smart_shard_out_free(b.junit_shard);
		smart_shard_out_free(b.report_shard);
		return cli_fail(&err);
	}
	if (o->shard && shards_finish(&b) != CLI_SAME)
		return CLI_TROUBLE;
	if (b.junit && smart_junit_finish(b.junit, o->junit, &err)) {
		smart_html_report_free(b.report);
		return cli_fail(&err);
	}
	if (b.report && smart_html_report_finish(b.report, m, o->report, &err))
		return cli_fail(&err);
	if (!o->json) {
		printf("%zu pairs: %zu inspect, %zu ignore", b.pairs, b.inspect,
		       b.pairs - b.inspect);
		if (b.trouble)
			printf(" (%zu of the inspect could not be classified)", b.trouble);
		if (b.skipped)
			printf("; %zu files skipped", b.skipped);
		putchar('\n');
	}
	if (o->strict && b.skipped && !b.trouble)
		return cli_failf("--strict: %zu files skipped, the first %s", b.skipped,
				 b.first_skipped);
	if (b.trouble == 1)
		return cli_failf("%s", b.first_problem);
	if (b.trouble)
		return cli_failf("%s (and %zu more pairs that could not be classified: %s)",
				 b.first_problem, b.trouble - 1,
				 o->json ? "each has an \"error\"" : "the 'trouble' rows");
	return b.inspect ? CLI_DIFFER : CLI_SAME;
}

/* ---- calibration on clean reruns ---------------------------------------- */

/* Calibrates the model on the clean runs and says what it did. */
static int calibrate(smart_model *m, const options *o, char **runs, size_t n, FILE *out)
{
	smart_classify_options co = SMART_CLASSIFY_OPTIONS_INIT;
	smart_calibration c;
	smart_error err = { "" };

	co.format = o->format;
	co.profile = o->profile;
	if (smart_classify_calibrate(m, (const char *const *)runs, n, &co, &c, &err))
		return cli_fail(&err);
	if (c.inspected == 0) {
		fprintf(out, "calibration: all %zu rerun pairs of %zu runs are ignore; cutoff %.6g kept\n",
			c.pairs, n, c.cutoff_before);
		return 0;
	}
	fprintf(out, "calibration: %zu of %zu rerun pairs of %zu runs were inspect (worst score %.6g); "
		"cutoff moved from %.6g to %.6g: inspect when score %s %.6g\n",
		c.inspected, c.pairs, n, c.worst, c.cutoff_before, c.cutoff_after,
		smart_comparison_name(m->comparison), c.cutoff_after);
	return 0;
}

/* --shard: what the shards of one run must share, in o->params: the form,
 * the outputs asked for, the parser, the model's decision (after any
 * calibration) and the profile's bytes. */
static int shard_params(options *o, const smart_model *m, const char *profile_path)
{
	smart_error err = { "" };
	uint64_t profile_hash;

	if (cli_file_fingerprint(profile_path, &profile_hash, &err))
		return cli_fail(&err);
	snprintf(o->params, sizeof(o->params),
		 "classify form=%s format=%d model=%016llx profile=%016llx",
		 o->corpus ? "corpus" : "folders",
		 (int)o->format, (unsigned long long)cli_model_fingerprint(m),
		 (unsigned long long)profile_hash);
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
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	options o = { .top = 5, .format = SMART_FORMAT_AUTO };
	const char *profile_path = NULL;
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
		case 'H': o.format = SMART_FORMAT_HTML; break;
		case 'X': o.format = SMART_FORMAT_XML; break;
		case 'P': profile_path = optarg; break;
		case 'C':
			if (n_runs == sizeof(runs) / sizeof(runs[0]))
				return cli_usage_error("classify", "at most 64 --calibrate runs");
			if (!cli_is_dir(optarg) && !smart_run_is_archive_name(optarg))
				return cli_failf("%s: not a folder or a run archive (--calibrate takes "
						 "clean runs, as 'smart profile' does)", optarg);
			runs[n_runs++] = optarg;
			break;
		default: return cli_bad_option("classify", c, argv);
		}
	}
	if (o.corpus ? optind != argc : argc - optind != 2)
		return cli_usage_error("classify", o.corpus ? "--corpus takes no other operands"
							    : "needs OLD and NEW");
	if (!o.corpus && cli_is_dir(argv[optind]) != cli_is_dir(argv[optind + 1]))
		return cli_failf("%s and %s: give two files or two folders",
				 argv[optind], argv[optind + 1]);
	if ((o.junit || o.report) && !o.corpus && !cli_is_dir(argv[optind]))
		return cli_usage_error("classify", "--junit and --report are for --corpus or two folders");
	if (n_runs == 1)
		return cli_usage_error("classify", "--calibrate needs two or more runs");
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
	if (profile && !model->provenance.profiles)
		fprintf(stderr, "smart: note: the model was trained without profiles "
				"(smart train --profile gives it the volatility features' weights)\n");
	if (n_runs && calibrate(model, &o, runs, n_runs, o.json ? stderr : stdout)) {
		smart_model_free(model);
		free(names);
		smart_profile_free(profile);
		return CLI_TROUBLE;
	}
	if (o.shard && shard_params(&o, model, profile_path) != CLI_SAME)
		rc = CLI_TROUBLE;
	else if (o.corpus || cli_is_dir(argv[optind]))
		rc = classify_batch(model, &o, o.corpus ? NULL : argv[optind],
				    o.corpus ? NULL : argv[optind + 1]);
	else
		rc = classify_pair(model, &o, argv[optind], argv[optind + 1]);
	smart_model_free(model);
	free(names);
	smart_profile_free(profile);
	return rc;
}

const cli_command cli_cmd_classify = { "classify", "inspect or ignore: one pair, a corpus or two folders",
				       run_classify };
