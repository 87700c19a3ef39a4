/* The helpers of cli/cli_model.h. */
#include "cli_model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char **cli_feature_names(size_t *n)
{
	const char **names;

	*n = smart_feature_count();
	names = calloc(*n ? *n : 1, sizeof(*names));
	if (!names)
		return NULL;
	for (size_t i = 0; i < *n; i++)
		names[i] = smart_feature_info_at(i)->name;
	return names;
}

smart_model *cli_load_model(const char *path, const char *const *names,
			    size_t n, smart_error *err)
{
	if (path)
		return smart_model_load(path, names, n, err);
	if (smart_default_model_len == 0) {
		smart_error_set(err, "this smart was built without a default model; pass --model MODEL.json");
		return NULL;
	}
	return smart_model_from_json(smart_default_model, smart_default_model_len,
				     "default model", names, n, err);
}

void cli_on_bad_record(void *ctx, const smart_error *err)
{
	cli_bad_records *b = ctx;

	if (b->count++ == 0)
		b->first = *err;
	if (b->skip)
		fprintf(stderr, "smart: warning: skipped %s\n", err->message);
}

int cli_load_table(smart_table *table, char *const *paths, size_t n_paths,
		   smart_format format, unsigned threads, int skip_bad)
{
	cli_bad_records bad = { skip_bad, 0, { "" } };
	smart_error err = { "" };
	size_t count = 0;

	if (smart_table_load(table, (const char *const *)paths, n_paths, format, threads,
			     cli_on_bad_record, &bad, &count, &err))
		return cli_fail(&err);
	if (bad.count && !skip_bad) {
		if (bad.count == 1)
			return cli_failf("%s", bad.first.message);
		return cli_failf("%s (and %zu more unusable records; --skip-bad leaves them out)",
				 bad.first.message, bad.count - 1);
	}
	return 0;
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
