/*
 * Labelling the value rows and fitting the value model
 * (include/smart/value_model.h). The fit is ordinary least squares on 0/1
 * labels (model/ols.c, GSL): deterministic, a dot product to apply, and
 * its weights can be read. The cutoff is set by the meaningful values,
 * not by accuracy: a value is called volatile only when it scores below
 * all but SMART_VALUE_MEANINGFUL_BELOW of the meaningful values the model
 * was fitted on, since explaining away a fault's change costs more than
 * leaving a volatile one for the features.
 */
#include "smart/value_model.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "smart/file.h"
#include "smart/model.h"

/* An application's place, for sorting and finding. */
typedef struct app_place {
	uint32_t app;
	uint64_t where;
} app_place;

static int place_cmp(const void *a, const void *b)
{
	const app_place *x = a, *y = b;

	if (x->app != y->app)
		return x->app < y->app ? -1 : 1;
	return x->where < y->where ? -1 : x->where > y->where;
}

void smart_value_rows_label(const smart_value_rows *rows, unsigned char *labels)
{
	app_place *clean = malloc((rows->n ? rows->n : 1) * sizeof(*clean));
	size_t n_clean = 0;

	for (size_t i = 0; i < rows->n; i++) {
		labels[i] = rows->from_inspect[i] ? SMART_VALUE_UNLABELLED : SMART_VALUE_VOLATILE;
		if (clean && !rows->from_inspect[i])
			clean[n_clean++] = (app_place){ rows->app[i], rows->where[i] };
	}
	if (!clean)
		return; /* out of memory: no value of a fault is labelled meaningful */
	qsort(clean, n_clean, sizeof(*clean), place_cmp);
	for (size_t i = 0; i < rows->n; i++) {
		app_place key = { rows->app[i], rows->where[i] };

		if (rows->from_inspect[i] &&
		    !bsearch(&key, clean, n_clean, sizeof(*clean), place_cmp))
			labels[i] = SMART_VALUE_MEANINGFUL;
	}
	free(clean);
}

static int score_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* The cutoff of a fitted model: below all but SMART_VALUE_MEANINGFUL_BELOW
 * of the meaningful rows' scores (and below 0.5, halfway between the
 * labels). */
static double meaningful_cutoff(const smart_value_model *m, const double *x,
				const unsigned char *y, size_t n)
{
	double *s = malloc((n ? n : 1) * sizeof(*s)), cut;
	size_t k = 0;

	if (!s)
		return -INFINITY; /* nothing is called volatile */
	for (size_t i = 0; i < n; i++)
		if (y[i])
			s[k++] = smart_value_score(m, x + i * SMART_VALUE_FEATURE_COUNT);
	qsort(s, k, sizeof(*s), score_cmp);
	cut = k ? s[(size_t)floor(SMART_VALUE_MEANINGFUL_BELOW * (double)k)] : -INFINITY;
	free(s);
	return cut < 0.5 ? cut : 0.5;
}

int smart_value_model_fit(const smart_value_rows *rows, const unsigned char *labels,
			  long held_out, smart_value_model *m, smart_error *err)
{
	const size_t p = SMART_VALUE_FEATURE_COUNT;
	double *x = malloc((rows->n ? rows->n : 1) * p * sizeof(*x));
	unsigned char *y = malloc(rows->n ? rows->n : 1);
	const char *names[SMART_VALUE_FEATURE_COUNT];
	smart_ols_fit fit;
	size_t n = 0;
	int rc = -1;

	memset(m, 0, sizeof(*m));
	if (!x || !y) {
		rc = smart_error_oom(err);
		goto done;
	}
	for (size_t i = 0; i < rows->n; i++) {
		if (labels[i] == SMART_VALUE_UNLABELLED || (long)rows->app[i] == held_out)
			continue;
		memcpy(x + n * p, rows->x + i * p, p * sizeof(*x));
		y[n++] = labels[i] == SMART_VALUE_MEANINGFUL;
	}
	for (size_t j = 0; j < p; j++)
		names[j] = smart_value_feature_name(j);
	if (smart_ols(&(smart_dataset){ x, y, n, p, names }, SMART_DEGENERATE_DROP, &fit, err))
		goto done;
	m->n_features = p;
	m->intercept = fit.intercept;
	for (size_t j = 0; j < p; j++)
		m->weights[j] = fit.dropped[j] ? 0 : fit.weights[j];
	smart_ols_fit_free(&fit);
	m->cutoff = meaningful_cutoff(m, x, y, n);
	rc = 0;
done:
	free(x);
	free(y);
	return rc ? smart_error_prefix(err, "value model") : 0;
}

