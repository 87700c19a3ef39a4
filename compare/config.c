/*
 * Loading the comparator configuration: the defaults (config_defaults.c)
 * overridden by the user's JSON file, key by key. Objects merge (so a file
 * may name one element's important attributes and keep the rest); every
 * other value replaces the default. An unknown key is an error, so a typo
 * does not silently leave a default in force.
 */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "config_internal.h"
#include "smart/file.h"

/* Objects whose keys are element names chosen by the user. */
static int is_open_map(const char *key)
{
	return strcmp(key, "important_attributes") == 0 ||
	       strcmp(key, "attribute_defaults") == 0 ||
	       strcmp(key, "link_attributes") == 0 ||
	       strcmp(key, "form_attributes") == 0;
}

/* Merges `over` into `base` (both objects): objects merge recursively,
 * anything else replaces. `open` says whether new keys are allowed. */
static int merge(cJSON *base, const cJSON *over, int open, const char *path,
		 const char *name, smart_error *err)
{
	const cJSON *item;

	cJSON_ArrayForEach(item, over) {
		cJSON *old = cJSON_GetObjectItemCaseSensitive(base, item->string);
		char sub[256];

		snprintf(sub, sizeof(sub), "%s%s%s", path, *path ? "." : "",
			 item->string);
		if (!old && !open)
			return smart_error_set(err, "%s: unknown key '%s'", name, sub);
		if (old && cJSON_IsObject(old) && cJSON_IsObject(item)) {
			if (merge(old, item, open || is_open_map(item->string), sub,
				  name, err) < 0)
				return -1;
			continue;
		}
		if (old && cJSON_IsObject(old) != cJSON_IsObject(item))
			return smart_error_set(err, "%s: '%s' must be %s", name, sub,
					       cJSON_IsObject(old) ? "an object"
								   : "not an object");
		cJSON *copy = cJSON_Duplicate(item, 1);

		if (!copy)
			return smart_error_oom(err);
		if (old)
			cJSON_ReplaceItemInObjectCaseSensitive(base, item->string, copy);
		else
			cJSON_AddItemToObject(base, item->string, copy);
	}
	return 0;
}

static void names_free(cmp_names *names)
{
	for (size_t i = 0; i < names->n; i++)
		free(names->v[i]);
	free(names->v);
	names->v = NULL;
	names->n = 0;
}

/* Reads an array of strings. */
static int read_names(const cJSON *array, cmp_names *out, const char *key,
		      const char *name, smart_error *err)
{
	const cJSON *item;
	size_t n = 0;

	if (!cJSON_IsArray(array))
		return smart_error_set(err, "%s: '%s' must be an array of strings",
				       name, key);
	out->v = calloc((size_t)cJSON_GetArraySize(array) + 1, sizeof(char *));
	if (!out->v)
		return smart_error_oom(err);
	cJSON_ArrayForEach(item, array) {
		if (!cJSON_IsString(item))
			return smart_error_set(err, "%s: '%s' must be an array of strings",
					       name, key);
		out->v[n] = strdup(item->valuestring);
		if (!out->v[n])
			return smart_error_oom(err);
		out->n = ++n;
	}
	return 0;
}

/* Reads {"tag": ["attr", …]} or, for defaults, {"tag": {"attr": "value"}}. */
static int read_rules(const cJSON *object, cmp_rules *out, int with_values,
		      const char *key, const char *name, smart_error *err)
{
	const cJSON *tag;
	size_t n = 0;

	if (!cJSON_IsObject(object))
		return smart_error_set(err, "%s: '%s' must be an object", name, key);
	out->v = calloc((size_t)cJSON_GetArraySize(object) + 1, sizeof(*out->v));
	if (!out->v)
		return smart_error_oom(err);
	cJSON_ArrayForEach(tag, object) {
		cmp_tag_rule *rule = &out->v[n];
		char sub[256];

		snprintf(sub, sizeof(sub), "%s.%s", key, tag->string);
		rule->tag = strdup(tag->string);
		out->n = ++n;
		if (!rule->tag)
			return smart_error_oom(err);
		if (!with_values) {
			if (read_names(tag, &rule->attrs, sub, name, err) < 0)
				return -1;
			continue;
		}
		if (!cJSON_IsObject(tag))
			return smart_error_set(err, "%s: '%s' must be an object of strings",
					       name, sub);
		const cJSON *attr;
		size_t k = 0, count = (size_t)cJSON_GetArraySize(tag) + 1;

		rule->attrs.v = calloc(count, sizeof(char *));
		rule->values.v = calloc(count, sizeof(char *));
		if (!rule->attrs.v || !rule->values.v)
			return smart_error_oom(err);
		cJSON_ArrayForEach(attr, tag) {
			if (!cJSON_IsString(attr))
				return smart_error_set(err, "%s: '%s.%s' must be a string",
						       name, sub, attr->string);
			rule->attrs.v[k] = strdup(attr->string);
			rule->values.v[k] = strdup(attr->valuestring);
			rule->attrs.n = rule->values.n = ++k;
			if (!rule->attrs.v[k - 1] || !rule->values.v[k - 1])
				return smart_error_oom(err);
		}
	}
	return 0;
}

