/*
 * Building the tree while libxml2 parses (tree_build.h): each SAX callback
 * first does what libxml2's own would (its tree builder, xmlSAX2*, still
 * runs, so recovery, namespaces, entities and white-space decisions are
 * exactly libxml2's), then hands the new node to the builder, and frees
 * what no one will look at again: an element's earlier siblings once it
 * starts, its children once it ends. libxml2's tree then holds the open
 * elements and little else, instead of the whole document beside ours
 * (about 19 bytes per input byte for HTML).
 *
 * The builder follows libxml2's node stack frame for frame. Where libxml2
 * puts a node elsewhere (HTML after </html> in a page without a doctype
 * becomes a child of the closed <html>), the stream cannot follow in
 * document order: the builder marks itself out of step, stops, and the
 * caller builds from a whole libxml2 tree instead (tree_parse.c).
 */
#include "tree_build.h"

#include <string.h>

#include <libxml/SAX2.h>

/* The builder whose callbacks these are: libxml2 parses an entity's
 * replacement text in a context of its own, with the same callbacks and
 * the same _private. */
static const stream_saved *saved_of(void *ctx)
{
	return &((builder *)((xmlParserCtxtPtr)ctx)->_private)->saved;
}

/* The builder that mirrors this parse, or NULL: not the document's own
 * context (an entity's), or the builder has stopped. */
static builder *builder_of(void *ctx)
{
	xmlParserCtxtPtr ctxt = ctx;
	builder *b = ctxt->_private;

	return b->ctxt == ctxt && !b->failed && !b->out_of_step ? b : NULL;
}

/* The libxml2 node the builder's top frame mirrors must be where libxml2
 * puts content now: its current node, or the document outside the root. */
static int in_step(builder *b)
{
	const frame *top = &b->stack[b->depth - 1];

	if (top->dom != b->ctxt->node)
		b->out_of_step = 1;
	return !b->out_of_step;
}

/* Frees the siblings before x: once x has started, libxml2 only ever looks
 * at its parent's last children (x and what follows). The document's own
 * children (the DTD among them) stay. */
static void free_before(xmlNodePtr x)
{
	if (!x->parent || x->parent->type != XML_ELEMENT_NODE)
		return;
	while (x->prev) {
		xmlNodePtr p = x->prev;

		xmlUnlinkNode(p);
		xmlFreeNode(p);
	}
}

/* After libxml2 created element x (now its current node) under the node
 * the top frame mirrors: mirrors it, with the attributes of `atts` when
 * libxml2 was not given them (HTML: see stream_start_element). */
static void element_started(builder *b, const frame *parent_frame, const xmlChar **atts)
{
	xmlNodePtr x = b->ctxt->node;

	if (!x || x->type != XML_ELEMENT_NODE || x->parent == NULL) {
		b->failed = 1; /* libxml2 ran out of memory */
		return;
	}
	if (x->parent != (parent_frame->dom ? parent_frame->dom : (xmlNodePtr)b->ctxt->myDoc)) {
		b->out_of_step = 1;
		return;
	}
	if (smart__tree_build_element(b, x, NULL) < 0 ||
	    (atts && smart__tree_build_add_sax_attributes(b, b->stack[b->depth - 1].index, atts) < 0)) {
		b->failed = 1;
		return;
	}
	b->stack[b->depth - 1].dom = x;
	free_before(x);
}

/* An HTML element the builder mirrors gets its attributes from the start
 * tag itself: libxml2's own attribute nodes (a copy of each name and value,
 * the id table) would only be freed unread once the next element starts,
 * and were a tenth of classifying (callgrind). libxml2's HTML parser never
 * looks at them; an XML parse, or a page the stream left, keeps them. */
static void stream_start_element(void *ctx, const xmlChar *name, const xmlChar **atts)
{
	builder *b = builder_of(ctx);
	int own_attributes;

	if (b && !in_step(b))
		b = NULL;
	own_attributes = b && ((xmlParserCtxtPtr)ctx)->html;
	saved_of(ctx)->start_element(ctx, name, own_attributes ? NULL : atts);
	if (b)
		element_started(b, &b->stack[b->depth - 1], own_attributes ? atts : NULL);
}

static void stream_start_element_ns(void *ctx, const xmlChar *localname, const xmlChar *prefix,
				    const xmlChar *uri, int nb_namespaces,
				    const xmlChar **namespaces, int nb_attributes,
				    int nb_defaulted, const xmlChar **attributes)
{
	builder *b = builder_of(ctx);

	if (b && !in_step(b))
		b = NULL;
	saved_of(ctx)->start_element_ns(ctx, localname, prefix, uri,
								 nb_namespaces, namespaces,
								 nb_attributes, nb_defaulted,
								 attributes);
	if (b)
		element_started(b, &b->stack[b->depth - 1], NULL);
}

/* Closes the top frame for element x, which libxml2 has just closed, and
 * frees x's children. */
static void element_ended(builder *b, xmlNodePtr x)
{
	if (smart__tree_build_close(b) < 0) {
		b->failed = 1;
		return;
	}
	if (x->children) {
		xmlFreeNodeList(x->children);
		x->children = x->last = NULL;
	}
}

static void stream_end_element(void *ctx, const xmlChar *name)
{
	builder *b = builder_of(ctx);
	xmlNodePtr x = b && in_step(b) && b->depth > 1 ? b->ctxt->node : NULL;

	if (b && !x)
		b->out_of_step = 1;
	saved_of(ctx)->end_element(ctx, name);
	if (x && !b->out_of_step)
		element_ended(b, x);
}

