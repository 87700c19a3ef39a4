/*
 * Tree building on libxml2, internal to libsmart (not in include/smart.h):
 * the diffx files that build and query trees, and the modules that need
 * libxml2's own document or build trees from one (compare/pair.c,
 * compare/crawljax.c, perturb/perturb.c) include it as "diffx/tree_internal.h".
 */
#ifndef SMART_DIFFX_TREE_INTERNAL_H
#define SMART_DIFFX_TREE_INTERNAL_H

#include <libxml/tree.h>

#include "smart/tree.h"

/* Flattens a libxml2 document (NULL: an empty document) into a new tree. */
smart_tree *smart__tree_from_libxml(xmlDocPtr doc, smart_format format,
			     const char *name, smart_error *err);

/* Parses `len` bytes with libxml2 under the project's safety rules (no
 * network, no DTD loading, no entity expansion, external entities refused).
 * *format AUTO is replaced by the sniffed format. On success *doc is the new
 * document (the caller frees it with xmlFreeDoc), or NULL for an HTML input
 * with nothing parseable in it (an empty document). Also used by compare/,
 * whose comparators need libxml2's own document (white space as written,
 * XPath). */
int smart__tree_libxml_read(const char *data, size_t len, smart_format *format,
		     const char *name, xmlDocPtr *doc, smart_error *err);
/* True when node i of a and node j of b have the same own content: kind,
 * name, text and attribute set (children not compared). */
/* Fills in the subtree sizes and sibling positions of a tree whose nodes
 * are linked (parent, first_child, next_sibling, index_in_parent) and whose
 * sizes are all 1; 0, or -1 when out of memory (tree_build.c). */
int smart__tree_number_nodes(smart_tree *t);

int smart__tree_same_content(const smart_tree *a, uint32_t i, const smart_tree *b,
		      uint32_t j);

#endif
