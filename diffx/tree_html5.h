/*
 * HTML5 tree construction for tree_parse.c: gumbo parses a page as a
 * browser does, and the tree comes back as a libxml2 document, the kind
 * every later step reads. Foreign elements (SVG, MathML) carry their
 * namespace as a default declaration (no prefix), so their names stay as
 * written.
 */
#ifndef SMART_DIFFX_TREE_HTML5_H
#define SMART_DIFFX_TREE_HTML5_H

#include <stddef.h>

#include <libxml/tree.h>

#include "smart/error.h"
#include "smart/tree.h"

extern const char smart__html5_svg_ns[];
extern const char smart__html5_mathml_ns[];

/* Parses `len` bytes of HTML (UTF-8; other bytes are read as Latin-1) with
 * HTML5 tree construction; the caller frees the document with xmlFreeDoc.
 * *deepest receives the depth of the deepest node that has children (the
 * document's children are at depth 1). NULL with `err` set only when out
 * of memory: HTML5 parses any input. The resource limits are the caller's
 * to check first. */
xmlDocPtr smart__tree_html5_read(const char *data, size_t len, const char *name,
				 size_t *deepest, smart_error *err);

/* The tree of `len` bytes of HTML read as a browser does (tree_html5_build.c):
 * gumbo's tree made into a smart_tree directly, or, for a page nested too
 * deep for gumbo, libxml2's; the same tree as flattening
 * smart__tree_libxml_read's document gives. The resource limits are
 * checked first. NULL with `err` set on a refused page or when out of
 * memory. */
smart_tree *smart__tree_html5_tree(const char *data, size_t len, const char *name,
				   smart_error *err);

/* Whether the tags of `len` bytes of HTML nest, by an estimate from the
 * bytes in one linear pass (tree_html5_depth.c), deeper than `max_depth`:
 * such a page is read by libxml2, because gumbo's time grows as its tags
 * times their depth. */
int smart__tree_html5_too_deep(const char *data, size_t len, size_t max_depth);

/* Gives libxml2's tree of a page too deep for gumbo the <head> HTML5
 * always has (an empty one, first in <html>), so that the page written
 * back flat, shallow enough for gumbo, parses to the same tree. 0, or -1
 * when out of memory. */
int smart__tree_html5_add_head(xmlDocPtr doc);

/* The nesting past which a page is read by libxml2, not gumbo: twice the
 * depth at which either parser's tree is laid out flat (HTML_MAX_DEPTH). */
#define HTML5_MAX_NESTING 1024

#endif
