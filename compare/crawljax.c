/*
 * Crawljax's oracle comparator pipelining (Roest et al. 2010, §IV-A):
 * "each comparator is exclusively specialized in comparing the targeted
 * differences from the DOM trees by first stripping the differences … and
 * then comparing the stripped DOMs with a simple string comparison", and
 * the output of one comparator is the input of the next.
 *
 * A side of the comparison is either a DOM (libxml2 document we own) or a
 * DOM string; stages that work on nodes (attributes, style, XPath,
 * templates, white space) parse the string when they need a DOM, stages
 * that work on text (dates, regexes) serialise the DOM when they need a
 * string, so stages of both kinds chain in any order, as in Crawljax.
 */
#include "crawljax.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/HTMLtree.h>
#include <libxml/xpath.h>

#include "common/array.h"
#include "diffx/tree_libxml.h"

typedef struct cj_side {
	xmlDocPtr doc;     /* owned; NULL when the side is a string */
	char *str;         /* owned DOM string when doc is NULL */
	size_t len;
	smart_format format;
	const char *name;
} cj_side;

static void side_free(cj_side *s)
{
	xmlFreeDoc(s->doc);
	free(s->str);
	s->doc = NULL;
	s->str = NULL;
}

/* Makes the side a DOM string (serialising without added white space). */
static int side_string(cj_side *s, smart_error *err)
{
	xmlChar *mem = NULL;
	int size = 0;

	if (!s->doc)
		return s->str ? 0 : (s->str = strdup("")) ? 0 : smart_error_oom(err);
	if (s->doc->type == XML_HTML_DOCUMENT_NODE)
		htmlDocDumpMemoryFormat(s->doc, &mem, &size, 0);
	else
		xmlDocDumpFormatMemory(s->doc, &mem, &size, 0);
	if (!mem)
		return smart_error_oom(err);
	s->str = malloc((size_t)size + 1);
	if (!s->str) {
		xmlFree(mem);
		return smart_error_oom(err);
	}
	memcpy(s->str, mem, (size_t)size);
	s->str[size] = '\0';
	s->len = (size_t)size;
	xmlFree(mem);
	xmlFreeDoc(s->doc);
	s->doc = NULL;
	return 0;
}

/* Makes the side a DOM (parsing its string). An empty HTML string has no
 * DOM; the stage then has nothing to strip. */
static int side_dom(cj_side *s, smart_error *err)
{
	xmlDocPtr doc = NULL;
	smart_format format = s->format;

	if (s->doc || !s->str)
		return 0;
	if (smart__tree_libxml_read(s->str, s->len, &format, s->name, &doc, err) < 0)
		return smart_error_prefix(err, "after stripping");
	if (doc) {
		free(s->str);
		s->str = NULL;
		s->doc = doc;
	}
	return 0;
}

/* ---- node stages ---- */

typedef struct strip_ctx {
	const smart_compare_config *cfg;
	int stage;
	xmlNodePtr *unwrap; /* style tags to unwrap after the walk */
	size_t n, cap;
	int failed;
} strip_ctx;

/* Removes every white-space character from a string, in place. */
static void remove_space(char *s)
{
	char *w = s;

	for (; *s; s++)
		if (!isspace((unsigned char)*s))
			*w++ = *s;
	*w = '\0';
}

/* Removes the attributes of `node` named in `names`. */
static void remove_attributes(xmlNodePtr node, const cmp_names *names)
{
	xmlAttrPtr a = node->properties;

	while (a) {
		xmlAttrPtr next = a->next;

		if (smart__cmp_names_has(names, (const char *)a->name))
			xmlRemoveProp(a);
		a = next;
	}
}

