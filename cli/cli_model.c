/* The helpers of cli/cli_model.h. */
#include "cli_model.h"
#include "cli_compare.h"
#include "cli_progress.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

signed char *cli_feature_signs(const char *const *names, size_t n)
{
	signed char *signs = calloc(n ? n : 1, 1);

	if (!signs)
		return NULL;
	for (size_t i = 0; i < n; i++)
		signs[i] = (signed char)smart_feature_sign(names[i]);
	return signs;
}

void cli_warn_signs(const smart_model *m, const signed char *signs)
{
	if (m->kind != SMART_MODEL_LINEAR || !signs)
		return;
	for (size_t j = 0; j < m->n_features; j++)
		if (!m->dropped[j] && signs[j] != SMART_SIGN_HELD &&
		    signs[j] * m->weights[j] < -SMART_SIGN_TOLERANCE)
			fprintf(stderr,
				"smart: warning: feature '%s' has weight %.6g, but its hypothesis says %s (more of it means %s)\n",
				m->names[j], m->weights[j], signs[j] > 0 ? "+" : "-",
				signs[j] > 0 ? "inspect" : "ignore");
}

/* Warns when `m` was trained on features of the other HTML parser's trees
 * (smart/html_parser.h): the two build different trees from the same
 * broken page, so its scores are not those it was fitted to. A warning,
 * not a refusal: on XML, or on well-formed HTML, the trees agree. */
static void cli_warn_html_parser(const smart_model *m, const char *what)
{
	const char *now = smart_html_parser_name(smart_html_parser_get());

	if (strcmp(m->provenance.html_parser, now) != 0)
		fprintf(stderr,
			"smart: warning: %s was trained on trees of the %s HTML parser, but this run "
			"parses HTML with %s; pass --html-parser %s, or retrain the model\n",
			what, m->provenance.html_parser, now, m->provenance.html_parser);
}

/* A model file is small; this bounds what a wrong path can make us read. */
#define CLI_MODEL_MAX_FILE ((size_t)256 * 1024 * 1024)

smart_model *cli_load_model(const char *path, const char *const *names,
			    size_t n, smart_error *err)
{
	const char *json = smart_default_model;
	size_t len = smart_default_model_len, n_all;
	char *data = NULL, *storage = NULL;
	const char **all;
	smart_model *m;

	if (path) {
		if (smart_file_read(path, CLI_MODEL_MAX_FILE, &data, &len, err))
			return NULL;
		json = data;
	} else if (smart_default_model_len == 0) {
		smart_error_set(err, "this smart was built without a default model; pass --model MODEL.json");
		return NULL;
	}
	/* A model trained with --comparator-features lists their verdicts
	 * after smart's own features. */
	all = cli_model_names(json, len, names, n, &n_all, &storage);
	if (!all) {
		free(data);
		smart_error_oom(err);
		return NULL;
	}
	m = smart_model_from_json(json, len, path ? path : "default model", all, n_all, err);
	if (m)
		cli_warn_html_parser(m, path ? path : "the default model");
	if (all != (const char **)names)
		free(all);
	free(storage);
	free(data);
	return m;
}

void cli_on_bad_record(void *ctx, const smart_error *err)
{
	cli_bad_records *b = ctx;

	if (b->count++ == 0)
		b->first = *err;
	if (b->skip) {
		if (b->progress)
			cli_progress_clear(b->progress);
		fprintf(stderr, "smart: warning: skipped %s\n", err->message);
	}
}

int cli_fail_bad_records(const smart_error *first, size_t count)
{
	if (count == 1)
		return cli_failf("%s", first->message);
	return cli_failf("%s (and %zu more unusable records; --skip-bad leaves them out)",
			 first->message, count - 1);
}

int cli_parse_kind(const char *s, smart_model_kind *kind)
{
	if (!strcmp(s, "linear"))
		*kind = SMART_MODEL_LINEAR;
	else if (!strcmp(s, "svm"))
		*kind = SMART_MODEL_SVM;
	else
		return -1;
	return 0;
}

/* --cutoff of smart train and smart eval: "f1" (the paper's search over
 * the training pairs: *transfer 0), "transfer" (the worst held-out
 * application's first-look F1), "transfer-mean" or "transfer-pooled";
 * -1 when none. */
int cli_parse_cutoff(const char *s, int *transfer, smart_cutoff_objective *obj)
{
	static const struct { const char *word; int transfer; smart_cutoff_objective obj; } w[] = {
		{ "f1", 0, SMART_CUTOFF_POOLED },
		{ "transfer", 1, SMART_CUTOFF_WORST },
		{ "transfer-mean", 1, SMART_CUTOFF_MEAN },
		{ "transfer-pooled", 1, SMART_CUTOFF_POOLED },
	};

	for (size_t i = 0; i < sizeof(w) / sizeof(w[0]); i++)
		if (!strcmp(s, w[i].word)) {
			*transfer = w[i].transfer;
			*obj = w[i].obj;
			return 0;
		}
	return -1;
}

/* A bound option's value (--clean-cutoff, --adapt-clean-cutoff): a number
 * of the score's scale, at most 10 (no score moves further). */
int cli_parse_bound(const char *s, int zero_ok, double *v)
{
	char *end;

	*v = strtod(s, &end);
	if (*end || !*s || !(*v <= 10))
		return -1;
	return *v > 0 || (zero_ok && *v == 0) ? 0 : -1;
}
