/*
 * Seeded random documents for property tests: a random tree (elements with
 * attributes, text, nesting; up to a few thousand nodes) and an edited copy
 * of it (inserts, deletes, moves, renames, text edits, attribute inserts,
 * deletes and changes), both returned as serialised documents so that they
 * go through the real parser, just as users' files do.
 *
 * Built with libxml2's tree API and serialised by libxml2, independently of
 * smart's own tree writer, so a writer bug cannot hide itself. Everything
 * is a function of the seed: a failing seed reproduces exactly.
 */
#ifndef SMART_TEST_RANDOM_TREE_H
#define SMART_TEST_RANDOM_TREE_H

#include <stddef.h>
#include <stdint.h>

#include "smart/tree.h"

/* A small deterministic generator (splitmix64); no global state. */
typedef struct rt_rng {
	uint64_t state;
} rt_rng;

void rt_seed(rt_rng *rng, uint64_t seed);
uint64_t rt_next(rt_rng *rng);
/* Uniform in [0, n); n > 0. */
uint32_t rt_below(rt_rng *rng, uint32_t n);

/* Which edits rt_make_pair may apply. */
typedef enum rt_edit_mix {
	RT_EDITS_ANY = 0,   /* a random mix of every kind of edit */
	RT_EDITS_ONE_MOVE,  /* exactly one element subtree moved elsewhere */
	RT_EDITS_NONE       /* the copy is the same tree (XML: written indented) */
} rt_edit_mix;

/* Two documents: the generated one and its edited copy. Owned by the pair;
 * free with rt_pair_free. */
typedef struct rt_pair {
	smart_format format;
	char *old_doc;
	size_t old_len;
	char *new_doc;
	size_t new_len;
	uint32_t edits; /* edits applied to the copy */
} rt_pair;

/* Fills `pair` from `seed`: an HTML or XML document (`format`; AUTO picks
 * one from the seed) of at most about `max_nodes` nodes and a copy edited
 * as `mix` says (pair->edits tells how many edits were made: a small tree
 * may offer no place to move to). Returns 0, or -1 when out of memory. */
int rt_make_pair(uint64_t seed, smart_format format, uint32_t max_nodes,
		 rt_edit_mix mix, rt_pair *pair);

void rt_pair_free(rt_pair *pair);

#endif
