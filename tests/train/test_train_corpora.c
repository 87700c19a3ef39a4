/* Training on corpora in one call (train/train_corpora.c): what `smart
 * train` runs. */
#include "../support/support.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PAIRS "tests/fixtures/train/pairs.jsonl"

static const char *const corpora[] = { PAIRS };

/* A path under /tmp unique to this process and `what` (caller frees). */
static char *tmp_path(const char *what)
{
	char path[96];

	snprintf(path, sizeof(path), "/tmp/smart-test-train-corpora-%s-%d", what, (int)getpid());
	remove(path);
	return strdup(path);
}

static void train_corpora_writes_the_model_it_reports(void **state)
{
	smart_train_corpora_options o = SMART_TRAIN_CORPORA_OPTIONS_INIT;
	smart_train_report r;
	smart_error err = { "" };
	char *out = tmp_path("model");
	smart_model *m;

	(void)state;
	o.output = out;
	o.folds = 2;
	o.threads = 1;
	assert_int_equal(smart_train_corpora(corpora, 1, &o, &r, &err), 0);
	assert_non_null(r.model);
	assert_true(r.has_fit);
	assert_true(r.n_rows > 10);
	assert_int_equal(r.model->provenance.pairs, r.n_rows);
	assert_int_equal(r.model->provenance.folds, 2);
	assert_int_equal(r.model->provenance.corpus_count, 1);
	assert_true(r.train_f1 > 0.5 && r.train_f1 <= 1);
	m = smart_model_load(out, r.names, smart_feature_count(), &err);
	assert_non_null(m);
	assert_true(m->cutoff == r.model->cutoff);
	smart_model_free(m);
	smart_train_report_free(&r);
	remove(out);
	free(out);
}

/* Training with `o` is refused with an error that says `why`: no model
 * reported, none written to o->output. */
static void assert_refused(const smart_train_corpora_options *o, const char *why)
{
	smart_train_report r;
	smart_error err = { "" };

	assert_int_equal(smart_train_corpora(corpora, 1, o, &r, &err), -1);
	assert_non_null(strstr(err.message, why));
	assert_null(r.model);
	assert_int_equal(access(o->output, F_OK), -1);
	smart_train_report_free(&r);
}

static void train_corpora_refuses_options_of_another_version(void **state)
{
	smart_train_corpora_options o = SMART_TRAIN_CORPORA_OPTIONS_INIT;
	char *out = tmp_path("version");

	(void)state;
	o.version = SMART_TRAIN_CORPORA_OPTIONS_VERSION + 1;
	o.output = out;
	assert_refused(&o, "SMART_TRAIN_CORPORA_OPTIONS_INIT");
	free(out);
}

/* First-look rows are measured without a profile (a first look meets an
 * application so): profiles given with them alone would profile no row,
 * so the call refuses the pair of options, before reading a corpus or
 * writing a model, instead of dropping the profiles silently. */
static void train_corpora_refuses_profiles_with_first_look_rows_only(void **state)
{
	smart_train_corpora_options o = SMART_TRAIN_CORPORA_OPTIONS_INIT;
	smart_train_report r;
	smart_error err = { "" };
	char *out = tmp_path("first-look");
	smart_profile_set ps;

	(void)state;
	one_empty_profile_set(&ps);
	o.output = out;
	o.folds = 0;
	o.profiles = &ps;
	o.train_rows = SMART_TRAIN_ROWS_FIRST_LOOK;
	assert_refused(&o, "--train-rows first-look");
	/* both: the ordinary rows take the profiles */
	o.train_rows = SMART_TRAIN_ROWS_BOTH;
	assert_int_equal(smart_train_corpora(corpora, 1, &o, &r, &err), 0);
	assert_true(r.model->provenance.profiles);
	smart_train_report_free(&r);
	remove(out);
	free(out);
	smart_profile_set_free(&ps);
}

/* Adaptation pairs count at most adapt_weight times each, and none when
 * the base model already decides them all right (adapting with the base
 * corpus itself: docs/adaptation.md, "Never worse than none"); a model
 * adapted is not cross-validated (copies of a pair in several folds
 * would leak). */
