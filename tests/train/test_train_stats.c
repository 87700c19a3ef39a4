/* Training statistics that add up across shards (train/stats.c). */
#include "../support/support.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const names[] = { "signal", "noise", "flag" };

/* Rows [from, to) of one deterministic stream of pairs, many repeated. */
static void make_table(smart_table *t, size_t from, size_t to)
{
	smart_error err;

	smart_table_init(t, names, 3);
	for (size_t i = from; i < to; i++) {
		unsigned seed = (unsigned)i * 2654435761u;
		int label = i % 3 == 0;
		double v[3] = { label ? 5 + rand_r(&seed) % 5 : rand_r(&seed) % 5,
				(double)(rand_r(&seed) % 3) * 0.1, (double)(i % 2) };
		smart_table_row row = { .values = v, .label = label, .app = "a" };

		assert_int_equal(smart_table_add(t, &row, &err), 0);
	}
}

/* Writes the statistics of rows [from, to), returns the path (caller frees). */
static char *write_stats(size_t from, size_t to, const char *params)
{
	smart_table t;
	smart_error err = { "" };
	smart_train_stats *s;
	char path[64];

	make_table(&t, from, to);
	s = smart_train_stats_of_table(&t, params, &err);
	assert_non_null(s);
	snprintf(path, sizeof(path), "/tmp/smart-test-stats-%zu-%zu-%d", from, to, (int)getpid());
	assert_int_equal(smart_train_stats_write(s, names, path, &err), 0);
	smart_train_stats_free(s);
	smart_table_free(&t);
	return strdup(path);
}

static void train_stats_sum_of_parts_is_the_whole(void **state)
{
	char *parts[3] = { write_stats(0, 100, "m"), write_stats(100, 250, "m"),
			   write_stats(250, 400, "m") };
	smart_error err = { "" };
	smart_train_stats *sum = smart_train_stats_sum((const char *const *)parts, 3, names, 3, "m",
						      &err);
	smart_table whole;
	smart_train_stats *all;
	const double *xtx_sum, *xty_sum, *xtx_all, *xty_all;
	size_t n_sum, n_all;
	smart_dataset d;
	smart_train_options o = SMART_TRAIN_OPTIONS_INIT;
	smart_model *m1, *m2;

	(void)state;
	assert_non_null(sum);
	make_table(&whole, 0, 400);
	all = smart_train_stats_of_table(&whole, "m", &err);
	assert_non_null(all);
	smart_train_stats_moments(sum, &xtx_sum, &xty_sum, &n_sum);
	smart_train_stats_moments(all, &xtx_all, &xty_all, &n_all);
	assert_int_equal(n_sum, 400);
	assert_int_equal(n_all, 400);
	for (size_t i = 0; i < 16; i++)
		assert_true(fabs(xtx_sum[i] - xtx_all[i]) <= 1e-9 * (1 + fabs(xtx_all[i])));
	for (size_t i = 0; i < 4; i++)
		assert_true(fabs(xty_sum[i] - xty_all[i]) <= 1e-9 * (1 + fabs(xty_all[i])));
	assert_true(xtx_all[0] == 400.0); /* the intercept column: n */

	/* Fits alike: the dataset of the sum is the union's rows, grouped. */
	assert_int_equal(smart_train_stats_dataset(sum, names, &d, &err), 0);
	assert_int_equal(d.n_rows, 400);
	m1 = smart_model_train(&d, &o, NULL, &err);
	m2 = smart_model_train(&(smart_dataset){ whole.rows, whole.labels, whole.n_rows, 3, names },
			       &o, NULL, &err);
	assert_non_null(m1);
	assert_non_null(m2);
	for (size_t j = 0; j < 3; j++)
		assert_true(fabs(m1->weights[j] - m2->weights[j]) <= 1e-9);
	assert_true(fabs(m1->cutoff - m2->cutoff) <= 1e-9);
	assert_int_equal(m1->comparison, m2->comparison);
	smart_model_free(m1);
	smart_model_free(m2);
	smart_train_stats_free(sum);
	smart_train_stats_free(all);
	smart_table_free(&whole);
	for (int i = 0; i < 3; i++) {
		remove(parts[i]);
		free(parts[i]);
	}
}

static void train_stats_refuse_other_parameters_and_features(void **state)
{
	char *path = write_stats(0, 50, "raw=1");
	const char *other[] = { "signal", "noise", "other" };
	smart_error err = { "" };

	(void)state;
	assert_null(smart_train_stats_sum((const char *const *)&path, 1, names, 3, "raw=0", &err));
	assert_non_null(strstr(err.message, "measured another way"));
	assert_null(smart_train_stats_sum((const char *const *)&path, 1, other, 3, "raw=1", &err));
	assert_non_null(strstr(err.message, "feature 3 is not 'other'"));
	remove(path);
	free(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(train_stats_sum_of_parts_is_the_whole),
		cmocka_unit_test(train_stats_refuse_other_parameters_and_features),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
