/*
 * Getting the two trees of a pair (measure.c): one after the other, or
 * side by side on two threads when smart_measure.side_by_side asks for it
 * (one pair classified on its own: `smart classify OLD NEW`). Internal to
 * measure/.
 */
#ifndef SMART_MEASURE_PARSE_PAIR_H
#define SMART_MEASURE_PARSE_PAIR_H

#include "smart/measure.h"

/* The parsed trees of a pair and what to hand back for each. */
typedef struct smart__pair_trees {
	smart_tree *old_tree, *new_tree;
	void *old_ref, *new_ref; /* the cache's handles (m->trees), else NULL */
} smart__pair_trees;

/* Parses both documents as m says (its format, its cache), side by side
 * when m->side_by_side is set, the machine has a second core and both are
 * large enough, else the old one first; m->parsed_side_by_side says which.
 * Either way the same trees, and the same error: the old document's when
 * it does not parse, else the new one's. 0, or -1 with `err` set and
 * nothing held in *t. */
int smart__parse_pair(smart_measure *m, const smart_document *old_doc,
		      const smart_document *new_doc, smart__pair_trees *t, smart_error *err);

/* Frees what smart__parse_pair gave (either tree may be NULL). */
void smart__unparse_pair(const smart_measure *m, smart__pair_trees *t);

#endif