static void stream_end_element_ns(void *ctx, const xmlChar *localname, const xmlChar *prefix,
				  const xmlChar *uri)
{
	builder *b = builder_of(ctx);
	xmlNodePtr x = b && in_step(b) && b->depth > 1 ? b->ctxt->node : NULL;

	if (b && !x)
		b->out_of_step = 1;
	saved_of(ctx)->end_element_ns(ctx, localname, prefix, uri);
	if (x && !b->out_of_step)
		element_ended(b, x);
}

/* Text as libxml2's tree gets it: appended to the current node, and
 * dropped when there is none (outside the root). */
static void gather_text(builder *b, const xmlChar *ch, int len)
{
	if (b && in_step(b) && b->ctxt->node &&
	    smart__strbuf_append(&b->pending, (const char *)ch, (size_t)len) < 0)
		b->failed = 1;
}

static void stream_characters(void *ctx, const xmlChar *ch, int len)
{
	builder *b = builder_of(ctx);

	saved_of(ctx)->characters(ctx, ch, len);
	gather_text(b, ch, len);
}

/* White space libxml2 judged ignorable: kept exactly when its own callback
 * keeps it (XML keeps blanks, HTML's callback drops them). */
static void stream_ignorable_whitespace(void *ctx, const xmlChar *ch, int len)
{
	builder *b = builder_of(ctx);
	charactersSAXFunc own = saved_of(ctx)->ignorable_whitespace;

	own(ctx, ch, len);
	if (own == xmlSAX2Characters)
		gather_text(b, ch, len);
}

static void stream_cdata_block(void *ctx, const xmlChar *value, int len)
{
	builder *b = builder_of(ctx);

	saved_of(ctx)->cdata_block(ctx, value, len);
	gather_text(b, value, len);
}

/* An unexpanded entity reference, as the walk writes it: "&name;". */
static void stream_reference(void *ctx, const xmlChar *name)
{
	builder *b = builder_of(ctx);

	saved_of(ctx)->reference(ctx, name);
	if (b && in_step(b) && b->ctxt->node) {
		const char *n = (const char *)name;

		if (smart__strbuf_append(&b->pending, "&", 1) < 0 ||
		    smart__strbuf_append(&b->pending, n, strlen(n)) < 0 ||
		    smart__strbuf_append(&b->pending, ";", 1) < 0)
			b->failed = 1;
	}
}

/* A comment or processing instruction libxml2 has just added to the
 * current node (or to the document outside the root; never those of a
 * DTD, which the walk skips too). */
static void marker_added(builder *b, xmlElementType type, smart_node_kind kind)
{
	xmlNodePtr parent, x;

	if (!b || b->ctxt->inSubset != 0 || !in_step(b))
		return;
	parent = b->ctxt->node ? b->ctxt->node : (xmlNodePtr)b->ctxt->myDoc;
	x = parent ? parent->last : NULL;
	if (!x || x->type != type) {
		b->failed = 1;
		return;
	}
	if (smart__tree_build_marker(b, x, kind) < 0)
		b->failed = 1;
}

static void stream_comment(void *ctx, const xmlChar *value)
{
	builder *b = builder_of(ctx);

	saved_of(ctx)->comment(ctx, value);
	marker_added(b, XML_COMMENT_NODE, SMART_NODE_COMMENT);
}

static void stream_processing_instruction(void *ctx, const xmlChar *target, const xmlChar *data)
{
	builder *b = builder_of(ctx);

	saved_of(ctx)->processing_instruction(ctx, target, data);
	marker_added(b, XML_PI_NODE, SMART_NODE_PI);
}

void smart__tree_stream_attach(builder *b, xmlParserCtxtPtr ctxt)
{
	xmlSAXHandlerPtr sax = ctxt->sax;

	b->ctxt = ctxt;
	ctxt->_private = b;
	b->saved = (stream_saved){
		.start_element = sax->startElement,
		.end_element = sax->endElement,
		.start_element_ns = sax->startElementNs,
		.end_element_ns = sax->endElementNs,
		.characters = sax->characters,
		.ignorable_whitespace = sax->ignorableWhitespace,
		.cdata_block = sax->cdataBlock,
		.reference = sax->reference,
		.comment = sax->comment,
		.processing_instruction = sax->processingInstruction,
	};
	/* Only the callbacks that were set are wrapped: the parser's options
	 * unset some (XML_PARSE_NOCDATA: no CDATA callback) and test which
	 * are there. */
	if (sax->startElement)
		sax->startElement = stream_start_element;
	if (sax->endElement)
		sax->endElement = stream_end_element;
	if (sax->startElementNs)
		sax->startElementNs = stream_start_element_ns;
	if (sax->endElementNs)
		sax->endElementNs = stream_end_element_ns;
	if (sax->characters)
		sax->characters = stream_characters;
	if (sax->ignorableWhitespace)
		sax->ignorableWhitespace = stream_ignorable_whitespace;
	if (sax->cdataBlock)
		sax->cdataBlock = stream_cdata_block;
	if (sax->reference)
		sax->reference = stream_reference;
	if (sax->comment)
		sax->comment = stream_comment;
	if (sax->processingInstruction)
		sax->processingInstruction = stream_processing_instruction;
}
