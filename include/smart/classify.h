/*
 * Classifying pairs with a model: one pair, a corpus, or two folders of
 * outputs with the same relative paths (DESIGN §4), and the reports
 * (text, JSON Lines, JUnit XML).
 */
#ifndef SMART_CLASSIFY_H
#define SMART_CLASSIFY_H

#include <stdio.h>

#include "smart/error.h"
#include "smart/features.h"
#include "smart/model.h"
#include "smart/progress.h"
#include "smart/tree.h"

/* How bad an inspected pair looks (docs/severity.md), after FragGen's
 * Warn-1..3 and SMART's severity study: none for a pair that is ignored
 * or could not be measured. */
typedef enum smart_severity {
	SMART_SEVERITY_NONE = 0,
	SMART_SEVERITY_COSMETIC, /* attributes or whitespace only */
	SMART_SEVERITY_CONTENT,  /* text or values changed, elements added,
	                          * removed or moved */
	SMART_SEVERITY_BROKEN    /* an error gained, a form or most content
	                          * lost, the root or the doctype replaced */
} smart_severity;

/* "none", "cosmetic", "content" or "broken". */
const char *smart_severity_name(smart_severity s);

/* The decision on one pair. */
typedef struct smart_verdict {
	const char *app;     /* corpus: the record's; folders: the options' app,
	                      * or smart_classify_dirs_app's name */
	const char *test;    /* corpus: the record's; folders: the relative path */
	const char *where;   /* FILE:LINE or the old path, for messages */
	int inspect;         /* 1 inspect, 0 ignore */
	double score;        /* NAN when there was nothing to score */
	const double *values;/* the feature vector (model->n_features); NULL
	                      * when the pair could not be measured */
	const char *problem; /* why the pair could not be classified (the
	                      * record is unusable, a file is missing), or NULL */
	int trouble;         /* 1 when the pair could not be classified (bad
	                      * record, unreadable or unparsable document);
	                      * 0 for a file present on one side only, which
	                      * is simply inspected */
	int label;           /* the corpus label (SMART_LABEL_*) */
	const char *skipped; /* folders: why this file was not classified (a
	                      * FIFO, a link loop, not HTML or XML), or NULL;
	                      * a skipped file is neither inspect nor trouble */
	size_t index;        /* batches: the pair's position in the input (0-based;
	                      * records, or files in sorted path order) */
	smart_severity severity;     /* SMART_SEVERITY_NONE unless inspected */
	const char *severity_reason; /* the rule that set it (static), or NULL */
	const char *view;    /* with smart_classify_options.views: the pair's
	                      * view for the HTML report (JSON), or NULL */
	unsigned discounted_total; /* volatile values scrubbing explained */
	const struct smart_signature_set *signatures; /* with
	                      * smart_classify_options.signatures: the pair's
	                      * change signatures (printed for inspected pairs), or NULL */
	int accepted;        /* 1: ignored because every residual change of
	                      * the pair was accepted in review
	                      * (smart_classify_options.accepted) */
	const char *why;     /* with smart_classify_options.views: the decision in
	                      * words (the report's rows), or NULL */
} smart_verdict;

struct smart_profile;

/* Called in input order for every pair of a batch. */
typedef int (*smart_verdict_fn)(void *ctx, const smart_verdict *v,
				smart_error *err);

/* How pairs are classified: one (smart_classify_pair), a corpus
 * (smart_classify_corpus) or two folders (smart_classify_dirs), and
 * calibration (smart_classify_calibrate). Start from
 * SMART_CLASSIFY_OPTIONS_INIT and set what differs. */
