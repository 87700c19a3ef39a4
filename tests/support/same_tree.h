/*
 * Whether two smart_trees are the same in every field a later stage reads
 * (tests that hold two ways of building a tree to each other:
 * tests/diffx/test_tree_stream.c, test_tree_html5_build.c).
 */
#ifndef SMART_TEST_SAME_TREE_H
#define SMART_TEST_SAME_TREE_H

#include <stddef.h>

#include "smart/tree.h"

/* 0 when a and b are the same tree: node for node the kind, name, text,
 * links (parent, first child, next sibling), depth, subtree size, sibling
 * positions, and the attributes in order, name and value (a namespace
 * shows in the names' prefixes); the format and the document type. Else
 * 1, with the first difference described in `why` (`size` bytes). */
int trees_differ(const smart_tree *a, const smart_tree *b, char *why, size_t size);

/* Fails the test, naming the first difference, unless a and b are the
 * same tree (trees_differ). */
void assert_same_tree(const smart_tree *a, const smart_tree *b);

#endif
