/*
 * Reading a model file back (smart_model_from_json): every field is checked,
 * and the first problem becomes one error line naming the file.
 */
#include "smart/model.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "svm.h"

/* The state of one load: the file's name for messages, and the error. */
typedef struct loader {
	const char *source;
	smart_error *err;
} loader;

static int bad(loader *ld, const char *what)
{
	return smart_error_set(ld->err, "%s: %s", ld->source, what);
}

/* A finite number under `key` of `obj`. */
static int get_number(loader *ld, const cJSON *obj, const char *key, double *out)
{
	const cJSON *it = cJSON_GetObjectItemCaseSensitive(obj, key);

	if (!cJSON_IsNumber(it))
		return smart_error_set(ld->err, "%s: '%s' is missing or not a number",
				       ld->source, key);
	if (!isfinite(it->valuedouble))
		return smart_error_set(ld->err, "%s: '%s' is not a finite number",
				       ld->source, key);
	*out = it->valuedouble;
	return 0;
}

/* A non-negative integer under `key`. */
static int get_count(loader *ld, const cJSON *obj, const char *key, size_t *out)
{
	double v;

	if (get_number(ld, obj, key, &v))
		return -1;
	if (v < 0 || v != floor(v) || v > 1e15)
		return smart_error_set(ld->err, "%s: '%s' must be a whole number >= 0",
				       ld->source, key);
	*out = (size_t)v;
	return 0;
}

/* An array of exactly n finite numbers. */
static int get_numbers(loader *ld, const cJSON *arr, const char *key, size_t n,
		       double *out)
{
	size_t i = 0;
	const cJSON *it;

	if (!cJSON_IsArray(arr))
		return smart_error_set(ld->err, "%s: '%s' is missing or not an array",
				       ld->source, key);
	if ((size_t)cJSON_GetArraySize(arr) != n)
		return smart_error_set(ld->err, "%s: '%s' has %d values, expected %zu",
				       ld->source, key, cJSON_GetArraySize(arr), n);
	cJSON_ArrayForEach(it, arr) {
		if (!cJSON_IsNumber(it) || !isfinite(it->valuedouble))
			return smart_error_set(ld->err, "%s: '%s'[%zu] is not a finite number",
					       ld->source, key, i);
		out[i++] = it->valuedouble;
	}
	return 0;
}

/* The model's feature list must be the binary's, name for name. */
static int check_features(loader *ld, const cJSON *arr, const char *const *names,
			  size_t n)
{
	size_t i = 0, have;
	const cJSON *it;

	if (!cJSON_IsArray(arr))
		return bad(ld, "'features' is missing or not an array");
	have = (size_t)cJSON_GetArraySize(arr);
	cJSON_ArrayForEach(it, arr) {
		if (!cJSON_IsString(it))
			return smart_error_set(ld->err, "%s: 'features'[%zu] is not a string",
					       ld->source, i);
		if (i >= n)
			return smart_error_set(ld->err,
				"%s: feature %zu '%s' of the model is unknown to this smart (it has %zu features); retrain the model",
				ld->source, i + 1, it->valuestring, n);
		if (strcmp(it->valuestring, names[i]))
			return smart_error_set(ld->err,
				"%s: feature %zu is '%s' in the model but '%s' in this smart; retrain the model",
				ld->source, i + 1, it->valuestring, names[i]);
		i++;
	}
	if (have < n)
		return smart_error_set(ld->err,
			"%s: the model has %zu features, this smart has %zu (first missing: '%s'); retrain the model",
			ld->source, have, n, names[have]);
	return 0;
}

/* Every feature value is bounded by the size of the two documents: a count
 * of their bytes, characters or nodes (documents are under 2 GiB each), a
 * log of such a count, a ratio or a 0/1 verdict. */
#define FEATURE_VALUE_BOUND 4294967296.0

/* Refuses weights that could make a score overflow: the largest score any
 * pair can reach, |intercept| + sum |w| * FEATURE_VALUE_BOUND, must stay far
 * inside the doubles, so a classification can never meet inf or NaN. */
static int check_score_range(loader *ld, const smart_model *m)
{
	double worst = fabs(m->intercept);

	for (size_t j = 0; j < m->n_features; j++)
		worst += fabs(m->weights[j]) * FEATURE_VALUE_BOUND;
	if (!isfinite(worst) || worst > 1e300)
		return smart_error_set(ld->err, "%s: the weights can overflow a score (worst "
				       "case %g with features bounded by %.0f)", ld->source,
				       worst, FEATURE_VALUE_BOUND);
	return 0;
}

