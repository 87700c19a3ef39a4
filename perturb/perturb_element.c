/*
 * The element operators of `smart perturb` (after FragGen's Table VIII):
 * delete, change or add an attribute; rename a tag to a similar one; and
 * the subtree and tag-structure operators (delete, duplicate, move a
 * subtree, unwrap a tag).
 */
#include "perturb_tree.h"

#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The n-th attribute of an element. */
static xmlAttrPtr nth_attr(xmlNodePtr e, size_t k)
{
	xmlAttrPtr a = e->properties;

	while (a && k-- > 0)
		a = a->next;
	return a;
}

static size_t attr_count(xmlNodePtr e)
{
	size_t n = 0;

	for (xmlAttrPtr a = e->properties; a; a = a->next)
		n++;
	return n;
}

/* Attribute operators: delete one, change one's value (FragGen appends
 * "Mut"), or add one the element lacks. */
int smart__perturb_attr_op(const node_list *els, smart_perturb_op op, gsl_rng *rng,
		    char **where)
{
	static const char *const added[] = { "title", "class", "id", "data-mut" };
	node_list with = { 0 };
	xmlNodePtr e;
	xmlAttrPtr a;
	char label[160];
	int rc = 0;

	if (op == SMART_PERTURB_ATTR_ADD) {
		size_t start = gsl_rng_uniform_int(rng, 4);

		e = smart__perturb_pick(els, rng);
		for (size_t i = 0; e && i < 4; i++) {
			const char *name = added[(start + i) % 4];

			if (!xmlHasProp(e, BAD_CAST name)) {
				if (!xmlSetProp(e, BAD_CAST name, BAD_CAST "mut"))
					return -1;
				snprintf(label, sizeof(label), "@%s", name);
				*where = smart__perturb_where_of(e, label);
				return *where ? 1 : -1;
			}
		}
		return 0;
	}
	for (size_t i = 0; i < els->count; i++)
		if (els->items[i]->properties && smart__perturb_list_add(&with, els->items[i]) < 0) {
			free(with.items);
			return -1;
		}
	e = smart__perturb_pick(&with, rng);
	free(with.items);
	if (!e)
		return 0;
	a = nth_attr(e, gsl_rng_uniform_int(rng, attr_count(e)));
	assert(a); /* e has attributes, and k is below their count */
	snprintf(label, sizeof(label), "@%s", (const char *)a->name);
	*where = smart__perturb_where_of(e, label);
	if (!*where)
		return -1;
	if (op == SMART_PERTURB_ATTR_DELETE) {
		xmlRemoveProp(a);
		return 1;
	}
	{
		xmlChar *v = xmlNodeListGetString(e->doc, a->children, 1);
		size_t n = v ? strlen((const char *)v) : 0;
		char *nv = malloc(n + 4);

		if (nv) {
			memcpy(nv, v ? (const char *)v : "", n);
			memcpy(nv + n, n ? "Mut" : "mut", 4);
			rc = xmlSetNsProp(e, a->ns, a->name, BAD_CAST nv) ? 1 : -1;
		} else {
			rc = -1;
		}
		free(nv);
		xmlFree(v);
	}
	return rc;
}

/* A similar HTML tag for `name`, or NULL (FragGen: h1 -> h2 and so on). */
static const char *similar_tag(const char *name, gsl_rng *rng)
{
	static const char *const pairs[][2] = {
		{ "span", "em" }, { "em", "strong" }, { "strong", "b" },
		{ "b", "i" }, { "i", "b" }, { "p", "div" }, { "div", "section" },
		{ "section", "div" }, { "ul", "ol" }, { "ol", "ul" },
		{ "td", "th" }, { "th", "td" }, { "dt", "dd" }, { "dd", "dt" },
		{ "code", "kbd" }, { "small", "sub" }, { "a", "span" },
	};
	static const char *const heads[] = { "h1", "h2", "h3", "h4", "h5", "h6" };

	for (int h = 0; h < 6; h++)
		if (strcmp(name, heads[h]) == 0)
			return heads[h == 0 ? 1 : h == 5 ? 4 :
				     h + (gsl_rng_uniform_int(rng, 2) ? 1 : -1)];
	for (size_t i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++)
		if (strcmp(name, pairs[i][0]) == 0)
			return pairs[i][1];
	return NULL;
}

