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
 */
#include "align.h"

#include <stdlib.h>
#include <string.h>

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

static void map_set(repair *r, uint32_t side, uint32_t index, uint32_t value)
{
	uint32_t *map = side ? r->al->b2a : r->al->a2b;

	if (r->log_len == REPAIR_MAX_LOG) {
		r->overflow = 1;
		return;
	}
	r->log[r->log_len++] = (map_write){ side, index, map[index], value };
	map[index] = value;
}

/* Undoes (or redoes) the attempt's writes. */
static void replay(repair *r, int undo)
{
	for (uint32_t k = 0; k < r->log_len; k++) {
		const map_write *w = &r->log[undo ? r->log_len - 1 - k : k];
		uint32_t *map = w->side ? r->al->b2a : r->al->a2b;

		map[w->index] = undo ? w->before : w->after;
	}
}

/* Pairs old x with new y, logged, recording the partners they leave. */
static void take(repair *r, uint32_t x, uint32_t y)
{
	align *al = r->al;
	uint32_t was_y = al->a2b[x], was_x = al->b2a[y];

	if (was_y != SMART_NONE) {
		map_set(r, 1, was_y, SMART_NONE);
		if (r->n_lost_b < REPAIR_MAX_LOG)
			r->lost_b[r->n_lost_b++] = was_y;
	}
	if (was_x != SMART_NONE) {
		map_set(r, 0, was_x, SMART_NONE);
		if (r->n_lost_a < REPAIR_MAX_LOG)
			r->lost_a[r->n_lost_a++] = was_x;
	}
	map_set(r, 0, x, y);
	map_set(r, 1, y, x);
	if (r->depth < REPAIR_MAX_LOG) {
		r->stack_x[r->depth] = x;
		r->stack_y[r->depth++] = y;
	} else {
		r->overflow = 1;
	}
}

/* True when old child x of px may be re-paired in place under new py: it is
 * unmatched or its partner is not a child of py. */
static int old_is_loose(const align *al, uint32_t x, uint32_t py)
{
	uint32_t y = al->a2b[x];

	return y == SMART_NONE || al->b->nodes[y].parent != py;
}

static int new_is_loose(const align *al, uint32_t y, uint32_t px)
{
	uint32_t x = al->b2a[y];

	return x == SMART_NONE || al->a->nodes[x].parent != px;
}

/* Re-pairs the children of the pairs on the stack in place: a loose new
 * child takes the first loose old child with its label not taken yet. */
static void regrow(repair *r)
{
	align *al = r->al;
	const smart_tree *a = al->a, *b = al->b;

	while (r->depth > 0 && !r->overflow) {
		uint32_t px, py, old_kids[REPAIR_MAX_KIDS], n_old = 0;

		r->depth--;
		px = r->stack_x[r->depth];
		py = r->stack_y[r->depth];
		for (uint32_t c = a->nodes[px].first_child; c != SMART_NONE;
		     c = a->nodes[c].next_sibling) {
			if (!al->csize_a[c] || !old_is_loose(al, c, py))
				continue;
			if (n_old == REPAIR_MAX_KIDS || al->csize_a[c] > REPAIR_MAX_SUBTREE) {
				r->overflow = 1;
				return;
			}
			old_kids[n_old++] = c;
		}
		for (uint32_t d = b->nodes[py].first_child; d != SMART_NONE && n_old;
		     d = b->nodes[d].next_sibling) {
			if (!al->csize_b[d] || !new_is_loose(al, d, px))
				continue;
			for (uint32_t k = 0; k < n_old; k++)
				if (old_kids[k] != SMART_NONE &&
				    al->old_label[old_kids[k]] == b->nodes[d].name_id) {
					take(r, old_kids[k], d);
					old_kids[k] = SMART_NONE;
					break;
				}
		}
	}
}

