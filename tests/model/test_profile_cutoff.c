/* The cutoff for pairs measured with a profile in the model file
 * (smart_model.profile_cutoff, docs/model-format.md): written and read
 * back exactly, absent in older files (which then decide as before), and
 * used only for pairs measured with a profile. */
#include "../support/support.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 60, P = 2 };
static const char *const names[P] = { "moves", "inserts" };

/* A small linear model: inspect when moves + inserts is large. */
static smart_model *train_small(void)
{
	static double rows[N * P];
	static unsigned char labels[N];
	smart_dataset d = { rows, labels, N, P, names };
	smart_train_options o = SMART_TRAIN_OPTIONS_INIT;
	smart_error err = { "" };
	unsigned seed = 5;
	smart_model *m;

	for (int r = 0; r < N; r++) {
		rows[r * P] = rand_r(&seed) % 8;
		rows[r * P + 1] = rand_r(&seed) % 8;
		labels[r] = (unsigned char)(rows[r * P] + rows[r * P + 1] > 7);
	}
	m = smart_model_train(&d, &o, NULL, &err);
	if (!m)
		fail_msg("%s", err.message);
	return m;
}

/* m written as JSON and read back (the caller frees both). */
static smart_model *round_trip(const smart_model *m, char **json)
{
	smart_error err = { "" };
	smart_model *back;

	*json = smart_model_to_json(m, &err);
	if (!*json)
		fail_msg("%s", err.message);
	back = smart_model_from_json(*json, strlen(*json), "m.json", names, P, &err);
	if (!back)
		fail_msg("%s", err.message);
	return back;
}

static void model_file_round_trips_the_profile_cutoff_bit_for_bit(void **state)
{
	smart_model *m = train_small(), *back;
	char *json;

	(void)state;
	m->has_profile_cutoff = 1;
	m->profile_cutoff = m->cutoff - 0.1 / 3; /* no short decimal form */
	back = round_trip(m, &json);
	assert_non_null(strstr(json, "\"profile_cutoff\""));
	assert_int_equal(back->has_profile_cutoff, 1);
	assert_true(back->profile_cutoff == m->profile_cutoff);
	assert_true(back->cutoff == m->cutoff);
	free(json);
	smart_model_free(m);
	smart_model_free(back);
}

static void model_without_a_profile_cutoff_is_read_as_before(void **state)
{
	smart_model *m = train_small(), *back;
	double before;
	char *json;

	(void)state;
	back = round_trip(m, &json);
	/* an older file has no such field: nothing is written for none */
	assert_null(strstr(json, "profile_cutoff"));
	assert_int_equal(back->has_profile_cutoff, 0);
	assert_true(smart_model_cutoff_for(back, 1) == back->cutoff);
	before = back->cutoff;
	smart_model_use_profile_cutoff(back);
	assert_true(back->cutoff == before);
	free(json);
	smart_model_free(m);
	smart_model_free(back);
}

static void profile_cutoff_decides_only_pairs_measured_with_a_profile(void **state)
{
	smart_model *m = train_small();

	(void)state;
	m->has_profile_cutoff = 1;
	m->profile_cutoff = m->cutoff + 0.5;
	assert_true(smart_model_cutoff_for(m, 0) == m->cutoff);
	assert_true(smart_model_cutoff_for(m, 1) == m->profile_cutoff);
	smart_model_use_profile_cutoff(m);
	assert_true(m->cutoff == m->profile_cutoff);
	smart_model_free(m);
}

static void profile_cutoff_that_is_not_a_number_is_one_error(void **state)
{
	smart_model *m = train_small();
	smart_error err = { "" };
	char *json, *at, *text;

	(void)state;
	m->has_profile_cutoff = 1;
	m->profile_cutoff = 0.25;
	json = smart_model_to_json(m, &err);
	assert_non_null(json);
	at = strstr(json, "\"profile_cutoff\"");
	assert_non_null(at);
	text = malloc(strlen(json) + 16);
	assert_non_null(text);
	/* "profile_cutoff": 0.25  ->  "profile_cutoff": "x" */
	snprintf(text, strlen(json) + 16, "%.*s\"profile_cutoff\": \"x\"%s", (int)(at - json), json,
		 strchr(at, ',') ? strchr(at, ',') : "}");
	assert_null(smart_model_from_json(text, strlen(text), "m.json", names, P, &err));
	assert_non_null(strstr(err.message, "m.json: 'profile_cutoff'"));
	assert_null(strchr(err.message, '\n'));
	free(text);
	free(json);
	smart_model_free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(model_file_round_trips_the_profile_cutoff_bit_for_bit),
		cmocka_unit_test(model_without_a_profile_cutoff_is_read_as_before),
		cmocka_unit_test(profile_cutoff_decides_only_pairs_measured_with_a_profile),
		cmocka_unit_test(profile_cutoff_that_is_not_a_number_is_one_error),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