static void train_corpora_counts_adaptation_pairs_by_their_weight(void **state)
{
	smart_train_corpora_options o = SMART_TRAIN_CORPORA_OPTIONS_INIT;
	smart_train_report r;
	smart_error err = { "" };

	(void)state;
	o.adapt = corpora;
	o.n_adapt = 1;
	o.adapt_weight = 3;
	o.threads = 1;
	assert_int_equal(smart_train_corpora(corpora, 1, &o, &r, &err), 0);
	assert_int_equal(r.n_adapt_pairs, r.n_rows);
	assert_true(r.adapt_weight_used <= 3);
	if (r.adapt_taught == 0)
		assert_int_equal(r.model->provenance.pairs, r.n_rows);
	if (r.adapt_weight_used == 0) /* no refit: the base rows alone */
		assert_int_equal(r.model->provenance.pairs, r.n_rows);
	else /* every pair no rule decides, the weight chosen times */
		assert_int_equal((r.model->provenance.pairs - r.n_rows) % r.adapt_weight_used, 0);
	assert_int_equal(r.model->provenance.folds, 0);
	assert_true(r.adapt_f1 == r.train_f1);
	smart_train_report_free(&r);
}

/* An unusable record stops training after reading, naming it, and nothing
 * is written; with skip_bad it is left out. */
static void train_corpora_stops_on_an_unusable_record_unless_told(void **state)
{
	smart_train_corpora_options o = SMART_TRAIN_CORPORA_OPTIONS_INIT;
	smart_train_report r;
	smart_error err = { "" };
	char *bad = tmp_path("bad.jsonl"), *out = tmp_path("bad-model");
	const char *const paths[] = { PAIRS, bad };
	FILE *f = fopen(bad, "w");

	(void)state;
	assert_non_null(f);
	fputs("{\"app\": \"a\", \"test\": \"t\", \"old\": \"<p>\"}\n", f);
	fclose(f);
	o.output = out;
	o.folds = 0;
	o.threads = 1;
	assert_int_equal(smart_train_corpora(paths, 2, &o, &r, &err), -1);
	assert_int_equal(r.bad, 1);
	assert_non_null(strstr(err.message, bad));
	assert_int_equal(access(out, F_OK), -1);
	smart_train_report_free(&r);
	o.skip_bad = 1;
	assert_int_equal(smart_train_corpora(paths, 2, &o, &r, &err), 0);
	assert_int_equal(r.bad, 1);
	assert_int_equal(access(out, F_OK), 0);
	smart_train_report_free(&r);
	remove(bad);
	remove(out);
	free(bad);
	free(out);
}

/* The training statistics written and summed again give the model the
 * pairs themselves give. */
static void train_corpora_from_its_statistics_fits_the_same_weights(void **state)
{
	smart_train_corpora_options o = SMART_TRAIN_CORPORA_OPTIONS_INIT;
	smart_train_report direct, stats, summed;
	smart_error err = { "" };
	char *path = tmp_path("stats");
	const char *const paths[] = { path };

	(void)state;
	o.folds = 0;
	o.threads = 1;
	assert_int_equal(smart_train_corpora(corpora, 1, &o, &direct, &err), 0);
	o.stats_out = path;
	assert_int_equal(smart_train_corpora(corpora, 1, &o, &stats, &err), 0);
	assert_null(stats.model);
	assert_int_equal(stats.n_rows, direct.n_rows);
	o.stats_out = NULL;
	o.from_stats = 1;
	assert_int_equal(smart_train_corpora(paths, 1, &o, &summed, &err), 0);
	assert_int_equal(summed.model->n_features, direct.model->n_features);
	for (size_t j = 0; j < direct.model->n_features; j++)
		assert_true(fabs(summed.model->weights[j] - direct.model->weights[j]) < 1e-6);
	smart_train_report_free(&direct);
	smart_train_report_free(&stats);
	smart_train_report_free(&summed);
	remove(path);
	free(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(train_corpora_writes_the_model_it_reports),
		cmocka_unit_test(train_corpora_refuses_options_of_another_version),
		cmocka_unit_test(train_corpora_refuses_profiles_with_first_look_rows_only),
		cmocka_unit_test(train_corpora_counts_adaptation_pairs_by_their_weight),
		cmocka_unit_test(train_corpora_stops_on_an_unusable_record_unless_told),
		cmocka_unit_test(train_corpora_from_its_statistics_fits_the_same_weights),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
