/*
 * Crawljax's Structure, List and Table templates (Roest et al. 2010, Fig. 8
 * and §V): a repeated pattern of rows or items becomes a template of tags
 * and attribute names, with text and attribute values left free, and a
 * container that matches the template is stripped from the DOM.
 *
 * Instead of generating a regular expression from one page and matching it
 * against the other, each container is reduced to the hash of its template
 * (its own start tag as written; inside it tag names and sorted attribute
 * names; text left out; a run of same-shaped rows or items counted once, a
 * DL's dt/dd groups likewise), and replaced by an empty element carrying
 * that hash. Two containers then compare equal exactly when each matches
 * the template generated from the other. Runs are "one or more": an
 * emptied list is still a change (Fig. 8 writes `*`; docs/comparators.md).
 */
#include "crawljax.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/array.h"

typedef struct frame {
	uint64_t *child;  /* the shapes of the element children so far */
	size_t n, cap;
} frame;

typedef struct tpl_ctx {
	frame *stack;
	size_t depth, cap;
	xmlNodePtr root;
	uint64_t root_hash;
	int failed;
} tpl_ctx;

static int is_item(const xmlNode *node)
{
	static const char *const items[] = { "tr", "li", "option", "optgroup", "dt", "dd" };

	for (size_t i = 0; i < sizeof(items) / sizeof(items[0]); i++)
		if (strcasecmp((const char *)node->name, items[i]) == 0)
			return 1;
	return 0;
}

static int is_container(const xmlNode *node, int stage)
{
	const char *n = (const char *)node->name;

	if (node->type != XML_ELEMENT_NODE)
		return 0;
	if (stage != CJ_LIST && strcasecmp(n, "table") == 0)
		return 1;
	return stage != CJ_TABLE &&
	       (strcasecmp(n, "ul") == 0 || strcasecmp(n, "ol") == 0 ||
		strcasecmp(n, "dl") == 0 || strcasecmp(n, "select") == 0);
}

/* Sorted attribute names (values left free), hashed. */
static uint64_t mix_attr_names(uint64_t h, const xmlNode *node)
{
	const char *names[64];
	size_t n = 0;

	for (const xmlAttr *a = node->properties; a && n < 64; a = a->next)
		names[n++] = (const char *)a->name;
	for (size_t i = 1; i < n; i++)
		for (size_t j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
			const char *t = names[j];

			names[j] = names[j - 1];
			names[j - 1] = t;
		}
	for (size_t i = 0; i < n; i++)
		h = smart__cmp_hash_str(h, names[i]);
	return h;
}

static int tpl_enter(void *vctx, xmlNodePtr node)
{
	tpl_ctx *ctx = vctx;

	if (node->type != XML_ELEMENT_NODE)
		return 1;
	if (smart__array_reserve((void **)&ctx->stack, &ctx->cap, ctx->depth, sizeof(*ctx->stack),
				16) < 0) {
		ctx->failed = 1;
		return -1;
	}
	memset(&ctx->stack[ctx->depth++], 0, sizeof(frame));
	return 0;
}

/* The shape of an element whose children's shapes are in `f`: runs of
 * equal item shapes count once (for a DL, runs of equal dt/dd pairs too). */