static int load_linear(loader *ld, const cJSON *root, smart_model *m)
{
	const cJSON *dropped = cJSON_GetObjectItemCaseSensitive(root, "dropped"), *it;

	if (get_numbers(ld, cJSON_GetObjectItemCaseSensitive(root, "weights"),
			"weights", m->n_features, m->weights) ||
	    get_number(ld, root, "intercept", &m->intercept) ||
	    check_score_range(ld, m))
		return -1;
	if (dropped && !cJSON_IsArray(dropped))
		return bad(ld, "'dropped' is not an array");
	cJSON_ArrayForEach(it, dropped) {
		size_t j = 0;

		while (j < m->n_features && (!cJSON_IsString(it) ||
					     strcmp(m->names[j], it->valuestring)))
			j++;
		if (j == m->n_features)
			return bad(ld, "'dropped' names a feature the model does not have");
		m->dropped[j] = 1;
	}
	return 0;
}

static int load_svm(loader *ld, const cJSON *root, smart_model *m)
{
	const cJSON *o = cJSON_GetObjectItemCaseSensitive(root, "svm"), *svs, *row;
	double labels[2], counts[2];
	size_t n_sv, i = 0, p = m->n_features;
	struct smart_svm *svm;

	if (!cJSON_IsObject(o))
		return bad(ld, "'svm' is missing or not an object");
	svs = cJSON_GetObjectItemCaseSensitive(o, "support_vectors");
	if (!cJSON_IsArray(svs))
		return bad(ld, "'svm.support_vectors' is missing or not an array");
	n_sv = (size_t)cJSON_GetArraySize(svs);
	if (n_sv == 0)
		return bad(ld, "'svm.support_vectors' is empty");
	svm = smart__svm_alloc(p, n_sv);
	if (!svm)
		return smart_error_oom(ld->err);
	m->svm = svm;
	if (get_number(ld, o, "c", &svm->c) || get_number(ld, o, "gamma", &svm->gamma) ||
	    get_number(ld, o, "rho", &svm->rho) ||
	    get_numbers(ld, cJSON_GetObjectItemCaseSensitive(o, "labels"), "svm.labels", 2, labels) ||
	    get_numbers(ld, cJSON_GetObjectItemCaseSensitive(o, "class_support_vectors"),
			"svm.class_support_vectors", 2, counts) ||
	    get_numbers(ld, cJSON_GetObjectItemCaseSensitive(o, "scale_min"), "svm.scale_min", p, svm->scale_min) ||
	    get_numbers(ld, cJSON_GetObjectItemCaseSensitive(o, "scale_max"), "svm.scale_max", p, svm->scale_max) ||
	    get_numbers(ld, cJSON_GetObjectItemCaseSensitive(o, "coefficients"), "svm.coefficients", n_sv, svm->coef))
		return -1;
	if (svm->gamma <= 0 || svm->c <= 0)
		return bad(ld, "'svm.gamma' and 'svm.c' must be positive");
	if (!((labels[0] == 0 && labels[1] == 1) || (labels[0] == 1 && labels[1] == 0)))
		return bad(ld, "'svm.labels' must be [0,1] or [1,0]");
	if (counts[0] < 0 || counts[1] < 0 || counts[0] + counts[1] != (double)n_sv ||
	    counts[0] != floor(counts[0]) || counts[1] != floor(counts[1]))
		return bad(ld, "'svm.class_support_vectors' does not add up to the support vectors");
	for (int k = 0; k < 2; k++) {
		svm->labels[k] = (int)labels[k];
		svm->n_sv_class[k] = (int)counts[k];
	}
	cJSON_ArrayForEach(row, svs) {
		if (get_numbers(ld, row, "svm.support_vectors[]", p, svm->sv + i * p))
			return -1;
		i++;
	}
	smart__svm_finish(svm);
	return 0;
}

/* An object an adapted model carries under `key` (absent: *out stays
 * NULL), kept as text for another module to read when the model
 * classifies: the profile (profile/, smart_model.profile) and the
 * accepted change classes (classify/, smart_model.accepted); `format`
 * names what it must be in the error. */
