/* Training both kinds, and model files: save -> load -> same decisions;
 * corrupt, truncated, foreign or mismatched files are one clear error. */
#include "../support/support.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 80, P = 3 };
static const char *const names[P] = { "moves", "inserts", "text_only" };
static double rows[N * P];
static unsigned char labels[N];

/* A noisy but learnable problem: inspect when moves + inserts is large and
 * the change is not text-only. */
static void make_data(void)
{
	unsigned seed = 11;

	for (int r = 0; r < N; r++) {
		double m = rand_r(&seed) % 10, i = rand_r(&seed) % 10, t = rand_r(&seed) % 2;

		rows[r * P] = m;
		rows[r * P + 1] = i;
		rows[r * P + 2] = t;
		labels[r] = (unsigned char)((m + i > 9 && !t) || rand_r(&seed) % 17 == 0);
	}
}

static smart_model *train(smart_model_kind kind)
{
	smart_dataset d = { rows, labels, N, P, names };
	smart_train_options o = SMART_TRAIN_OPTIONS_INIT;
	smart_error err = { "" };
	smart_model *m;

	o.kind = kind;
	o.degenerate = SMART_DEGENERATE_FAIL;
	m = smart_model_train(&d, &o, NULL, &err);

	if (!m)
		fail_msg("%s", err.message);
	return m;
}

static void round_trip_gives_identical_scores(smart_model_kind kind)
{
	smart_model *m = train(kind), *back;
	smart_error err = { "" };
	const char *path = write_temp_file("model.json", "", 0);
	size_t agree = 0;

	assert_int_equal(smart_model_save(m, path, &err), 0);
	back = smart_model_load(path, names, P, &err);
	if (!back)
		fail_msg("%s", err.message);
	assert_int_equal(back->kind, kind);
	assert_true(back->cutoff == m->cutoff);
	for (int r = 0; r < N; r++) {
		double s1, s2;
		int d1 = smart_model_decide(m, rows + r * P, &s1);
		int d2 = smart_model_decide(back, rows + r * P, &s2);

		assert_true(s1 == s2);
		assert_int_equal(d1, d2);
		agree += (size_t)d1 == labels[r];
	}
	/* The model learned something: far better than chance. */
	assert_true(agree > N * 3 / 4);
	smart_model_free(m);
	smart_model_free(back);
}

static void model_linear_save_load_classify_identical(void **state)
{
	(void)state;
	round_trip_gives_identical_scores(SMART_MODEL_LINEAR);
}

static void model_svm_save_load_classify_identical(void **state)
{
	(void)state;
	round_trip_gives_identical_scores(SMART_MODEL_SVM);
}

/* Loads `text` as a model and returns the error message (static). */
static const char *load_error(const char *text, const char *const *want, size_t n)
{
	static smart_error err;
	smart_model *m = smart_model_from_json(text, strlen(text), "m.json", want, n, &err);

	assert_null(m);
	assert_null(strchr(err.message, '\n'));
	assert_true(strncmp(err.message, "m.json: ", 8) == 0);
	return err.message;
}

static void model_truncated_file_is_one_error_line(void **state)
{
	smart_model *m = train(SMART_MODEL_LINEAR);
	smart_error err;
	char *json = smart_model_to_json(m, &err);
	size_t len = strlen(json);

	(void)state;
	/* Every proper prefix is refused, never loaded as a partial model. */
	for (size_t cut = 0; cut < len - 1; cut += 7) {
		char saved = json[cut];

		json[cut] = '\0';
		load_error(json, names, P);
		json[cut] = saved;
	}
	free(json);
	smart_model_free(m);
}

static void model_with_other_feature_list_names_first_mismatch(void **state)
{
	smart_model *m = train(SMART_MODEL_LINEAR);
	smart_error err;
	char *json = smart_model_to_json(m, &err);
	const char *const other[] = { "moves", "deletes", "text_only" };
	const char *const more[] = { "moves", "inserts", "text_only", "depth" };

	(void)state;
	assert_non_null(strstr(load_error(json, other, 3),
			       "feature 2 is 'inserts' in the model but 'deletes' in this smart"));
	assert_non_null(strstr(load_error(json, more, 4), "first missing: 'depth'"));
	assert_non_null(strstr(load_error(json, names, 2), "feature 3 'text_only'"));
	free(json);
	smart_model_free(m);
}

