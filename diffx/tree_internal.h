/* Internals shared by the files that build and query trees. */
#ifndef SMART_DIFFX_TREE_INTERNAL_H
#define SMART_DIFFX_TREE_INTERNAL_H

#include <libxml/tree.h>

#include "smart/tree.h"

/* Flattens a libxml2 document (NULL: an empty document) into a new tree. */
smart_tree *tree_from_libxml(xmlDocPtr doc, smart_format format,
			     const char *name, smart_error *err);

/* True when node i of a and node j of b have the same own content: kind,
 * name, text and attribute set (children not compared). */
int tree_same_content(const smart_tree *a, uint32_t i, const smart_tree *b,
		      uint32_t j);

#endif