/* Renames an element to a similar tag: HTML by the table above, XML to
 * another element name of the same document. */
int smart__perturb_rename_op(const node_list *els, smart_format format, gsl_rng *rng,
		      char **where)
{
	node_list ok = { 0 };
	xmlNodePtr e;
	const char *to = NULL;
	char label[160];

	for (size_t i = 0; i < els->count; i++) {
		xmlNodePtr c = els->items[i];
		int fits = format == SMART_FORMAT_XML ||
			   similar_tag((const char *)c->name, rng) != NULL;

		if (fits && smart__perturb_list_add(&ok, c) < 0) {
			free(ok.items);
			return -1;
		}
	}
	e = smart__perturb_pick(&ok, rng);
	free(ok.items);
	if (!e)
		return 0;
	if (format == SMART_FORMAT_XML) {
		for (int tries = 0; tries < 16 && !to; tries++) {
			xmlNodePtr o = smart__perturb_pick(els, rng);

			if (!xmlStrEqual(o->name, e->name))
				to = (const char *)o->name;
		}
		if (!to)
			return 0;
	} else {
		to = similar_tag((const char *)e->name, rng);
		assert(to); /* e was kept for having a similar tag */
	}
	snprintf(label, sizeof(label), "-> %s", to);
	*where = smart__perturb_where_of(e, label);
	if (!*where)
		return -1;
	xmlNodeSetName(e, BAD_CAST to);
	return 1;
}

/* Whether `a` is `n` or one of its ancestors. */
static int contains(xmlNodePtr a, xmlNodePtr n)
{
	for (; n; n = n->parent)
		if (n == a)
			return 1;
	return 0;
}

/* Subtree and tag-structure operators on one element. */
int smart__perturb_structure_op(xmlDocPtr doc, const node_list *els,
			 smart_perturb_op op, gsl_rng *rng, char **where)
{
	xmlNodePtr e = smart__perturb_pick(els, rng), t = NULL, copy;

	if (!e)
		return 0;
	if (op == SMART_PERTURB_SUBTREE_MOVE) {
		for (int tries = 0; tries < 16 && !t; tries++) {
			t = smart__perturb_pick(els, rng);
			if (contains(e, t) || t == e->next || t == e->prev)
				t = NULL;
		}
		if (!t)
			return 0;
	}
	*where = smart__perturb_where_of(e, NULL);
	if (!*where)
		return -1;
	switch (op) {
	case SMART_PERTURB_TAG_UNWRAP:
		while (e->children) {
			xmlNodePtr c = e->children;

			xmlUnlinkNode(c);
			if (!xmlAddPrevSibling(e, c))
				xmlFreeNode(c);
		}
		/* the emptied element goes, as in a delete */
		/* fall through */
	case SMART_PERTURB_SUBTREE_DELETE:
		xmlUnlinkNode(e);
		xmlFreeNode(e);
		return 1;
	case SMART_PERTURB_SUBTREE_DUPLICATE:
		copy = xmlDocCopyNode(e, doc, 1);
		if (!copy)
			return -1;
		if (!xmlAddNextSibling(e, copy)) {
			xmlFreeNode(copy);
			return -1;
		}
		return 1;
	default: /* move, before or after the target */
		assert(op == SMART_PERTURB_SUBTREE_MOVE && t);
		xmlUnlinkNode(e);
		if (gsl_rng_uniform_int(rng, 2))
			xmlAddNextSibling(t, e);
		else
			xmlAddPrevSibling(t, e);
		return 1;
	}
}

