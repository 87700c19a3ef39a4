/* The cutoff for pairs measured with a profile (train/profile_cutoff.c):
 * the paper's F1-maximising search over leave-one-application-out
 * margins of the profiled applications, checked against a search done
 * here by brute force on generated tables; the application a fold leaves
 * out takes no part; the model records the cutoff it finds. */
#include "../support/support.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { APPS = 6 };
static const char *const names[] = { "signal", "noise" };
static const int dummy_profile; /* any non-NULL pointer stands for a profile */

/* Applications app0, app2, app4 are measured with a profile. */
static const smart_profile *every_other_app(void *ctx, const char *app)
{
	(void)ctx;
	return (app[3] - '0') % 2 == 0 ? (const smart_profile *)(const void *)&dummy_profile : NULL;
}

/* n generated pairs over APPS applications (those whose index is
 * `without` left out; APPS: none), overlapping labels so that the search
 * has something to choose; some ignore pairs differ only in noise. */
static void make_table(smart_table *t, size_t n, unsigned seed, int without)
{
	smart_error err;

	smart_table_init(t, names, 2);
	t->profile_for = every_other_app;
	for (size_t i = 0; i < n; i++) {
		int label = rand_r(&seed) % 2, a = (int)(i % APPS);
		double v[2] = { (label ? 2 : 0) + (double)(rand_r(&seed) % 40) / 10 + a * 0.1,
				(double)(rand_r(&seed) % 5) };
		char app[8];
		smart_table_row row = { .values = v, .label = label, .app = app,
					.bytes_differ = 1, .trees_differ = 1,
					.only_volatile = !label && rand_r(&seed) % 9 == 0 };

		if (a == without)
			continue;
		snprintf(app, sizeof(app), "app%d", a);
		assert_int_equal(smart_table_add(t, &row, &err), 0);
	}
}

/* The search done by hand: each profiled application held out, a model
 * fitted on the others, its non-forced rows' margins; the best F1 of
 * "margin >= threshold" over every threshold. */
static double brute_force_best_f1(const smart_table *t, size_t *rows_out, size_t *apps_out)
{
	size_t n = t->n_rows, p = t->n_features, k = 0;
	double *margins = malloc(n * sizeof(double)), *x = malloc(n * p * sizeof(double));
	unsigned char *y = malloc(n), *held = malloc(n);
	smart_train_options o = SMART_TRAIN_OPTIONS_INIT;
	double best = 0;
	smart_error err;

	assert_non_null(margins);
	assert_non_null(x);
	assert_non_null(y);
	assert_non_null(held);
	o.degenerate = SMART_DEGENERATE_DROP;
	*apps_out = 0;
	for (size_t a = 0; a < t->n_apps; a++) {
		size_t m = 0;
		smart_model *model;

		if (every_other_app(NULL, t->apps[a]) == NULL)
			continue;
		for (size_t i = 0; i < n; i++)
			if (t->app[i] != a) {
				memcpy(x + m * p, t->rows + i * p, p * sizeof(double));
				y[m++] = t->labels[i];
			}
		model = smart_model_train(&(smart_dataset){ x, y, m, p, names }, &o, NULL, &err);
		assert_non_null(model);
		for (size_t i = 0; i < n; i++)
			if (t->app[i] == a && !t->only_volatile[i]) {
				margins[k] = smart_model_score(model, t->rows + i * p) - model->cutoff;
				held[k++] = t->labels[i];
			}
		smart_model_free(model);
		++*apps_out;
	}
	for (size_t c = 0; c <= k; c++) { /* every threshold: each margin, and above all */
		double th = c < k ? margins[c] : INFINITY;
		smart_confusion conf = { 0, 0, 0, 0 };

		for (size_t i = 0; i < k; i++)
			smart_confusion_add(&conf, margins[i] >= th, held[i]);
		if (smart_confusion_scores(&conf).f1 > best)
			best = smart_confusion_scores(&conf).f1;
	}
	*rows_out = k;
	free(margins);
	free(x);
	free(y);
	free(held);
	return best;
}