static uint64_t shape_of(const xmlNode *node, frame *f, int is_root)
{
	uint64_t h = smart__cmp_hash_str(CMP_HASH_SEED, (const char *)node->name);
	size_t w = 0;

	if (is_root) {
		for (const xmlAttr *a = node->properties; a; a = a->next) {
			xmlChar *v = xmlNodeListGetString(node->doc, a->children, 1);

			h = smart__cmp_hash_str(smart__cmp_hash_str(h, (const char *)a->name), v ? (const char *)v : "");
			xmlFree(v);
		}
	} else {
		h = mix_attr_names(h, node);
	}
	/* f->child holds (shape << 1 | is_item) pairs' shapes; runs of items
	 * were already marked by the caller. */
	for (size_t i = 0; i < f->n; i++) {
		if (i > 0 && (f->child[i] & 1) && f->child[i] == f->child[w - 1])
			continue;
		f->child[w++] = f->child[i];
	}
	if (strcasecmp((const char *)node->name, "dl") == 0) {
		size_t k = 0;

		for (size_t i = 0; i < w; i++) {
			if (k >= 2 && i + 1 < w && f->child[i] == f->child[k - 2] &&
			    f->child[i + 1] == f->child[k - 1]) {
				i++;
				continue;
			}
			f->child[k++] = f->child[i];
		}
		w = k;
	}
	h = smart__cmp_hash(h, "(", 1);
	for (size_t i = 0; i < w; i++)
		h = smart__cmp_hash(h, &f->child[i], sizeof(f->child[i]));
	return smart__cmp_hash(h, ")", 1);
}

static int tpl_leave(void *vctx, xmlNodePtr node)
{
	tpl_ctx *ctx = vctx;
	frame *f;
	uint64_t h;

	if (node->type != XML_ELEMENT_NODE)
		return 0;
	f = &ctx->stack[--ctx->depth];
	h = shape_of(node, f, node == ctx->root);
	free(f->child);
	if (node == ctx->root) {
		ctx->root_hash = h;
		return 0;
	}
	f = &ctx->stack[ctx->depth - 1];
	if (smart__array_reserve((void **)&f->child, &f->cap, f->n, sizeof(*f->child), 8) < 0) {
		ctx->failed = 1;
		return -1;
	}
	/* The low bit says "item", so only items collapse into runs. */
	f->child[f->n++] = (h & ~(uint64_t)1) | (uint64_t)is_item(node);
	return 0;
}

/* Replaces one container by an empty element carrying its template hash. */
static int replace_container(xmlNodePtr node, smart_error *err)
{
	tpl_ctx ctx = { .root = node };
	xmlNodePtr stand_in;
	char hex[32];

	if (smart__cmp_walk(node, tpl_enter, tpl_leave, &ctx) < 0) {
		for (size_t i = 0; i < ctx.depth; i++)
			free(ctx.stack[i].child);
		free(ctx.stack);
		return smart_error_oom(err);
	}
	free(ctx.stack);
	snprintf(hex, sizeof(hex), "%016llx", (unsigned long long)ctx.root_hash);
	stand_in = xmlNewDocNode(node->doc, NULL, node->name, NULL);
	if (!stand_in || !xmlNewProp(stand_in, (const xmlChar *)"crawljax-template",
				 (const xmlChar *)hex)) {
		xmlFreeNode(stand_in);
		return smart_error_oom(err);
	}
	xmlReplaceNode(node, stand_in);
	xmlFreeNode(node);
	return 0;
}

typedef struct find_ctx {
	int stage;
	xmlNodePtr *v;
	size_t n, cap;
} find_ctx;

/* Collects the outermost containers (a list inside a table is part of the
 * table's template). */
static int find_enter(void *vctx, xmlNodePtr node)
{
	find_ctx *ctx = vctx;

	if (!is_container(node, ctx->stage))
		return 0;
	if (smart__array_reserve((void **)&ctx->v, &ctx->cap, ctx->n, sizeof(*ctx->v), 16) < 0)
		return -1;
	ctx->v[ctx->n++] = node;
	return 1;
}

int smart__cmp_crawljax_templates(xmlDocPtr doc, int stage, smart_error *err)
{
	find_ctx ctx = { .stage = stage };
	int rc = 0;

	if (smart__cmp_walk((xmlNodePtr)doc, find_enter, NULL, &ctx) < 0)
		rc = smart_error_oom(err);
	for (size_t i = 0; i < ctx.n && rc == 0; i++)
		rc = replace_container(ctx.v[i], err);
	free(ctx.v);
	return rc;
}