static void rules_free(cmp_rules *rules)
{
	for (size_t i = 0; i < rules->n; i++) {
		free(rules->v[i].tag);
		names_free(&rules->v[i].attrs);
		names_free(&rules->v[i].values);
	}
	free(rules->v);
}

int smart__cmp_compile_regex(regex_t *re, const char *source, int icase,
			 const char *key, const char *name, smart_error *err)
{
	int rc = regcomp(re, source, REG_EXTENDED | (icase ? REG_ICASE : 0));

	if (rc != 0) {
		char msg[128];

		regerror(rc, re, msg, sizeof(msg));
		return smart_error_set(err, "%s: '%s': bad regular expression '%s': %s",
				       name, key, source, msg);
	}
	return 0;
}

static int read_regexes(const cJSON *array, cmp_regexes *out, int icase,
			const char *key, const char *name, smart_error *err)
{
	cmp_names sources = { 0 };

	if (read_names(array, &sources, key, name, err) < 0) {
		names_free(&sources);
		return -1;
	}
	out->source = sources.v;
	out->v = calloc(sources.n + 1, sizeof(regex_t));
	if (!out->v) {
		out->n = 0;
		for (size_t i = 0; i < sources.n; i++)
			free(sources.v[i]);
		return smart_error_oom(err);
	}
	for (size_t i = 0; i < sources.n; i++) {
		if (smart__cmp_compile_regex(&out->v[out->n], sources.v[i], icase, key, name,
				  err) < 0) {
			for (size_t j = out->n; j < sources.n; j++)
				free(sources.v[j]);
			return -1;
		}
		out->n++;
	}
	return 0;
}

static void regexes_free(cmp_regexes *r)
{
	for (size_t i = 0; i < r->n; i++) {
		regfree(&r->v[i]);
		free(r->source[i]);
	}
	free(r->v);
	free(r->source);
}

/* A whole number in [lo, hi]. */
static int read_size(const cJSON *item, size_t *out, double lo, double hi,
		     const char *key, const char *name, smart_error *err)
{
	if (!cJSON_IsNumber(item) || item->valuedouble < lo ||
	    item->valuedouble > hi || item->valuedouble != (double)(long long)item->valuedouble)
		return smart_error_set(err, "%s: '%s' must be a whole number from %.0f to %.0f",
				       name, key, lo, hi);
	*out = (size_t)item->valuedouble;
	return 0;
}

static int check_xpaths(const cmp_names *exprs, const char *name, smart_error *err)
{
	for (size_t i = 0; i < exprs->n; i++)
		if (smart__cmp_check_xpath(exprs->v[i], "crawljax.xpath", name, err) < 0)
			return -1;
	return 0;
}

