/*
 * The mutable tree (ptree.h), used by `smart patch` and by profile
 * normalisation: linking and unlinking subtrees, and turning the result
 * back into an immutable smart_tree.
 *
 * The result goes through libxml2 and the same builder as parsed documents
 * (smart__tree_from_libxml), so it gets exactly the normalisation a parsed
 * document gets. Where two texts end up side by side (they were apart in
 * the new document, split by a comment the script does not carry), an
 * empty comment keeps them apart, as they are in the new document.
 */
#include "ptree.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "common/array.h"
#include "tree_internal.h"

int smart__ptree_init(ptree *t, const smart_tree *old)
{
	t->cap = old->count + 64;
	t->count = old->count;
	t->nodes = malloc((size_t)t->cap * sizeof(*t->nodes));
	if (!t->nodes)
		return -1;
	for (uint32_t i = 0; i < old->count; i++) {
		const smart_node *o = &old->nodes[i];
		pnode *p = &t->nodes[i];

		*p = (pnode){ o->kind, o->name, o->text,
			      o->attr_count ? old->attrs + o->attr_first : NULL,
			      o->attr_count, o->parent, o->first_child, SMART_NONE,
			      SMART_NONE, o->next_sibling, PNODE_KEPT, 0 };
	}
	/* Pre-order visits each parent's children in order: the last one
	 * seen is the last child, and each child's predecessor is known. */
	for (uint32_t i = 1; i < old->count; i++) {
		pnode *parent = &t->nodes[t->nodes[i].parent];

		t->nodes[i].prev = parent->last;
		parent->last = i;
	}
	return 0;
}

uint32_t smart__ptree_add(ptree *t, smart_node_kind kind, const char *name,
		   const char *text, const smart_attr *attrs, uint32_t attr_count)
{
	if (t->count == SMART_NONE - 1 ||
	    smart__array_reserve((void **)&t->nodes, &t->cap, t->count, sizeof(*t->nodes), 64) < 0)
		return SMART_NONE;
	t->nodes[t->count] = (pnode){ kind, name, text, attrs, attr_count, SMART_NONE,
				      SMART_NONE, SMART_NONE, SMART_NONE, SMART_NONE,
				      PNODE_KEPT, 0 };
	return t->count++;
}

void smart__ptree_unlink(ptree *t, uint32_t n)
{
	pnode *x = &t->nodes[n];

	if (x->parent == SMART_NONE)
		return;
	/* the links agree both ways */
	assert(x->prev == SMART_NONE ? t->nodes[x->parent].first == n : t->nodes[x->prev].next == n);
	assert(x->next == SMART_NONE ? t->nodes[x->parent].last == n : t->nodes[x->next].prev == n);
	t->nodes[x->parent].version++;
	if (x->prev != SMART_NONE)
		t->nodes[x->prev].next = x->next;
	else
		t->nodes[x->parent].first = x->next;
	if (x->next != SMART_NONE)
		t->nodes[x->next].prev = x->prev;
	else
		t->nodes[x->parent].last = x->prev;
	x->parent = x->prev = x->next = SMART_NONE;
}

void smart__ptree_link(ptree *t, uint32_t parent, uint32_t before, uint32_t n)
{
	pnode *x = &t->nodes[n], *p = &t->nodes[parent];

	/* n is unlinked, and `before` is one of parent's children */
	assert(n != parent && n < t->count && parent < t->count);
	assert(x->parent == SMART_NONE && x->prev == SMART_NONE && x->next == SMART_NONE);
	assert(before == SMART_NONE || t->nodes[before].parent == parent);
	p->version++;
	x->parent = parent;
	x->next = before;
	x->prev = before == SMART_NONE ? p->last : t->nodes[before].prev;
	if (x->prev != SMART_NONE)
		t->nodes[x->prev].next = n;
	else
		p->first = n;
	if (before != SMART_NONE)
		t->nodes[before].prev = n;
	else
		p->last = n;
}

