/*
 * Flattening libxml2's pointer tree into the pre-order node array of
 * include/smart/tree.h. The steps that emit nodes (an element opens a
 * frame on an explicit stack, text gathers until the next node or the
 * frame's end) are driven either by a walk over a whole libxml2 tree
 * (smart__tree_from_libxml) or by libxml2's SAX callbacks while it parses
 * (tree_stream.c); a last pass (finish_tree) fills in subtree sizes and
 * sibling positions.
 *
 * This file: the steps, the walk and the finishing pass; names, text and
 * attributes are stored by tree_build_store.c (tree_build.h).
 */
#include "tree_build.h"

#include <assert.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/array.h"
#include "../common/arena.h"
#include "common/text.h"

/* The frame whose node receives what is found now: the top frame, or past
 * the depth cap the frame at the cap's edge (the nodes of deeper elements
 * become its children, one after the other, as flatten_deep_html lays
 * them out in tree_parse.c). */
static frame *content_frame(builder *b)
{
	size_t top = b->depth - 1;

	return &b->stack[top < b->flat_from ? top : b->flat_from - 1];
}

/* Whether s holds only ASCII bytes. */
static int is_ascii(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s >= 0x80)
			return 0;
	return 1;
}

/* Appends a node under the content frame; returns its index or SMART_NONE. */
static uint32_t emit_node(builder *b, smart_node_kind kind, const char *name)
{
	smart_tree *t = b->tree;
	frame *parent = b->depth ? content_frame(b) : NULL;
	smart_node *node;
	uint32_t index = t->count;
	uint32_t name_id;

	/* Node indexes are uint32_t: the capacity stops doubling at 2^31.
	 * Asked only when full (the arrays are sized from the page). */
	if (t->count == b->node_cap &&
	    (t->count >= UINT32_C(1) << 31 ||
	     smart__array_reserve((void **)&t->nodes, &b->node_cap, t->count, sizeof(*t->nodes),
				  256)))
		return SMART_NONE;
	/* A name that is not plain ASCII is cleaned in scratch space: only
	 * its interned copy is kept, one per distinct name. ASCII (every tag
	 * of a real page, "#text") is clean UTF-8 already: cleaning every
	 * node's name was a tenth of building the tree (callgrind). */
	if (!is_ascii(name)) {
		b->scratch.len = 0;
		if (smart__text_clean(&b->scratch, name, strlen(name), 0) < 0)
			return SMART_NONE;
		name = b->scratch.data ? b->scratch.data : "";
	}
	name_id = smart__tree_build_intern_name(b, name);
	if (name_id == SMART_NONE)
		return SMART_NONE;
	node = &t->nodes[index];
	memset(node, 0, sizeof(*node));
	node->kind = kind;
	node->name = t->names[name_id];
	node->name_id = name_id;
	node->parent = parent ? parent->index : SMART_NONE;
	node->first_child = SMART_NONE;
	node->next_sibling = SMART_NONE;
	node->attr_first = t->attr_total;
	node->size = 1;
	if (parent) {
		smart_node *p = &t->nodes[parent->index];

		node->depth = p->depth + 1;
		node->index_in_parent = p->child_count++;
		if (parent->last_child == SMART_NONE)
			p->first_child = index;
		else
			t->nodes[parent->last_child].next_sibling = index;
		parent->last_child = index;
	}
	t->count++;
	return index;
}

/* Turns the text gathered for the top frame into one text node, if it is
 * more than white space or white space is content there. */
static int flush_text(builder *b)
{
	frame *top = content_frame(b);
	uint32_t index, len;
	const char *text;

	if (b->pending.len == 0)
		return 0;
	if (top->preserve != KEEP_LITERAL && smart__text_is_blank(b->pending.data, b->pending.len)) {
		b->pending.len = 0;
		return 0;
	}
	text = smart__tree_build_store_text(b, b->pending.data, b->pending.len, !top->preserve, &len);
	b->pending.len = 0;
	if (!text)
		return -1;
	index = emit_node(b, SMART_NODE_TEXT, "#text");
	if (index == SMART_NONE)
		return -1;
	b->tree->nodes[index].text = text;
	b->tree->nodes[index].text_len = len;
	return 0;
}