/* Pairs the identical subtrees x and y node by node, logged. */
static void take_subtree(repair *r, uint32_t x, uint32_t y)
{
	const align *al = r->al;
	uint32_t end_a = x + al->a->nodes[x].size, end_b = y + al->b->nodes[y].size;

	for (uint32_t i = x, j = y;; i++, j++) {
		while (i < end_a && !al->csize_a[i])
			i++;
		while (j < end_b && !al->csize_b[j])
			j++;
		if (i == end_a || j == end_b)
			return;
		map_set(r, 0, i, j);
		map_set(r, 1, j, i);
	}
}

/* Finds partners for the nodes whose partners the attempt took: two such
 * nodes with one label pair up (and their children are re-paired in place);
 * a new one left over takes an identical unmatched old subtree. */
static void rehome(repair *r)
{
	align *al = r->al;

	for (uint32_t k = 0; k < r->n_lost_b && !r->overflow; k++) {
		uint32_t y = r->lost_b[k], x = SMART_NONE, p;

		if (al->b2a[y] != SMART_NONE)
			continue;
		for (uint32_t i = 0; i < r->n_lost_a; i++)
			if (al->a2b[r->lost_a[i]] == SMART_NONE &&
			    al->old_label[r->lost_a[i]] == al->b->nodes[y].name_id) {
				x = r->lost_a[i];
				break;
			}
		if (x != SMART_NONE) {
			take(r, x, y);
			regrow(r);
			continue;
		}
		p = al->b->nodes[y].parent;
		x = align_find_twin(al, y, al->b2a[p] != SMART_NONE ? al->b2a[p] : 0);
		if (x != SMART_NONE)
			take_subtree(r, x, y);
	}
}

/* Empties the set of counted nodes. */
static void seen_clear(repair *r)
{
	r->gen++;
	r->n_seen = 0;
	r->n_groups = r->n_olds = 0;
}

/* Adds node `index` of side 0 (old) or 1 (new) to the set; returns 1 when
 * it was not there yet, 0 when it was, and also 0 with r->overflow set
 * when the set is half full. */
static int seen_add(repair *r, uint32_t side, uint32_t index)
{
	uint64_t key = (uint64_t)side << 32 | index;
	uint32_t s = (uint32_t)align_mix(key) & (REPAIR_SEEN_SLOTS - 1);

	for (; r->seen_gen[s] == r->gen; s = (s + 1) & (REPAIR_SEEN_SLOTS - 1))
		if (r->seen_key[s] == key)
			return 0;
	if (2 * r->n_seen >= REPAIR_SEEN_SLOTS) {
		r->overflow = 1;
		return 0;
	}
	r->seen_gen[s] = r->gen;
	r->seen_key[s] = key;
	r->n_seen++;
	return 1;
}

static void add_group(repair *r, uint32_t y)
{
	if (y != SMART_NONE && seen_add(r, 1, y))
		r->groups[r->n_groups++] = y;
}

static void add_old(repair *r, uint32_t x)
{
	if (seen_add(r, 0, x))
		r->olds[r->n_olds++] = x;
}

/* Adds to the counted sets the nodes whose operations the current state
 * of the maps may give: the written nodes, their children and parents, and
 * the new parents of the old children's partners. */
static void collect(repair *r)
{
	const align *al = r->al;
	const smart_tree *a = al->a, *b = al->b;

	for (uint32_t k = 0; k < r->log_len; k++) {
		uint32_t i = r->log[k].index;

		if (r->log[k].side) {
			add_group(r, i);
			add_group(r, b->nodes[i].parent);
			continue;
		}
		add_old(r, i);
		for (uint32_t c = a->nodes[i].first_child; c != SMART_NONE;
		     c = a->nodes[c].next_sibling)
			if (al->csize_a[c]) {
				add_old(r, c);
				if (al->a2b[c] != SMART_NONE)
					add_group(r, b->nodes[al->a2b[c]].parent);
			}
	}
}

/* Operations the script would have among the children of new node g:
 * inserts (unmatched under a matched g), updates and attribute changes
 * (counted once per pair), moves (partner's parent not g's partner, or out
 * of the LIS of the siblings that stayed). With `mark`, also sets stays[]
 * of the children as the script will. -1 when g has more than `limit`
 * children. */
