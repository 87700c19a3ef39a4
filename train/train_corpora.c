/*
 * Training on corpora (include/smart/train_corpora.h): what `smart train`
 * runs. The corpora are measured into a table (or their training statistics
 * read and summed), the adaptation corpora's pairs are added, each counted
 * adapt_weight times (a weighted least-squares fit and a cutoff chosen on
 * the blend; docs/adaptation.md), the model is fitted, cross-validated for
 * its provenance and written atomically. With stats_out, the corpora's
 * training statistics are written instead (docs/shards.md).
 */
#include "smart/train_corpora.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smart/file.h"
#include "smart/html_parser.h"

#include "adapt_rows.h"
#include "adapt_train.h"
#include "first_look_rows.h"
#include "load_counted.h"

/* Loads the corpora into `t` (only o->shard's records when `shard`); an
 * unusable record is an error, after reading, unless o->skip_bad. */
static int train_load(smart_table *t, const char *const *paths, size_t n_paths,
		      const smart_train_corpora_options *o, int shard,
		      smart_train_report *report, smart_error *err)
{
	smart__counted_load c = { .format = o->format, .threads = o->threads,
				  .shard = shard ? o->shard : NULL, .skip_bad = o->skip_bad,
				  .on_bad = o->on_bad, .payload = o->bad_payload,
				  .bad = &report->bad, .first_bad = &report->first_bad,
				  .progress = o->progress, .progress_ctx = o->progress_ctx };

	return smart__table_load_counted(t, paths, n_paths, &c, err);
}

/* What must match across the statistics files summed: how pairs were
 * measured. */
static void stats_params(char *buf, size_t size, const smart_train_corpora_options *o)
{
	char off[SMART_SCRUBBERS_OFF_MAX];

	if (smart_scrubbers_format(o->scrubbers_off, off, sizeof(off)))
		snprintf(buf, size, "raw=%d html_parser=%s scrubbers_off=%s", o->raw,
			 smart_html_parser_name(smart_html_parser_get()), off);
	else
		snprintf(buf, size, "raw=%d html_parser=%s", o->raw,
			 smart_html_parser_name(smart_html_parser_get()));
}

/* stats_out: the training statistics of the corpora (of one shard). */
static int write_stats(const char *const *paths, size_t n_paths,
		       const smart_train_corpora_options *o, smart_table *t,
		       smart_train_report *r, smart_error *err)
{
	smart_train_stats *stats;
	char params[SMART_SCRUBBERS_OFF_MAX + 96];
	int rc;

	t->raw = o->raw;
	t->scrubbers_off = o->scrubbers_off;
	if (smart_file_check_writable(o->stats_out, err) < 0 ||
	    train_load(t, paths, n_paths, o, 1, r, err))
		return -1;
	stats_params(params, sizeof(params), o);
	stats = smart_train_stats_of_table(t, params, err);
	rc = !stats || smart_train_stats_write(stats, t->names, o->stats_out, err) ? -1 : 0;
	smart_train_stats_free(stats);
	r->n_rows = t->n_rows;
	return rc;
}

/* from_stats: the pairs of the summed statistics files, into `t`. */
static int table_from_stats(smart_table *t, const char *const *paths, size_t n_paths,
			    const smart_train_corpora_options *o, smart_error *err)
{
	char params[SMART_SCRUBBERS_OFF_MAX + 96];
	smart_train_stats *stats;
	smart_dataset d;
	int rc = 0;

	stats_params(params, sizeof(params), o);
	stats = smart_train_stats_sum(paths, n_paths, t->names, t->n_features, params, err);
	if (!stats || smart_train_stats_dataset(stats, t->names, &d, err)) {
		smart_train_stats_free(stats);
		return -1;
	}
	for (size_t i = 0; i < d.n_rows && rc == 0; i++) {
		smart_table_row row = { .values = d.rows + i * d.n_features,
					.label = d.labels[i],
					.app = "" };

		rc = smart_table_add(t, &row, err);
	}
	smart_train_stats_free(stats);
	return rc;
}

/* Loads the pairs of the adaptation corpora into `extra` and refits with
 * them when the base model decides one wrong (smart__adapt_train_refit); *accepted receives the
 * classes they accept. */
