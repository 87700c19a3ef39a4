/*
 * Tree building and querying, internal to diffx/ (not in include/smart.h):
 * the diffx files that build, prune and compare trees include it. Other
 * modules that need libxml2's own document include "diffx/tree_libxml.h".
 */
#ifndef SMART_DIFFX_TREE_INTERNAL_H
#define SMART_DIFFX_TREE_INTERNAL_H

#include "smart/tree.h"
#include "tree_libxml.h"

/* Fills in the subtree sizes and sibling positions of a tree whose nodes
 * are linked (parent, first_child, next_sibling, index_in_parent) and whose
 * sizes are all 1; 0, or -1 when out of memory (tree_build.c). */
int smart__tree_number_nodes(smart_tree *t);

/* True when node i of a and node j of b have the same own content: kind,
 * name, text and attribute set (children not compared). */
int smart__tree_same_content(const smart_tree *a, uint32_t i, const smart_tree *b,
		      uint32_t j);

#endif
