/*
 * HTML5 tree construction (tree_html5.h): gumbo builds the tree a browser
 * builds, which we copy into a libxml2 document so that everything after
 * the parse (the flattening into a smart_tree, compare/'s comparators,
 * perturb/'s edits, `smart tree`) reads one kind of document whichever
 * parser made it.
 *
 * The copy is an iterative walk (documents nest deeper than a C stack
 * allows); libxml2's depth cap (tree_parse.c) applies to it as to
 * libxml2's own trees.
 */
#include "tree_html5.h"
#include "tree_html5_gumbo.h"

#include <assert.h>
#include <ctype.h>
#include <setjmp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gumbo.h>
#include <libxml/HTMLtree.h>

#include "common/array.h"
#include "common/text.h"
#include "smart/limits.h"

/* The namespace URIs of HTML5's foreign elements (the HTML namespace is
 * left out: HTML elements carry none, as in libxml2's HTML documents). */
const char smart__html5_svg_ns[] = "http://www.w3.org/2000/svg";
const char smart__html5_mathml_ns[] = "http://www.w3.org/1998/Math/MathML";

/* One gumbo element whose children are still being copied. */
typedef struct copy_frame {
	const GumboVector *children;
	unsigned next;      /* the next child to copy */
	xmlNodePtr parent;  /* the libxml2 node they go under */
} copy_frame;

/* Latin-1 bytes as UTF-8 (every byte is a character): the reading of a
 * page that is not valid UTF-8, as tree_parse.c's libxml2 path falls back
 * to; gumbo reads only UTF-8. NULL when out of memory. */
static char *latin1_to_utf8(const char *data, size_t len, size_t *out_len)
{
	char *out = malloc(len * 2 + 1);
	size_t n = 0;

	if (!out)
		return NULL;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)data[i];

		if (c < 0x80) {
			out[n++] = (char)c;
		} else {
			out[n++] = (char)(0xC0 | (c >> 6));
			out[n++] = (char)(0x80 | (c & 0x3F));
		}
	}
	out[n] = '\0';
	*out_len = n;
	return out;
}

const char *smart__html5_element_name(const GumboElement *e, char *buf, size_t size)
{
	GumboStringPiece tag = e->original_tag;
	size_t n;

	if (e->tag != GUMBO_TAG_UNKNOWN && e->tag_namespace != GUMBO_NAMESPACE_SVG)
		return gumbo_normalized_tagname(e->tag);
	if (tag.length == 0 || !tag.data)
		return e->tag != GUMBO_TAG_UNKNOWN ? gumbo_normalized_tagname(e->tag) : "unknown";
	gumbo_tag_from_original_text(&tag);
	if (e->tag_namespace == GUMBO_NAMESPACE_SVG) {
		const char *svg = gumbo_normalize_svg_tagname(&tag);

		if (svg)
			return svg;
		if (e->tag != GUMBO_TAG_UNKNOWN)
			return gumbo_normalized_tagname(e->tag);
	}
	n = tag.length < size - 1 ? tag.length : size - 1;
	for (size_t i = 0; i < n; i++) {
		/* HTML5 takes any character but space, '/' and '>' into a tag
		 * name; the steps of a script's paths cannot hold brackets
		 * (diffx/script_parse.c), so junk such as "<l]x(" is named
		 * "l_x_" (found by tests/cli/test_bad_input.sh) */
		buf[i] = strchr("[]()", tag.data[i]) ? '_' : (char)tolower((unsigned char)tag.data[i]);
	}
	buf[n] = '\0';
	return buf;
}

/* The namespace of a foreign element: its parent's when the parent has the
 * same one, else a new default declaration on the element itself. NULL for
 * HTML elements. */
static xmlNsPtr element_namespace(xmlNodePtr node, xmlNodePtr parent, GumboNamespaceEnum ns)
{
	const char *href = ns == GUMBO_NAMESPACE_SVG	  ? smart__html5_svg_ns
			   : ns == GUMBO_NAMESPACE_MATHML ? smart__html5_mathml_ns
							  : NULL;

	if (!href)
		return NULL;
	if (parent && parent->type == XML_ELEMENT_NODE && parent->ns && parent->ns->href &&
	    strcmp((const char *)parent->ns->href, href) == 0)
		return parent->ns;
	return xmlNewNs(node, (const xmlChar *)href, NULL);
}

const char *smart__html5_attribute_prefix(GumboAttributeNamespaceEnum ns)
{
	static const char *const prefix[] = { [GUMBO_ATTR_NAMESPACE_XLINK] = "xlink",
					      [GUMBO_ATTR_NAMESPACE_XML] = "xml",
					      [GUMBO_ATTR_NAMESPACE_XMLNS] = "xmlns" };

	assert(ns != GUMBO_ATTR_NAMESPACE_NONE && ns <= GUMBO_ATTR_NAMESPACE_XMLNS);
	return prefix[ns];
}