/* A libxml2 node for one of ours (its children are added later). */
static xmlNodePtr to_libxml(xmlDocPtr doc, const pnode *n)
{
	xmlNodePtr x = NULL;

	switch (n->kind) {
	case SMART_NODE_ELEMENT:
		x = xmlNewDocNode(doc, NULL, (const xmlChar *)n->name, NULL);
		for (uint32_t k = 0; x && k < n->attr_count; k++)
			if (!xmlNewProp(x, (const xmlChar *)n->attrs[k].name,
					(const xmlChar *)n->attrs[k].value)) {
				xmlFreeNode(x);
				x = NULL;
			}
		break;
	case SMART_NODE_TEXT:
		x = xmlNewDocText(doc, (const xmlChar *)n->text);
		break;
	case SMART_NODE_COMMENT:
		x = xmlNewDocComment(doc, (const xmlChar *)(n->text ? n->text : ""));
		break;
	case SMART_NODE_PI:
		x = xmlNewDocPI(doc, (const xmlChar *)n->name, (const xmlChar *)n->text);
		break;
	case SMART_NODE_DOCUMENT:
		break;
	}
	return x;
}

/* Appends x under parent; an empty comment first when both x and the
 * current last child are texts (xmlAddChild would merge them). */
static int append(xmlDocPtr doc, xmlNodePtr parent, xmlNodePtr x)
{
	if (x->type == XML_TEXT_NODE && parent->last &&
	    parent->last->type == XML_TEXT_NODE) {
		xmlNodePtr gap = xmlNewDocComment(doc, (const xmlChar *)"");

		if (!gap || !xmlAddChild(parent, gap)) {
			xmlFreeNode(gap);
			return -1;
		}
	}
	if (!xmlAddChild(parent, x)) {
		xmlFreeNode(x);
		return -1;
	}
	return 0;
}

/* Copies the reachable nodes into a libxml2 document, in pre-order with an
 * explicit stack of open parents. */
static xmlDocPtr build_libxml(const ptree *t)
{
	xmlDocPtr doc = xmlNewDoc((const xmlChar *)"1.0");
	xmlNodePtr *open = NULL;
	size_t depth = 0, cap = 0;
	uint32_t n = t->nodes[0].first;
	int ok = doc != NULL;

	if (ok && !(open = malloc(64 * sizeof(*open))))
		ok = 0;
	cap = 64;
	if (ok)
		open[depth++] = (xmlNodePtr)doc;
	while (ok && n != SMART_NONE) {
		xmlNodePtr x = to_libxml(doc, &t->nodes[n]);

		if (!x || append(doc, open[depth - 1], x) < 0) {
			ok = 0;
			break;
		}
		if (t->nodes[n].first != SMART_NONE) {
			if (smart__array_reserve((void **)&open, &cap, depth, sizeof(*open), 64) < 0) {
				ok = 0;
				break;
			}
			open[depth++] = x;
			n = t->nodes[n].first;
			continue;
		}
		while (n != 0 && t->nodes[n].next == SMART_NONE) {
			n = t->nodes[n].parent;
			depth--;
		}
		n = n == 0 ? SMART_NONE : t->nodes[n].next;
	}
	free(open);
	if (!ok && doc) {
		xmlFreeDoc(doc);
		doc = NULL;
	}
	return doc;
}

smart_tree *smart__ptree_finish(const ptree *t, smart_format format, const char *name,
			 smart_error *err)
{
	xmlDocPtr doc = build_libxml(t);
	smart_tree *tree;

	if (!doc) {
		smart_error_set(err, "%s: out of memory while building the new tree", name);
		return NULL;
	}
	tree = smart__tree_from_libxml(doc, format, name, err);
	xmlFreeDoc(doc);
	return tree;
}

void smart__ptree_release(ptree *t)
{
	free(t->nodes);
	t->nodes = NULL;
	t->count = t->cap = 0;
}