static long group_cost(repair *r, uint32_t g, uint32_t limit, int mark)
{
	align *al = r->al;
	uint32_t pg = al->b2a[g], m = 0, lis = 0;
	long cost = 0;

	if (al->b->nodes[g].child_count > limit)
		return -1;
	for (uint32_t c = al->b->nodes[g].first_child; c != SMART_NONE;
	     c = al->b->nodes[c].next_sibling) {
		uint32_t d = al->b2a[c];

		if (mark)
			al->stays[c] = 0;
		if (!al->csize_b[c])
			continue;
		if (d == SMART_NONE) {
			cost += pg != SMART_NONE;
			continue;
		}
		cost += al->own_a[d] != al->own_b[c];
		if (pg == SMART_NONE || al->a->nodes[d].parent != pg) {
			cost++;
		} else {
			r->kids[m] = c;
			r->weights[m] = al->csize_a[d] + al->csize_b[c];
			r->keys[m++] = d;
		}
	}
	align_lis_weighted(r->keys, r->weights, m, r->in_lis, r->lis_work);
	for (uint32_t k = 0; k < m; k++) {
		lis += r->in_lis[k];
		if (mark)
			al->stays[r->kids[k]] = r->in_lis[k];
	}
	return cost + (long)(m - lis);
}

/* Script operations over the counted sets in the current state of the maps
 * (deletes: unmatched old nodes under a matched parent); -1 when a group is
 * too big. */
static long local_cost(repair *r)
{
	const align *al = r->al;
	long cost = 0;

	for (uint32_t k = 0; k < r->n_groups; k++) {
		long c = group_cost(r, r->groups[k], REPAIR_MAX_GROUP, 0);

		if (c < 0)
			return -1;
		cost += c;
	}
	for (uint32_t k = 0; k < r->n_olds; k++) {
		uint32_t x = r->olds[k], p = al->a->nodes[x].parent;

		cost += al->a2b[x] == SMART_NONE && p != SMART_NONE &&
			al->a2b[p] != SMART_NONE;
	}
	return cost;
}

/* Tries pairing old x with new y in place (and what follows from it);
 * keeps the result when the script gets shorter, bringing stays[] up to
 * date. Returns 1 when kept. */
static int attempt(repair *r, uint32_t x, uint32_t y)
{
	long before, after;

	r->log_len = r->depth = r->n_lost_a = r->n_lost_b = 0;
	r->overflow = 0;
	take(r, x, y);
	regrow(r);
	rehome(r);
	if (r->overflow) {
		replay(r, 1);
		return 0;
	}
	seen_clear(r);
	collect(r);
	after = local_cost(r);
	replay(r, 1);
	collect(r);
	before = local_cost(r);
	if (r->overflow || after < 0 || before < 0 || after >= before)
		return 0;
	replay(r, 0);
	for (uint32_t k = 0; k < r->n_groups; k++)
		group_cost(r, r->groups[k], UINT32_MAX, 1);
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
	int in_order_swap = al->b2a[y] != SMART_NONE && !new_is_loose(al, y, px);

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

	seen_clear(r);
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
		x = align_find_twin(al, y, al->b2a[py]);
		if (x == SMART_NONE)
			continue;
		align_match_subtree(al, x, y);
		memset(al->stays + y + 1, 1, b->nodes[y].size - 1);
		add_group(r, py);
		if (r->overflow) { /* set full: bring the groups so far up to date */
			for (uint32_t k = 0; k < r->n_groups; k++)
				group_cost(r, r->groups[k], UINT32_MAX, 1);
			seen_clear(r);
			r->overflow = 0;
			add_group(r, py);
		}
	}
	for (uint32_t k = 0; k < r->n_groups; k++)
		group_cost(r, r->groups[k], UINT32_MAX, 1);
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

int align_repair(align *al, smart_error *err)
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
	    align_mark_in_order(al, al->stays) < 0) {
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