static void profile_cutoff_search_finds_the_best_held_out_f1_on_generated_tables(void **state)
{
	(void)state;
	for (unsigned seed = 1; seed <= 40; seed++) {
		smart_table t;
		smart_train_options o = SMART_TRAIN_OPTIONS_INIT;
		smart_profile_cutoff pc;
		smart_error err = { "" };
		unsigned char *profiled;
		size_t rows, apps;
		double best;

		make_table(&t, 120 + seed % 7 * 10, seed, APPS);
		profiled = smart_table_profiled_apps(&t, &err);
		assert_non_null(profiled);
		assert_int_equal(smart_profile_cutoff_search(&t, profiled, SIZE_MAX, &o, &pc, &err), 0);
		best = brute_force_best_f1(&t, &rows, &apps);
		assert_int_equal(pc.found, 1);
		assert_int_equal(pc.apps, apps);
		assert_int_equal(pc.apps, 3);
		assert_int_equal(pc.rows, rows);
		assert_true(fabs(pc.f1 - best) < 1e-12);
		free(profiled);
		smart_table_free(&t);
	}
}

static void profile_cutoff_search_leaves_the_skipped_application_out_entirely(void **state)
{
	smart_table t, without;
	smart_train_options o = SMART_TRAIN_OPTIONS_INIT;
	smart_profile_cutoff skipped, absent;
	smart_error err = { "" };
	unsigned char *p1, *p2;
	size_t skip = SIZE_MAX;

	(void)state;
	make_table(&t, 180, 17, APPS);
	make_table(&without, 180, 17, 2);
	for (size_t a = 0; a < t.n_apps; a++)
		if (strcmp(t.apps[a], "app2") == 0)
			skip = a;
	assert_true(skip != SIZE_MAX);
	p1 = smart_table_profiled_apps(&t, &err);
	p2 = smart_table_profiled_apps(&without, &err);
	assert_non_null(p1);
	assert_non_null(p2);
	assert_int_equal(smart_profile_cutoff_search(&t, p1, skip, &o, &skipped, &err), 0);
	assert_int_equal(smart_profile_cutoff_search(&without, p2, SIZE_MAX, &o, &absent, &err), 0);
	/* as if its pairs were not there: neither held out nor trained on */
	assert_int_equal(skipped.apps, 2);
	assert_int_equal(skipped.rows, absent.rows);
	assert_true(skipped.offset == absent.offset);
	assert_true(skipped.f1 == absent.f1);
	free(p1);
	free(p2);
	smart_table_free(&t);
	smart_table_free(&without);
}

static void profile_cutoff_is_the_cutoff_moved_by_the_held_out_offset(void **state)
{
	smart_model m = { .cutoff = 0.25, .comparison = SMART_CMP_GE };
	smart_profile_cutoff none = { .found = 0, .offset = 1 };
	smart_profile_cutoff found = { .found = 1, .offset = -0.125 };

	(void)state;
	smart_profile_cutoff_apply(&m, &none);
	assert_int_equal(m.has_profile_cutoff, 0);
	smart_profile_cutoff_apply(&m, &found);
	assert_int_equal(m.has_profile_cutoff, 1);
	assert_true(m.profile_cutoff == 0.125);
	m.comparison = SMART_CMP_LE; /* margins point towards inspect either way */
	smart_profile_cutoff_apply(&m, &found);
	assert_true(m.profile_cutoff == 0.375);
}

static void profile_cutoff_needs_a_profiled_application(void **state)
{
	smart_table t;
	smart_train_options o = SMART_TRAIN_OPTIONS_INIT;
	smart_profile_cutoff pc;
	smart_error err = { "" };
	unsigned char none[APPS] = { 0 };

	(void)state;
	make_table(&t, 120, 3, APPS);
	assert_int_equal(smart_profile_cutoff_search(&t, none, SIZE_MAX, &o, &pc, &err), 0);
	assert_int_equal(pc.found, 0);
	assert_int_equal(pc.apps, 0);
	smart_table_free(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(profile_cutoff_search_finds_the_best_held_out_f1_on_generated_tables),
		cmocka_unit_test(profile_cutoff_search_leaves_the_skipped_application_out_entirely),
		cmocka_unit_test(profile_cutoff_is_the_cutoff_moved_by_the_held_out_offset),
		cmocka_unit_test(profile_cutoff_needs_a_profiled_application),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