static int strip_enter(void *vctx, xmlNodePtr node)
{
	strip_ctx *ctx = vctx;

	if (node->type == XML_TEXT_NODE && ctx->stage == CJ_WHITESPACE && node->content) {
		remove_space((char *)node->content);
		return 1;
	}
	if (node->type != XML_ELEMENT_NODE)
		return node->type == XML_DOCUMENT_NODE ||
				       node->type == XML_HTML_DOCUMENT_NODE
			       ? 0
			       : 1;
	if (ctx->stage == CJ_WHITESPACE) {
		for (xmlAttrPtr a = node->properties; a; a = a->next)
			if (a->children && a->children->type == XML_TEXT_NODE &&
			    a->children->content)
				remove_space((char *)a->children->content);
	} else if (ctx->stage == CJ_ATTRIBUTE) {
		remove_attributes(node, &ctx->cfg->cj_attributes);
	} else if (ctx->stage == CJ_STYLE) {
		remove_attributes(node, &ctx->cfg->cj_style_attributes);
		if (smart__cmp_names_has(&ctx->cfg->cj_style_tags, (const char *)node->name)) {
			if (smart__array_reserve((void **)&ctx->unwrap, &ctx->cap, ctx->n,
						sizeof(*ctx->unwrap), 32) < 0) {
				ctx->failed = 1;
				return -1;
			}
			ctx->unwrap[ctx->n++] = node;
		}
	}
	return 0;
}

/* Replaces an element by its children (a style tag keeps its content). */
static void unwrap(xmlNodePtr node)
{
	while (node->children) {
		xmlNodePtr child = node->children;

		xmlUnlinkNode(child);
		if (!xmlAddPrevSibling(node, child))
			xmlFreeNode(child);
	}
	xmlUnlinkNode(node);
	xmlFreeNode(node);
}

static int strip_nodes(xmlDocPtr doc, const smart_compare_config *cfg, int stage,
		       smart_error *err)
{
	strip_ctx ctx = { .cfg = cfg, .stage = stage };

	if (smart__cmp_walk((xmlNodePtr)doc, strip_enter, NULL, &ctx) < 0) {
		free(ctx.unwrap);
		return smart_error_oom(err);
	}
	for (size_t i = 0; i < ctx.n; i++)
		unwrap(ctx.unwrap[i]);
	free(ctx.unwrap);
	return 0;
}

/* True while the node still hangs in the document (not inside a subtree
 * already removed). */
static int attached(const xmlNode *node, const xmlDoc *doc)
{
	while (node->parent)
		node = node->parent;
	return node == (const xmlNode *)doc;
}

/* The kinds of node an XPath stage removes (attributes aside). */
static int removable(const xmlNode *node)
{
	return node->type == XML_ELEMENT_NODE || node->type == XML_TEXT_NODE ||
	       node->type == XML_CDATA_SECTION_NODE || node->type == XML_COMMENT_NODE ||
	       node->type == XML_PI_NODE;
}

/* Removes the nodes each configured XPath expression selects. */
static int strip_xpath(xmlDocPtr doc, const smart_compare_config *cfg,
		       smart_error *err)
{
	for (size_t e = 0; e < cfg->cj_xpath.n; e++) {
		xmlXPathContextPtr xc = smart__cmp_xpath_context(doc);
		xmlXPathObjectPtr res;

		if (!xc)
			return smart_error_oom(err);
		res = xmlXPathEvalExpression((const xmlChar *)cfg->cj_xpath.v[e], xc);
		if (!res) {
			xmlXPathFreeContext(xc);
			return smart_error_set(err, "crawljax.xpath: cannot evaluate '%s'",
					       cfg->cj_xpath.v[e]);
		}
		for (int i = 0; res->nodesetval && i < res->nodesetval->nodeNr; i++) {
			xmlNodePtr node = res->nodesetval->nodeTab[i];

			if (node->type == XML_ATTRIBUTE_NODE) {
				/* An attribute of an element already unlinked goes
				 * with that element. */
				if (attached(node, doc))
					xmlRemoveProp((xmlAttrPtr)node);
				res->nodesetval->nodeTab[i] = NULL;
			} else if (removable(node)) {
				if (attached(node, doc))
					xmlUnlinkNode(node);
				else /* inside a subtree removed already */
					res->nodesetval->nodeTab[i] = NULL;
			}
			/* Anything else (the document, namespace nodes) stays, and
			 * xmlXPathFreeObject frees what it owns. */
		}
		/* Free the unlinked roots after the loop: a later node of the
		 * set may lie inside an earlier one. */
		for (int i = 0; res->nodesetval && i < res->nodesetval->nodeNr; i++) {
			xmlNodePtr node = res->nodesetval->nodeTab[i];

			if (node && removable(node)) {
				xmlFreeNode(node);
				res->nodesetval->nodeTab[i] = NULL;
			}
		}
		xmlXPathFreeObject(res);
		xmlXPathFreeContext(xc);
	}
	return 0;
}

