/*
 * DiffX phase 2b, making an attempt: pairs an old and a new node in place,
 * re-pairs their children in place, and finds new partners for the nodes
 * whose partners were taken, logging every write to the maps so that the
 * attempt can be undone and redone (repair.c decides which).
 */
#include "repair.h"

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
void smart__repair_replay(repair *r, int undo)
{
	for (uint32_t k = 0; k < r->log_len; k++) {
		const map_write *w = &r->log[undo ? r->log_len - 1 - k : k];
		uint32_t *map = w->side ? r->al->b2a : r->al->a2b;

		map[w->index] = undo ? w->before : w->after;
	}
}

/* Pairs old x with new y, logged, recording the partners they leave. */
void smart__repair_take(repair *r, uint32_t x, uint32_t y)
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

int smart__repair_new_is_loose(const align *al, uint32_t y, uint32_t px)
{
	uint32_t x = al->b2a[y];

	return x == SMART_NONE || al->a->nodes[x].parent != px;
}

/* Re-pairs the children of the pairs on the stack in place: a loose new
 * child takes the first loose old child with its label not taken yet. */
void smart__repair_regrow(repair *r)
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
			if (!al->csize_b[d] || !smart__repair_new_is_loose(al, d, px))
				continue;
			for (uint32_t k = 0; k < n_old; k++)
				if (old_kids[k] != SMART_NONE &&
				    al->old_label[old_kids[k]] == b->nodes[d].name_id) {
					smart__repair_take(r, old_kids[k], d);
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
void smart__repair_rehome(repair *r)
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
			smart__repair_take(r, x, y);
			smart__repair_regrow(r);
			continue;
		}
		p = al->b->nodes[y].parent;
		x = smart__align_find_twin(al, y, al->b2a[p] != SMART_NONE ? al->b2a[p] : 0);
		if (x != SMART_NONE)
			take_subtree(r, x, y);
	}
}

