/* Reports on verdicts: top features, JSON Lines, JUnit XML. */
#include "smart/classify.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "common/json.h"
#include "common/strbuf.h"
#include "signature_json.h"
#include "smart/file.h"

typedef struct top_ctx {
	const smart_model *model;
	const double *values;
} top_ctx;

/* Larger |contribution| first; the registry order breaks ties. */
static int by_contribution(const void *a, const void *b, void *arg)
{
	const top_ctx *t = arg;
	size_t i = *(const size_t *)a, j = *(const size_t *)b;
	double x = fabs(smart_model_contribution(t->model, t->values, i));
	double y = fabs(smart_model_contribution(t->model, t->values, j));

	if (x != y)
		return x < y ? 1 : -1;
	return (i > j) - (i < j);
}

size_t smart_top_features(const smart_model *model, const double *values,
			  size_t *idx, size_t k)
{
	top_ctx t = { model, values };
	size_t *all, n = 0;

	if (model->kind != SMART_MODEL_LINEAR || !values || k == 0)
		return 0;
	all = malloc(model->n_features * sizeof(*all));
	if (!all)
		return 0;
	for (size_t j = 0; j < model->n_features; j++)
		if (smart_model_contribution(model, values, j) != 0)
			all[n++] = j;
	qsort_r(all, n, sizeof(*all), by_contribution, &t);
	if (n > k)
		n = k;
	memcpy(idx, all, n * sizeof(*idx));
	free(all);
	return n;
}

char *smart_verdict_json(const smart_verdict *v, smart_error *err)
{
	cJSON *o = cJSON_CreateObject();
	int ok = o && cJSON_AddStringToObject(o, "app", v->app) &&
		 cJSON_AddStringToObject(o, "test", v->test) &&
		 cJSON_AddStringToObject(o, "decision", v->skipped ? "skipped"
							: v->inspect ? "inspect" : "ignore") &&
		 (isfinite(v->score) ? cJSON_AddNumberToObject(o, "score", v->score)
				     : cJSON_AddNullToObject(o, "score"));

	if (ok && !v->skipped)
		ok = cJSON_AddStringToObject(o, "severity", smart_severity_name(v->severity)) != NULL;
	if (ok && v->problem)
		ok = cJSON_AddStringToObject(o, "error", v->problem) != NULL;
	if (ok && v->skipped)
		ok = cJSON_AddStringToObject(o, "skipped", v->skipped) != NULL;
	if (ok && v->signatures && v->inspect)
		ok = smart__signatures_to_json(o, v->signatures) == 0;
	if (ok && v->accepted)
		ok = cJSON_AddTrueToObject(o, "accepted_change") != NULL;
	return smart__json_print(o, ok, 0, err);
}

struct smart_junit {
	char *suite;
	smart_strbuf body;
	size_t tests, failures, errors;
};

smart_junit *smart_junit_new(const char *suite_name, smart_error *err)
{
	smart_junit *j = calloc(1, sizeof(*j));

	if (!j || !(j->suite = strdup(suite_name))) {
		free(j);
		smart_error_oom(err);
		return NULL;
	}
	return j;
}

void smart_junit_free(smart_junit *j)
{
	if (!j)
		return;
	free(j->suite);
	smart__strbuf_free(&j->body);
	free(j);
}

/* Appends the <testcase> of verdict v to b, counting it as a failure
 * (inspect) or an error (trouble). 0, or -1 when out of memory. */
static int junit_case(smart_strbuf *b, const smart_model *model, const smart_verdict *v,
		      int *failure, int *error)
{
	int bad = smart__strbuf_printf(b, "  <testcase classname=\"") ||
		  smart__strbuf_escaped(b, v->app) || smart__strbuf_printf(b, "\" name=\"") ||
		  smart__strbuf_escaped(b, v->test) || smart__strbuf_printf(b, "\">\n");

	*failure = *error = 0;
	if (!bad && v->trouble) {
		*error = 1;
		bad = smart__strbuf_printf(b, "    <error message=\"") ||
		      smart__strbuf_escaped(b, v->problem) || smart__strbuf_printf(b, "\"/>\n");
	} else if (!bad && v->inspect) {
		char msg[200];

		*failure = 1;
		if (v->problem)
			snprintf(msg, sizeof(msg), "inspect: %s", v->problem);
		else
			snprintf(msg, sizeof(msg), "inspect (%s: %s): score %.6g %s cutoff %.6g",
				 smart_severity_name(v->severity),
				 v->severity_reason ? v->severity_reason : "-", v->score,
				 smart_comparison_name(model->comparison), model->cutoff);
		bad = smart__strbuf_printf(b, "    <failure message=\"") ||
		      smart__strbuf_escaped(b, msg) ||
		      smart__strbuf_printf(b, "\" type=\"%s\"/>\n", smart_severity_name(v->severity));
	}
	if (!bad)
		bad = smart__strbuf_printf(b, "  </testcase>\n");
	return bad ? -1 : 0;
}

int smart_junit_add(smart_junit *j, const smart_model *model,
		    const smart_verdict *v, smart_error *err)
{
	int failure, error;

	if (junit_case(&j->body, model, v, &failure, &error))
		return smart_error_oom(err);
	j->tests++;
	j->failures += (size_t)failure;
	j->errors += (size_t)error;
	return 0;
}

char *smart_junit_testcase(const smart_model *model, const smart_verdict *v, int *failure,
			   int *error, smart_error *err)
{
	smart_strbuf b = { 0 };

	if (junit_case(&b, model, v, failure, error)) {
		smart__strbuf_free(&b);
		smart_error_oom(err);
		return NULL;
	}
	return b.data;
}

/* Appends the report's first lines up to the counts, which are `tests`,
 * `failures` and `errors` as given (numbers, or a shard's placeholders). */
static int junit_head(smart_strbuf *b, const char *suite, const char *tests,
		      const char *failures, const char *errors)
{
	return smart__strbuf_printf(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"") ||
	       smart__strbuf_escaped(b, suite) ||
	       smart__strbuf_printf(b, "\" tests=\"%s\" failures=\"%s\" errors=\"%s\">\n", tests,
				   failures, errors);
}

char *smart_junit_head_template(const char *suite, smart_error *err)
{
	smart_strbuf b = { 0 };

	if (junit_head(&b, suite, "<#tests>", "<#failures>", "<#errors>")) {
		smart__strbuf_free(&b);
		smart_error_oom(err);
		return NULL;
	}
	return b.data;
}

int smart_junit_finish(smart_junit *j, const char *path, smart_error *err)
{
	smart_strbuf out = { 0 };
	char tests[24], failures[24], errors[24];
	int rc = -1;

	snprintf(tests, sizeof(tests), "%zu", j->tests);
	snprintf(failures, sizeof(failures), "%zu", j->failures);
	snprintf(errors, sizeof(errors), "%zu", j->errors);
	if (junit_head(&out, j->suite, tests, failures, errors) ||
	    (j->body.len && smart__strbuf_append(&out, j->body.data, j->body.len)) ||
	    smart__strbuf_printf(&out, SMART_JUNIT_TAIL))
		smart_error_oom(err);
	else
		rc = smart_file_write_atomic(path, out.data, out.len, err);
	smart__strbuf_free(&out);
	smart_junit_free(j);
	return rc;
}
