/* The AUC of held-out decisions (train/auc.c): the share of (inspect,
 * ignore) pairs ranked the right way, ties counting half, a rule's
 * decision above or below every score, unscored rows left out, one
 * application at a time; checked against the quadratic count by
 * definition on random scores. */
#include "../support/support.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/rng.h"

#define ROWS 64

/* A table of `n` rows with labels and apps, and a result whose margins,
 * forced decisions are given (no features: AUC reads neither). */
typedef struct fixture {
	smart_table t;
	smart_eval_result r;
	unsigned char labels[ROWS];
	uint32_t app[ROWS];
	double margin[ROWS];
	signed char forced[ROWS];
	char *apps[2];
} fixture;

static void setup(fixture *f, size_t n)
{
	static char a0[] = "a", a1[] = "b";

	memset(f, 0, sizeof(*f));
	f->t.n_rows = n;
	f->t.labels = f->labels;
	f->t.app = f->app;
	f->apps[0] = a0;
	f->apps[1] = a1;
	f->t.apps = f->apps;
	f->t.n_apps = 2;
	f->r.margin = f->margin;
	f->r.forced = f->forced;
	for (size_t i = 0; i < n; i++)
		f->forced[i] = -1;
}

/* AUC by its definition: every (inspect, ignore) pair of rows of `app`. */
static double auc_by_definition(const fixture *f, size_t app)
{
	double right = 0, pairs = 0;

	for (size_t i = 0; i < f->t.n_rows; i++)
		for (size_t j = 0; j < f->t.n_rows; j++) {
			double x = f->forced[i] >= 0 ? (f->forced[i] ? INFINITY : -INFINITY)
						     : f->margin[i];
			double y = f->forced[j] >= 0 ? (f->forced[j] ? INFINITY : -INFINITY)
						     : f->margin[j];

			if (!f->labels[i] || f->labels[j] || isnan(x) || isnan(y) ||
			    (app != SIZE_MAX && (f->app[i] != app || f->app[j] != app)))
				continue;
			pairs++;
			right += x > y ? 1 : x == y ? 0.5 : 0;
		}
	return pairs ? right / pairs : NAN;
}

static void perfect_reversed_and_tied_rankings(void **state)
{
	fixture f;

	setup(&f, 4);
	f.labels[0] = f.labels[1] = 1;
	f.margin[0] = 2, f.margin[1] = 1, f.margin[2] = 0, f.margin[3] = -1;
	assert_float_equal(smart_eval_auc(&f.t, &f.r, SIZE_MAX), 1.0, 1e-12);
	f.margin[0] = -3, f.margin[1] = -2;
	assert_float_equal(smart_eval_auc(&f.t, &f.r, SIZE_MAX), 0.0, 1e-12);
	for (int i = 0; i < 4; i++)
		f.margin[i] = 0.5;
	assert_float_equal(smart_eval_auc(&f.t, &f.r, SIZE_MAX), 0.5, 1e-12);
}

static void rules_rank_above_and_below_every_score(void **state)
{
	fixture f;

	setup(&f, 3);
	f.labels[0] = 1;
	f.margin[0] = -100; /* the score says ignore, the rule says inspect */
	f.forced[0] = 1;
	f.margin[1] = 100;  /* the score says inspect, every difference was volatile */
	f.forced[1] = 0;
	f.margin[2] = 5;
	assert_float_equal(smart_eval_auc(&f.t, &f.r, SIZE_MAX), 1.0, 1e-12);
}

static void one_label_alone_has_no_auc_and_unscored_rows_are_left_out(void **state)
{
	fixture f;

	setup(&f, 3);
	f.labels[0] = 1;
	f.margin[0] = 1;
	f.margin[1] = NAN; /* an adaptation pair: not scored */
	f.margin[2] = NAN;
	assert_true(isnan(smart_eval_auc(&f.t, &f.r, SIZE_MAX)));
	f.margin[2] = 2;
	assert_float_equal(smart_eval_auc(&f.t, &f.r, SIZE_MAX), 0.0, 1e-12);
}

static void random_scores_match_the_definition_per_app(void **state)
{
	uint64_t rng = 42;
	fixture f;

	for (int round = 0; round < 200; round++) {
		setup(&f, ROWS);
		for (size_t i = 0; i < ROWS; i++) {
			f.labels[i] = smart_rng_uniform(&rng) < 0.4;
			f.app[i] = smart_rng_uniform(&rng) < 0.5;
			/* few distinct values: many ties */
			f.margin[i] = floor(smart_rng_uniform(&rng) * 8) - 4;
			if (smart_rng_uniform(&rng) < 0.1)
				f.forced[i] = smart_rng_uniform(&rng) < 0.5;
			if (smart_rng_uniform(&rng) < 0.05)
				f.margin[i] = NAN;
		}
		for (size_t app = 0; app <= 2; app++) {
			size_t which = app == 2 ? SIZE_MAX : app;
			double want = auc_by_definition(&f, which);
			double got = smart_eval_auc(&f.t, &f.r, which);

			if (isnan(want))
				assert_true(isnan(got));
			else
				assert_float_equal(got, want, 1e-9);
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(perfect_reversed_and_tied_rankings),
		cmocka_unit_test(rules_rank_above_and_below_every_score),
		cmocka_unit_test(one_label_alone_has_no_auc_and_unscored_rows_are_left_out),
		cmocka_unit_test(random_scores_match_the_definition_per_app),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
