/*
 * Internals of DiffX phase 2b (local repair of the matching), shared by
 * repair.c (the pass over the new nodes and the decision to keep an
 * attempt), repair_attempt.c (making an attempt: logged, undoable writes
 * to the maps) and repair_cost.c (counting the script operations the
 * attempt can change, before and after).
 */
#ifndef SMART_DIFFX_REPAIR_H
#define SMART_DIFFX_REPAIR_H

#include "align.h"

#define REPAIR_MAX_SUBTREE 64  /* only nodes this small are re-paired */
#define REPAIR_CANDIDATES 4    /* old partners tried per new node */
#define REPAIR_SCAN 256        /* old siblings looked at per new node */
#define REPAIR_MAX_LOG 256     /* map writes one attempt may make */
#define REPAIR_MAX_GROUP 512   /* children of a sibling group it may count */
#define REPAIR_MAX_KIDS 64     /* children re-paired in place per pair */
#define REPAIR_SEEN_SLOTS 512  /* set of counted nodes (at most half full) */
#define REPAIR_FREED_BITS 4096 /* filter of freed hash buckets (fits in L1) */

/* One write to a2b (side 0) or b2a (side 1), to undo or redo it. */
typedef struct map_write {
	uint32_t side, index, before, after;
} map_write;

typedef struct repair {
	align *al;
	map_write log[REPAIR_MAX_LOG];
	uint32_t log_len;
	int overflow;                 /* the attempt went past a bound */
	uint32_t stack_x[REPAIR_MAX_LOG], stack_y[REPAIR_MAX_LOG], depth;
	uint32_t lost_a[REPAIR_MAX_LOG], lost_b[REPAIR_MAX_LOG]; /* partners taken */
	uint32_t n_lost_a, n_lost_b;
	uint32_t *groups, n_groups;   /* new parents whose children are counted */
	uint32_t *olds, n_olds;       /* old nodes whose delete status is counted */
	/* The nodes already in the counted sets: a small open-addressing set
	 * of (side, node) keys, emptied by bumping `gen` (a per-node array
	 * would be cleared for nothing, page by page, on every document). */
	uint32_t seen_gen[REPAIR_SEEN_SLOTS], gen, n_seen;
	uint32_t *kids, *keys, *weights, *lis_work; /* LIS scratch for one group */
	unsigned char *in_lis;
	/* bit (bucket % REPAIR_FREED_BITS): an old node of the bucket lost
	 * its partner in a kept attempt */
	uint64_t freed[REPAIR_FREED_BITS / 64];
	int any_freed;
	uint64_t seen_key[REPAIR_SEEN_SLOTS]; /* read only where seen_gen says
	                                       * the slot is in use */
} repair;

/* Making an attempt (repair_attempt.c). */

/* Undoes (undo = 1) or redoes (undo = 0) the attempt's writes. */
void smart__repair_replay(repair *r, int undo);

/* Pairs old x with new y, logged, recording the partners they leave. */
void smart__repair_take(repair *r, uint32_t x, uint32_t y);

/* True when new child y of a node matched to px may be re-paired in place:
 * it is unmatched or its partner is not a child of px. */
int smart__repair_new_is_loose(const align *al, uint32_t y, uint32_t px);

/* Re-pairs the children of the pairs on the stack in place. */
void smart__repair_regrow(repair *r);

/* Finds partners for the nodes whose partners the attempt took. */
void smart__repair_rehome(repair *r);

/* Counting the script (repair_cost.c). */

/* Empties the set of counted nodes. */
void smart__repair_seen_clear(repair *r);

/* Adds new node y (a sibling group) to the counted sets, once. */
void smart__repair_add_group(repair *r, uint32_t y);

/* Adds to the counted sets the nodes whose operations the current state
 * of the maps may give. */
void smart__repair_collect(repair *r);

/* Operations among the children of new node g (-1 when more than `limit`
 * children); with `mark`, also sets stays[] of the children. */
long smart__repair_group_cost(repair *r, uint32_t g, uint32_t limit, int mark);

/* Script operations over the counted sets; -1 when a group is too big. */
long smart__repair_local_cost(repair *r);

#endif
