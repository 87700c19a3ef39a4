/*
 * DiffX phase 2b, counting: the script operations that an attempt can
 * change (those of the nodes it wrote, their children and parents), over
 * a small set of counted nodes, in the current state of the maps. Every
 * operation of a node depends only on its own partner and its parent's
 * (moves among siblings through their LIS), so the count is local.
 */
#include "repair.h"

/* Empties the set of counted nodes. */
void smart__repair_seen_clear(repair *r)
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
	uint32_t s = (uint32_t)smart__align_mix(key) & (REPAIR_SEEN_SLOTS - 1);

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

void smart__repair_add_group(repair *r, uint32_t y)
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
void smart__repair_collect(repair *r)
{
	const align *al = r->al;
	const smart_tree *a = al->a, *b = al->b;

	for (uint32_t k = 0; k < r->log_len; k++) {
		uint32_t i = r->log[k].index;

		if (r->log[k].side) {
			smart__repair_add_group(r, i);
			smart__repair_add_group(r, b->nodes[i].parent);
			continue;
		}
		add_old(r, i);
		for (uint32_t c = a->nodes[i].first_child; c != SMART_NONE;
		     c = a->nodes[c].next_sibling)
			if (al->csize_a[c]) {
				add_old(r, c);
				if (al->a2b[c] != SMART_NONE)
					smart__repair_add_group(r, b->nodes[al->a2b[c]].parent);
			}
	}
}

/* Operations the script would have among the children of new node g:
 * inserts (unmatched under a matched g), updates and attribute changes
 * (counted once per pair), moves (partner's parent not g's partner, or out
 * of the LIS of the siblings that stayed). With `mark`, also sets stays[]
 * of the children as the script will. -1 when g has more than `limit`
 * children. */
long smart__repair_group_cost(repair *r, uint32_t g, uint32_t limit, int mark)
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
	smart__align_lis_weighted(r->keys, r->weights, m, r->in_lis, r->lis_work);
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
long smart__repair_local_cost(repair *r)
{
	const align *al = r->al;
	long cost = 0;

	for (uint32_t k = 0; k < r->n_groups; k++) {
		long c = smart__repair_group_cost(r, r->groups[k], REPAIR_MAX_GROUP, 0);

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

