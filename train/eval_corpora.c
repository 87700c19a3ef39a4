/*
 * Evaluating corpora (include/smart/eval.h): measuring them into a table
 * and cross-validating, beside the baselines and the papers' comparators,
 * or without and with each application's volatility profile (every
 * held-out application scored by a model trained on the other
 * applications' pairs measured without profiles, and by one trained and
 * scored with each application's own profile, learned from its clean runs
 * only, never from the pairs being scored; with calibration, twice more
 * with the cutoff moved past the application's clean reruns).
 */
#include "smart/eval.h"

#include <stdlib.h>
#include <string.h>

#include "adapt_rows.h"
#include "first_look_rows.h"
#include "load_counted.h"
#include "smart/profile.h"

/* Loads the corpora into `t`; an unusable record is an error unless
 * o->skip_bad (declared in first_look_rows.h, which loads them twice). */
int smart__eval_load(smart_table *t, const char *const *paths, size_t n_paths,
		     const smart_eval_options *o, smart_eval_report *report, smart_error *err)
{
	smart__counted_load c = { .format = o->format, .threads = o->threads,
				  .skip_bad = o->skip_bad,
				  .on_bad = o->on_bad, .payload = o->bad_payload,
				  .bad = &report->bad, .first_bad = &report->first_bad,
				  .progress = o->progress, .progress_ctx = o->progress_ctx };

	return smart__table_load_counted(t, paths, n_paths, &c, err);
}

/* A copy of the table with only its first n features (smart's own, the
 * baseline for comparator_features). */
static int table_head(const smart_table *t, size_t n, smart_table *out, smart_error *err)
{
	smart_table_init(out, t->names, n);
	for (size_t i = 0; i < t->n_rows; i++) {
		smart_table_row row = smart_table_row_at(t, i);

		if (smart_table_add(out, &row, err))
			return -1;
	}
	return 0;
}

/* The application's profile, for the table's measuring (profile_for). */
typedef struct app_profiles {
	const smart_table *t;
	smart_profile **profiles;
} app_profiles;

static const smart_profile *profile_of(void *ctx, const char *app)
{
	const app_profiles *a = ctx;

	for (size_t k = 0; k < a->t->n_apps; k++)
		if (strcmp(a->t->apps[k], app) == 0)
			return a->profiles[k];
	return NULL;
}

/* With --adapt and by application (o->adapt_profiles): the table `t` is
 * loaded as usual (as `t` is set up: ordinary, or as first looks); then
 * each application's adaptation pairs labelled ignore, chosen as the
 * folds trained on `train` (NULL: t) choose them, teach it a profile
 * (train/adapt_rows.c), the corpora are measured again as `t` is and with
 * each application's profile into `scored`, and each held-out application
 * is decided on those rows -- as an adapted model carrying that profile
 * classifies it. */
int smart__eval_adapt_load(const char *const *paths, size_t n_paths,
			   const smart_eval_options *o, smart_eval_report *r,
			   const smart_table *train, smart_table *t, smart_table *scored,
			   smart_error *err)
{
	smart__counted_load c = { .format = o->format, .threads = o->threads,
				  .skip_bad = o->skip_bad, .on_bad = o->on_bad,
				  .payload = o->bad_payload, .bad = &r->bad,
				  .first_bad = &r->first_bad, .progress = o->progress,
				  .progress_ctx = o->progress_ctx };
	smart_row_positions pos = { 0 };
	smart_profile **profiles = NULL;
	app_profiles ap = { t, NULL };
	int rc;

	c.on_row = smart_row_positions_add;
	c.row_payload = &pos;
	rc = smart__table_load_counted(t, paths, n_paths, &c, err);
	if (rc == 0 && train)
		rc = smart__tables_same_pairs(train, t, err);
	if (rc == 0 && (pos.failed || !(profiles = calloc(t->n_apps ? t->n_apps : 1,
							  sizeof(*profiles)))))
		rc = smart_error_oom(err);
	for (size_t a = 0; rc == 0 && a < t->n_apps; a++)
		if (!(profiles[a] = smart_profile_new(err)))
			rc = -1;
	if (rc == 0)
		rc = smart__adapt_profiles_learn(train ? train : t, pos.at, paths, n_paths, o,
						 profiles, err);
	ap.profiles = profiles;
	scored->profile_for = profile_of;
	scored->profile_ctx = &ap;
	scored->raw = t->raw;
	scored->signatures = t->signatures; /* the residue the profile leaves */
	scored->scrubbers_off = t->scrubbers_off;
	scored->hold_out_rules = t->hold_out_rules;
	c.on_row = NULL;
	if (rc == 0)
		rc = smart__table_load_counted(scored, paths, n_paths, &c, err);
	for (size_t a = 0; profiles && a < t->n_apps; a++)
		smart_profile_free(profiles[a]);
	free(profiles);
	free(pos.at);
	scored->profile_for = NULL;
	scored->profile_ctx = NULL;
	return rc;
}

