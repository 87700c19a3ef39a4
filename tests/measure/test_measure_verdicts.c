/* The oracle comparators' verdicts in the measuring stage
 * (measure/measure.c): the one place they become feature columns. */
#include "../support/support.h"

#include <stdlib.h>
#include <string.h>

#define OLD "<html><body><p>one</p></body></html>"
#define NEW "<html><body><p>two</p></body></html>"

static const smart_document old_doc = { OLD, sizeof(OLD) - 1, "old" };
static const smart_document new_doc = { NEW, sizeof(NEW) - 1, "new" };

/* Measures the pair with the comparators Content (fails a text change)
 * and Structure (tags only: passes it), checks the verdicts they return,
 * and copies the two doubles after smart's features (set to -7
 * beforehand) into columns[]. */
static void measure(int as_features, double *columns)
{
	size_t n = smart_feature_count();
	double *values = malloc((n + 2) * sizeof(*values));
	unsigned char fails[2] = { 9, 9 };
	const smart_comparator *cmp[2] = { smart_comparator_find("Content"),
					   smart_comparator_find("Structure") };
	smart_error err = { "" };
	smart_compare_config *cfg = smart_compare_config_new(NULL, &err);
	smart_comparator_set set = { .comparators = cmp, .n = 2, .config = cfg };
	smart_measure m = { .values = values, .format = SMART_FORMAT_HTML, .comparators = &set,
			    .comparator_features = as_features, .fails = fails };

	assert_non_null(values);
	assert_non_null(cmp[0]);
	assert_non_null(cmp[1]);
	assert_non_null(cfg);
	values[n] = values[n + 1] = -7;
	assert_int_equal(smart_measure_pair(&old_doc, &new_doc, &m, &err), 0);
	assert_int_equal(fails[0], 1);
	assert_int_equal(fails[1], 0);
	memcpy(columns, values + n, 2 * sizeof(*columns));
	smart_compare_config_free(cfg);
	free(values);
}

static void measure_writes_verdicts_as_columns_after_the_features(void **state)
{
	double columns[2];

	(void)state;
	measure(1, columns);
	assert_true(columns[0] == 1 && columns[1] == 0);
}

static void measure_keeps_verdicts_out_of_the_columns_unless_asked(void **state)
{
	double columns[2];

	(void)state;
	measure(0, columns);
	assert_true(columns[0] == -7 && columns[1] == -7);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(measure_writes_verdicts_as_columns_after_the_features),
		cmocka_unit_test(measure_keeps_verdicts_out_of_the_columns_unless_asked),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
