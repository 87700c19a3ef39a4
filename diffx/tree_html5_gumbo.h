/*
 * gumbo's side of the HTML5 trees, shared by the two readers of its
 * output: tree_html5.c, which copies it into a libxml2 document (for
 * compare/, perturb/ and `smart tree`, which need libxml2's document), and
 * tree_html5_build.c, which builds the smart_tree straight from it (the
 * path classify takes). One parse, one naming of elements and attributes,
 * so the two trees cannot drift apart.
 */
#ifndef SMART_DIFFX_TREE_HTML5_GUMBO_H
#define SMART_DIFFX_TREE_HTML5_GUMBO_H

#include <stddef.h>

#include <gumbo.h>

#include "gumbo_arena.h"
#include "smart/error.h"

/* One page parsed by gumbo, and the memory its tree lives in. */
typedef struct html5_parse {
	GumboOutput *output;
	gumbo_arena *arena;
	char *utf8; /* the page read as Latin-1, when it was not UTF-8 */
} html5_parse;

/* Parses `len` bytes of HTML (UTF-8; other bytes are read as Latin-1)
 * with gumbo into *p, within the memory budget of the page
 * (gumbo_arena.h). 0; -1 with `err` set when over the budget or out of
 * memory. Free with smart__tree_html5_parse_free. */
int smart__tree_html5_parse(const char *data, size_t len, const char *name, html5_parse *p,
			    smart_error *err);

/* Frees what smart__tree_html5_parse made (gumbo's tree with it). */
void smart__tree_html5_parse_free(html5_parse *p);

/* The element's name as HTML5 gives it: the tag's own name for the tags
 * gumbo knows, SVG's mixed-case names ("foreignObject") in SVG, otherwise
 * the name as written, in lower case, into `buf`. */
const char *smart__html5_element_name(const GumboElement *e, char *buf, size_t size);

/* The prefix a foreign attribute's namespace is written with ("xlink",
 * "xml", "xmlns"); ns is not GUMBO_ATTR_NAMESPACE_NONE. */
const char *smart__html5_attribute_prefix(GumboAttributeNamespaceEnum ns);

/* Sets `err` to the error of a page whose HTML5 tree has more nodes than
 * the limit (--max-nodes); returns -1. */
int smart__tree_html5_too_many_nodes(const char *name, smart_error *err);

#endif
