/*
 * Drawing a reviewed pair (cli/review.h): its name, why smart decided as
 * it did (the explanation `smart classify` prints for one pair,
 * cli_explain_text) and the edit script as classify judges it (the
 * scrubbed alignment, taken from the measuring stage's on_aligned hook as
 * `smart diff --scrubbed` does, printed by cli_diff_print_text): compact
 * and coloured on the screen, whole for a pager, or as a one-pair HTML
 * report for a browser.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli_diff.h"
#include "cli_explain.h"
#include "review.h"

#define REVIEW_SCREEN_OPS 15 /* edit operations shown before "... more" */
#define REVIEW_TOP 5         /* features in the explanation */

#define SGR(c, code) ((c) ? "\033[" code "m" : "")

/* How the script is printed from the on_aligned hook. */
typedef struct script_out {
	FILE *out;
	int colour;
	size_t max_ops; /* 0: all */
} script_out;

/* The colour of an edit script line by its operation's name. */
static const char *op_colour(const char *line)
{
	if (strncmp(line, "insert", 6) == 0 || strncmp(line, "attr-insert", 11) == 0)
		return "32";
	if (strncmp(line, "delete", 6) == 0 || strncmp(line, "attr-delete", 11) == 0)
		return "31";
	if (strncmp(line, "update", 6) == 0 || strncmp(line, "attr-change", 11) == 0)
		return "33";
	if (strncmp(line, "move", 4) == 0)
		return "36";
	return NULL;
}

/* smart_aligned_fn: prints the script (one operation a line, then the
 * summary) through cli_diff_print_text into memory, then out as asked:
 * coloured by operation, cut after max_ops operations. */
static int print_script(void *ctx, const smart_aligned_pair *p, smart_error *err)
{
	script_out *o = ctx;
	char *text = NULL, *line, *next;
	size_t size = 0, ops = 0, cut = 0;
	FILE *mem = open_memstream(&text, &size);
	int rc;

	if (!mem)
		return smart_error_oom(err);
	rc = cli_diff_print_text(mem, p->diff);
	if (fclose(mem) != 0 || rc < 0) {
		free(text);
		return smart_error_oom(err);
	}
	for (line = text; *line; line = next) {
		const char *colour = op_colour(line);

		next = strchr(line, '\n');
		next = next ? next + 1 : line + strlen(line);
		if (colour && o->max_ops && ops++ >= o->max_ops) {
			cut++;
			continue;
		}
		if (!colour && cut)
			fprintf(o->out, "%s... %zu more operations (o: all of them in $PAGER)%s\n",
				SGR(o->colour, "2"), cut, SGR(o->colour, "0"));
		if (colour && o->colour)
			fprintf(o->out, "\033[%sm%.*s\033[0m\n", colour, (int)(next - line - 1), line);
		else if (!colour && o->colour)
			fprintf(o->out, "\033[1m%.*s\033[0m\n", (int)(next - line - 1), line);
		else
			fwrite(line, 1, (size_t)(next - line), o->out);
	}
	free(text);
	return 0;
}

/* Measures the item's documents as the batch did (its model's scrubbers,
 * the profile), `fn` called on the aligned pair (cli/review.h). */
int review_measure(const review_suite *s, const review_item *it, const review_docs *d,
		   smart_aligned_fn fn, void *ctx, smart_error *err)
{
	double *values = calloc(smart_feature_count(), sizeof(double));
	smart_measure m = { .values = values, .format = it->format, .profile = s->profile,
			    .test = it->test, .raw = s->model->provenance.raw,
			    .on_aligned = fn, .on_aligned_ctx = ctx };
	int rc;

	if (!values)
		return smart_error_oom(err);
	if (smart_scrubbers_off_parse(s->model->provenance.scrubbers_off, &m.scrubbers_off,
				      err))
		rc = smart_error_prefix(err, "model");
	else
		rc = smart_measure_pair(&d->old_doc, &d->new_doc, &m, err);
	free(values);
	return rc;
}

/* Classifies the item's pair again for its explanation, and measures it
 * for its script (printed by `so`), as the batch did. `views`: also draw
 * the HTML view into c->view. */
