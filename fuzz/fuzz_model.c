/*
 * Fuzz target (e): a model file (docs/model-format.md) loaded against the
 * binary's feature list. A model that loads must score any vector, score
 * every vector of features within their bound (the largest value a
 * document under 2 GiB can give, with either sign) to a finite number (the
 * loader refuses weights that could overflow), and survive a round trip
 * through its own JSON.
 */

#include "fuzz/fuzz.h"

int FUZZ_ENTRY(const uint8_t *data, size_t size);

int FUZZ_ENTRY(const uint8_t *data, size_t size)
{
	size_t n;
	const char *const *names = fuzz_feature_names(&n);
	smart_error err = { { 0 } };
	smart_model *model, *again = NULL;
	char *json = NULL;
	double *x, score = 0;

	model = smart_model_from_json((const char *)data, size, "model.json",
				      names, n, &err);
	if (!model) {
		fuzz_check_error(&err);
		return 0;
	}
	x = calloc(n, sizeof(*x));
	if (!x)
		abort();
	for (size_t i = 0; i < n; i++)
		x[i] = (double)(i % 3);
	smart_model_decide(model, x, &score);
	for (size_t i = 0; i < n; i++)
		(void)smart_model_contribution(model, x, i);
	if (model->kind == SMART_MODEL_LINEAR) {
		for (size_t i = 0; i < n; i++)
			x[i] = (i % 2 ? -1.0 : 1.0) * 4294967296.0;
		score = smart_model_score(model, x);
		FUZZ_CHECK(isfinite(score), "a loaded model scores a bounded vector %g", score);
	}
	json = smart_model_to_json(model, &err);
	FUZZ_CHECK(json, "model to JSON failed: %s", err.message);
	again = smart_model_from_json(json, strlen(json), "again.json", names, n, &err);
	FUZZ_CHECK(again, "a loaded model does not load again: %s", err.message);
	FUZZ_CHECK(again->kind == model->kind && again->cutoff == model->cutoff &&
		   again->comparison == model->comparison,
		   "the decision rule changed in a round trip");
	free(json);
	free(x);
	smart_model_free(again);
	smart_model_free(model);
	return 0;
}