/* The namespace of a foreign attribute's prefix on `node` (declared there
 * once, for the attributes that need it); NULL when libxml2 cannot declare
 * it (out of memory, or a prefix it reserves). */
static xmlNsPtr attribute_namespace(xmlNodePtr node, GumboAttributeNamespaceEnum ns)
{
	static const char *const href[] = {
		[GUMBO_ATTR_NAMESPACE_XLINK] = "http://www.w3.org/1999/xlink",
		[GUMBO_ATTR_NAMESPACE_XML] = "http://www.w3.org/XML/1998/namespace",
		[GUMBO_ATTR_NAMESPACE_XMLNS] = "http://www.w3.org/2000/xmlns/"
	};
	const char *prefix = smart__html5_attribute_prefix(ns);

	if (ns == GUMBO_ATTR_NAMESPACE_XML) /* predeclared: libxml2 refuses to declare it */
		return xmlSearchNs(node->doc, node, (const xmlChar *)"xml");
	for (xmlNsPtr d = node->nsDef; d; d = d->next)
		if (d->prefix && strcmp((const char *)d->prefix, prefix) == 0)
			return d;
	return xmlNewNs(node, (const xmlChar *)href[ns], (const xmlChar *)prefix);
}

/* The attributes of e on node. A foreign attribute (xlink:href on an SVG
 * element) keeps its prefix as a namespace, so that the tree names it
 * "xlink:href", as libxml2's HTML parser does, and `smart tree` can print
 * it as html5lib does. 0, or -1 when out of memory. */
static int copy_attributes(xmlNodePtr node, const GumboElement *e)
{
	for (unsigned i = 0; i < e->attributes.length; i++) {
		const GumboAttribute *a = e->attributes.data[i];
		const char *name = a->name, *colon = strchr(name, ':');
		xmlNsPtr ns = NULL;

		if (a->attr_namespace != GUMBO_ATTR_NAMESPACE_NONE &&
		    (ns = attribute_namespace(node, a->attr_namespace)) && colon)
			name = colon + 1; /* the local name, after the prefix gumbo kept */
		if (!xmlNewNsProp(node, ns, (const xmlChar *)name, (const xmlChar *)a->value))
			return -1;
	}
	return 0;
}

/* A copy of one gumbo node (its children are copied by the walk), added
 * under parent; NULL when out of memory. Adjacent texts are merged by
 * xmlAddChild, so the returned node may be the earlier text. */
static xmlNodePtr copy_node(xmlDocPtr doc, xmlNodePtr parent, const GumboNode *g)
{
	xmlNodePtr node = NULL;
	char buf[128];

	switch (g->type) {
	case GUMBO_NODE_ELEMENT:
	case GUMBO_NODE_TEMPLATE:
		node = xmlNewDocNode(doc, NULL,
				     (const xmlChar *)smart__html5_element_name(&g->v.element, buf, sizeof(buf)),
				     NULL);
		if (!node)
			return NULL;
		xmlSetNs(node, element_namespace(node, parent, g->v.element.tag_namespace));
		if (copy_attributes(node, &g->v.element) < 0) {
			xmlFreeNode(node);
			return NULL;
		}
		break;
	case GUMBO_NODE_TEXT:
	case GUMBO_NODE_CDATA:
	case GUMBO_NODE_WHITESPACE:
		node = xmlNewDocText(doc, (const xmlChar *)g->v.text.text);
		break;
	case GUMBO_NODE_COMMENT:
		node = xmlNewDocComment(doc, (const xmlChar *)g->v.text.text);
		break;
	case GUMBO_NODE_DOCUMENT:
		assert(!"a document inside a document");
		return NULL;
	}
	if (!node)
		return NULL;
	return xmlAddChild(parent, node);
}

/* The document type gumbo read, as libxml2's internal subset. */
static int copy_doctype(xmlDocPtr doc, const GumboDocument *d)
{
	const char *pub = d->public_identifier, *sys = d->system_identifier;

	if (!d->has_doctype)
		return 0;
	return xmlCreateIntSubset(doc, (const xmlChar *)(d->name ? d->name : ""),
				  (const xmlChar *)(pub && *pub ? pub : NULL),
				  (const xmlChar *)(sys && *sys ? sys : NULL))
		       ? 0
		       : -1;
}

/* Copies gumbo's document into doc, iteratively. 0; -1 when out of
 * memory; -2 when the tree has more than `max_nodes` nodes (HTML5 copies
 * formatting elements left open into every following block, so its tree
 * can outgrow the tags the limits scan counted). *deepest receives the
 * depth of the deepest node with children (the document's own are at 1),
 * so that the caller walks the tree to lay deep nodes flat only when
 * there are some. */