void smart_value_model_judge(const smart_value_model *m, const smart_value_rows *rows,
			     const unsigned char *labels, size_t app, smart_value_confusion *c)
{
	memset(c, 0, sizeof(*c));
	for (size_t i = 0; i < rows->n; i++) {
		int called_volatile;

		if (rows->app[i] != app || labels[i] == SMART_VALUE_UNLABELLED)
			continue;
		called_volatile = smart_value_score(m, rows->x + i * SMART_VALUE_FEATURE_COUNT) <
				  m->cutoff;
		if (labels[i] == SMART_VALUE_VOLATILE) {
			c->volatile_rows++;
			c->volatile_caught += called_volatile;
		} else {
			c->meaningful_rows++;
			c->meaningful_missed += called_volatile;
		}
	}
}

/* A double written so that reading it back gives the same double. */
static int put_double(char *buf, size_t size, double v)
{
	return snprintf(buf, size, "%.17g", v);
}

int smart_value_model_write_c(const smart_value_model *m, const char *path, smart_error *err)
{
	size_t size = 4096 + 32 * SMART_VALUE_FEATURE_COUNT, used = 0;
	char *buf = malloc(size), num[40];
	int rc;

	if (!buf)
		return smart_error_oom(err);
	used += (size_t)snprintf(buf + used, size - used,
				 "/* Generated by smart value-model; do not edit. */\n"
				 "#include \"smart/scrub.h\"\n\n"
				 "const smart_value_model smart__value_model_builtin = {\n"
				 "\t%zu,\n\t{\n", m->n_features);
	for (size_t j = 0; j < SMART_VALUE_FEATURE_COUNT; j++) {
		put_double(num, sizeof(num), m->weights[j]);
		used += (size_t)snprintf(buf + used, size - used, "\t\t%s, /* %s */\n", num,
					 smart_value_feature_name(j));
	}
	put_double(num, sizeof(num), m->intercept);
	used += (size_t)snprintf(buf + used, size - used, "\t},\n\t%s,\n", num);
	put_double(num, sizeof(num), m->cutoff);
	used += (size_t)snprintf(buf + used, size - used, "\t%s,\n};\n", num);
	rc = used < size ? smart_file_write_atomic(path, buf, used, err)
			 : smart_error_set(err, "%s: value model too long", path);
	free(buf);
	return rc;
}

int smart_value_model_write_json(const smart_value_model *m, size_t volatile_rows,
				 size_t meaningful_rows, const char *path, smart_error *err)
{
	cJSON *root = cJSON_CreateObject(), *w = cJSON_CreateObject();
	char *text = NULL;
	int rc;

	if (root && w) {
		cJSON_AddItemToObject(root, "kind", cJSON_CreateString("value-linear"));
		for (size_t j = 0; j < m->n_features; j++)
			cJSON_AddItemToObject(w, smart_value_feature_name(j),
					      cJSON_CreateNumber(m->weights[j]));
		cJSON_AddItemToObject(root, "weights", w);
		w = NULL;
		cJSON_AddItemToObject(root, "intercept", cJSON_CreateNumber(m->intercept));
		cJSON_AddItemToObject(root, "cutoff", cJSON_CreateNumber(m->cutoff));
		cJSON_AddItemToObject(root, "volatile_rows",
				      cJSON_CreateNumber((double)volatile_rows));
		cJSON_AddItemToObject(root, "meaningful_rows",
				      cJSON_CreateNumber((double)meaningful_rows));
		text = cJSON_Print(root);
	}
	cJSON_Delete(w);
	cJSON_Delete(root);
	if (!text)
		return smart_error_oom(err);
	rc = smart_file_write_atomic(path, text, strlen(text), err);
	free(text);
	return rc;
}
