/*
 * The smart_tree of an HTML5 page built straight from gumbo's tree
 * (tree_html5.h): the builder's steps (tree_build.h) driven by an
 * iterative walk over gumbo's nodes, with no libxml2 document between.
 * Copying gumbo's tree into a libxml2 document and flattening that, as
 * tree_html5.c does for the modules that need libxml2's document, cost
 * about a third of classifying a page (bench/classify_parse); the tree
 * built here is the same node for node, attribute for attribute
 * (tests/diffx/test_tree_html5_build.c holds the two to each other).
 */
#include "tree_build.h"
#include "tree_html5.h"
#include "tree_html5_gumbo.h"

#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/array.h"
#include "smart/limits.h"

/* One gumbo element (or the document) whose children are being walked. */
typedef struct walk_frame {
	const GumboVector *children;
	unsigned next; /* the next child to visit */
} walk_frame;

/* The attributes of e on node `index`, named as the libxml2 copy names
 * them: a foreign attribute (xlink:href on an SVG element) by its
 * namespace's prefix and its local name. 0, or -1 when out of memory. */
static int add_attributes(builder *b, uint32_t index, const GumboElement *e)
{
	uint32_t first = b->tree->attr_total;

	for (unsigned i = 0; i < e->attributes.length; i++) {
		const GumboAttribute *a = e->attributes.data[i];
		const char *name = a->name;
		char qualified[64];
		int n;

		if (a->attr_namespace != GUMBO_ATTR_NAMESPACE_NONE) {
			const char *colon = strchr(name, ':');

			/* gumbo gives a namespace only to the few names of
			 * HTML5's table of foreign attributes: short ones */
			n = snprintf(qualified, sizeof(qualified), "%s:%s",
				     smart__html5_attribute_prefix(a->attr_namespace),
				     colon ? colon + 1 : name);
			assert(n > 0 && (size_t)n < sizeof(qualified));
			name = qualified;
		}
		if (smart__tree_build_attribute(b, name, strlen(name), a->value,
						strlen(a->value)) < 0)
			return -1;
	}
	return smart__tree_build_sort_attributes(b, index, first);
}

/* Emits gumbo node g under the current frame; an element also opens its
 * frame, and its children are pushed on the walk's stack. */
static int visit(builder *b, const GumboNode *g, walk_frame **stack, size_t *depth, size_t *cap)
{
	char buf[128];
	uint32_t index;

	switch (g->type) {
	case GUMBO_NODE_ELEMENT:
	case GUMBO_NODE_TEMPLATE:
		index = smart__tree_build_open(
			b, smart__html5_element_name(&g->v.element, buf, sizeof(buf)));
		if (index == SMART_NONE || add_attributes(b, index, &g->v.element) < 0 ||
		    smart__array_reserve((void **)stack, cap, *depth, sizeof(**stack), 64) < 0)
			return -1;
		(*stack)[(*depth)++] = (walk_frame){ &g->v.element.children, 0 };
		return 0;
	case GUMBO_NODE_TEXT:
	case GUMBO_NODE_CDATA:
	case GUMBO_NODE_WHITESPACE:
		/* gathered, so that adjacent texts become one node */
		return smart__strbuf_append(&b->pending, g->v.text.text, strlen(g->v.text.text));
	case GUMBO_NODE_COMMENT:
		return smart__tree_build_marker_text(b, SMART_NODE_COMMENT, "#comment",
						     g->v.text.text);
	case GUMBO_NODE_DOCUMENT:
		break;
	}
	assert(!"a document inside a document");
	return -1;
}

/* Walks gumbo's document through the builder's steps, iteratively
 * (documents nest deeper than a C stack allows). 0; -1 when out of
 * memory; -2 when the tree has more than `max_nodes` nodes. */
static int walk(builder *b, const GumboNode *root, size_t max_nodes)
{
	walk_frame *stack = NULL;
	size_t depth = 0, cap = 0, nodes = 0;
	int rc = 0;

	if (smart__array_reserve((void **)&stack, &cap, 0, sizeof(*stack), 64) < 0)
		return -1;
	stack[depth++] = (walk_frame){ &root->v.document.children, 0 };
	while (depth > 0 && rc == 0) {
		walk_frame *top = &stack[depth - 1];

		if (top->next == top->children->length) {
			depth--; /* the builder's frames follow the walk's */
			rc = smart__tree_build_close(b);
		} else if (++nodes > max_nodes) {
			rc = -2;
		} else {
			rc = visit(b, top->children->data[top->next++], &stack, &depth, &cap);
		}
	}
	free(stack);
	return rc;
}

/* The document type gumbo read, as the tree's (as the copy's internal
 * subset gives it: empty identifiers are absent). */
static int keep_doctype(smart_tree *tree, const GumboDocument *d)
{
	const char *pub = d->public_identifier, *sys = d->system_identifier;

	if (!d->has_doctype)
		return 0;
	return smart__tree_build_doctype(tree, d->name ? d->name : "", pub && *pub ? pub : NULL,
					 sys && *sys ? sys : NULL);
}

/* The tree of a page gumbo parses (not too deep for it). */
static smart_tree *build_from_gumbo(const char *data, size_t len, const char *name,
				    const smart__page_counts *counts, smart_error *err)
{
	html5_parse p;
	builder b = { 0 };
	int rc;

	if (smart__tree_html5_parse(data, len, name, &p, err) < 0)
		return NULL;
	/* past the depth cap nodes are laid out flat, as tree_parse.c lays
	 * out libxml2's tree */
	b.flat_from = HTML_MAX_DEPTH;
	rc = smart__tree_build_begin(&b);
	if (rc == 0)
		smart__tree_build_reserve(&b, counts);
	if (rc == 0)
		rc = walk(&b, p.output->document, smart_limits_get()->max_nodes);
	if (rc == 0)
		rc = keep_doctype(b.tree, &p.output->document->v.document);
	smart__tree_html5_parse_free(&p);
	if (rc < 0) {
		if (rc == -2)
			smart__tree_html5_too_many_nodes(name, err);
		else
			smart_error_set(err, "%s: out of memory while building the tree", name);
		smart__tree_build_discard(&b);
		return NULL;
	}
	return smart__tree_build_end(&b, NULL, SMART_FORMAT_HTML, name, err);
}

smart_tree *smart__tree_html5_tree(const char *data, size_t len, const char *name,
				   smart_error *err)
{
	smart_format format = SMART_FORMAT_HTML;
	xmlDocPtr doc = NULL;
	smart__page_counts counts;
	smart_tree *tree;

	if (len > (size_t)INT32_MAX) {
		smart_error_set(err, "%s: document larger than 2 GiB", name);
		return NULL;
	}
	/* before either parser, as smart__tree_libxml_read checks them */
	if (smart__limits_check_counting(smart_limits_get(), data, len, name, &counts, err) < 0)
		return NULL;
	if (!smart__tree_html5_too_deep(data, len, HTML5_MAX_NESTING))
		return build_from_gumbo(data, len, name, &counts, err);
	/* too deep for gumbo: libxml2 reads it (and checks the limits again) */
	if (smart__tree_libxml_read(data, len, &format, name, &doc, err) < 0)
		return NULL;
	tree = smart__tree_from_libxml(doc, format, name, err);
	xmlFreeDoc(doc);
	return tree;
}