/* Replaces a string by the same string with every regex match removed. */
static int strip_string(cj_side *s, const cmp_regexes *regexes, smart_error *err)
{
	char *out;
	size_t len;

	if (smart__cmp_regex_strip(regexes, s->str, &out, &len, err) < 0)
		return -1;
	free(s->str);
	s->str = out;
	s->len = len;
	return 0;
}

/* Applies one stage to one side. */
static int apply_stage(cj_side *s, int stage, const smart_compare_config *cfg,
		       smart_error *err)
{
	if (stage == CJ_DATE || stage == CJ_REGEX) {
		if (side_string(s, err) < 0)
			return -1;
		return strip_string(s, stage == CJ_DATE ? &cfg->dates : &cfg->cj_regex, err);
	}
	if (side_dom(s, err) < 0)
		return -1;
	if (!s->doc)
		return 0;
	switch (stage) {
	case CJ_XPATH:
		return strip_xpath(s->doc, cfg, err);
	case CJ_TABLE:
	case CJ_LIST:
	case CJ_STRUCTURE:
		return smart__cmp_crawljax_templates(s->doc, stage, err);
	default:
		return strip_nodes(s->doc, cfg, stage, err);
	}
}

/* Splits a DOM string before every '<', for a readable report. */
static int split_tags(cmp_lines *l, const char *s, size_t len)
{
	size_t start = 0;

	for (size_t i = 1; i <= len; i++)
		if (i == len || s[i] == '<') {
			if (smart__cmp_lines_add(l, s + start, i - start) < 0)
				return -1;
			start = i;
		}
	return 0;
}

/* The final string comparison, with a tag-by-tag report. */
static int compare_strings(cj_side *side, const smart_compare_config *cfg,
			   smart_compare_result *result, smart_error *err)
{
	cmp_lines a, b;
	int rc = 0;

	if (side_string(&side[0], err) < 0 || side_string(&side[1], err) < 0)
		return -1;
	if (side[0].len == side[1].len && memcmp(side[0].str, side[1].str, side[0].len) == 0)
		return 0;
	result->verdict = SMART_COMPARE_FAIL;
	if (result->verdict_only)
		return 0;
	smart__cmp_lines_init(&a);
	smart__cmp_lines_init(&b);
	if (split_tags(&a, side[0].str, side[0].len) < 0 ||
	    split_tags(&b, side[1].str, side[1].len) < 0)
		rc = smart_error_oom(err);
	else
		rc = smart__cmp_lines_compare(&a, &b, "stripped DOM", "piece", cfg, result, err);
	smart__cmp_lines_free(&a);
	smart__cmp_lines_free(&b);
	return rc;
}

int smart__cmp_crawljax_is_stage(const smart_comparator *c)
{
	return c->run == smart__cmp_crawljax_run && c->options != CJ_PIPELINE;
}

int smart__cmp_crawljax_run(const smart_comparator *self, smart_compare_pair *pair,
		     const smart_compare_config *cfg, smart_compare_result *result,
		     smart_error *err)
{
	cj_side side[2];
	int rc = 0;

	memset(side, 0, sizeof(side));
	for (int i = 0; i < 2 && rc == 0; i++) {
		xmlDocPtr doc;

		side[i].format = smart__cmp_pair_format(pair, i);
		side[i].name = smart__cmp_pair_name(pair, i);
		rc = smart__cmp_pair_doc(pair, i, &doc, err);
		if (rc == 0 && doc && !(side[i].doc = xmlCopyDoc(doc, 1)))
			rc = smart_error_oom(err);
	}
	if (self->options != CJ_PIPELINE) {
		for (int i = 0; i < 2 && rc == 0; i++)
			rc = apply_stage(&side[i], (int)self->options, cfg, err);
	} else {
		for (size_t k = 0; k < cfg->pipeline_count && rc == 0; k++) {
			const cmp_stage *st = &cfg->pipeline[k];
			int applies = smart__cmp_stage_applies(st, pair, err);

			if (applies < 0)
				rc = -1;
			for (int i = 0; i < 2 && rc == 0 && applies; i++)
				rc = apply_stage(&side[i], (int)st->comparator->options, cfg, err);
		}
	}
	if (rc == 0)
		rc = compare_strings(side, cfg, result, err);
	side_free(&side[0]);
	side_free(&side[1]);
	return rc;
}