typedef struct smart_classify_options {
	unsigned version;                    /* SMART_CLASSIFY_OPTIONS_VERSION */
	smart_format format;                 /* SMART_FORMAT_AUTO: sniffed; a corpus
	                                      * record's own "format" wins */
	const struct smart_profile *profile; /* the application's, or NULL: the
	                                      * built-in value shapes only */
	const char *test;                    /* one pair: its test name (for the
	                                      * profile's per-test entries), or NULL */
	unsigned threads;                    /* batches: 0 = all cores */
	smart_verdict_fn on_verdict;         /* batches: every verdict, in input order */
	void *payload;                       /* batches: on_verdict's ctx */
	struct smart_shard_walk *shard;      /* batches: only this shard's pairs
	                                      * (smart/shard.h), counted and
	                                      * fingerprinted; NULL: every pair */
	smart_progress_fn progress;          /* batches: after each verdict, of
	                                      * the corpus' records or the folders'
	                                      * entries (shards: total 0), or NULL */
	void *progress_ctx;                  /* progress's ctx */
	int views;                           /* 1: also draw each pair's view for
	                                      * the HTML report, and say why in
	                                      * words (smart_classification.view,
	                                      * .why) */
	int signatures;                      /* 1: also say each pair's residual
	                                      * changes as signatures
	                                      * (smart_classification.signatures,
	                                      * smart/signature.h) */
	const struct smart_accepted *accepted; /* changes a reviewer accepted
	                                      * (smart/accepted.h), or NULL: a
	                                      * pair the model inspects whose every
	                                      * residual change is one of them is
	                                      * ignored (smart_classification.accepted) */
	const char *app;                     /* folders: the application's name in
	                                      * the verdicts, or NULL: the name
	                                      * smart_classify_dirs_app gives */
	unsigned pair_threads;               /* one pair (smart_classify_pair): 2
	                                      * or more parses its two documents
	                                      * side by side, on two threads, when
	                                      * the machine has two cores and the
	                                      * documents are large enough to gain
	                                      * (smart_measure.side_by_side); 0 or
	                                      * 1: one after the other. The same
	                                      * decision either way. Batches parse
	                                      * each pair on one thread whatever it
	                                      * says: their pool keeps the cores busy */
	double calibrate_bound;              /* calibration (smart_classify_calibrate):
	                                      * > 0: the cutoff is not moved when
	                                      * the worst rerun scores more than
	                                      * this past it (a residue that
	                                      * scores like a fault); 0: no bound */
} smart_classify_options;

#define SMART_CLASSIFY_OPTIONS_VERSION 1
#define SMART_CLASSIFY_OPTIONS_INIT { .version = SMART_CLASSIFY_OPTIONS_VERSION }

/* The decision on one pair and why. */
typedef struct smart_classification {
	double *values;          /* in: the caller's buffer, model->n_features long;
	                          * out: the feature vector */
	int inspect;             /* 1 inspect, 0 ignore */
	double score;
	int only_volatile;       /* every difference was a volatile value: ignored */
	unsigned discounted[32]; /* per smart_shape: value changes explained away */
	unsigned discounted_total;
	unsigned scrubbed[24];   /* per smart_scrubber_id (smart/scrub.h): what
	                          * each scrubber explained */
	smart_severity severity;     /* SMART_SEVERITY_NONE when ignored */
	const char *severity_reason; /* the rule that set it (static), or NULL */
	char *view;              /* out, with o->views: the pair's view for the
	                          * HTML report (JSON; the caller frees it), else NULL */
	struct smart_signature_set *signatures; /* out, with o->signatures: the
	                          * residual changes' signatures (the caller
	                          * frees them, free()), else NULL */
	int accepted;            /* 1: the model inspected the pair, but every
	                          * residual change was accepted (o->accepted):
	                          * ignored */
	char *why;               /* out, with o->views: why it was decided so, in
	                          * words ("every difference is a volatile value:
	                          * 1 date"; the changes scrubbing left); the
	                          * caller frees it, else NULL */
} smart_classification;

/* Measures the pair as the model was trained (scrub, then align, unless
 * the model is raw: model->provenance.raw) and decides. Byte-identical
 * documents, and documents that differ only in volatile values, are ignore
 * whatever the score. 0, or -1 with `err` set (a document that does not
 * parse, a score that is not a number). */
