/* The cutoff for a first look (train/transfer_cutoff.c): every
 * application held out in turn, its first-look rows scored by a model
 * fitted on the others' ordinary rows, the worst application's F1
 * maximised over those margins; checked against a search done here by
 * brute force on generated tables; the application a fold leaves out
 * takes no part. */
#include "../support/support.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { APPS = 5 };
static const char *const names[] = { "signal", "noise" };

/* n generated pairs over APPS applications (index `without` left out;
 * APPS: none), as their ordinary rows (`look` 0) or as first looks
 * (`look` 1: the ignore pairs of applications 1 and 3 keep a residue
 * their own rules would have removed). Some ignore pairs differ only in
 * volatile values (a rule's ignore). The same seed gives the same pairs. */
static void make_table(smart_table *t, size_t n, unsigned seed, int without, int look)
{
	smart_error err;

	smart_table_init(t, names, 2);
	for (size_t i = 0; i < n; i++) {
		int label = rand_r(&seed) % 2, a = (int)(i % APPS);
		double residue = (double)(rand_r(&seed) % 30) / 10;
		double v[2] = { (label ? 2.5 : 0) + (double)(rand_r(&seed) % 30) / 10,
				(double)(rand_r(&seed) % 5) };
		int volatile_only = !label && rand_r(&seed) % 9 == 0;
		char app[8];
		smart_table_row row = { .values = v, .label = label, .app = app,
					.bytes_differ = 1, .trees_differ = 1,
					.only_volatile = volatile_only };

		if (look && !label && a % 2 == 1)
			v[0] += residue;
		if (a == without)
			continue;
		snprintf(app, sizeof(app), "app%d", a);
		assert_int_equal(smart_table_add(t, &row, &err), 0);
	}
}

/* smart_transfer_cutoff_search over the two tables. */
static int search(const smart_table *t, const smart_table *looks, size_t skip,
		  const smart_train_options *o, smart_cutoff_objective obj, smart_transfer_cutoff *tc,
		  smart_error *err)
{
	smart_transfer_search s = { t, looks, skip, obj };

	return smart_transfer_cutoff_search(&s, o, tc, err);
}

/* The worst F1 over the applications with a fault of "margin >= th". */
static double worst_at(const double *m, const unsigned char *y, const uint32_t *g, size_t k,
		       double th)
{
	double worst = INFINITY;

	for (uint32_t a = 0; a < APPS; a++) {
		smart_confusion c = { 0, 0, 0, 0 };

		for (size_t i = 0; i < k; i++)
			if (g[i] == a)
				smart_confusion_add(&c, m[i] >= th, y[i]);
		if (c.tp + c.fn > 0 && smart_confusion_scores(&c).f1 < worst)
			worst = smart_confusion_scores(&c).f1;
	}
	return worst;
}

/* The search done by hand: each application held out, a model fitted on
 * the others' ordinary rows, its first-look rows' margins (a rule's
 * ignore at -infinity); the best worst F1 over every threshold at a
 * finite margin and above all of them. */
static double brute_force_best_worst(const smart_table *t, const smart_table *looks)
{
	size_t n = t->n_rows, p = t->n_features, k = 0;
	double *margins = malloc(n * sizeof(double)), *x = malloc(n * p * sizeof(double));
	unsigned char *y = malloc(n), *held = malloc(n);
	uint32_t *g = malloc(n * sizeof(uint32_t));
	smart_train_options o = SMART_TRAIN_OPTIONS_INIT;
	double best = 0;
	smart_error err;

	assert_true(margins && x && y && held && g);
	o.degenerate = SMART_DEGENERATE_DROP;
	for (size_t a = 0; a < t->n_apps; a++) {
		size_t m = 0;
		smart_model *model;

		for (size_t i = 0; i < n; i++)
			if (t->app[i] != a) {
				memcpy(x + m * p, t->rows + i * p, p * sizeof(double));
				y[m++] = t->labels[i];
			}
		model = smart_model_train(&(smart_dataset){ x, y, m, p, names }, &o, NULL, &err);
		assert_non_null(model);
		assert_int_equal(model->comparison, SMART_CMP_GE);
		for (size_t i = 0; i < n; i++)
			if (looks->app[i] == a) {
				margins[k] = looks->only_volatile[i]
						     ? -INFINITY
						     : smart_model_score(model, looks->rows + i * p) -
							       model->cutoff;
				held[k] = looks->labels[i];
				g[k++] = (uint32_t)a;
			}
		smart_model_free(model);
	}
	for (size_t c = 0; c <= k; c++) {
		double th = c < k ? margins[c] : INFINITY;

		if (isfinite(th) || c == k)
			best = fmax(best, worst_at(margins, held, g, k, th));
	}
	free(margins);
	free(x);
	free(y);
	free(held);
	free(g);
	return best;
}