/* smart beside the baselines and the comparators. */
static int eval_plain(const char *const *paths, size_t n_paths, const smart_eval_options *o,
		      smart_eval_report *r, smart_error *err)
{
	smart_table *t = &r->table, scored;
	size_t k = o->comparators.n;
	int adapt_profiles = o->by_app && o->adapt && o->adapt_profiles && !o->fill_table &&
			     !k && !o->model;

	t->comparators = o->comparators.comparators;
	t->n_comparators = k;
	t->compare_config = o->comparators.config;
	t->comparator_features = o->comparator_features;
	t->raw = o->raw;
	t->scrubbers_off = o->scrubbers_off;
	/* the by-change adaptation order groups the pairs by their changes */
	t->signatures = o->signatures || (o->adapt && o->adapt_order == SMART_ADAPT_BY_CHANGE) ||
			(o->by_app && o->adapt && o->adapt_accept);
	if (o->by_app && (o->hold_out_rules || o->train_rows || o->transfer_cutoff))
		return smart__eval_first_look(paths, n_paths, o, r, err);
	if (adapt_profiles) {
		smart_eval_options ao = *o;
		int rc;

		smart_table_init(&scored, t->names, t->n_features);
		rc = smart__eval_adapt_load(paths, n_paths, o, r, NULL, t, &scored, err);
		ao.scored = &scored;
		rc = rc ? rc : smart_evaluate(t, &ao, &r->result, err);
		smart_table_free(&scored);
		return rc;
	}
	if (o->fill_table ? o->fill_table(o->fill_payload, t, err)
			  : smart__eval_load(t, paths, n_paths, o, r, err))
		return -1;
	if (o->comparator_features) {
		/* smart with the verdicts as features, then smart alone */
		smart_table own;
		int rc;

		if (smart_evaluate(t, o, &r->result, err))
			return -1;
		r->plus = r->result.smart;
		r->has_plus = 1;
		smart_eval_result_free(&r->result);
		rc = table_head(t, t->n_features - k, &own, err) ||
		     smart_evaluate(&own, o, &r->result, err) ? -1 : 0;
		smart_table_free(&own);
		if (rc)
			return -1;
	} else if (smart_evaluate(t, o, &r->result, err)) {
		return -1;
	}
	if (k && !(r->comparators = calloc(k, sizeof(*r->comparators))))
		return smart_error_oom(err);
	r->n_comparators = k;
	for (size_t i = 0; i < k; i++)
		smart_table_comparator_confusion(t, i, &r->comparators[i]);
	return 0;
}

/* One column of a comparison with profiles: leave-one-application-out on
 * the table measured without (off) or with profiles, optionally
 * calibrated. */