int smart_classify_pair(const smart_model *model, const smart_document *old_doc,
			const smart_document *new_doc, const smart_classify_options *o,
			smart_classification *out, smart_error *err);

/* "3 dates, 1 token, 1 version": what discounted[] (per smart_shape, then
 * the SMART_DISCOUNT_ slots of train.h) counts,
 * in words, into buf (always terminated; a part that does not fit is left
 * out whole); returns its length, 0 for none. */
size_t smart_discount_text(const unsigned *counts, char *buf, size_t size);

/* Classifies every record of a corpus on o->threads threads; records
 * without a "format" are parsed as o->format. Every verdict reaches
 * o->on_verdict in input order; unusable records reach it with `problem`
 * set. The model must have been trained on features measured the way
 * o->profile measures them (smart train --profile) to make the most of a
 * profile. */
int smart_classify_corpus(const smart_model *model, const char *path,
			  const smart_classify_options *o, smart_error *err);

/* Classifies the files of OLD_DIR against the files of NEW_DIR with the
 * same relative path, in sorted path order, as smart_classify_corpus does
 * records. A file present on one side only
 * is a verdict of inspect with `problem` saying which side lacks it. Only
 * HTML and XML documents are paired (by extension, or by a '<' as the first
 * byte of content); every other entry, FIFOs, devices and symbolic-link
 * loops included, reaches o->on_verdict with `skipped` saying why. */
int smart_classify_dirs(const smart_model *model, const char *old_dir,
			const char *new_dir, const smart_classify_options *o,
			smart_error *err);

/* The application's name for two folders of outputs when none is given
 * (docs/review.md): the name of the folder that holds both when OLD_DIR and
 * NEW_DIR sit side by side in one (myapp/old and myapp/new: "myapp"), else
 * NEW_DIR's own name. Into buf (always terminated); returns buf. */
char *smart_classify_dirs_app(const char *old_dir, const char *new_dir, char *buf, size_t size);

/* True when a file is an HTML or XML document by its name (.html, .xml,
 * .svg, ...) or by its content (after a byte-order mark and white space, a
 * '<'): what the folder form pairs, and what `smart git-diff` compares as
 * trees rather than as text. `data` holds the file's first `len` bytes. */
int smart_looks_like_document(const char *name, const char *data, size_t len);

/* ---- calibration on clean reruns (classify/calibrate.c) ---- */

/* What calibration saw and did. */
typedef struct smart_calibration {
	size_t runs;          /* clean runs given */
	size_t pairs;         /* rerun pairs classified (each run against the first) */
	size_t inspected;     /* of which the model inspected: false alarms */
	double worst;         /* the inspected score farthest past the cutoff */
	double cutoff_before, cutoff_after;
	int beyond_bound;     /* 1: the worst scored more than o->calibrate_bound
	                       * past the cutoff, which was kept */
} smart_calibration;

/* Classifies every document of clean runs 2..n against the same test of
 * run 1 (each run a folder or a tar archive, as `smart profile` reads them;
 * files that are not HTML or XML are left out; o->profile and o->format
 * measure them) and, when some rerun pair
 * is inspected, moves `model`'s cutoff just past the worst one, so that
 * every rerun of these runs is ignored -- unless o->calibrate_bound > 0
 * and the worst scores more than that past the cutoff (out->beyond_bound:
 * kept; docs/first-look.md, "Where the cutoff sits"). Never makes the
 * model stricter.
 * The cost: if reruns differ in structure as much as faults do, the new
 * cutoff ignores those faults too (a profile explains such differences
 * instead; docs/profile.md). */
int smart_classify_calibrate(smart_model *model, const char *const *runs, size_t n,
			     const smart_classify_options *o, smart_calibration *out,
			     smart_error *err);

/* ---- reports (classify/report.c) ---- */

/* The features that moved the score most (linear models: weight x value,
 * largest magnitude first, oriented so that positive pushes towards
 * inspect). Fills idx with up to k indices, returns
 * how many. */
size_t smart_top_features(const smart_model *model, const double *values,
			  size_t *idx, size_t k);

