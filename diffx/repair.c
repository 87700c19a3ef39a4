/*
 * DiffX phase 2b: local repair of the matching.
 *
 * Phases 1 and 2 are greedy, and small subtrees fool them: when a subtree S
 * moves from P to Q, the old "P with S" can be identical to the new "Q with
 * S" (and the old bare Q to the new bare P), so phase 1 pairs P with Q and
 * Q with P, and the script shows two moves where one would do. A chain of
 * identical elements (<code><code><code/></code></code>) gets shifted by one
 * the same way.
 *
 * The repair looks at every new node that arrives from elsewhere (a move
 * across parents) or from nowhere (the root of an insert) under a matched
 * parent Q ~ P, and at the old children of P with its label that left for
 * elsewhere or are unmatched. For such a pair it tries the alternative:
 * pair the two in place, re-pair their children in place the same way
 * (recursively), and give the nodes whose partners were taken a new
 * partner (each other when their labels agree, else an identical unmatched
 * subtree). The alternative is kept only when it makes the script shorter,
 * counted exactly over the nodes whose operations it can change: every
 * operation of a node depends only on its own partner and its parent's
 * (moves among siblings through their LIS), so the count is local.
 *
 * Everything is bounded (candidates per node, nodes per attempt, children
 * per sibling group), so the pass stays linear in the documents.
 *
 * This file is the pass and the decision; making an attempt is in
 * repair_attempt.c, counting the script in repair_cost.c (repair.h).
 */
#include "repair.h"

#include <stdlib.h>
#include <string.h>

/* Tries pairing old x with new y in place (and what follows from it);
 * keeps the result when the script gets shorter, bringing stays[] up to
 * date. Returns 1 when kept. */
static int attempt(repair *r, uint32_t x, uint32_t y)
{
	long before, after;

	r->log_len = r->depth = r->n_lost_a = r->n_lost_b = 0;
	r->overflow = 0;
	smart__repair_take(r, x, y);
	smart__repair_regrow(r);
	smart__repair_rehome(r);
	if (r->overflow) {
		smart__repair_replay(r, 1);
		return 0;
	}
	smart__repair_seen_clear(r);
	smart__repair_collect(r);
	after = smart__repair_local_cost(r);
	smart__repair_replay(r, 1);
	smart__repair_collect(r);
	before = smart__repair_local_cost(r);
	if (r->overflow || after < 0 || before < 0 || after >= before)
		return 0;
	smart__repair_replay(r, 0);
	for (uint32_t k = 0; k < r->n_groups; k++)
		smart__repair_group_cost(r, r->groups[k], UINT32_MAX, 1);
	for (uint32_t k = 0; k < r->log_len; k++)
		if (r->log[k].side == 0 && r->log[k].after == SMART_NONE) {
			uint32_t bit = r->al->bucket_a[r->log[k].index] % REPAIR_FREED_BITS;

			r->freed[bit / 64] |= 1ull << (bit % 64);
			r->any_freed = 1;
		}
	return 1;
}

/* For new node y under a matched parent, arriving from elsewhere or from
 * nowhere or moving among its siblings: tries the old children of its
 * parent's partner with its label as its partner in place. Returns 1 when
 * it changed the matching. */
static int repair_node(repair *r, uint32_t y)
{
	align *al = r->al;
	const smart_tree *a = al->a, *b = al->b;
	uint32_t py = b->nodes[y].parent, px = al->b2a[py], tried = 0, scanned = 0;
	/* y is matched under py's partner, only out of order */
	int in_order_swap = al->b2a[y] != SMART_NONE && !smart__repair_new_is_loose(al, y, px);

	for (uint32_t c = a->nodes[px].first_child;
	     c != SMART_NONE && tried < REPAIR_CANDIDATES && scanned < REPAIR_SCAN;
	     c = a->nodes[c].next_sibling, scanned++) {
		if (al->old_label[c] != b->nodes[y].name_id ||
		    al->csize_a[c] > REPAIR_MAX_SUBTREE || al->a2b[c] == y)
			continue;
		/* Only a node with y's own content (the coincidences are
		 * between look-alikes); one that stays in place only in a swap
		 * of two siblings out of order. */
		if (al->own_a[c] != al->own_b[y] ||
		    (al->a2b[c] != SMART_NONE && al->stays[al->a2b[c]] && !in_order_swap))
			continue;
		tried++;
		if (attempt(r, c, y))
			return 1;
	}
	return 0;
}