static int eval_column(const smart_eval_options *o, int off, int calibrate,
		       const smart_table *t, smart_eval_result *result, size_t *moved,
		       smart_error *err)
{
	smart_profile_set *ps = o->profiles;
	smart_rerun_calibration cal = { .ps = ps, .n_features = t->n_features };
	smart_eval_options eo = *o;
	int rc;

	eo.by_app = 1;
	eo.per_app = 1;
	eo.calibrate = calibrate ? smart_rerun_calibrate : NULL;
	eo.payload = &cal;
	eo.profile_cutoff = !off; /* pairs measured with profiles: their cutoff */
	ps->off = off;
	rc = smart_evaluate(t, &eo, result, err);
	*moved = cal.moved;
	smart_rerun_calibration_free(&cal);
	ps->off = 0;
	return rc;
}

/* Every application's F1 without and with its profile. The features are
 * measured with profiles; the without-profile columns need another
 * measurement of the same pairs. */
static int eval_profiles(const char *const *paths, size_t n_paths, const smart_eval_options *o,
			 smart_eval_report *r, smart_error *err)
{
	smart_profile_set *ps = o->profiles;
	smart_table plain;
	int rc;

	r->n_columns = o->calibrate_reruns ? SMART_EVAL_COLUMNS : 2;
	smart_table_init(&plain, r->table.names, r->table.n_features);
	/* measured as the plain evaluation measures: raw or with scrubbers off */
	plain.raw = r->table.raw = o->raw;
	plain.scrubbers_off = r->table.scrubbers_off = o->scrubbers_off;
	smart_profile_set_attach(ps, &r->table);
	smart_profile_set_attach(ps, &plain);
	ps->off = 1;
	rc = smart__eval_load(&plain, paths, n_paths, o, r, err);
	ps->off = 0;
	if (rc == 0)
		rc = smart__eval_load(&r->table, paths, n_paths, o, r, err);
	if (rc == 0 && ps->failed)
		rc = -1, *err = ps->err;
	for (unsigned k = 0; rc == 0 && k < r->n_columns; k++) {
		int off = k == SMART_EVAL_WITHOUT || k == SMART_EVAL_WITHOUT_CAL;

		rc = eval_column(o, off, k >= SMART_EVAL_WITHOUT_CAL, off ? &plain : &r->table,
				 &r->columns[k], &r->moved[k], err);
	}
	if (rc == 0 && ps->failed)
		rc = -1, *err = ps->err;
	smart_table_free(&plain);
	return rc;
}

int smart_eval_corpora(const char *const *paths, size_t n_paths, const smart_eval_options *o,
		       smart_eval_report *report, smart_error *err)
{
	const char *const *names = o->names;
	size_t n = o->n_names;

	memset(report, 0, sizeof(*report));
	if (o->version != SMART_EVAL_OPTIONS_VERSION)
		return smart_error_set(err, "smart_eval_corpora: options of version %u, not %u "
				       "(start from SMART_EVAL_OPTIONS_INIT)", o->version,
				       SMART_EVAL_OPTIONS_VERSION);
	/* a simulated first look has no profile, and the profile columns
	 * train every fold on ordinary rows: neither option would be honoured */
	if (o->profiles && (o->hold_out_rules || o->train_rows))
		return smart_error_set(err, "profiles do not go with --hold-out-rules or "
				       "--train-rows: a first look is measured without a profile");
	if (!names) {
		report->names = smart_feature_names(&n);
		if (!report->names)
			return smart_error_oom(err);
		names = report->names;
	}
	smart_table_init(&report->table, names, n);
	if (o->profiles)
		return eval_profiles(paths, n_paths, o, report, err);
	return eval_plain(paths, n_paths, o, report, err);
}

void smart_eval_report_free(smart_eval_report *report)
{
	smart_table_free(&report->table);
	smart_eval_result_free(&report->result);
	for (unsigned k = 0; k < SMART_EVAL_COLUMNS; k++)
		smart_eval_result_free(&report->columns[k]);
	free(report->comparators);
	free(report->names);
	memset(report, 0, sizeof(*report));
}