static int load_carried(loader *ld, const cJSON *root, const char *key, const char *format,
			char **out)
{
	const cJSON *it = cJSON_GetObjectItemCaseSensitive(root, key);

	if (!it)
		return 0;
	if (!cJSON_IsObject(it))
		return smart_error_set(ld->err, "%s: '%s' must be an object (a %s)", ld->source,
				       key, format);
	*out = cJSON_PrintUnformatted(it);
	return *out ? 0 : smart_error_oom(ld->err);
}

/* The cutoff for pairs measured with a profile (absent, as in a model
 * from before it existed: none, and such pairs are decided by "cutoff"). */
static int load_profile_cutoff(loader *ld, const cJSON *root, smart_model *m)
{
	if (!cJSON_GetObjectItemCaseSensitive(root, "profile_cutoff"))
		return 0;
	m->has_profile_cutoff = 1;
	return get_number(ld, root, "profile_cutoff", &m->profile_cutoff);
}

static int load_provenance(loader *ld, const cJSON *root, smart_provenance *p)
{
	const cJSON *o = cJSON_GetObjectItemCaseSensitive(root, "provenance"), *it;
	const cJSON *corpora, *cv, *tv;
	size_t n = 0, folds = 0;

	if (!cJSON_IsObject(o))
		return bad(ld, "'provenance' is missing or not an object");
	if (get_count(ld, o, "pairs", &p->pairs) || get_count(ld, o, "inspect", &p->inspect) ||
	    get_count(ld, o, "folds", &folds))
		return -1;
	p->folds = (unsigned)folds;
	cv = cJSON_GetObjectItemCaseSensitive(o, "cv_f1");
	if (cJSON_IsNumber(cv) && isfinite(cv->valuedouble))
		p->cv_f1 = cv->valuedouble;
	else if (!cJSON_IsNull(cv))
		return bad(ld, "'provenance.cv_f1' must be a number or null");
	it = cJSON_GetObjectItemCaseSensitive(o, "profiles"); /* absent: false */
	if (it && !cJSON_IsBool(it))
		return bad(ld, "'provenance.profiles' must be true or false");
	p->profiles = cJSON_IsTrue(it);
	/* absent: a model from before scrubbing, measured on raw trees */
	it = cJSON_GetObjectItemCaseSensitive(o, "pipeline");
	if (it && (!cJSON_IsString(it) || (strcmp(it->valuestring, "raw") &&
					   strcmp(it->valuestring, "scrubbed"))))
		return bad(ld, "'provenance.pipeline' must be \"raw\" or \"scrubbed\"");
	p->raw = !it || strcmp(it->valuestring, "raw") == 0;
	it = cJSON_GetObjectItemCaseSensitive(o, "scrubbers_off"); /* absent: none */
	if (it && (!cJSON_IsString(it) || strlen(it->valuestring) >= sizeof(p->scrubbers_off)))
		return bad(ld, "'provenance.scrubbers_off' must be a short string");
	if (it)
		strcpy(p->scrubbers_off, it->valuestring);
	it = cJSON_GetObjectItemCaseSensitive(o, "train_rows"); /* absent: ordinary */
	if (it && (!cJSON_IsString(it) || strlen(it->valuestring) >= sizeof(p->train_rows)))
		return bad(ld, "'provenance.train_rows' must be a short string");
	if (it)
		strcpy(p->train_rows, it->valuestring);
	it = cJSON_GetObjectItemCaseSensitive(o, "cutoff_search"); /* absent: F1 */
	if (it && (!cJSON_IsString(it) || strlen(it->valuestring) >= sizeof(p->cutoff_search)))
		return bad(ld, "'provenance.cutoff_search' must be a short string");
	if (it) {
		strcpy(p->cutoff_search, it->valuestring);
		it = cJSON_GetObjectItemCaseSensitive(o, "cutoff_offset");
		if (!cJSON_IsNumber(it) || !isfinite(it->valuedouble))
			return bad(ld, "'provenance.cutoff_offset' must be a number");
		p->cutoff_offset = it->valuedouble;
	}
	tv = cJSON_GetObjectItemCaseSensitive(o, "tool_version");
	if (!cJSON_IsString(tv))
		return bad(ld, "'provenance.tool_version' is missing or not a string");
	strncpy(p->tool_version, tv->valuestring, sizeof(p->tool_version) - 1);
	/* absent: a model from before the HTML5 parser, measured on libxml2's trees */
	it = cJSON_GetObjectItemCaseSensitive(o, "html_parser");
	if (it && (!cJSON_IsString(it) || (strcmp(it->valuestring, "html5") &&
					   strcmp(it->valuestring, "libxml2"))))
		return bad(ld, "'provenance.html_parser' must be \"html5\" or \"libxml2\"");
	strncpy(p->html_parser, it ? it->valuestring : "libxml2", sizeof(p->html_parser) - 1);
	corpora = cJSON_GetObjectItemCaseSensitive(o, "corpora");
	if (!cJSON_IsArray(corpora))
		return bad(ld, "'provenance.corpora' is missing or not an array");
	p->corpora = calloc((size_t)cJSON_GetArraySize(corpora) + 1, sizeof(char *));
	if (!p->corpora)
		return smart_error_oom(ld->err);
	cJSON_ArrayForEach(it, corpora) {
		if (!cJSON_IsString(it))
			return bad(ld, "'provenance.corpora' holds a non-string");
		p->corpora[n] = strdup(it->valuestring);
		if (!p->corpora[n])
			return smart_error_oom(ld->err);
		p->corpus_count = ++n;
	}
	return 0;
}