static int add_adaptation(smart_table *t, smart_table *extra,
			  const smart_train_corpora_options *o, size_t weight, char **accepted,
			  smart_train_report *r, smart_error *err)
{
	int rc;

	extra->raw = t->raw; /* measured as the base pairs are */
	extra->scrubbers_off = t->scrubbers_off;
	extra->signatures = o->adapt_accept;
	rc = train_load(extra, o->adapt, o->n_adapt, o, 0, r, err);
	if (rc == 0 && extra->n_rows == 0)
		rc = smart_error_set(err, "--adapt: no labelled pairs in the adaptation corpora");
	if (rc == 0)
		rc = smart__adapt_train_accepted(extra, o, accepted, r, err);
	if (rc == 0)
		rc = smart__adapt_train_refit(t, extra, o, weight, r, err);
	r->n_adapt_pairs = extra->n_rows;
	return rc;
}

/* Measures the corpora as first looks into `looks` (each application's
 * own rules off, smart_table.hold_out_rules), as `t` is measured
 * otherwise, without profiles: a first look has none. */
static int load_looks(smart_table *looks, const smart_table *t, const char *const *paths,
		      size_t n_paths, const smart_train_corpora_options *o,
		      smart_train_report *r, smart_error *err)
{
	smart_table_init(looks, t->names, t->n_features);
	looks->raw = t->raw;
	looks->scrubbers_off = t->scrubbers_off;
	looks->hold_out_rules = 1;
	looks->comparators = t->comparators;
	looks->n_comparators = t->n_comparators;
	looks->compare_config = t->compare_config;
	looks->comparator_features = t->comparator_features;
	return train_load(looks, paths, n_paths, o, 0, r, err);
}

/* --train-rows both: appends the corpora's pairs measured as first looks
 * to the ordinary rows of `t`. */
static int add_first_looks(smart_table *t, const char *const *paths, size_t n_paths,
			   const smart_train_corpora_options *o, smart_train_report *r,
			   smart_error *err)
{
	smart_table looks;
	int rc = load_looks(&looks, t, paths, n_paths, o, r, err);

	r->first_look_rows = rc ? 0 : looks.n_rows;
	for (size_t i = 0; rc == 0 && i < looks.n_rows; i++) {
		smart_table_row row = smart_table_row_at(&looks, i);

		rc = smart_table_add(t, &row, err);
		if (rc == 0 && t->n_comparators)
			smart_table_set_verdicts(t, looks.comparator_fail + i * t->n_comparators);
	}
	smart_table_free(&looks);
	return rc;
}

/* --cutoff transfer: the model's cutoff moved by the offset that serves
 * the corpora's applications best as held-out first looks
 * (train/transfer_cutoff.c), chosen on the corpora measured as first
 * looks; the model records the search and the offset. */
static int transfer_cutoff(const char *const *paths, size_t n_paths,
			   const smart_train_corpora_options *o, const smart_table *t,
			   smart_train_report *r, smart_error *err)
{
	smart_table looks;
	int rc;

	r->f1_cutoff = r->model->cutoff;
	if (!o->transfer_cutoff)
		return 0;
	rc = load_looks(&looks, t, paths, n_paths, o, r, err);
	if (rc == 0)
		rc = smart__tables_same_pairs(t, &looks, err);
	if (rc == 0) {
		smart_transfer_search s = { t, &looks, SIZE_MAX, o->transfer_objective };

		rc = smart_transfer_cutoff_search(&s, &o->train, &r->transfer_cutoff, err);
	}
	if (rc == 0 && r->transfer_cutoff.found) {
		smart_provenance *p = &r->model->provenance;

		smart_transfer_cutoff_apply(r->model, &r->transfer_cutoff);
		snprintf(p->cutoff_search, sizeof(p->cutoff_search), "transfer%s%s",
			 o->transfer_objective == SMART_CUTOFF_WORST ? "" : "-",
			 o->transfer_objective == SMART_CUTOFF_WORST
				 ? "" : smart_cutoff_objective_name(o->transfer_objective));
		p->cutoff_offset = r->transfer_cutoff.offset;
	}
	smart_table_free(&looks);
	return rc;
}

