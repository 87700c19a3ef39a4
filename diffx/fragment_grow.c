/*
 * DiffX phase 2, growing one fragment: from a pair (x, y) of same-labelled
 * nodes, the children of each pair are aligned (anchors by their longest
 * increasing subsequence, the gaps between them by fragment_gap.c) and the
 * pairs found are grown in turn, over an explicit work list. Also the
 * grower's work arrays and the growable pair list.
 */
#include "fragment.h"

#include <stdlib.h>
#include <string.h>

#include "common/array.h"

int smart__fragment_pairs_push(pairs *p, uint32_t x, uint32_t y)
{
	if (smart__array_reserve((void **)&p->x, &p->cap_x, p->len, sizeof(*p->x), 256) < 0 ||
	    smart__array_reserve((void **)&p->y, &p->cap_y, p->len, sizeof(*p->y), 256) < 0)
		return -1;
	p->x[p->len] = x;
	p->y[p->len] = y;
	p->len++;
	return 0;
}

/* Aligns the content children of the pair (px, py) and appends the pairs
 * it finds to `out`. Returns the work done (children looked at), or
 * SIZE_MAX when out of memory. */
static size_t align_children(grower *g, uint32_t px, uint32_t py, pairs *out)
{
	align *al = g->al;
	uint32_t na = smart__align_content_children(al->a, px, g->kids_a);
	uint32_t nb = smart__align_content_children(al->b, py, g->kids_b);
	uint32_t m = 0, ia = 0, jb = 0;

	if (na == 0 || nb == 0)
		return na + nb;
	for (uint32_t j = 0; j < nb; j++) {
		uint32_t x = al->b2a[g->kids_b[j]];

		if (x != SMART_NONE && al->a->nodes[x].parent == px) {
			g->keys[m] = x;
			g->key_pos[m++] = j;
		}
	}
	smart__align_lis(g->keys, m, g->in_lis, g->lis_work);
	for (uint32_t k = 0; k <= m; k++) {
		uint32_t anchor_x, anchor_j, ga = 0, gb = 0;

		if (k < m && !g->in_lis[k])
			continue;
		if (k < m)
			g->anchored += al->csize_a[g->keys[k]];
		anchor_x = k < m ? g->keys[k] : SMART_NONE;
		anchor_j = k < m ? g->key_pos[k] : nb;
		for (; ia < na && g->kids_a[ia] != anchor_x; ia++)
			if (al->a2b[g->kids_a[ia]] == SMART_NONE)
				g->gap_a[ga++] = g->kids_a[ia];
		for (; jb < anchor_j; jb++)
			if (al->b2a[g->kids_b[jb]] == SMART_NONE)
				g->gap_b[gb++] = g->kids_b[jb];
		ia++;
		jb++;
		if (smart__fragment_pair_gap(g, ga, gb, out) < 0)
			return SIZE_MAX;
	}
	return na + nb;
}

/* Grows the fragment of (x, y) into g->cur (which starts with that pair).
 * Stops early, returning 1, when `limit` work is exceeded; -1 when out of
 * memory; 0 when complete. The fragment's size is its pairs plus the nodes
 * under the anchors it meets (matched subtrees that sit where the fragment
 * expects them); *agree counts those anchored nodes and the pairs whose own
 * content is equal. */
int smart__fragment_grow(grower *g, uint32_t x, uint32_t y, size_t limit,
		  size_t *work, uint32_t *agree)
{
	pairs *p = &g->cur;
	uint32_t depth = 0;

	p->len = 0;
	*agree = 0;
	g->anchored = 0;
	if (smart__fragment_pairs_push(p, x, y) < 0)
		return -1;
	/* Depth first over the recorded pairs (a stack of their indices),
	 * first child first, so the walk follows both arrays in pre-order. */
	g->stack[depth++] = 0;
	while (depth > 0) {
		uint32_t k = g->stack[--depth], before = p->len;
		size_t w = align_children(g, p->x[k], p->y[k], p);

		if (w == SIZE_MAX)
			return -1;
		*agree += g->al->own_a[p->x[k]] == g->al->own_b[p->y[k]];
		*work += w + 1;
		if (*work > limit)
			return 1;
		for (uint32_t i = p->len; i-- > before;)
			g->stack[depth++] = i;
	}
	*agree += g->anchored;
	return 0;
}

void smart__fragment_apply(align *al, const pairs *p)
{
	for (uint32_t k = 0; k < p->len; k++)
		if (al->a2b[p->x[k]] == SMART_NONE)
			smart__align_pair(al, p->x[k], p->y[k]);
}

void smart__fragment_grower_free(grower *g)
{
	free(g->kids_a);
	free(g->kids_b);
	free(g->gap_a);
	free(g->gap_b);
	free(g->keys);
	free(g->key_pos);
	free(g->lis_work);
	free(g->in_lis);
	free(g->label_head);
	free(g->label_tail);
	free(g->queue_next);
	free(g->stack);
	free(g->cur.x);
	free(g->cur.y);
	free(g->best.x);
	free(g->best.y);
}

int smart__fragment_grower_init(grower *g, align *al)
{
	size_t na = al->a->count + 1, nb = al->b->count + 1;
	size_t labels = al->b->name_count + 1;

	memset(g, 0, sizeof(*g));
	g->al = al;
	g->kids_a = malloc(na * sizeof(uint32_t));
	g->gap_a = malloc(na * sizeof(uint32_t));
	g->queue_next = malloc(na * sizeof(uint32_t));
	g->kids_b = malloc(nb * sizeof(uint32_t));
	g->gap_b = malloc(nb * sizeof(uint32_t));
	g->keys = malloc(nb * sizeof(uint32_t));
	g->key_pos = malloc(nb * sizeof(uint32_t));
	g->lis_work = malloc(2 * nb * sizeof(uint32_t));
	g->in_lis = malloc(nb);
	g->stack = malloc(nb * sizeof(uint32_t));
	g->label_head = malloc(labels * sizeof(uint32_t));
	g->label_tail = malloc(labels * sizeof(uint32_t));
	g->budget = (na + nb) / 2 + 10000;
	if (!g->kids_a || !g->gap_a || !g->queue_next ||
	    !g->kids_b || !g->gap_b || !g->keys || !g->key_pos ||
	    !g->lis_work || !g->in_lis || !g->stack || !g->label_head || !g->label_tail) {
		smart__fragment_grower_free(g);
		return -1;
	}
	memset(g->label_head, 0xff, labels * sizeof(uint32_t));
	return 0;
}