smart_model *smart_model_from_json(const char *json, size_t len,
				   const char *source,
				   const char *const *names, size_t n_features,
				   smart_error *err)
{
	loader ld = { source, err };
	const char *end = NULL;
	cJSON *root = cJSON_ParseWithLengthOpts(json, len, &end, 0);
	const cJSON *format, *kind, *cmp;
	smart_model *m = NULL;
	double version;

	if (!root) {
		smart_error_set(err, "%s: not a valid model file (corrupt or truncated JSON near byte %td)",
				source, end ? end - json : (ptrdiff_t)0);
		return NULL;
	}
	format = cJSON_GetObjectItemCaseSensitive(root, "format");
	if (!cJSON_IsObject(root) || !cJSON_IsString(format) ||
	    strcmp(format->valuestring, "smart-model")) {
		bad(&ld, "not a smart model file (no \"format\": \"smart-model\")");
		goto fail;
	}
	if (get_number(&ld, root, "version", &version))
		goto fail;
	if (version != SMART_MODEL_FORMAT_VERSION) {
		smart_error_set(err, "%s: model format version %g is not supported (this smart reads version %d)",
				source, version, SMART_MODEL_FORMAT_VERSION);
		goto fail;
	}
	kind = cJSON_GetObjectItemCaseSensitive(root, "kind");
	if (!cJSON_IsString(kind) || (strcmp(kind->valuestring, "linear") &&
				      strcmp(kind->valuestring, "svm"))) {
		bad(&ld, "'kind' must be \"linear\" or \"svm\"");
		goto fail;
	}
	if (check_features(&ld, cJSON_GetObjectItemCaseSensitive(root, "features"),
			   names, n_features))
		goto fail;
	m = smart_model_alloc(strcmp(kind->valuestring, "svm") ? SMART_MODEL_LINEAR
								 : SMART_MODEL_SVM,
			      n_features, names);
	if (!m) {
		smart_error_oom(err);
		goto fail;
	}
	if ((m->kind == SMART_MODEL_LINEAR ? load_linear(&ld, root, m)
					   : load_svm(&ld, root, m)) ||
	    get_number(&ld, root, "cutoff", &m->cutoff) ||
	    load_provenance(&ld, root, &m->provenance))
		goto fail;
	cmp = cJSON_GetObjectItemCaseSensitive(root, "comparison");
	if (!cJSON_IsString(cmp) || (strcmp(cmp->valuestring, ">=") &&
				     strcmp(cmp->valuestring, "<="))) {
		bad(&ld, "'comparison' must be \">=\" or \"<=\"");
		goto fail;
	}
	m->comparison = strcmp(cmp->valuestring, "<=") ? SMART_CMP_GE : SMART_CMP_LE;
	if (load_profile_cutoff(&ld, root, m) ||
	    load_carried(&ld, root, "profile", "smart-profile", &m->profile) ||
	    load_carried(&ld, root, "accepted", "smart-accepted", &m->accepted))
		goto fail;
	cJSON_Delete(root);
	return m;
fail:
	smart_model_free(m);
	cJSON_Delete(root);
	return NULL;
}
