/* The batch forms of smart classify (cli/cli_classify.h): a corpus or two
 * folders, classified on the pool, with their rows, JSON lines, JUnit and
 * HTML reports, or the shard outputs that stand for them (docs/shards.md). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli_classify.h"
#include "smart/accepted.h"
#include "cli_progress.h"
#include "cli_shard.h"

/* ---- batches ------------------------------------------------------------ */

typedef struct batch {
	const smart_model *model;
	const classify_args *o;
	smart_junit *junit;
	smart_html_report *report;
	smart_shard_out *json_shard, *junit_shard, *report_shard; /* --shard: instead of
	                                    * stdout, --junit, --report */
	size_t junit_counts[3];            /* --shard: tests, failures, errors */
	size_t report_counts[4];           /* --shard: pairs, inspect, ignore, trouble */
	size_t pairs, inspect, trouble, skipped;
	size_t missing;        /* of the trouble, files on one side only */
	size_t accepted;       /* ignored by changes accepted in review */
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
	int missing;

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
	/* A file on one side only is trouble here (the library inspects it,
	 * which review needs): a missing output is not a regression to judge. */
	missing = !v->trouble && v->problem != NULL;
	b->inspect += v->inspect != 0 && !missing;
	/* Each pair that could not be classified is a row of the report (JSON:
	 * "error"); stderr gets one line for all of them when the batch ends. */
	if ((v->trouble || missing) && b->trouble++ == 0)
		snprintf(b->first_problem, sizeof(b->first_problem), "%s", v->problem);
	b->missing += missing;
	b->accepted += v->accepted != 0;
	if (b->o->json) {
		if (put_json(b, v, err))
			return -1;
	} else if (b->o->junit || b->o->report) {
		/* the report holds the rows; stdout keeps trouble and the summary */
		if (v->trouble || missing)
			printf("%-8s %10s  %s\n", "trouble", "-", v->problem);
	} else if (!v->trouble && !missing) {
		char score[32] = "-";

		if (isfinite(v->score))
			snprintf(score, sizeof(score), "%.4f", v->score);
		if (b->shared_terminal)
			cli_progress_clear(&b->progress); /* the row replaces the progress line */
		printf("%-8s %10s  %s%s%s%s%s%s%s%s\n", v->inspect ? "inspect" : "ignore", score,
		       v->app, *v->app ? "/" : "", v->test, v->problem ? "  " : "",
		       v->problem ? v->problem : "", v->severity ? "  severity " : "",
		       v->severity ? smart_severity_name(v->severity) : "",
		       v->accepted ? "  accepted change" : "");
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
	const classify_args *o = b->o;

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

int cli_classify_batch(const smart_model *m, const classify_args *o, const char *old_dir,
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
	co.app = o->app;
	co.progress_ctx = &b.progress;
	co.views = o->report != NULL;
	co.signatures = o->json || o->report; /* the report groups by them */
	co.accepted = o->accepted;

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
		printf("%zu %s: %zu inspect, %zu ignore", b.pairs, b.pairs == 1 ? "pair" : "pairs",
		       b.inspect, b.pairs - b.inspect - b.missing);
		if (b.trouble - b.missing)
			printf(" (%zu of the inspect could not be classified)", b.trouble - b.missing);
		if (b.missing)
			printf("; %zu %s on one side only", b.missing,
			       b.missing == 1 ? "file" : "files");
		if (b.skipped)
			printf("; %zu %s skipped", b.skipped, b.skipped == 1 ? "file" : "files");
		if (o->accepted)
			printf("; %zu %s by the %zu %s accepted in review (%s)", b.accepted,
			       b.accepted == 1 ? "pair ignored" : "pairs ignored", o->accepted->n,
			       o->accepted->n == 1 ? "change" : "changes", o->accepted_path);
		putchar('\n');
	}
	if (b.missing && b.missing == b.trouble && b.missing == b.pairs && !o->corpus)
		return cli_failf("%s: no file of %s has a counterpart there (%zu %s on one "
				 "side only)", new_dir, old_dir, b.missing,
				 b.missing == 1 ? "file" : "files");
	if (o->strict && b.skipped && !b.trouble)
		return cli_failf("--strict: %zu %s skipped, the first %s", b.skipped,
				 b.skipped == 1 ? "file" : "files", b.first_skipped);
	if (b.trouble == 1)
		return cli_failf("%s", b.first_problem);
	if (b.trouble)
		return cli_failf("%s (and %zu more %s that could not be classified: %s)",
				 b.first_problem, b.trouble - 1, b.trouble == 2 ? "pair" : "pairs",
				 o->json ? "each has an \"error\"" : "the 'trouble' rows");
	return b.inspect ? CLI_DIFFER : CLI_SAME;
}