/* The model's F1 on rows [from, to) of a table. */
static double rows_f1(const smart_model *m, const smart_table *t, size_t from, size_t to)
{
	smart_confusion c = { 0, 0, 0, 0 };

	for (size_t i = from; i < to; i++)
		smart_confusion_add(&c, smart_model_decide(m, t->rows + i * t->n_features, NULL),
				    t->labels[i]);
	return smart_confusion_scores(&c).f1;
}

/* With profiles, the model's cutoff for pairs measured with one, chosen
 * on held-out scores (train/profile_cutoff.c). Not for an adapted model,
 * whose cutoff was chosen on the blend with the new application's pairs,
 * nor for summed statistics, which keep no applications; a linear model
 * only (an SVM refitted once per application would cost too much). */
static int profile_cutoff(const smart_train_corpora_options *o, const smart_table *t,
			  smart_train_report *r, smart_error *err)
{
	unsigned char *profiled;
	smart_table ordinary = *t; /* a view: only the rows measured with profiles */
	int rc;

	if (!o->profiles || !o->profiles->n || o->n_adapt || o->from_stats ||
	    o->train.kind != SMART_MODEL_LINEAR || o->train_rows == SMART_TRAIN_ROWS_FIRST_LOOK)
		return 0;
	ordinary.n_rows = t->n_rows - r->first_look_rows;
	if (!(profiled = smart_table_profiled_apps(&ordinary, err)))
		return -1;
	rc = smart_profile_cutoff_search(&ordinary, profiled, SIZE_MAX, &o->train,
					 &r->profile_cutoff, err);
	if (rc == 0)
		smart_profile_cutoff_apply(r->model, &r->profile_cutoff);
	free(profiled);
	return rc;
}

/* Fits the model to the loaded table (its first n_base rows the base
 * pairs), cross-validates it for its provenance and writes it. */
static int fit_and_write(const char *const *paths, size_t n_paths,
			 const smart_train_corpora_options *o, const smart_table *t,
			 size_t n_base, const smart_table *extra, char *accepted,
			 smart_train_report *r, smart_error *err)
{
	int linear = o->train.kind == SMART_MODEL_LINEAR;
	unsigned folds = o->n_adapt || o->from_stats ? 0 : o->folds;

	r->model = smart_model_train(&(smart_dataset){ t->rows, t->labels, t->n_rows,
						       t->n_features, t->names },
				     &o->train, linear ? &r->fit : NULL, err);
	if (!r->model) {
		free(accepted);
		return -1;
	}
	r->model->accepted = accepted; /* the model owns it now */
	r->has_fit = linear;
	r->model->provenance.profiles = o->profiles && o->profiles->n > 0 &&
					o->train_rows != SMART_TRAIN_ROWS_FIRST_LOOK;
	if (o->train_rows)
		snprintf(r->model->provenance.train_rows, sizeof(r->model->provenance.train_rows),
			 "%s", smart_train_rows_name(o->train_rows));
	r->model->provenance.raw = o->raw;
	smart_scrubbers_format(o->scrubbers_off, r->model->provenance.scrubbers_off,
			       sizeof(r->model->provenance.scrubbers_off));
	snprintf(r->model->provenance.html_parser, sizeof(r->model->provenance.html_parser), "%s",
		 smart_html_parser_name(smart_html_parser_get()));
	/* copies of an adaptation pair in several folds would leak; the
	 * statistics keep neither the pairs' applications nor their order */
	if (folds > 0) {
		smart_eval_options eo = SMART_EVAL_OPTIONS_INIT;
		smart_eval_result er;

		eo.train = o->train;
		eo.folds = folds;
		eo.seed = o->seed;

		if (smart_evaluate(t, &eo, &er, &r->cv_error) == 0) {
			r->model->provenance.cv_f1 = smart_confusion_scores(&er.smart).f1;
			r->model->provenance.folds = er.folds;
			smart_eval_result_free(&er);
		} else {
			r->no_cv = 1;
		}
	}
	if (profile_cutoff(o, t, r, err) || transfer_cutoff(paths, n_paths, o, t, r, err) ||
	    smart__adapt_train_cutoff(extra, o, r, err) ||
	    smart_provenance_set_corpora(&r->model->provenance, paths, n_paths, err) ||
	    (o->n_adapt && o->adapt_profile && smart__adapt_train_profile(o, r, err)) ||
	    (o->output && smart_model_save(r->model, o->output, err)))
		return -1;
	r->n_rows = n_base;
	r->train_f1 = rows_f1(r->model, t, 0, n_base);
	if (o->n_adapt) /* every adaptation pair, taught or not */
		r->adapt_f1 = rows_f1(r->model, extra, 0, extra->n_rows);
	return 0;
}

