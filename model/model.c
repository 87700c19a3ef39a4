/* Training a model of either kind, scoring and deciding (include/smart/model.h). */
#include "smart/model.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/options.h"
#include "ols_internal.h"
#include "smart/version.h"
#include "svm.h"

int smart_dataset_check(const smart_dataset *d, smart_error *err)
{
	size_t pos = 0;

	if (d->n_features == 0)
		return smart_error_set(err, "no features to fit");
	for (size_t r = 0; r < d->n_rows; r++) {
		if (d->labels[r] > 1)
			return smart_error_set(err, "pair %zu: label must be 0 or 1", r + 1);
		pos += d->labels[r];
		for (size_t j = 0; j < d->n_features; j++)
			if (!isfinite(d->rows[r * d->n_features + j]))
				return smart_error_set(err,
					"pair %zu: feature '%s' is not a finite number",
					r + 1, d->names[j]);
	}
	if (d->n_rows < 3)
		return smart_error_set(err, "too few pairs to fit a model: %zu (need at least 3)",
				       d->n_rows);
	if (pos == 0 || pos == d->n_rows)
		return smart_error_set(err,
			"all %zu training pairs are labelled '%s': a model needs both inspect and ignore pairs",
			d->n_rows, pos ? "inspect" : "ignore");
	return 0;
}

/* An empty model over the dataset's feature names (owned copies). */
static smart_model *model_new(smart_model_kind kind, size_t p,
			      const char *const *names)
{
	smart_model *m = calloc(1, sizeof(*m));

	if (!m)
		return NULL;
	m->kind = kind;
	m->n_features = p;
	m->provenance.cv_f1 = NAN;
	strncpy(m->provenance.tool_version, SMART_VERSION,
		sizeof(m->provenance.tool_version) - 1);
	m->names = calloc(p ? p : 1, sizeof(char *));
	m->weights = calloc(p ? p : 1, sizeof(double));
	m->dropped = calloc(p ? p : 1, 1);
	if (!m->names || !m->weights || !m->dropped) {
		smart_model_free(m);
		return NULL;
	}
	for (size_t j = 0; j < p; j++) {
		m->names[j] = strdup(names[j]);
		if (!m->names[j]) {
			smart_model_free(m);
			return NULL;
		}
	}
	return m;
}

smart_model *smart_model_alloc(smart_model_kind kind, size_t n_features,
			       const char *const *names)
{
	return model_new(kind, n_features, names);
}

smart_model *smart_model_train(const smart_dataset *data,
			       const smart_train_options *options,
			       smart_ols_fit *fit_out, smart_error *err)
{
	smart_model *m;
	double *scores;
	size_t pos = 0;

	if (smart__options_check(options->version, SMART_TRAIN_OPTIONS_VERSION, "train",
				 "SMART_TRAIN_OPTIONS_INIT", err) ||
	    smart_dataset_check(data, err))
		return NULL;
	m = model_new(options->kind, data->n_features, data->names);
	scores = malloc(data->n_rows * sizeof(*scores));
	if (!m || !scores) {
		smart_model_free(m);
		free(scores);
		smart_error_oom(err);
		return NULL;
	}
	if (options->kind == SMART_MODEL_LINEAR) {
		smart_ols_fit fit;

		if (smart__ols_signed(data, options, &fit, 0, err))
			goto fail;
		m->intercept = fit.intercept;
		memcpy(m->weights, fit.weights, data->n_features * sizeof(double));
		memcpy(m->dropped, fit.dropped, data->n_features);
		if (fit_out)
			*fit_out = fit;
		else
			smart_ols_fit_free(&fit);
	} else {
		m->svm = smart__svm_train(data, options->svm_c, options->svm_gamma, err);
		if (!m->svm)
			goto fail;
	}
	for (size_t r = 0; r < data->n_rows; r++) {
		scores[r] = smart_model_score(m, data->rows + r * data->n_features);
		pos += data->labels[r];
	}
	smart_cutoff_search(scores, data->labels, data->n_rows, &m->cutoff,
			    &m->comparison);
	m->provenance.pairs = data->n_rows;
	m->provenance.inspect = pos;
	free(scores);
	return m;
fail:
	free(scores);
	smart_model_free(m);
	return NULL;
}

double smart_model_score(const smart_model *model, const double *features)
{
	double s;

	if (model->kind == SMART_MODEL_SVM)
		return smart__svm_score(model->svm, features);
	s = model->intercept;
	for (size_t j = 0; j < model->n_features; j++)
		s += model->weights[j] * features[j];
	return s;
}

int smart_model_decide(const smart_model *model, const double *features,
		       double *score_out)
{
	double s = smart_model_score(model, features);

	if (score_out)
		*score_out = s;
	/* A score that is not a number (a non-finite feature) is inspected:
	 * when in doubt, a human looks. */
	if (isnan(s))
		return 1;
	return smart_cutoff_inspects(s, model->cutoff, model->comparison);
}

double smart_model_cutoff_for(const smart_model *model, int profiled)
{
	return profiled && model->has_profile_cutoff ? model->profile_cutoff : model->cutoff;
}

void smart_model_use_profile_cutoff(smart_model *model)
{
	model->cutoff = smart_model_cutoff_for(model, 1);
}

double smart_model_contribution(const smart_model *model,
				const double *features, size_t i)
{
	double c;

	assert(i < model->n_features);
	if (model->kind != SMART_MODEL_LINEAR)
		return 0;
	c = model->weights[i] * features[i];
	return model->comparison == SMART_CMP_LE ? -c : c;
}

int smart_provenance_set_corpora(smart_provenance *prov,
				 const char *const *corpora, size_t count,
				 smart_error *err)
{
	char **copy = calloc(count ? count : 1, sizeof(char *));

	if (!copy)
		return smart_error_oom(err);
	for (size_t i = 0; i < count; i++) {
		copy[i] = strdup(corpora[i]);
		if (!copy[i]) {
			for (size_t k = 0; k < i; k++)
				free(copy[k]);
			free(copy);
			return smart_error_oom(err);
		}
	}
	for (size_t i = 0; i < prov->corpus_count; i++)
		free(prov->corpora[i]);
	free(prov->corpora);
	prov->corpora = copy;
	prov->corpus_count = count;
	return 0;
}

void smart_model_free(smart_model *model)
{
	if (!model)
		return;
	if (model->names)
		for (size_t j = 0; j < model->n_features; j++)
			free(model->names[j]);
	free(model->names);
	free(model->weights);
	free(model->dropped);
	smart__svm_free(model->svm);
	for (size_t i = 0; i < model->provenance.corpus_count; i++)
		free(model->provenance.corpora[i]);
	free(model->provenance.corpora);
	free(model->profile);
	free(model->accepted);
	free(model);
}
