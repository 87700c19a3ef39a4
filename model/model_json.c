/*
 * Model files (DESIGN §5): a model as JSON, written atomically, and read
 * back with every field checked, so a truncated, hand-edited or foreign
 * file is one clear error and never a model that scores NaN.
 */
#include "smart/model.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "common/json.h"
#include "smart/file.h"
#include "svm.h"

#define MODEL_MAX_FILE ((size_t)256 * 1024 * 1024)

/* A number that reads back bit for bit: cJSON prints 15 significant digits
 * when they compare equal within an epsilon, which loses the last bits, so
 * numbers are written raw with 17 (finite values only). */
static cJSON *exact_number(double v)
{
	char buf[40];

	snprintf(buf, sizeof(buf), "%.17g", v);
	return cJSON_CreateRaw(buf);
}

static cJSON *add_number(cJSON *obj, const char *key, double v)
{
	cJSON *num = exact_number(v);

	if (!num || !cJSON_AddItemToObject(obj, key, num)) {
		cJSON_Delete(num);
		return NULL;
	}
	return num;
}

/* Adds an array of n doubles under `key`; NULL when out of memory. */
static cJSON *add_numbers(cJSON *obj, const char *key, const double *v, size_t n)
{
	cJSON *arr = cJSON_AddArrayToObject(obj, key);

	if (!arr)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		cJSON *num = exact_number(v[i]);

		if (!num || !cJSON_AddItemToArray(arr, num)) {
			cJSON_Delete(num);
			return NULL;
		}
	}
	return arr;
}

static int add_strings(cJSON *obj, const char *key, char *const *v, size_t n)
{
	cJSON *arr = cJSON_AddArrayToObject(obj, key);

	if (!arr)
		return -1;
	for (size_t i = 0; i < n; i++) {
		cJSON *s = cJSON_CreateString(v[i]);

		if (!s || !cJSON_AddItemToArray(arr, s)) {
			cJSON_Delete(s);
			return -1;
		}
	}
	return 0;
}

static int svm_to_json(cJSON *root, const struct smart_svm *svm)
{
	cJSON *o = cJSON_AddObjectToObject(root, "svm"), *svs;
	double labels[2] = { svm->labels[0], svm->labels[1] };
	double counts[2] = { svm->n_sv_class[0], svm->n_sv_class[1] };

	if (!o || !cJSON_AddStringToObject(o, "type", "c-svc") ||
	    !cJSON_AddStringToObject(o, "kernel", "rbf") ||
	    !add_number(o, "c", svm->c) ||
	    !add_number(o, "gamma", svm->gamma) ||
	    !add_number(o, "rho", svm->rho) ||
	    !add_numbers(o, "labels", labels, 2) ||
	    !add_numbers(o, "class_support_vectors", counts, 2) ||
	    !add_numbers(o, "scale_min", svm->scale_min, svm->n_features) ||
	    !add_numbers(o, "scale_max", svm->scale_max, svm->n_features) ||
	    !add_numbers(o, "coefficients", svm->coef, svm->n_sv))
		return -1;
	svs = cJSON_AddArrayToObject(o, "support_vectors");
	if (!svs)
		return -1;
	for (size_t i = 0; i < svm->n_sv; i++) {
		cJSON *row = cJSON_CreateArray();

		if (!row || !cJSON_AddItemToArray(svs, row)) {
			cJSON_Delete(row);
			return -1;
		}
		for (size_t j = 0; j < svm->n_features; j++) {
			cJSON *num = exact_number(svm->sv[i * svm->n_features + j]);

			if (!num || !cJSON_AddItemToArray(row, num)) {
				cJSON_Delete(num);
				return -1;
			}
		}
	}
	return 0;
}