static int explain_pair(const review_suite *s, const review_item *it, script_out *so,
			int views, smart_classification *c, smart_error *err)
{
	review_docs d;
	smart_classify_options co = SMART_CLASSIFY_OPTIONS_INIT;
	int rc;

	co.format = it->format;
	co.profile = s->profile;
	co.accepted = s->accepted;
	co.test = it->test;
	co.views = views;
	if (!c->values)
		return smart_error_oom(err);
	if (review_docs_load(s, it, &d, err))
		return -1;
	rc = smart_classify_pair(s->model, &d.old_doc, &d.new_doc, &co, c, err);
	if (rc == 0 && so)
		rc = review_measure(s, it, &d, print_script, so, err);
	review_docs_free(&d);
	return rc;
}

/* The item's head line, and what it is when it could not be classified. */
static void print_head(FILE *out, const review_suite *s, const review_item *it, size_t pos,
		       size_t total, int colour)
{
	fprintf(out, "%s[%zu/%zu] %s%s%s%s\n", SGR(colour, "1"), pos, total, it->app,
		*it->app ? "/" : "", it->test, SGR(colour, "0"));
	if (s->corpus)
		fprintf(out, "record %s\n", it->where);
	else
		fprintf(out, "old %s/%s\nnew %s/%s\n", s->old_dir, it->test, s->new_dir, it->test);
}

/* The explanation and the script of a classified item into `out`. */
static int print_body(FILE *out, const review_suite *s, const review_item *it, size_t max_ops,
		      int colour, smart_error *err)
{
	script_out so = { .out = out, .colour = colour, .max_ops = max_ops };
	smart_classification c = { .values = calloc(s->model->n_features ? s->model->n_features : 1,
						    sizeof(double)) };
	char *explained = NULL;
	size_t size = 0;
	FILE *mem;
	int rc;

	if (it->problem) {
		fprintf(out, "%snot classified: %s%s\n", SGR(colour, "31"), it->problem,
			SGR(colour, "0"));
		if (review_new_only(s, it))
			fprintf(out, "a new file: accept (a) makes it the baseline\n");
		free(c.values);
		return 0;
	}
	/* the explanation goes first, the hook prints the script while measuring */
	mem = open_memstream(&explained, &size);
	if (!mem) {
		free(c.values);
		return smart_error_oom(err);
	}
	so.out = mem;
	rc = explain_pair(s, it, &so, 0, &c, err);
	if (rc == 0)
		cli_explain_text(out, s->model, &c, REVIEW_TOP);
	fclose(mem);
	if (rc == 0)
		fprintf(out, "edits (scrubbed, as classify judges them):\n%s", explained ? explained : "");
	free(explained);
	free(c.values);
	return rc;
}

/* One pair on the screen: compact (REVIEW_SCREEN_OPS operations). */
int review_show(FILE *out, const review_suite *s, const review_item *it, size_t pos,
		size_t total, int colour, smart_error *err)
{
	print_head(out, s, it, pos, total, colour);
	return print_body(out, s, it, REVIEW_SCREEN_OPS, colour, err);
}

/* The 'o' key's file: the same, uncoloured, every operation. */
int review_write_text(FILE *out, const review_suite *s, const review_item *it,
		      smart_error *err)
{
	print_head(out, s, it, 1, 1, 0);
	return print_body(out, s, it, 0, 0, err);
}

/* The 'b' key's file: classify's HTML report with this one pair and
 * its view (classified again with views on). */
int review_write_html(const char *path, const review_suite *s, const review_item *it,
		      smart_error *err)
{
	smart_classification c = { .values = calloc(s->model->n_features ? s->model->n_features : 1,
						    sizeof(double)) };
	smart_html_report *r;
	int rc = it->problem ? 0 : explain_pair(s, it, NULL, 1, &c, err);
	smart_verdict v = { .app = it->app, .test = it->test, .where = it->where,
			    .inspect = it->problem ? 1 : c.inspect,
			    .score = it->problem ? NAN : c.score,
			    .values = it->problem ? NULL : c.values,
			    .problem = it->problem, .trouble = it->trouble,
			    .label = SMART_LABEL_NONE, .index = it->index,
			    .severity = c.severity, .severity_reason = c.severity_reason,
			    .view = c.view, .why = c.why,
			    .discounted_total = c.discounted_total };

	r = rc == 0 ? smart_html_report_new(it->test, err) : NULL;
	if (!r || smart_html_report_add(r, s->model, &v, err)) {
		smart_html_report_free(r);
		rc = -1;
	} else {
		rc = smart_html_report_finish(r, s->model, path, err);
	}
	free(c.view);
	free(c.why);
	free(c.values);
	return rc;
}
