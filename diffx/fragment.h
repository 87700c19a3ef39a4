/*
 * Internals of DiffX phase 2 (top-down isolated-fragment mapping), shared
 * by its three files: match_fragments.c (the driver and the search for a
 * partner of each node left over), smart__fragment_grow.c (growing one fragment
 * from a pair, top-down over the children) and fragment_gap.c (pairing the
 * unmatched children between two anchors: similarity, DP and per-label
 * pairing).
 */
#ifndef SMART_DIFFX_FRAGMENT_H
#define SMART_DIFFX_FRAGMENT_H

#include "align.h"

typedef struct pairs {
	uint32_t *x, *y;
	uint32_t len;
	size_t cap_x, cap_y; /* room in x and in y */
} pairs;

typedef struct grower {
	align *al;
	uint32_t *kids_a, *kids_b;   /* content children of the current pair */
	uint32_t *gap_a, *gap_b;     /* unmatched children of the current gap */
	uint32_t *keys, *key_pos, *lis_work;
	unsigned char *in_lis;
	uint32_t *label_head, *label_tail; /* per new label: FIFO of gap_a indices */
	uint32_t *queue_next;        /* per gap_a index */
	uint32_t *stack;             /* grow's work list: indices into cur */
	pairs cur, best;
	uint32_t anchored;           /* content nodes under the anchors met by
	                              * the current growth */
	size_t budget;               /* speculative work left */
} grower;

/* Appends the pair (x, y) to p, growing it. Returns 0, or -1 when out of
 * memory (smart__fragment_grow.c). */
int smart__fragment_pairs_push(pairs *p, uint32_t x, uint32_t y);

/* How alike two same-labelled subtrees look, cheaply (fragment_gap.c). */
int smart__fragment_gap_similarity(const align *al, uint32_t x, uint32_t y);

/* Pairs the unmatched children of one gap (g->gap_a[0..na),
 * g->gap_b[0..nb)), appending to out. Returns 0, or -1 when out of memory
 * (fragment_gap.c). */
int smart__fragment_pair_gap(grower *g, uint32_t na, uint32_t nb, pairs *out);

/* Grows the fragment of (x, y) into g->cur: 0 complete, 1 over `limit`,
 * -1 out of memory (smart__fragment_grow.c). */
int smart__fragment_grow(grower *g, uint32_t x, uint32_t y, size_t limit,
		  size_t *work, uint32_t *agree);

/* Records the pairs of p whose old node is still unmatched. */
void smart__fragment_apply(align *al, const pairs *p);

/* Allocates the work arrays of g for al (sized by the two trees); 0, or -1
 * when out of memory. smart__fragment_grower_free releases them. */
int smart__fragment_grower_init(grower *g, align *al);
void smart__fragment_grower_free(grower *g);

#endif