/* Measures (or sums) the pairs of the corpora and the adaptation corpora
 * into `t`, then fits. */
static int train_table(const char *const *paths, size_t n_paths,
		       const smart_train_corpora_options *o, smart_table *t,
		       smart_train_report *r, smart_error *err)
{
	size_t weight = o->adapt_weight ? o->adapt_weight : SMART_ADAPT_WEIGHT, n_base;
	char *accepted = NULL;
	smart_table extra;
	int rc;

	if (o->output && smart_file_check_writable(o->output, err) < 0)
		return -1;
	t->raw = o->raw;
	t->scrubbers_off = o->scrubbers_off;
	if (o->comparators.n) {
		t->comparators = o->comparators.comparators;
		t->n_comparators = o->comparators.n;
		t->compare_config = o->comparators.config;
		t->comparator_features = 1;
	}
	/* first looks only: each application's own rules off, no profile */
	t->hold_out_rules = o->train_rows == SMART_TRAIN_ROWS_FIRST_LOOK;
	if (o->profiles && o->profiles->n && !t->hold_out_rules)
		smart_profile_set_attach(o->profiles, t);
	if (o->from_stats ? table_from_stats(t, paths, n_paths, o, err)
			  : train_load(t, paths, n_paths, o, 0, r, err))
		return -1;
	if (o->train_rows == SMART_TRAIN_ROWS_BOTH && add_first_looks(t, paths, n_paths, o, r, err))
		return -1;
	n_base = t->n_rows;
	smart_table_init(&extra, t->names, t->n_features);
	if (o->n_adapt && add_adaptation(t, &extra, o, weight, &accepted, r, err)) {
		free(accepted);
		smart_table_free(&extra);
		return -1;
	}
	rc = fit_and_write(paths, n_paths, o, t, n_base, &extra, accepted, r, err);
	smart_table_free(&extra);
	return rc;
}

int smart_train_corpora(const char *const *paths, size_t n_paths,
			const smart_train_corpora_options *o, smart_train_report *report,
			smart_error *err)
{
	const char *const *names = o->names;
	size_t n = o->n_names;
	smart_table t;
	int rc;

	memset(report, 0, sizeof(*report));
	report->adapt_f1 = NAN;
	if (o->version != SMART_TRAIN_CORPORA_OPTIONS_VERSION)
		return smart_error_set(err, "smart_train_corpora: options of version %u, not %u "
				       "(start from SMART_TRAIN_CORPORA_OPTIONS_INIT)", o->version,
				       SMART_TRAIN_CORPORA_OPTIONS_VERSION);
	/* first-look rows are measured as a first look meets an application:
	 * its own rules off and no profile (docs/first-look.md); a profile
	 * given with them alone would profile no row at all */
	if (o->train_rows == SMART_TRAIN_ROWS_FIRST_LOOK && o->profiles && o->profiles->n)
		return smart_error_set(err, "--profile does not go with --train-rows first-look: "
				       "first-look rows are measured without a profile (--train-rows "
				       "both profiles the ordinary rows)");
	if (!names) {
		report->names = smart_feature_names(&n);
		if (!report->names)
			return smart_error_oom(err);
		names = report->names;
	}
	smart_table_init(&t, names, n);
	if (o->stats_out)
		rc = write_stats(paths, n_paths, o, &t, report, err);
	else
		rc = train_table(paths, n_paths, o, &t, report, err);
	smart_table_free(&t);
	return rc;
}

void smart_train_report_free(smart_train_report *report)
{
	if (report->has_fit)
		smart_ols_fit_free(&report->fit);
	smart_model_free(report->model);
	free(report->names);
	memset(report, 0, sizeof(*report));
}