static int copy_document(xmlDocPtr doc, const GumboNode *root, size_t max_nodes,
			 size_t *deepest)
{
	copy_frame *stack = NULL;
	size_t depth = 0, cap = 0, nodes = 0;
	int rc = 0;

	if (copy_doctype(doc, &root->v.document) < 0 ||
	    smart__array_reserve((void **)&stack, &cap, 0, sizeof(*stack), 64) < 0)
		return -1;
	stack[depth++] = (copy_frame){ &root->v.document.children, 0, (xmlNodePtr)doc };
	*deepest = 0;
	while (depth > 0 && rc == 0) {
		copy_frame *top = &stack[depth - 1];
		const GumboNode *child;
		xmlNodePtr node;

		if (top->next == top->children->length) {
			depth--;
			continue;
		}
		child = top->children->data[top->next++];
		if (++nodes > max_nodes) {
			rc = -2;
			break;
		}
		node = copy_node(doc, top->parent, child);
		if (!node) {
			rc = -1;
		} else if ((child->type == GUMBO_NODE_ELEMENT || child->type == GUMBO_NODE_TEMPLATE) &&
			   child->v.element.children.length > 0) {
			if (smart__array_reserve((void **)&stack, &cap, depth, sizeof(*stack), 64) < 0)
				rc = -1;
			else
				stack[depth++] = (copy_frame){ &child->v.element.children, 0, node };
			if (depth - 1 > *deepest)
				*deepest = depth - 1;
		}
	}
	free(stack);
	return rc;
}

/* gumbo's parse, or NULL when an allocation could not be met (arena->over
 * says why). Apart, so that nothing of the caller's is live across the
 * longjmp. */
__attribute__((noinline)) static GumboOutput *parse_guarded(const GumboOptions *options,
							     gumbo_arena *arena,
							     const char *text, size_t len)
{
	jmp_buf escape;

	arena->escape = &escape;
	if (setjmp(escape) != 0)
		return NULL;
	return gumbo_parse_with_options(options, text, len);
}

int smart__tree_html5_parse(const char *data, size_t len, const char *name, html5_parse *p,
			    smart_error *err)
{
	GumboOptions options = kGumboDefaultOptions;
	size_t utf8_len = len;
	int valid = smart__text_is_valid_utf8(data, len); /* once: a pass over the page */

	*p = (html5_parse){ NULL, calloc(1, sizeof(*p->arena)), NULL };
	if (p->arena && !valid)
		p->utf8 = latin1_to_utf8(data, len, &utf8_len);
	if (!p->arena || (!p->utf8 && !valid)) {
		smart__tree_html5_parse_free(p);
		return smart_error_set(err, "%s: out of memory", name);
	}
	p->arena->budget = smart__gumbo_budget(len);
	options.allocator = smart__gumbo_arena_alloc;
	options.deallocator = smart__gumbo_arena_forget;
	options.userdata = p->arena;
	options.max_errors = 0; /* parse errors are not wanted: no list of them */
	p->output = parse_guarded(&options, p->arena, p->utf8 ? p->utf8 : data, utf8_len);
	if (!p->output) {
		if (p->arena->over == 1)
			smart_error_set(err, "%s: HTML5 tree construction of this page needs more "
				       "than %zu MB (formatting elements left open, copied into "
				       "every block?); --max-nodes raises the bound, or "
				       "--html-parser libxml2", name, p->arena->budget >> 20);
		else
			smart_error_set(err, "%s: out of memory while parsing HTML", name);
		smart__tree_html5_parse_free(p);
		return -1;
	}
	return 0;
}

void smart__tree_html5_parse_free(html5_parse *p)
{
	/* gumbo_destroy_output would only walk the tree to free nothing */
	if (p->arena)
		smart__gumbo_arena_free_all(p->arena);
	free(p->arena);
	free(p->utf8);
	*p = (html5_parse){ NULL, NULL, NULL };
}

int smart__tree_html5_too_many_nodes(const char *name, smart_error *err)
{
	return smart_error_set(err, "%s: its HTML5 tree has more than %zu nodes, over the limit "
			       "(--max-nodes): formatting elements left open are copied into every "
			       "block; --html-parser libxml2 reads it without the copies",
			       name, smart_limits_get()->max_nodes);
}

xmlDocPtr smart__tree_html5_read(const char *data, size_t len, const char *name,
				 size_t *deepest, smart_error *err)
{
	html5_parse p;
	xmlDocPtr doc;
	int rc = 0;

	if (smart__tree_html5_parse(data, len, name, &p, err) < 0)
		return NULL;
	doc = htmlNewDocNoDtD(NULL, NULL);
	if (doc && (rc = copy_document(doc, p.output->document, smart_limits_get()->max_nodes,
				       deepest)) < 0) {
		xmlFreeDoc(doc);
		doc = NULL;
	}
	smart__tree_html5_parse_free(&p);
	if (rc == -2)
		smart__tree_html5_too_many_nodes(name, err);
	else if (!doc)
		smart_error_set(err, "%s: out of memory while parsing HTML", name);
	return doc;
}