/* Repairs can free old subtrees that have an unmatched identical new
 * twin: pairs them (a move instead of a delete and an insert), keeping
 * stays[] up to date (inside a matched identical subtree everything
 * stays). Only hashes of freed old nodes are looked up: phase 2 has
 * looked for the others. */
static void sweep_twins(repair *r)
{
	align *al = r->al;
	const smart_tree *b = al->b;

	smart__repair_seen_clear(r);
	r->overflow = 0;
	for (uint32_t y = 1; y < b->count; y++) {
		uint32_t py, x, bit;

		if (!al->csize_b[y] || al->b2a[y] != SMART_NONE)
			continue;
		bit = al->bucket_b[y] % REPAIR_FREED_BITS;
		if (!(r->freed[bit / 64] >> (bit % 64) & 1))
			continue;
		py = b->nodes[y].parent;
		if (al->b2a[py] == SMART_NONE)
			continue;
		x = smart__align_find_twin(al, y, al->b2a[py]);
		if (x == SMART_NONE)
			continue;
		smart__align_match_subtree(al, x, y);
		memset(al->stays + y + 1, 1, b->nodes[y].size - 1);
		smart__repair_add_group(r, py);
		if (r->overflow) { /* set full: bring the groups so far up to date */
			for (uint32_t k = 0; k < r->n_groups; k++)
				smart__repair_group_cost(r, r->groups[k], UINT32_MAX, 1);
			smart__repair_seen_clear(r);
			r->overflow = 0;
			smart__repair_add_group(r, py);
		}
	}
	for (uint32_t k = 0; k < r->n_groups; k++)
		smart__repair_group_cost(r, r->groups[k], UINT32_MAX, 1);
}

static void repair_free(repair *r)
{
	free(r->groups);
	free(r->olds);
	free(r->kids);
	free(r->keys);
	free(r->weights);
	free(r->lis_work);
	free(r->in_lis);
	free(r);
}

int smart__align_repair(align *al, smart_error *err)
{
	const smart_tree *b = al->b;
	size_t na = al->a->count, nb = b->count;
	repair *r = calloc(1, sizeof(*r)); /* fresh memory: mostly never touched */

	if (!r)
		return smart_error_oom(err);
	r->al = al;
	/* The counted sets hold each node at most once (the seen set). */
	r->groups = malloc((nb + 1) * sizeof(uint32_t));
	r->olds = malloc((na + 1) * sizeof(uint32_t));
	r->kids = malloc((nb + 1) * sizeof(uint32_t));
	r->keys = malloc((nb + 1) * sizeof(uint32_t));
	r->weights = malloc((nb + 1) * sizeof(uint32_t));
	r->lis_work = malloc(8 * (nb + 1) * sizeof(uint32_t));
	r->in_lis = malloc(nb + 1);
	if (!al->stays)
		al->stays = malloc(nb + 1);
	if (!al->stays || !r->groups || !r->olds ||
	    !r->kids || !r->keys || !r->weights || !r->lis_work || !r->in_lis ||
	    smart__align_mark_in_order(al, al->stays) < 0) {
		repair_free(r);
		return smart_error_oom(err);
	}
	/* Most nodes stay in place: decide on the small arrays before touching
	 * a node record. */
	for (uint32_t y = 1; y < nb; y++) {
		if (al->stays[y] || !al->csize_b[y] || al->csize_b[y] > REPAIR_MAX_SUBTREE ||
		    al->b2a[b->nodes[y].parent] == SMART_NONE)
			continue;
		repair_node(r, y);
	}
	if (r->any_freed)
		sweep_twins(r);
	repair_free(r);
	return 0;
}