static int provenance_to_json(cJSON *root, const smart_provenance *p)
{
	cJSON *o = cJSON_AddObjectToObject(root, "provenance");

	if (!o || add_strings(o, "corpora", p->corpora, p->corpus_count) ||
	    !add_number(o, "pairs", (double)p->pairs) ||
	    !add_number(o, "inspect", (double)p->inspect) ||
	    !add_number(o, "ignore", (double)(p->pairs - p->inspect)) ||
	    !(isfinite(p->cv_f1) ? cJSON_AddNumberToObject(o, "cv_f1", p->cv_f1)
				 : cJSON_AddNullToObject(o, "cv_f1")) ||
	    !add_number(o, "folds", p->folds) ||
	    !cJSON_AddBoolToObject(o, "profiles", p->profiles) ||
	    !cJSON_AddStringToObject(o, "pipeline", p->raw ? "raw" : "scrubbed") ||
	    (p->scrubbers_off[0] &&
	     !cJSON_AddStringToObject(o, "scrubbers_off", p->scrubbers_off)) ||
	    !cJSON_AddStringToObject(o, "tool_version", p->tool_version) ||
	    (p->train_rows[0] && !cJSON_AddStringToObject(o, "train_rows", p->train_rows)) ||
	    (p->cutoff_search[0] &&
	     (!cJSON_AddStringToObject(o, "cutoff_search", p->cutoff_search) ||
	      !isfinite(p->cutoff_offset) ||
	      !cJSON_AddNumberToObject(o, "cutoff_offset", p->cutoff_offset))) ||
	    (p->html_parser[0] && !cJSON_AddStringToObject(o, "html_parser", p->html_parser)))
		return -1;
	return 0;
}

char *smart_model_to_json(const smart_model *m, smart_error *err)
{
	cJSON *root = cJSON_CreateObject();
	int ok;

	if (!isfinite(m->cutoff) || (m->has_profile_cutoff && !isfinite(m->profile_cutoff)) ||
	    (m->kind == SMART_MODEL_LINEAR && !isfinite(m->intercept))) {
		cJSON_Delete(root);
		smart_error_set(err, "model has a non-finite cutoff or intercept");
		return NULL;
	}
	ok = root && cJSON_AddStringToObject(root, "format", "smart-model") &&
	     add_number(root, "version", SMART_MODEL_FORMAT_VERSION) &&
	     cJSON_AddStringToObject(root, "kind",
				     m->kind == SMART_MODEL_SVM ? "svm" : "linear") &&
	     add_strings(root, "features", m->names, m->n_features) == 0;
	if (ok && m->kind == SMART_MODEL_LINEAR) {
		char **dropped = calloc(m->n_features + 1, sizeof(char *));
		size_t nd = 0;

		ok = dropped != NULL;
		for (size_t j = 0; ok && j < m->n_features; j++)
			if (m->dropped[j])
				dropped[nd++] = m->names[j];
		ok = ok && add_numbers(root, "weights", m->weights, m->n_features) &&
		     add_number(root, "intercept", m->intercept) &&
		     add_strings(root, "dropped", dropped, nd) == 0;
		free(dropped);
	} else if (ok) {
		ok = svm_to_json(root, m->svm) == 0;
	}
	ok = ok && add_number(root, "cutoff", m->cutoff) &&
	     cJSON_AddStringToObject(root, "comparison",
				     smart_comparison_name(m->comparison)) &&
	     (!m->has_profile_cutoff || add_number(root, "profile_cutoff", m->profile_cutoff)) &&
	     provenance_to_json(root, &m->provenance) == 0;
	if (ok && m->profile) { /* the carried profile, as an object of the file */
		cJSON *profile = cJSON_Parse(m->profile);

		ok = profile && cJSON_AddItemToObject(root, "profile", profile);
		if (!ok)
			cJSON_Delete(profile);
	}
	if (ok && m->accepted) { /* the carried change classes, likewise */
		cJSON *accepted = cJSON_Parse(m->accepted);

		ok = accepted && cJSON_AddItemToObject(root, "accepted", accepted);
		if (!ok)
			cJSON_Delete(accepted);
	}
	return smart__json_print(root, ok, 1, err);
}

int smart_model_save(const smart_model *model, const char *path,
		     smart_error *err)
{
	char *text = smart_model_to_json(model, err);
	size_t len;
	int rc;

	if (!text)
		return smart_error_prefix(err, "%s", path);
	len = strlen(text);
	text[len] = '\n'; /* replaces the NUL: the file ends with a newline */
	rc = smart_file_write_atomic(path, text, len + 1, err);
	free(text);
	return rc;
}

smart_model *smart_model_load(const char *path, const char *const *names,
			      size_t n_features, smart_error *err)
{
	char *data;
	size_t len;
	smart_model *m;

	if (smart_file_read(path, MODEL_MAX_FILE, &data, &len, err))
		return NULL;
	m = smart_model_from_json(data, len, path, names, n_features, err);
	free(data);
	return m;
}
