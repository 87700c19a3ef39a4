/* The helpers of cli/cli_compare.h. */
#include "cli_compare.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

/* `base` followed by PREFIX + each of `extra` (n_extra names). */
static const char **append_names(const char *const *base, size_t n, const char *const *extra,
				 size_t n_extra, char **storage)
{
	size_t len = 0, at = 0, plen = strlen(CLI_COMPARATOR_PREFIX);
	const char **all = malloc((n + n_extra + 1) * sizeof(*all));
	char *buf;

	for (size_t i = 0; i < n_extra; i++)
		len += plen + strlen(extra[i]) + 1;
	buf = malloc(len + 1);
	if (!all || !buf) {
		free(all);
		free(buf);
		return NULL;
	}
	memcpy(all, base, n * sizeof(*all));
	for (size_t i = 0; i < n_extra; i++) {
		all[n + i] = buf + at;
		at += (size_t)sprintf(buf + at, "%s%s", CLI_COMPARATOR_PREFIX, extra[i]) + 1;
	}
	*storage = buf;
	return all;
}

int cli_comparators_open(cli_comparators *c, const char *list, const char *config_path,
			 const char *const *base, size_t n_base, int as_features)
{
	smart_error err = { "" };
	const char **extra;

	memset(c, 0, sizeof(*c));
	if (smart_comparators_select(list ? list : "all", &c->v, &c->n, &err))
		return cli_fail(&err);
	c->config = smart_compare_config_new(config_path, &err);
	if (!c->config)
		return cli_fail(&err);
	if (!as_features)
		return 0;
	extra = malloc((c->n + 1) * sizeof(*extra));
	if (!extra)
		return cli_failf("out of memory");
	for (size_t i = 0; i < c->n; i++)
		extra[i] = c->v[i]->name;
	c->names = append_names(base, n_base, extra, c->n, &c->storage);
	free(extra);
	if (!c->names)
		return cli_failf("out of memory");
	c->n_names = n_base + c->n;
	return 0;
}

void cli_comparators_attach(const cli_comparators *c, smart_table *t, int as_features)
{
	t->comparators = c->v;
	t->n_comparators = c->n;
	t->compare_config = c->config;
	t->comparator_features = as_features;
}

void cli_comparators_close(cli_comparators *c)
{
	free(c->v);
	smart_compare_config_free(c->config);
	free(c->names);
	free(c->storage);
	memset(c, 0, sizeof(*c));
}

const char **cli_model_names(const char *json, size_t len, const char *const *base,
			     size_t n, size_t *n_out, char **storage)
{
	cJSON *root = cJSON_ParseWithLength(json, len);
	const cJSON *features = cJSON_GetObjectItemCaseSensitive(root, "features");
	size_t have = (size_t)cJSON_GetArraySize(features), plen = strlen(CLI_COMPARATOR_PREFIX);
	const char **extra, **all = NULL;
	size_t known = n;
	int ok = cJSON_IsArray(features) && have > n;

	*n_out = n;
	*storage = NULL;
	/* smart's own features first, then as many known comparator verdicts
	 * as the model lists; whatever follows is left to the model loader,
	 * which names the first feature it does not know. */
	for (size_t i = 0; ok && i < have; i++) {
		const cJSON *it = cJSON_GetArrayItem(features, (int)i);

		if (i < n)
			ok = cJSON_IsString(it) && strcmp(it->valuestring, base[i]) == 0;
		else if (cJSON_IsString(it) &&
			 strncmp(it->valuestring, CLI_COMPARATOR_PREFIX, plen) == 0 &&
			 smart_comparator_find(it->valuestring + plen))
			known = i + 1;
		else
			break;
	}
	if (!ok || known == n) {
		cJSON_Delete(root);
		return (const char **)base;
	}
	have = known;
	extra = malloc((have - n) * sizeof(*extra));
	if (extra) {
		for (size_t i = n; i < have; i++)
			extra[i - n] = cJSON_GetArrayItem(features, (int)i)->valuestring + plen;
		all = append_names(base, n, extra, have - n, storage);
		free(extra);
	}
	cJSON_Delete(root);
	if (all)
		*n_out = have;
	return all;
}