static int push_frame(builder *b, uint32_t index, xmlNodePtr first, int preserve)
{
	if (smart__array_reserve((void **)&b->stack, &b->stack_cap, b->depth, sizeof(*b->stack),
				64) < 0)
		return -1;
	b->stack[b->depth++] = (frame){ index, SMART_NONE, first, NULL, preserve };
	return 0;
}

/* Emits an element named `name` (clean or not: emit_node cleans it) under
 * the current frame, pending text already flushed, and opens its frame;
 * its index, or SMART_NONE when out of memory. */
static uint32_t open_element(builder *b, const char *name, xmlNodePtr first_child)
{
	int preserve = b->stack[b->depth - 1].preserve, own;
	uint32_t index = emit_node(b, SMART_NODE_ELEMENT, name);

	if (index == SMART_NONE)
		return SMART_NONE;
	/* the stricter of the element's own rule and its ancestors' */
	own = smart__tree_build_keeps(b, index);
	return push_frame(b, index, first_child, own > preserve ? own : preserve) < 0 ? SMART_NONE
										       : index;
}

uint32_t smart__tree_build_open(builder *b, const char *name)
{
	return flush_text(b) < 0 ? SMART_NONE : open_element(b, name, NULL);
}

int smart__tree_build_element(builder *b, xmlNodePtr x, xmlNodePtr first_child)
{
	const char *name = (const char *)x->name;
	int oom = 0;
	uint32_t index;

	if (flush_text(b) < 0)
		return -1;
	if (x->ns && x->ns->prefix) {
		smart__tree_build_qualified_name(x->ns, x->name, &b->pending, &oom);
		if (oom)
			return -1;
		name = b->pending.data;
	}
	index = open_element(b, name, first_child);
	b->pending.len = 0;
	if (index == SMART_NONE || smart__tree_build_add_attributes(b, index, x) < 0)
		return -1;
	return 0;
}

int smart__tree_build_marker_text(builder *b, smart_node_kind kind, const char *name,
				  const char *content)
{
	uint32_t index, len;
	const char *text;

	if (flush_text(b) < 0)
		return -1;
	text = smart__tree_build_store_text(b, content, strlen(content), 0, &len);
	if (!text)
		return -1;
	index = emit_node(b, kind, name);
	if (index == SMART_NONE)
		return -1;
	b->tree->nodes[index].text = text;
	b->tree->nodes[index].text_len = len;
	return 0;
}

/* Comments and processing instructions: kept, marked by kind. */
int smart__tree_build_marker(builder *b, xmlNodePtr x, smart_node_kind kind)
{
	return smart__tree_build_marker_text(
		b, kind, kind == SMART_NODE_COMMENT ? "#comment" : (const char *)x->name,
		x->content ? (const char *)x->content : "");
}

static int visit(builder *b, xmlNodePtr x)
{
	switch (x->type) {
	case XML_ELEMENT_NODE:
		return smart__tree_build_element(b, x, x->children);
	case XML_TEXT_NODE:
	case XML_CDATA_SECTION_NODE:
		if (!x->content)
			return 0;
		return smart__strbuf_append(&b->pending, (const char *)x->content,
					   strlen((const char *)x->content));
	case XML_ENTITY_REF_NODE:
		if (smart__strbuf_append(&b->pending, "&", 1) < 0 ||
		    smart__strbuf_append(&b->pending, (const char *)x->name,
					strlen((const char *)x->name)) < 0)
			return -1;
		return smart__strbuf_append(&b->pending, ";", 1);
	case XML_COMMENT_NODE:
		return smart__tree_build_marker(b, x, SMART_NODE_COMMENT);
	case XML_PI_NODE:
		return smart__tree_build_marker(b, x, SMART_NODE_PI);
	default:
		return 0; /* DTDs, entity declarations, XInclude markers */
	}
}

/* Gives back the node and attribute arrays' unused growth room (up to half
 * of each): a finished tree lives through the alignment beside the other
 * document's, and at 72 bytes a node the slack is the largest waste. */
static void shrink_to_fit(smart_tree *t)
{
	smart_node *nodes = t->count ? realloc(t->nodes, (size_t)t->count * sizeof(*nodes)) : NULL;
	smart_attr *attrs = t->attr_total ? realloc(t->attrs, (size_t)t->attr_total * sizeof(*attrs))
					  : NULL;

	if (nodes)
		t->nodes = nodes; /* a failed shrink keeps the larger block */
	if (attrs)
		t->attrs = attrs;
}

