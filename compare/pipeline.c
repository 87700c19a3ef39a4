/*
 * The Crawljax pipeline's configuration and its preconditions (Roest et al.
 * 2010, §IV-A): a stage runs only when all its conditions hold. A regular
 * expression condition holds when the regex matches the page; an XPath
 * condition when the expression selects at least one node; both can be
 * inverted; an OR condition holds when either of its two does. Conditions
 * are checked on the new page, as Crawljax checks the browser's current
 * state. JavaScript conditions need a browser and are refused.
 */
#include "config_internal.h"
#include "crawljax.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/xpath.h>

#include "common/strbuf.h"

int smart__cmp_check_xpath(const char *expr, const char *key, const char *name,
		    smart_error *err)
{
	xmlXPathContextPtr xc = smart__cmp_xpath_context(NULL);
	xmlXPathCompExprPtr comp;

	if (!xc)
		return smart_error_oom(err);
	comp = xmlXPathCtxtCompile(xc, (const xmlChar *)expr);
	xmlXPathFreeContext(xc);
	if (!comp)
		return smart_error_set(err, "%s: '%s': bad XPath expression '%s'", name,
				       key, expr);
	xmlXPathFreeCompExpr(comp);
	return 0;
}

static void condition_free(cmp_condition *c)
{
	if (c->kind == CMP_COND_REGEX && c->source)
		regfree(&c->regex);
	if (c->kind == CMP_COND_OR && c->either) {
		condition_free(&c->either[0]);
		condition_free(&c->either[1]);
		free(c->either);
	}
	free(c->source);
}

void smart__cmp_config_free_pipeline(smart_compare_config *cfg)
{
	for (size_t i = 0; i < cfg->pipeline_count; i++) {
		for (size_t k = 0; k < cfg->pipeline[i].condition_count; k++)
			condition_free(&cfg->pipeline[i].conditions[k]);
		free(cfg->pipeline[i].conditions);
	}
	free(cfg->pipeline);
	cfg->pipeline = NULL;
	cfg->pipeline_count = 0;
}

/* Reads one condition; `depth` bounds nested ORs (config files are small). */
static int read_condition(const cJSON *item, cmp_condition *c, const char *key,
			  const char *name, int depth, smart_error *err)
{
	const cJSON *regex = cJSON_GetObjectItemCaseSensitive(item, "regex");
	const cJSON *xpath = cJSON_GetObjectItemCaseSensitive(item, "xpath");
	const cJSON *either = cJSON_GetObjectItemCaseSensitive(item, "or");
	const cJSON *invert = cJSON_GetObjectItemCaseSensitive(item, "invert");

	memset(c, 0, sizeof(*c));
	if (!cJSON_IsObject(item) || depth > 8)
		return smart_error_set(err, "%s: '%s' must be an object", name, key);
	if (cJSON_GetObjectItemCaseSensitive(item, "javascript"))
		return smart_error_set(err, "%s: '%s': JavaScript conditions need a browser "
				       "and are not supported", name, key);
	if (invert && !cJSON_IsBool(invert))
		return smart_error_set(err, "%s: '%s.invert' must be true or false", name, key);
	c->invert = cJSON_IsTrue(invert);
	if (cJSON_IsString(regex) && !xpath && !either) {
		c->kind = CMP_COND_REGEX;
		if (smart__cmp_compile_regex(&c->regex, regex->valuestring, 0, key, name, err) < 0)
			return -1;
		c->source = strdup(regex->valuestring);
		return c->source ? 0 : smart_error_oom(err);
	}
	if (cJSON_IsString(xpath) && !regex && !either) {
		if (smart__cmp_check_xpath(xpath->valuestring, key, name, err) < 0)
			return -1;
		c->kind = CMP_COND_XPATH;
		c->source = strdup(xpath->valuestring);
		return c->source ? 0 : smart_error_oom(err);
	}
	if (cJSON_IsArray(either) && cJSON_GetArraySize(either) == 2 && !regex && !xpath) {
		c->kind = CMP_COND_OR;
		c->either = calloc(2, sizeof(*c->either));
		if (!c->either)
			return smart_error_oom(err);
		for (int i = 0; i < 2; i++)
			if (read_condition(cJSON_GetArrayItem(either, i), &c->either[i], key,
					   name, depth + 1, err) < 0)
				return -1;
		return 0;
	}
	return smart_error_set(err, "%s: '%s' needs exactly one of \"regex\" (string), "
			       "\"xpath\" (string) or \"or\" (two conditions)", name, key);
}

