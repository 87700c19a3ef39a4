/* Reports on verdicts: top features, JSON Lines, JUnit XML. */
#include "smart/classify.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

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
	char *text = NULL;
	int ok = o && cJSON_AddStringToObject(o, "app", v->app) &&
		 cJSON_AddStringToObject(o, "test", v->test) &&
		 cJSON_AddStringToObject(o, "decision", v->inspect ? "inspect" : "ignore") &&
		 (isfinite(v->score) ? cJSON_AddNumberToObject(o, "score", v->score)
				     : cJSON_AddNullToObject(o, "score"));

	if (ok && v->problem)
		ok = cJSON_AddStringToObject(o, "error", v->problem) != NULL;
	if (ok)
		text = cJSON_PrintUnformatted(o);
	cJSON_Delete(o);
	if (!text)
		smart_error_oom(err);
	return text;
}

struct smart_junit {
	char *suite;
	char *body;
	size_t len, cap;
	size_t tests, failures, errors;
};

static int junit_append(smart_junit *j, const char *s, size_t n)
{
	if (j->len + n + 1 > j->cap) {
		size_t cap = j->cap ? j->cap : 4096;
		char *b;

		while (cap < j->len + n + 1)
			cap *= 2;
		b = realloc(j->body, cap);
		if (!b)
			return -1;
		j->body = b;
		j->cap = cap;
	}
	memcpy(j->body + j->len, s, n);
	j->len += n;
	j->body[j->len] = '\0';
	return 0;
}

/* Appends text with the five XML special characters escaped, and control
 * characters (not allowed in XML 1.0) replaced by '?'. */
static int junit_escaped(smart_junit *j, const char *s)
{
	for (; *s; s++) {
		const char *rep = NULL;
		char one = *s;

		switch (*s) {
		case '&': rep = "&amp;"; break;
		case '<': rep = "&lt;"; break;
		case '>': rep = "&gt;"; break;
		case '"': rep = "&quot;"; break;
		case '\'': rep = "&apos;"; break;
		default:
			if ((unsigned char)*s < 0x20 && *s != '\n' && *s != '\t')
				one = '?';
		}
		if (rep ? junit_append(j, rep, strlen(rep)) : junit_append(j, &one, 1))
			return -1;
	}
	return 0;
}

static int junit_printf(smart_junit *j, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static int junit_printf(smart_junit *j, const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	return junit_append(j, buf, n < 0 ? 0 : (size_t)n < sizeof(buf) ? (size_t)n : sizeof(buf) - 1);
}

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
	free(j->body);
	free(j);
}

int smart_junit_add(smart_junit *j, const smart_model *model,
		    const smart_verdict *v, smart_error *err)
{
	int bad = junit_printf(j, "  <testcase classname=\"") || junit_escaped(j, v->app) ||
		  junit_printf(j, "\" name=\"") || junit_escaped(j, v->test) ||
		  junit_printf(j, "\">\n");

	j->tests++;
	if (!bad && v->trouble) {
		j->errors++;
		bad = junit_printf(j, "    <error message=\"") || junit_escaped(j, v->problem) ||
		      junit_printf(j, "\"/>\n");
	} else if (!bad && v->inspect) {
		char msg[200];

		j->failures++;
		snprintf(msg, sizeof(msg), "inspect: score %.6g %s cutoff %.6g", v->score,
			 smart_comparison_name(model->comparison), model->cutoff);
		bad = junit_printf(j, "    <failure message=\"") || junit_escaped(j, msg) ||
		      junit_printf(j, "\"/>\n");
	}
	if (!bad)
		bad = junit_printf(j, "  </testcase>\n");
	return bad ? smart_error_oom(err) : 0;
}

int smart_junit_finish(smart_junit *j, const char *path, smart_error *err)
{
	smart_junit head = { 0 };
	int rc = -1;

	if (junit_printf(&head, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"") ||
	    junit_escaped(&head, j->suite) ||
	    junit_printf(&head, "\" tests=\"%zu\" failures=\"%zu\" errors=\"%zu\">\n", j->tests,
			 j->failures, j->errors) ||
	    (j->len && junit_append(&head, j->body, j->len)) ||
	    junit_printf(&head, "</testsuite>\n"))
		smart_error_oom(err);
	else
		rc = smart_file_write_atomic(path, head.body, head.len, err);
	free(head.body);
	smart_junit_free(j);
	return rc;
}