static int finish_tree(smart_tree *t)
{
	shrink_to_fit(t);
	return smart__tree_number_nodes(t);
}

int smart__tree_build_begin(builder *b)
{
	smart_tree *tree = calloc(1, sizeof(*tree));

	if (!tree || !(tree->arena = smart__arena_new())) {
		free(tree);
		return -1;
	}
	b->tree = tree;
	b->depth = 0;
	memset(b->keeps, 0, sizeof(b->keeps)); /* a new tree numbers its names anew */
	if (emit_node(b, SMART_NODE_DOCUMENT, "#document") == SMART_NONE ||
	    push_frame(b, 0, NULL, 0) < 0)
		return -1;
	return 0;
}

/* Text gathered inside an element past the depth cap belongs to the frame
 * at the cap's edge, which goes on gathering: only the others turn it into
 * a node when they close. */
int smart__tree_build_close(builder *b)
{
	if (b->depth - 1 < b->flat_from && flush_text(b) < 0)
		return -1;
	b->depth--;
	return 0;
}

/* Walks a whole libxml2 document through the steps. */
static int build(builder *b, xmlDocPtr doc)
{
	if (smart__tree_build_begin(b) < 0)
		return -1;
	b->stack[0].next = doc ? doc->children : NULL;
	while (b->depth > 0) {
		frame *top = &b->stack[b->depth - 1];
		xmlNodePtr x = top->next;

		if (!x) {
			if (smart__tree_build_close(b) < 0)
				return -1;
			continue;
		}
		top->next = x->next;
		if (visit(b, x) < 0)
			return -1;
	}
	return 0;
}

int smart__tree_build_doctype(smart_tree *tree, const char *name, const char *public_id,
			      const char *system_id)
{
	smart_strbuf s = { 0 };
	int rc = 0;

	rc |= smart__strbuf_printf(&s, "<!DOCTYPE %s", name);
	if (public_id)
		rc |= smart__strbuf_printf(&s, " PUBLIC \"%s\"", public_id);
	if (system_id)
		rc |= smart__strbuf_printf(&s, "%s \"%s\"", public_id ? "" : " SYSTEM", system_id);
	rc |= smart__strbuf_append(&s, ">", 1);
	if (rc == 0)
		tree->doctype = smart__arena_strndup(tree->arena, s.data, s.len);
	smart__strbuf_free(&s);
	return rc == 0 && tree->doctype ? 0 : -1;
}

/* libxml2's document type declaration, when it has one, as the tree's. */
static int keep_doctype(smart_tree *tree, xmlDocPtr doc)
{
	xmlDtdPtr dtd = doc ? doc->intSubset : NULL;

	if (!dtd || !dtd->name)
		return 0;
	return smart__tree_build_doctype(tree, (const char *)dtd->name,
					 (const char *)dtd->ExternalID,
					 (const char *)dtd->SystemID);
}

void smart__tree_build_discard(builder *b)
{
	smart_tree_free(b->tree);
	b->tree = NULL;
	free(b->name_slots);
	free(b->stack);
	smart__strbuf_free(&b->pending);
	smart__strbuf_free(&b->scratch);
	b->name_slots = NULL;
	b->stack = NULL;
	b->node_cap = b->attr_cap = b->name_cap = b->slot_count = 0;
	b->stack_cap = b->depth = 0;
}

smart_tree *smart__tree_build_end(builder *b, xmlDocPtr doc, smart_format format,
			   const char *name, smart_error *err)
{
	smart_tree *tree = b->tree;

	if (!tree || keep_doctype(tree, doc) < 0 || finish_tree(tree) < 0) {
		smart_error_set(err, "%s: out of memory while building the tree", name);
		smart__tree_build_discard(b);
		return NULL;
	}
	tree->format = format;
	b->tree = NULL; /* the caller's now */
	smart__tree_build_discard(b);
	return tree;
}

smart_tree *smart__tree_from_libxml(xmlDocPtr doc, smart_format format,
			     const char *name, smart_error *err)
{
	builder b = { 0 };

	b.flat_from = SIZE_MAX;
	if (build(&b, doc) < 0) {
		smart_error_set(err, "%s: out of memory while building the tree", name);
		smart__tree_build_discard(&b);
		return NULL;
	}
	return smart__tree_build_end(&b, doc, format, name, err);
}