static void transfer_cutoff_finds_the_best_worst_first_look_f1_on_generated_tables(void **state)
{
	(void)state;
	for (unsigned seed = 1; seed <= 30; seed++) {
		smart_table t, looks;
		smart_train_options o = SMART_TRAIN_OPTIONS_INIT;
		smart_transfer_cutoff tc;
		smart_error err = { "" };
		size_t n = 100 + seed % 5 * 20;

		make_table(&t, n, seed, APPS, 0);
		make_table(&looks, n, seed, APPS, 1);
		assert_int_equal(search(&t, &looks, SIZE_MAX, &o, SMART_CUTOFF_WORST, &tc, &err), 0);
		assert_int_equal(tc.found, 1);
		assert_int_equal(tc.apps, APPS);
		assert_int_equal(tc.rows, n);
		assert_true(fabs(tc.choice.worst_f1 - brute_force_best_worst(&t, &looks)) < 1e-12);
		smart_table_free(&t);
		smart_table_free(&looks);
	}
}

static void transfer_cutoff_rises_past_the_residue_of_first_looks(void **state)
{
	/* ordinary rows: clean pairs' signal 0..0.9, faults' 3..3.9; as
	 * first looks the clean pairs of applications 1 and 3 keep a residue
	 * of 1.5 (1.5..2.4), above the paper's cutoff (between 0.9 and 3):
	 * the offset moves the cutoff above the residue, under the faults,
	 * and every held-out application is then decided right */
	smart_table t, looks;
	smart_train_options o = SMART_TRAIN_OPTIONS_INIT;
	smart_transfer_cutoff tc;
	smart_error err = { "" };
	smart_model *m;
	double before;

	(void)state;
	smart_table_init(&t, names, 2);
	smart_table_init(&looks, names, 2);
	for (int i = 0; i < 200; i++) {
		int label = i % 4 < 2, a = i % APPS;
		double v[2] = { (label ? 3 : 0) + (double)(i / 4 % 10) / 10, (double)(i % 3) };
		char app[8];
		smart_table_row row = { .values = v, .label = label, .app = app,
					.bytes_differ = 1, .trees_differ = 1 };

		snprintf(app, sizeof(app), "app%d", a);
		assert_int_equal(smart_table_add(&t, &row, &err), 0);
		if (!label && a % 2 == 1)
			v[0] += 1.5;
		assert_int_equal(smart_table_add(&looks, &row, &err), 0);
	}
	assert_int_equal(search(&t, &looks, SIZE_MAX, &o, SMART_CUTOFF_WORST, &tc, &err), 0);
	assert_true(tc.found && tc.offset > 0);
	assert_true(tc.choice.worst_f1 == 1.0);
	m = smart_model_train(&(smart_dataset){ t.rows, t.labels, t.n_rows, 2, names }, &o, NULL,
			      &err);
	assert_non_null(m);
	before = m->cutoff;
	smart_transfer_cutoff_apply(m, &tc);
	assert_true(m->cutoff == before + tc.offset);
	/* the whole model decides the residue ignore and the faults inspect */
	assert_int_equal(smart_model_decide(m, (double[]){ 2.4, 0 }, NULL), 0);
	assert_int_equal(smart_model_decide(m, (double[]){ 3.0, 0 }, NULL), 1);
	smart_model_free(m);
	smart_table_free(&t);
	smart_table_free(&looks);
}

static void transfer_cutoff_leaves_the_skipped_application_out_entirely(void **state)
{
	/* skipping application 2 is searching the tables without it */
	smart_table t, looks, t2, looks2;
	smart_train_options o = SMART_TRAIN_OPTIONS_INIT;
	smart_transfer_cutoff a, b;
	smart_error err = { "" };

	(void)state;
	make_table(&t, 200, 3, APPS, 0);
	make_table(&looks, 200, 3, APPS, 1);
	make_table(&t2, 200, 3, 2, 0);
	make_table(&looks2, 200, 3, 2, 1);
	assert_int_equal(search(&t, &looks, 2, &o, SMART_CUTOFF_WORST, &a, &err), 0);
	assert_int_equal(search(&t2, &looks2, SIZE_MAX, &o, SMART_CUTOFF_WORST, &b, &err), 0);
	assert_int_equal(a.apps, APPS - 1);
	assert_int_equal(a.rows, b.rows);
	assert_true(a.offset == b.offset);
	assert_true(a.choice.worst_f1 == b.choice.worst_f1);
	smart_table_free(&t);
	smart_table_free(&looks);
	smart_table_free(&t2);
	smart_table_free(&looks2);
}

static void transfer_cutoff_refuses_first_looks_of_other_pairs(void **state)
{
	smart_table t, looks;
	smart_train_options o = SMART_TRAIN_OPTIONS_INIT;
	smart_transfer_cutoff tc;
	smart_error err = { "" };

	(void)state;
	make_table(&t, 100, 4, APPS, 0);
	make_table(&looks, 90, 4, APPS, 1);
	assert_int_equal(search(&t, &looks, SIZE_MAX, &o, SMART_CUTOFF_WORST, &tc, &err), -1);
	assert_non_null(strstr(err.message, "first-look rows"));
	assert_int_equal(tc.found, 0);
	smart_table_free(&t);
	smart_table_free(&looks);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(transfer_cutoff_finds_the_best_worst_first_look_f1_on_generated_tables),
		cmocka_unit_test(transfer_cutoff_rises_past_the_residue_of_first_looks),
		cmocka_unit_test(transfer_cutoff_leaves_the_skipped_application_out_entirely),
		cmocka_unit_test(transfer_cutoff_refuses_first_looks_of_other_pairs),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
