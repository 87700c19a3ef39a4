/* One pair's decision and why, as JSON (include/smart/explain.h). */
#include "smart/explain.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "common/json.h"
#include "common/options.h"
#include "smart/diffx.h"
#include "smart/features.h"
#include "smart/measure.h"
#include "classify_pair.h"
#include "explain_changes.h"
#include "signature_json.h"

#define EXPLAIN_MAX_TOP 64

const char *smart_discount_heading(const smart_classification *c)
{
	int presentation = c->discounted[SMART_DISCOUNT_PRESENTATION] > 0;

	if (c->only_volatile)
		return presentation ? "every difference is volatile or presentational"
				    : "every difference is a volatile value";
	return presentation ? "volatile values and presentation discounted"
			    : "volatile values discounted";
}

/* Adds a printf-formatted string to array `arr`; 0, or -1 when out of
 * memory. */
static int add_line(cJSON *arr, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int add_line(cJSON *arr, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	return cJSON_AddItemToArray(arr, cJSON_CreateString(buf)) ? 0 : -1;
}

/* The explanation's lines in words, as `smart classify` prints them for
 * one pair: the severity and its rule, what scrubbing discounted, and the
 * features that moved the score most. 0, or -1 when out of memory. */
static int add_reasons(cJSON *o, const smart_model *m, const smart_classification *c,
		       const size_t *idx, size_t k)
{
	cJSON *arr = cJSON_AddArrayToObject(o, "reasons");
	char discounted[256];
	int rc = arr ? 0 : -1;

	if (arr && c->severity != SMART_SEVERITY_NONE)
		rc |= add_line(arr, "severity %s: %s", smart_severity_name(c->severity),
			       c->severity_reason);
	if (arr && smart_discount_text(c->discounted, discounted, sizeof(discounted)))
		rc |= add_line(arr, "%s: %s", smart_discount_heading(c), discounted);
	if (arr && m->kind == SMART_MODEL_LINEAR && k == 0)
		rc |= add_line(arr, "no feature moved the score (the pair looks unchanged)");
	for (size_t i = 0; arr && m->kind == SMART_MODEL_LINEAR && i < k; i++)
		rc |= add_line(arr, "%s %+.4g (weight %.4g x value %g)", m->names[idx[i]],
			       smart_model_contribution(m, c->values, idx[i]),
			       m->weights[idx[i]], c->values[idx[i]]);
	return rc;
}

/* The features that moved the score most, each {name, value, weight,
 * contribution}. 0, or -1 when out of memory. */
static int add_top(cJSON *o, const smart_model *m, const double *v, const size_t *idx, size_t k)
{
	cJSON *tops = cJSON_AddArrayToObject(o, "top_features");

	for (size_t i = 0; tops && i < k; i++) {
		cJSON *t = cJSON_CreateObject();

		if (!cJSON_AddItemToArray(tops, t) ||
		    !cJSON_AddStringToObject(t, "name", m->names[idx[i]]) ||
		    !cJSON_AddNumberToObject(t, "value", v[idx[i]]) ||
		    !cJSON_AddNumberToObject(t, "weight", m->weights[idx[i]]) ||
		    !cJSON_AddNumberToObject(t, "contribution",
					     smart_model_contribution(m, v, idx[i])))
			return -1;
	}
	return tops ? 0 : -1;
}

cJSON *smart_classification_to_json(const smart_model *m, const smart_classification *c,
				    unsigned top, smart_error *err)
{
	const double *v = c->values;
	size_t idx[EXPLAIN_MAX_TOP];
	size_t k = smart_top_features(m, v, idx, top > EXPLAIN_MAX_TOP ? EXPLAIN_MAX_TOP : top);
	cJSON *o = cJSON_CreateObject(), *feats, *disc;
	char discounted[256];
	int ok = o != NULL;

	assert(v);
	smart_discount_text(c->discounted, discounted, sizeof(discounted));
	ok = ok && cJSON_AddStringToObject(o, "decision", c->inspect ? "inspect" : "ignore") &&
	     cJSON_AddNumberToObject(o, "score", c->score) &&
	     cJSON_AddNumberToObject(o, "cutoff", m->cutoff) &&
	     cJSON_AddStringToObject(o, "comparison", smart_comparison_name(m->comparison)) &&
	     cJSON_AddStringToObject(o, "severity", smart_severity_name(c->severity)) &&
	     (!c->severity_reason ||
	      cJSON_AddStringToObject(o, "severity_reason", c->severity_reason));
	feats = ok ? cJSON_AddObjectToObject(o, "features") : NULL;
	for (size_t j = 0; feats && j < m->n_features; j++)
		ok = ok && cJSON_AddNumberToObject(feats, m->names[j], v[j]);
	ok = ok && feats && add_top(o, m, v, idx, k) == 0 &&
	     cJSON_AddBoolToObject(o, "only_volatile", c->only_volatile) &&
	     (!c->accepted || cJSON_AddTrueToObject(o, "accepted_change"));
	/* what scrubbing explained away (docs/features.md) */
	disc = ok ? cJSON_AddObjectToObject(o, "discounted") : NULL;
	ok = ok && disc && cJSON_AddNumberToObject(disc, "total", c->discounted_total) &&
	     cJSON_AddStringToObject(disc, "text", discounted) &&
	     add_reasons(o, m, c, idx, k) == 0;
	/* what a reviewer would decide once for every page that holds it */
	ok = ok && (!c->signatures || !c->inspect || smart__signatures_to_json(o, c->signatures) == 0);
	if (!ok) {
		cJSON_Delete(o);
		smart_error_oom(err);
		return NULL;
	}
	return o;
}

/* When a pair's edit operations join its object: on an inspect (`smart
 * classify --json`, which shows what changed), or whenever the documents
 * differ (smart_explain_pair, for a test's failure message). */
typedef enum changes_when { CHANGES_ON_INSPECT, CHANGES_WHEN_DIFFERENT } changes_when;

/* Classifies the pair with `co` into `c` and makes its object
 * (smart_classification_to_json) with, when `when` says, "changes" (the
 * first max_changes operations of the edit script classification judged)
 * and "changes_total". The operations are collected while classification
 * measures the pair, so each document is parsed once. NULL with `err`
 * set; the caller deletes the object and frees c->signatures. */
static cJSON *classify_to_json(const smart_model *m, const smart_document *old_doc,
			       const smart_document *new_doc, const smart_classify_options *co,
			       unsigned top, unsigned max_changes, changes_when when,
			       smart_classification *c, smart_error *err)
{
	smart__explain_changes ch = { .changes = cJSON_CreateArray(), .max = max_changes };
	cJSON *json = NULL;
	int add;

	if (!ch.changes) {
		smart_error_oom(err);
		return NULL;
	}
	if (smart__classify_pair_also(m, old_doc, new_doc, co, smart__explain_changes_collect,
				      &ch, c, err) == 0)
		json = smart_classification_to_json(m, c, top, err);
	add = when == CHANGES_ON_INSPECT
		      ? c->inspect
		      : max_changes && (old_doc->len != new_doc->len ||
					memcmp(old_doc->data, new_doc->data, old_doc->len) != 0);
	if (json && add) {
		int ok = cJSON_AddItemToObject(json, "changes", ch.changes);

		ch.changes = ok ? NULL : ch.changes; /* the object owns it now */
		if (!ok || !cJSON_AddNumberToObject(json, "changes_total", (double)ch.total)) {
			cJSON_Delete(json);
			json = NULL;
			smart_error_oom(err);
		}
	}
	cJSON_Delete(ch.changes);
	return json;
}

cJSON *smart_classify_pair_json(const smart_model *m, const smart_document *old_doc,
				const smart_document *new_doc, const smart_classify_options *co,
				unsigned top, smart_error *err)
{
	const smart_explain_options eo = SMART_EXPLAIN_OPTIONS_INIT; /* as many changes */
	double *values = calloc(m->n_features ? m->n_features : 1, sizeof(double));
	smart_classification c = { .values = values };
	cJSON *json;

	if (!values) {
		smart_error_oom(err);
		return NULL;
	}
	json = classify_to_json(m, old_doc, new_doc, co, top, eo.max_changes, CHANGES_ON_INSPECT,
				&c, err);
	free(values);
	free(c.signatures);
	return json;
}

char *smart_explain_pair(const smart_model *m, const smart_document *old_doc,
			 const smart_document *new_doc, const smart_explain_options *o,
			 smart_error *err)
{
	smart_classify_options co = SMART_CLASSIFY_OPTIONS_INIT;
	double *values;
	smart_classification c;
	cJSON *json;

	if (smart__options_check(o->version, SMART_EXPLAIN_OPTIONS_VERSION, "explain",
				 "SMART_EXPLAIN_OPTIONS_INIT", err))
		return NULL;
	values = calloc(m->n_features ? m->n_features : 1, sizeof(double));
	if (!values) {
		smart_error_oom(err);
		return NULL;
	}
	c = (smart_classification){ .values = values };
	co.format = o->format;
	co.profile = o->profile;
	co.test = o->test;
	co.accepted = o->accepted;
	co.signatures = 1; /* printed for an inspected pair, as classify --json does */
	json = classify_to_json(m, old_doc, new_doc, &co, o->top, o->max_changes,
				CHANGES_WHEN_DIFFERENT, &c, err);
	free(values);
	free(c.signatures);
	return json ? smart__json_print(json, 1, 0, err) : NULL;
}

char *smart_explain_diff(const smart_document *old_doc, const smart_document *new_doc,
			 smart_format format, smart_error *err)
{
	smart_tree *old_tree = smart_tree_parse(old_doc->data, old_doc->len, format,
						old_doc->name, err);
	smart_tree *new_tree = old_tree ? smart_tree_parse(new_doc->data, new_doc->len, format,
							   new_doc->name, err)
					: NULL;
	smart_diff *d = new_tree ? smart_diffx(old_tree, new_tree, err) : NULL;
	char *s = d ? smart_diff_to_json_string(d, err) : NULL;

	smart_diff_free(d);
	smart_tree_free(old_tree);
	smart_tree_free(new_tree);
	return s;
}

smart_model *smart_explain_model_load(const char *path, smart_error *err)
{
	size_t n;
	const char **names = smart_feature_names(&n);
	smart_model *m;

	if (!names) {
		smart_error_oom(err);
		return NULL;
	}
	m = smart_model_load(path, names, n, err);
	free(names);
	return m;
}

void smart_explain_free(char *json)
{
	cJSON_free(json);
}