/* Fills the configuration from the merged JSON. */
static int build(smart_compare_config *cfg, const cJSON *root, const char *name,
		 smart_error *err)
{
	const cJSON *sp = cJSON_GetObjectItemCaseSensitive(root, "sprenkle");
	const cJSON *cj = cJSON_GetObjectItemCaseSensitive(root, "crawljax");
	const cJSON *fg = cJSON_GetObjectItemCaseSensitive(root, "fraggen");
#define GET(obj, key) cJSON_GetObjectItemCaseSensitive(obj, key)
	if (read_size(GET(root, "max_differences"), &cfg->max_differences, 0,
		      1e6, "max_differences", name, err) < 0 ||
	    read_regexes(GET(root, "dates"), &cfg->dates, 1, "dates", name, err) < 0 ||
	    read_names(GET(sp, "ignored_elements"), &cfg->ignored_elements,
		       "sprenkle.ignored_elements", name, err) < 0 ||
	    read_names(GET(sp, "layout_tags"), &cfg->layout_tags,
		       "sprenkle.layout_tags", name, err) < 0 ||
	    read_names(GET(sp, "layout_attributes"), &cfg->layout_attributes,
		       "sprenkle.layout_attributes", name, err) < 0 ||
	    read_names(GET(sp, "style_tags"), &cfg->style_tags,
		       "sprenkle.style_tags", name, err) < 0 ||
	    read_names(GET(sp, "style_attributes"), &cfg->style_attributes,
		       "sprenkle.style_attributes", name, err) < 0 ||
	    read_rules(GET(sp, "important_attributes"), &cfg->important, 0,
		       "sprenkle.important_attributes", name, err) < 0 ||
	    read_rules(GET(sp, "attribute_defaults"), &cfg->defaults, 1,
		       "sprenkle.attribute_defaults", name, err) < 0 ||
	    read_rules(GET(sp, "link_attributes"), &cfg->links, 0,
		       "sprenkle.link_attributes", name, err) < 0 ||
	    read_rules(GET(sp, "form_attributes"), &cfg->forms, 0,
		       "sprenkle.form_attributes", name, err) < 0 ||
	    read_names(GET(cj, "attributes"), &cfg->cj_attributes,
		       "crawljax.attributes", name, err) < 0 ||
	    read_names(GET(cj, "style_tags"), &cfg->cj_style_tags,
		       "crawljax.style_tags", name, err) < 0 ||
	    read_names(GET(cj, "style_attributes"), &cfg->cj_style_attributes,
		       "crawljax.style_attributes", name, err) < 0 ||
	    read_regexes(GET(cj, "regex"), &cfg->cj_regex, 0, "crawljax.regex",
			 name, err) < 0 ||
	    read_names(GET(cj, "xpath"), &cfg->cj_xpath, "crawljax.xpath", name,
		       err) < 0 ||
	    check_xpaths(&cfg->cj_xpath, name, err) < 0 ||
	    smart__cmp_config_read_pipeline(cfg, GET(cj, "pipeline"), name, err) < 0 ||
	    read_names(GET(fg, "block_tags"), &cfg->fg_block_tags,
		       "fraggen.block_tags", name, err) < 0 ||
	    read_size(GET(fg, "max_classify_calls"), &cfg->fg_max_classify, 1,
		      1e9, "fraggen.max_classify_calls", name, err) < 0)
		return -1;
#undef GET
	return 0;
}

/* Parses JSON text, reporting the place of a syntax error. */
static cJSON *parse_json(const char *json, const char *name, smart_error *err)
{
	const char *end = NULL;
	cJSON *root = cJSON_ParseWithOpts(json, &end, 1);

	if (!root) {
		int line = 1;

		for (const char *p = json; end && p < end; p++)
			line += *p == '\n';
		smart_error_set(err, "%s:%d: not valid JSON", name, line);
		return NULL;
	}
	if (!cJSON_IsObject(root)) {
		cJSON_Delete(root);
		smart_error_set(err, "%s: the configuration must be a JSON object", name);
		return NULL;
	}
	return root;
}

smart_compare_config *smart_compare_config_parse(const char *json,
						 const char *name,
						 smart_error *err)
{
	smart_compare_config *cfg;
	cJSON *root = parse_json(smart_compare_config_defaults(), "(defaults)", err);

	if (!root)
		return NULL;
	if (json) {
		cJSON *user = parse_json(json, name, err);

		if (!user || merge(root, user, 0, "", name, err) < 0) {
			cJSON_Delete(user);
			cJSON_Delete(root);
			return NULL;
		}
		cJSON_Delete(user);
	}
	cfg = calloc(1, sizeof(*cfg));
	if (!cfg) {
		cJSON_Delete(root);
		smart_error_oom(err);
		return NULL;
	}
	if (build(cfg, root, json ? name : "(defaults)", err) < 0) {
		smart_compare_config_free(cfg);
		cfg = NULL;
	}
	cJSON_Delete(root);
	return cfg;
}

smart_compare_config *smart_compare_config_new(const char *path, smart_error *err)
{
	smart_compare_config *cfg;
	char *data;
	size_t len;

	if (!path)
		return smart_compare_config_parse(NULL, NULL, err);
	if (smart_file_read(path, (size_t)16 * 1024 * 1024, &data, &len, err) < 0)
		return NULL;
	if (strlen(data) != len) {
		free(data);
		smart_error_set(err, "%s: not a text file (NUL byte)", path);
		return NULL;
	}
	cfg = smart_compare_config_parse(data, path, err);
	free(data);
	return cfg;
}

void smart_compare_config_free(smart_compare_config *cfg)
{
	if (!cfg)
		return;
	regexes_free(&cfg->dates);
	names_free(&cfg->ignored_elements);
	names_free(&cfg->layout_tags);
	names_free(&cfg->layout_attributes);
	names_free(&cfg->style_tags);
	names_free(&cfg->style_attributes);
	rules_free(&cfg->important);
	rules_free(&cfg->defaults);
	rules_free(&cfg->links);
	rules_free(&cfg->forms);
	names_free(&cfg->cj_attributes);
	names_free(&cfg->cj_style_tags);
	names_free(&cfg->cj_style_attributes);
	names_free(&cfg->cj_xpath);
	regexes_free(&cfg->cj_regex);
	smart__cmp_config_free_pipeline(cfg);
	names_free(&cfg->fg_block_tags);
	free(cfg);
}