static void model_corrupt_fields_are_refused(void **state)
{
	smart_model *m = train(SMART_MODEL_LINEAR);
	smart_error err;
	char *json = smart_model_to_json(m, &err);
	char *edit;

	(void)state;
	assert_non_null(strstr(load_error("[1,2]", names, P), "not a smart model file"));
	assert_non_null(strstr(load_error("{\"format\":\"smart-model\",\"version\":99}", names, P),
			       "version 99 is not supported"));
	edit = strstr(json, "\"intercept\":");
	assert_non_null(edit);
	memcpy(edit + 12, "1e999", 5); /* inf: a NaN-prone model */
	assert_non_null(strstr(load_error(json, names, P), "'intercept'"));
	free(json);
	json = smart_model_to_json(m, &err);
	edit = strstr(json, "\">=\"") ? strstr(json, "\">=\"") : strstr(json, "\"<=\"");
	edit[1] = '=';
	edit[2] = '=';
	assert_non_null(strstr(load_error(json, names, P), "'comparison'"));
	free(json);
	smart_model_free(m);
}

/* The HTML parser of the features is kept; a file without it is from
 * before the choice, measured on libxml2's trees; another name is refused. */
static void model_records_its_html_parser(void **state)
{
	smart_model *m = train(SMART_MODEL_LINEAR), *back;
	smart_error err = { "" };
	char *json = smart_model_to_json(m, &err), *edit;

	(void)state;
	assert_null(strstr(json, "html_parser"));
	back = smart_model_from_json(json, strlen(json), "m.json", names, P, &err);
	assert_non_null(back);
	assert_string_equal(back->provenance.html_parser, "libxml2");
	smart_model_free(back);
	free(json);
	strcpy(m->provenance.html_parser, "html5");
	json = smart_model_to_json(m, &err);
	back = smart_model_from_json(json, strlen(json), "m.json", names, P, &err);
	assert_non_null(back);
	assert_string_equal(back->provenance.html_parser, "html5");
	smart_model_free(back);
	edit = strstr(json, "\"html5\"");
	assert_non_null(edit);
	memcpy(edit + 1, "gecko", 5);
	assert_non_null(strstr(load_error(json, names, P), "'provenance.html_parser'"));
	free(json);
	smart_model_free(m);
}

/* The change classes an adapted model accepts (docs/model-format.md,
 * `accepted`) survive a save and a load as the object they were; a model
 * without them has none; an `accepted` that is not an object is refused. */
static void model_carries_its_accepted_classes(void **state)
{
	smart_model *m = train(SMART_MODEL_LINEAR), *back;
	smart_error err = { "" };
	char *json, *edit;

	(void)state;
	json = smart_model_to_json(m, &err);
	back = smart_model_from_json(json, strlen(json), "m.json", names, P, &err);
	assert_non_null(back);
	assert_null(back->accepted);
	smart_model_free(back);
	free(json);
	m->accepted = strdup("{\"format\":\"smart-accepted\",\"version\":1,"
			     "\"changes\":[{\"class\":\"00000000000000c1\"}]}");
	json = smart_model_to_json(m, &err);
	back = smart_model_from_json(json, strlen(json), "m.json", names, P, &err);
	assert_non_null(back);
	assert_non_null(back->accepted);
	assert_string_equal(back->accepted, m->accepted);
	smart_model_free(back);
	free(json);
	free(m->accepted);
	m->accepted = NULL;
	json = smart_model_to_json(m, &err);
	edit = malloc(strlen(json) + 32);
	assert_non_null(edit);
	assert_true(json[0] == '{');
	sprintf(edit, "{\"accepted\":\"x\",%s", json + 1);
	assert_non_null(strstr(load_error(edit, names, P), "'accepted' must be an object"));
	free(edit);
	free(json);
	smart_model_free(m);
}

/* Weights of +-1e308 are finite, so each loads as a number, but any pair
 * would score inf or NaN: the loader refuses the model for its worst case. */
static void model_whose_scores_can_overflow_is_refused(void **state)
{
	smart_model *m = train(SMART_MODEL_LINEAR);
	smart_error err;
	smart_model *ok;
	char *json, *ok_json;

	(void)state;
	ok_json = smart_model_to_json(m, &err);
	for (size_t j = 0; j < P; j++)
		m->weights[j] = j % 2 ? -1e308 : 1e308;
	json = smart_model_to_json(m, &err);
	assert_non_null(json);
	assert_non_null(strstr(load_error(json, names, P), "the weights can overflow a score"));
	free(json);
	/* the ordinary model still loads */
	ok = smart_model_from_json(ok_json, strlen(ok_json), "m.json", names, P, &err);
	assert_non_null(ok);
	smart_model_free(ok);
	free(ok_json);
	smart_model_free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(model_linear_save_load_classify_identical),
		cmocka_unit_test(model_svm_save_load_classify_identical),
		cmocka_unit_test(model_truncated_file_is_one_error_line),
		cmocka_unit_test(model_with_other_feature_list_names_first_mismatch),
		cmocka_unit_test(model_corrupt_fields_are_refused),
		cmocka_unit_test(model_records_its_html_parser),
		cmocka_unit_test(model_whose_scores_can_overflow_is_refused),
		cmocka_unit_test(model_carries_its_accepted_classes),
	};
	make_data();
	return cmocka_run_group_tests(tests, NULL, NULL);
}