/* A JUnit XML report of the verdicts collected so far. */
typedef struct smart_junit smart_junit;
smart_junit *smart_junit_new(const char *suite_name, smart_error *err);
int smart_junit_add(smart_junit *j, const smart_model *model,
		    const smart_verdict *v, smart_error *err);
/* Writes the report to `path` atomically and frees it (also on failure). */
int smart_junit_finish(smart_junit *j, const char *path, smart_error *err);
void smart_junit_free(smart_junit *j);

/* For shards (smart/shard.h): one verdict's <testcase> element (caller
 * frees), saying whether it counts as a failure or an error; and the
 * report's head with the counts as "<#tests>", "<#failures>" and
 * "<#errors>", which the merge fills in. The report ends SMART_JUNIT_TAIL. */
char *smart_junit_testcase(const smart_model *model, const smart_verdict *v, int *failure,
			   int *error, smart_error *err);
char *smart_junit_head_template(const char *suite, smart_error *err);
#define SMART_JUNIT_TAIL "</testsuite>\n"

/* A self-contained HTML report of the verdicts collected so far
 * (docs/report.md): a row per pair, and, for pairs classified with
 * smart_classify_options.views, the data of its view, drawn on demand. */
typedef struct smart_html_report smart_html_report;
smart_html_report *smart_html_report_new(const char *title, smart_error *err);
int smart_html_report_add(smart_html_report *r, const smart_model *model,
			  const smart_verdict *v, smart_error *err);
/* Writes the report to `path` atomically and frees it (also on failure). */
int smart_html_report_finish(smart_html_report *r, const smart_model *model,
			     const char *path, smart_error *err);
void smart_html_report_free(smart_html_report *r);

/* For shards (smart/shard.h): one verdict's table row (caller frees), and
 * the report's head with the counts as "<#pairs>", "<#inspect>" (inspect
 * and classified), "<#ignore>" and "<#trouble>", which the merge fills in.
 * The report ends SMART_HTML_REPORT_TAIL. */
char *smart_html_report_row(const smart_model *model, const smart_verdict *v,
			    smart_error *err);
char *smart_html_report_head_template(const char *title, const smart_model *model,
				      smart_error *err);
#define SMART_HTML_REPORT_TAIL smart_html_report_tail()

/* Fills in the report's changes view (docs/report.md): the inspected
 * rows grouped by their change signatures, largest group first. A report
 * is finished with it; the merge of a report's shards calls it on the
 * merged text (*text, *len; replaced by a new string). Does nothing to a
 * text that is not a report, or whose view is filled. 0, or -1 with
 * `err` set when out of memory. */
int smart_html_report_fill_changes(char **text, size_t *len, smart_error *err);

/* The report's end: the table closed, and the script that filters, sorts
 * and draws each pair's view when its row is opened (docs/report.md). */
const char *smart_html_report_tail(void);

/* One JSON Lines object {"app","test","decision","score"} (no newline;
 * caller frees). */
char *smart_verdict_json(const smart_verdict *v, smart_error *err);

/* ---- what an adapted model carries (classify/carried.c) ---- */

/* The profile an adapted model carries (`smart train --adapt`,
 * docs/adaptation.md), built anew for the caller (smart_profile_free), or
 * NULL: with err->message empty when the model carries none, set when its
 * profile is not one. `what` names the model in errors (NULL: "the
 * default model"). Callers use it when they were given no profile, as
 * `smart classify` does. */
struct smart_profile *smart_model_carried_profile(const smart_model *m, const char *what,
						  smart_error *err);

/* Adds the change classes an adapted model accepted to *accepted (the
 * reviewer's, or NULL: then *accepted becomes the model's own, for the
 * caller to free with smart_accepted_free). 0 (nothing to add is 0 too),
 * or -1 with `err` set. */
int smart_model_add_carried_accepted(const smart_model *m, const char *what,
				     struct smart_accepted **accepted, smart_error *err);

#endif