int smart__cmp_config_read_pipeline(smart_compare_config *cfg, const cJSON *array,
			     const char *name, smart_error *err)
{
	const cJSON *item;
	size_t n = 0;

	if (!cJSON_IsArray(array))
		return smart_error_set(err, "%s: 'crawljax.pipeline' must be an array", name);
	cfg->pipeline = calloc((size_t)cJSON_GetArraySize(array) + 1, sizeof(*cfg->pipeline));
	if (!cfg->pipeline)
		return smart_error_oom(err);
	cJSON_ArrayForEach(item, array) {
		const cJSON *cname = cJSON_GetObjectItemCaseSensitive(item, "comparator");
		const cJSON *pre = cJSON_GetObjectItemCaseSensitive(item, "preconditions");
		cmp_stage *st = &cfg->pipeline[n];
		char key[64];

		snprintf(key, sizeof(key), "crawljax.pipeline[%zu]", n);
		cfg->pipeline_count = ++n;
		if (!cJSON_IsString(cname))
			return smart_error_set(err, "%s: '%s.comparator' must be a string", name, key);
		st->comparator = smart_comparator_find(cname->valuestring);
		if (!st->comparator || !smart__cmp_crawljax_is_stage(st->comparator))
			return smart_error_set(err, "%s: '%s': '%s' is not a Crawljax stripping "
					       "comparator", name, key, cname->valuestring);
		if (!pre)
			continue;
		if (!cJSON_IsArray(pre))
			return smart_error_set(err, "%s: '%s.preconditions' must be an array",
					       name, key);
		st->conditions = calloc((size_t)cJSON_GetArraySize(pre) + 1,
					sizeof(*st->conditions));
		if (!st->conditions)
			return smart_error_oom(err);
		const cJSON *c;

		cJSON_ArrayForEach(c, pre) {
			int rc = read_condition(c, &st->conditions[st->condition_count], key,
						name, 0, err);

			st->condition_count++;
			if (rc < 0)
				return -1;
		}
	}
	return 0;
}

/* Evaluates one condition on the new page: its bytes (regex) or its DOM
 * (XPath). Returns 1, 0, or -1 on error. */
static int holds(const cmp_condition *c, const char *text, xmlDocPtr doc,
		 smart_error *err)
{
	int r;

	if (c->kind == CMP_COND_OR) {
		int a = holds(&c->either[0], text, doc, err);

		if (a < 0)
			return -1;
		r = a ? 1 : holds(&c->either[1], text, doc, err);
	} else if (c->kind == CMP_COND_REGEX) {
		r = regexec(&c->regex, text, 0, NULL, 0) == 0;
	} else {
		xmlXPathContextPtr xc;
		xmlXPathObjectPtr res;

		if (!doc)
			r = 0;
		else {
			xc = smart__cmp_xpath_context(doc);
			if (!xc)
				return smart_error_oom(err);
			res = xmlXPathEvalExpression((const xmlChar *)c->source, xc);
			r = res && res->nodesetval && res->nodesetval->nodeNr > 0;
			xmlXPathFreeObject(res);
			xmlXPathFreeContext(xc);
		}
	}
	if (r < 0)
		return -1;
	return c->invert ? !r : r;
}

int smart__cmp_stage_applies(const cmp_stage *stage, smart_compare_pair *pair,
		      smart_error *err)
{
	const char *data;
	size_t len;
	char *text;
	xmlDocPtr doc;
	int ok = 1;

	if (stage->condition_count == 0)
		return 1;
	if (smart__cmp_pair_doc(pair, CMP_NEW, &doc, err) < 0)
		return -1;
	smart__cmp_pair_bytes(pair, CMP_NEW, &data, &len);
	text = smart__strbuf_copy(data, len); /* regexec wants a NUL-terminated string */
	if (!text)
		return smart_error_oom(err);
	for (size_t i = 0; i < stage->condition_count && ok == 1; i++)
		ok = holds(&stage->conditions[i], text, doc, err);
	free(text);
	return ok;
}
