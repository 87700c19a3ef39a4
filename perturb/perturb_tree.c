/*
 * The change operators of `smart perturb` (perturb/perturb_internal.h), made
 * on libxml2's document of a page: attribute, tag, subtree and text
 * operators after FragGen's Table VIII, plus the date change.
 *
 * Only visible content takes part: in HTML the body's descendants (not
 * html, head, body themselves, nor script/style contents); in XML every
 * element below the root. Walks are iterative, as documents nest deep.
 *
 * This file: where the operators act, and the dispatch by operator; the
 * operators are in perturb_element.c and perturb_text.c (perturb_tree.h).
 */
#include "perturb_tree.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>

#include "common/array.h"

int smart__perturb_list_add(node_list *l, xmlNodePtr n)
{
	if (smart__array_reserve((void **)&l->items, &l->cap, l->count, sizeof(*l->items), 64) < 0)
		return -1;
	assert(l->count < l->cap);
	l->items[l->count++] = n;
	return 0;
}

static int named(xmlNodePtr n, const char *name)
{
	return n->name && xmlStrcasecmp(n->name, BAD_CAST name) == 0;
}

/* Elements whose content is not visible text. */
static int is_raw(xmlNodePtr n)
{
	return named(n, "script") || named(n, "style") || named(n, "noscript") ||
	       named(n, "template");
}

/* Where the operators may act: HTML's body (or the root when there is
 * none), XML's root element. */
static xmlNodePtr scope_of(xmlDocPtr doc, smart_format format)
{
	xmlNodePtr root = xmlDocGetRootElement(doc);

	if (!root || format == SMART_FORMAT_XML)
		return root;
	for (xmlNodePtr c = root->children; c; c = c->next)
		if (c->type == XML_ELEMENT_NODE && named(c, "body"))
			return c;
	return root;
}

/* Lists, in document order, the elements (or, with `texts`, the non-blank
 * text nodes) strictly inside the scope, outside raw-text elements. */
static int collect(xmlDocPtr doc, smart_format format, int texts, node_list *out)
{
	xmlNodePtr scope = scope_of(doc, format), n;

	if (!scope)
		return 0;
	n = scope->children;
	while (n) {
		int descend = 0;

		if (n->type == XML_ELEMENT_NODE && !is_raw(n)) {
			if (!texts && smart__perturb_list_add(out, n) < 0)
				return -1;
			descend = n->children != NULL;
		} else if (texts && (n->type == XML_TEXT_NODE ||
				     n->type == XML_CDATA_SECTION_NODE) &&
			   n->content && !xmlIsBlankNode(n)) {
			if (smart__perturb_list_add(out, n) < 0)
				return -1;
		}
		if (descend) {
			n = n->children;
			continue;
		}
		while (n != scope && !n->next) {
			assert(n->parent); /* n lies strictly inside scope */
			n = n->parent;
		}
		n = n == scope ? NULL : n->next;
	}
	return 0;
}

xmlNodePtr smart__perturb_pick(const node_list *l, gsl_rng *rng)
{
	return l->count ? l->items[gsl_rng_uniform_int(rng, l->count)] : NULL;
}

/* "PATH" or "PATH SUFFIX" for the note (caller frees). */
char *smart__perturb_where_of(xmlNodePtr n, const char *suffix)
{
	xmlChar *path = xmlGetNodePath(n);
	char *w = NULL;

	if (!path)
		return NULL;
	if (asprintf(&w, "%s%s%s", (const char *)path, suffix ? " " : "",
		     suffix ? suffix : "") < 0)
		w = NULL;
	xmlFree(path);
	return w;
}

int smart__perturb_change(xmlDocPtr doc, smart_format format, smart_perturb_op op,
		   gsl_rng *rng, char **where)
{
	node_list l = { 0 };
	int texts = op == SMART_PERTURB_TEXT_CHANGE || op == SMART_PERTURB_TEXT_DELETE ||
		    op == SMART_PERTURB_TEXT_DATE;
	int rc;

	*where = NULL;
	if (!doc)
		return 0;
	if (collect(doc, format, texts, &l) < 0) {
		free(l.items);
		return -1;
	}
	switch (op) {
	case SMART_PERTURB_ATTR_DELETE:
	case SMART_PERTURB_ATTR_CHANGE:
	case SMART_PERTURB_ATTR_ADD:
		rc = smart__perturb_attr_op(&l, op, rng, where);
		break;
	case SMART_PERTURB_TAG_RENAME:
		rc = smart__perturb_rename_op(&l, format, rng, where);
		break;
	case SMART_PERTURB_TEXT_CHANGE:
		rc = smart__perturb_text_change(&l, rng, where);
		break;
	case SMART_PERTURB_TEXT_DELETE:
		rc = 0;
		if (l.count) {
			xmlNodePtr t = smart__perturb_pick(&l, rng);

			*where = smart__perturb_where_of(t, NULL);
			rc = *where ? 1 : -1;
			if (rc == 1) {
				xmlUnlinkNode(t);
				xmlFreeNode(t);
			}
		}
		break;
	case SMART_PERTURB_TEXT_DATE:
		rc = smart__perturb_text_date(&l, rng, where);
		break;
	default:
		rc = smart__perturb_structure_op(doc, &l, op, rng, where);
		break;
	}
	free(l.items);
	return rc;
}
