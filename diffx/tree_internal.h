/*
 * Tree building and querying, internal to diffx/ (not in include/smart.h):
 * the diffx files that build, prune and compare trees include it. Other
 * modules that need libxml2's own document include "diffx/tree_libxml.h".
 */
#ifndef SMART_DIFFX_TREE_INTERNAL_H
#define SMART_DIFFX_TREE_INTERNAL_H

#include <stddef.h>

#include "smart/limits.h"
#include "smart/tree.h"
#include "tree_libxml.h"

/* What the limits scan counted in a page (limits.c): its start tags and
 * their attributes, approximately (see there), from which the tree
 * builder sizes its node and attribute arrays once instead of doubling
 * them (tree_build_store.c, smart__tree_build_reserve). */
typedef struct smart__page_counts {
	size_t tags, attributes;
} smart__page_counts;

/* smart_limits_check that also gives what it counted in *counts. */
int smart__limits_check_counting(const smart_limits *limits, const char *data, size_t len,
				 const char *name, smart__page_counts *counts, smart_error *err);

/* Fills in the subtree sizes and sibling positions of a tree whose nodes
 * are linked (parent, first_child, next_sibling, index_in_parent) and whose
 * sizes are all 1; 0, or -1 when out of memory (tree_build.c). */
int smart__tree_number_nodes(smart_tree *t);

/* True when node i of a and node j of b have the same own content: kind,
 * name, text and attribute set (children not compared). */
int smart__tree_same_content(const smart_tree *a, uint32_t i, const smart_tree *b,
		      uint32_t j);

#endif
