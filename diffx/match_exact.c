/*
 * DiffX phase 1: exact matching. Identical content subtrees of the two trees
 * (same subtree hash, confirmed node by node) are paired whole, larger
 * before smaller (an ancestor before its descendants). A subtree whose hash occurs more than once in either
 * document is paired here only when it is big (small repeated subtrees such as
 * "<td>0</td>" are ambiguous; phase 2 pairs them inside already aligned
 * parents, where position settles the question).
 */
#include "align.h"

#include <stdlib.h>
#include <string.h>

/* Ambiguous identical subtrees at least this big are paired in phase 1. */
#define EXACT_BIG_SUBTREE 16
/* How many bucket entries a twin search looks at, at most. */
#define TWIN_PROBES 64

/* Next content node at or after i within [.., end) (comments and PIs are
 * leaves, so skipping one skips one index). Content nodes are those with a
 * content size: reading that small array instead of the node records keeps
 * these walks, which cover most of both documents, light on memory. */
static uint32_t next_content(const uint32_t *csize, uint32_t i, uint32_t end)
{
	while (i < end && !csize[i])
		i++;
	return i;
}

int smart__align_subtree_free_and_equal(const align *al, uint32_t x, uint32_t y)
{
	const smart_tree *a = al->a, *b = al->b;
	uint32_t end_a = x + a->nodes[x].size, end_b = y + b->nodes[y].size;
	uint32_t i = x, j = y;

	if (al->sub_a[x] != al->sub_b[y] || al->csize_a[x] != al->csize_b[y])
		return 0;
	for (;;) {
		i = next_content(al->csize_a, i, end_a);
		j = next_content(al->csize_b, j, end_b);
		if (i == end_a || j == end_b)
			return i == end_a && j == end_b;
		/* Equal own-content hashes and sizes node by node, under equal
		 * subtree hashes: a wrong match would need several 64-bit
		 * collisions at once, and reading two hash arrays costs far
		 * less than comparing strings all over memory. */
		if (al->a2b[i] != SMART_NONE || al->b2a[j] != SMART_NONE ||
		    al->own_a[i] != al->own_b[j] || al->csize_a[i] != al->csize_b[j])
			return 0;
		i++;
		j++;
	}
}

void smart__align_match_subtree(align *al, uint32_t x, uint32_t y)
{
	uint32_t end_a = x + al->a->nodes[x].size, end_b = y + al->b->nodes[y].size;
	uint32_t i = x, j = y;

	for (;;) {
		i = next_content(al->csize_a, i, end_a);
		j = next_content(al->csize_b, j, end_b);
		if (i == end_a || j == end_b)
			break;
		smart__align_pair(al, i, j);
		i++;
		j++;
	}
}

uint32_t smart__align_find_twin(const align *al, uint32_t y, uint32_t near)
{
	const align_bucket *bk;
	const uint32_t *slice;
	uint32_t right, left, probes = 0, best = SMART_NONE;
	uint32_t want_parent = SMART_NONE;
	uint32_t py = al->b->nodes[y].parent;

	if (al->bucket_b[y] == SMART_NONE || !align_may_have_twin(al, y))
		return SMART_NONE;
	bk = &al->buckets[al->bucket_b[y]];
	if (bk->old_len == 0)
		return SMART_NONE;
	if (py != SMART_NONE)
		want_parent = al->b2a[py];
	slice = al->old_by_hash + bk->old_start;
	right = smart__align_lower_bound(slice, bk->old_len, near);
	left = right;
	/* Walk outwards from `near`, nearest first; the first candidate
	 * under the parent matched to y's parent wins outright. */
	while (probes < TWIN_PROBES && (left > 0 || right < bk->old_len)) {
		uint32_t x;

		if (right < bk->old_len &&
		    (left == 0 || slice[right] - near <= near - slice[left - 1]))
			x = slice[right++];
		else
			x = slice[--left];
		probes++;
		if (al->a2b[x] != SMART_NONE)
			continue;
		if (want_parent == SMART_NONE) {
			if (smart__align_subtree_free_and_equal(al, x, y))
				return x;
			continue;
		}
		if (al->a->nodes[x].parent == want_parent &&
		    smart__align_subtree_free_and_equal(al, x, y))
			return x;
		if (best == SMART_NONE)
			best = x;
	}
	if (best != SMART_NONE && !smart__align_subtree_free_and_equal(al, best, y))
		best = SMART_NONE;
	return best;
}

int smart__align_match_exact(align *al, smart_error *err)
{
	const smart_tree *b = al->b;
	uint32_t nb = b->count;

	(void)err;
	/* Top-down in pre-order: a node is looked at only when no ancestor
	 * found its twin, so ancestors (larger subtrees) always go first, the
	 * walk stays sequential in memory, and each matched subtree is skipped
	 * whole. */
	for (uint32_t y = 1; y < nb;) {
		const align_bucket *bk;
		uint32_t x, near;

		if (!al->csize_b[y] || al->b2a[y] != SMART_NONE ||
		    !align_may_have_twin(al, y)) {
			y++;
			continue;
		}
		bk = &al->buckets[al->bucket_b[y]];
		if (bk->old_len == 0 ||
		    (!(bk->old_len == 1 && bk->new_len == 1) &&
		     al->csize_b[y] < EXACT_BIG_SUBTREE)) {
			y++;
			continue;
		}
		/* Where y would sit in the old tree if edits were spread
		 * evenly. */
		near = (uint32_t)((uint64_t)y * al->a->count / nb);
		x = smart__align_find_twin(al, y, near);
		if (x == SMART_NONE) {
			y++;
			continue;
		}
		smart__align_match_subtree(al, x, y);
		y += b->nodes[y].size;
	}
	return 0;
}
