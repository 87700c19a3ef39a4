/*
 * DiffX phase 2: top-down isolated-fragment mapping.
 *
 * A fragment grows from a pair (x, y) of same-labelled nodes: the children
 * of x and y are aligned, and every pair of children that the alignment
 * produces joins the fragment and is grown in turn (breadth first, over an
 * explicit work list, never recursion). Aligning the children of a pair:
 * the children already matched to each other (by phase 1) and in the same
 * relative order (their longest increasing subsequence) are anchors; the
 * unmatched children between two consecutive anchors form a gap, and within
 * a gap identical subtrees pair first, then same-labelled ones (by a small
 * similarity-weighted alignment when the gap is small, in order per label
 * when it is large).
 *
 * The fragment of the two document nodes is grown first and covers most of
 * a page. Then every new node still unmatched, in level order, looks for
 * its best partner elsewhere: an identical unmatched old subtree (a moved
 * subtree), else the unmatched old node with the same label whose fragment
 * is largest, accepted only when most of the fragment's pairs agree in
 * their own content (so unrelated deleted and inserted nodes are not forced
 * into a "move"). Candidate lookups are indexed by label and bounded, and
 * speculative growth shares one work budget proportional to the documents,
 * so alignment stays near-linear.
 *
 * This file is the driver and the search for partners of the nodes left
 * over; growing a fragment is in smart__fragment_grow.c, pairing the children of
 * a gap in fragment_gap.c (fragment.h).
 */
#include "fragment.h"

#include <stdlib.h>
#include <string.h>

#define CANDIDATES 4          /* label candidates tried per node */
#define LABEL_MIN_SUBTREE 4   /* smaller nodes only pair with exact twins */
#define CANDIDATE_PROBES 64   /* label-list entries looked at per node */
#define SIBLING_PROBES 64     /* same-labelled old siblings match_sibling scans */
#define SIBLING_VISITS 256    /* label-index entries it reads to find them */

/* The old nodes still unmatched, grouped by label, each group in
 * pre-order: by_label[start[l] .. start[l + 1]). */
static int index_labels(const align *al, uint32_t **start_out,
			uint32_t **by_label_out)
{
	uint32_t labels = al->b->name_count;
	uint32_t *start = calloc((size_t)labels + 2, sizeof(uint32_t));
	uint32_t *by_label = malloc(((size_t)al->a->count + 1) * sizeof(uint32_t));

	if (!start || !by_label) {
		free(start);
		free(by_label);
		return -1;
	}
	for (uint32_t i = 0; i < al->a->count; i++)
		if (al->a2b[i] == SMART_NONE && al->old_label[i] != SMART_NONE)
			start[al->old_label[i] + 2]++;
	for (uint32_t l = 2; l < labels + 2; l++)
		start[l] += start[l - 1];
	for (uint32_t i = 0; i < al->a->count; i++)
		if (al->a2b[i] == SMART_NONE && al->old_label[i] != SMART_NONE)
			by_label[start[al->old_label[i] + 1]++] = i;
	*start_out = start;
	*by_label_out = by_label;
	return 0;
}

/* Looks for the best unmatched old partner of the unmatched new node y
 * among the old nodes with its label, nearest to old position `near`
 * first; pairs the winning fragment. */
static int match_by_label(grower *g, uint32_t y, uint32_t near,
			  const uint32_t *start, const uint32_t *by_label)
{
	align *al = g->al;
	uint32_t l = al->b->nodes[y].name_id;
	const uint32_t *list = by_label + start[l];
	uint32_t len = start[l + 1] - start[l];
	uint32_t left, right, probes = 0, tried = 0;
	uint32_t best_size = 0;
	pairs swap;

	g->best.len = 0;
	left = right = smart__align_lower_bound(list, len, near);
	while (g->budget > 0 && tried < CANDIDATES &&
	       probes < CANDIDATE_PROBES && (left > 0 || right < len)) {
		uint32_t x, agree;
		size_t work = 0;
		int rc;

		if (right < len && (left == 0 || list[right] - near <= near - list[left - 1]))
			x = list[right++];
		else
			x = list[--left];
		probes++;
		if (al->a2b[x] != SMART_NONE || al->csize_a[x] < LABEL_MIN_SUBTREE)
			continue;
		tried++;
		rc = smart__fragment_grow(g, x, y, g->budget, &work, &agree);
		g->budget = work < g->budget ? g->budget - work : 0;
		if (rc < 0)
			return -1;
		if (rc > 0)
			break;
		if (2 * agree > g->cur.len + g->anchored &&
		    g->cur.len + g->anchored > best_size) {
			swap = g->best;
			g->best = g->cur;
			g->cur = swap;
			best_size = g->best.len + g->anchored;
		}
	}
	smart__fragment_apply(al, &g->best);
	return 0;
}

/* An unmatched new node y whose parent is matched to old px may have
 * moved among its siblings and changed on the way (a form field moved
 * after a select, its label reworded): gaps cannot pair across anchors,
 * so look for an unmatched old child of px with y's label, the most alike
 * first, and pair the two with their fragment, as a gap would. The
 * candidates come from the label index (old nodes unmatched after the
 * first growth, in pre-order), from px onwards: walking px's children
 * instead cost a pass over all of them for every new child, quadratic
 * when thousands of siblings share no label with the new ones (40 000 <b>
 * replaced by <i> took 8 s; found while probing for slow inputs beside the
 * fuzzing, docs/fuzzing.md). Returns 1 when paired, 0 when not, -1 when
 * out of memory. */
static int match_sibling(grower *g, uint32_t y, uint32_t px,
			 const uint32_t *start, const uint32_t *by_label)
{
	align *al = g->al;
	uint32_t label = al->b->nodes[y].name_id, best = SMART_NONE, looked = 0;
	const uint32_t *list = by_label + start[label];
	uint32_t len = start[label + 1] - start[label];
	uint32_t end = px + al->a->nodes[px].size, visits = 0;
	int best_score = -1;
	size_t work = 0;
	uint32_t agree;

	for (uint32_t i = smart__align_lower_bound(list, len, px + 1);
	     i < len && list[i] < end && looked < SIBLING_PROBES && visits < SIBLING_VISITS;
	     i++, visits++) {
		uint32_t c = list[i];
		int score;

		if (al->a->nodes[c].parent != px)
			continue; /* a deeper descendant with the label */
		looked++;
		if (al->a2b[c] != SMART_NONE)
			continue;
		score = smart__fragment_gap_similarity(al, c, y);
		if (score > best_score) {
			best = c;
			best_score = score;
		}
	}
	if (best == SMART_NONE)
		return 0;
	if (smart__fragment_grow(g, best, y, SIZE_MAX, &work, &agree) < 0)
		return -1;
	smart__fragment_apply(al, &g->cur);
	return 1;
}

/* Sorts nodes by depth, keeping their order within a depth (counting
 * sort). */
static int sort_by_depth(const smart_tree *t, uint32_t *nodes, uint32_t n)
{
	uint32_t max = 0, *start, *out;

	for (uint32_t i = 0; i < n; i++)
		if (t->nodes[nodes[i]].depth > max)
			max = t->nodes[nodes[i]].depth;
	start = calloc((size_t)max + 2, sizeof(uint32_t));
	out = malloc(((size_t)n + 1) * sizeof(uint32_t));
	if (!start || !out) {
		free(start);
		free(out);
		return -1;
	}
	for (uint32_t i = 0; i < n; i++)
		start[t->nodes[nodes[i]].depth + 1]++;
	for (uint32_t d = 1; d <= max + 1; d++)
		start[d] += start[d - 1];
	for (uint32_t i = 0; i < n; i++)
		out[start[t->nodes[nodes[i]].depth]++] = nodes[i];
	memcpy(nodes, out, n * sizeof(uint32_t));
	free(start);
	free(out);
	return 0;
}

int smart__align_match_fragments(align *al, smart_error *err)
{
	const smart_tree *b = al->b;
	grower g;
	uint32_t *order = NULL, *near = NULL, *start = NULL, *by_label = NULL;
	uint32_t head = 0, tail = 0, agree;
	size_t work = 0;
	int rc = -1;

	if (smart__fragment_grower_init(&g, al) < 0)
		return smart_error_oom(err);
	/* The fragment of the two documents: top-down over the whole page. */
	if (smart__fragment_grow(&g, 0, 0, SIZE_MAX, &work, &agree) < 0)
		goto out;
	smart__fragment_apply(al, &g.cur);
	order = malloc(b->count * sizeof(uint32_t));
	near = malloc(b->count * sizeof(uint32_t));
	if (!order || !near || index_labels(al, &start, &by_label) < 0)
		goto out;
	near[0] = 0;
	/* Then every new node left over, in level order (sorted by depth,
	 * pre-order within a depth). near[y]: the old partner of y's nearest
	 * matched ancestor, where a partner for y is most likely. */
	for (uint32_t y = 1; y < b->count; y++) {
		uint32_t p;

		/* Matched nodes need no near[] (their children read their
		 * partner), so most node records are never touched here. */
		if (al->b2a[y] != SMART_NONE || !al->csize_b[y])
			continue;
		p = b->nodes[y].parent;
		near[y] = al->b2a[p] != SMART_NONE ? al->b2a[p] : near[p];
		order[tail++] = y;
	}
	if (sort_by_depth(b, order, tail) < 0)
		goto out;
	for (head = 0; head < tail; head++) {
		uint32_t y = order[head], x, p = b->nodes[y].parent;

		if (al->b2a[y] != SMART_NONE)
			continue;
		if (al->b2a[p] != SMART_NONE)
			near[y] = al->b2a[p];
		x = smart__align_find_twin(al, y, near[y]);
		if (x != SMART_NONE) {
			smart__align_match_subtree(al, x, y);
			continue;
		}
		if (al->b2a[p] != SMART_NONE) {
			int found = match_sibling(&g, y, al->b2a[p], start, by_label);

			if (found < 0)
				goto out;
			if (found > 0)
				continue;
		}
		/* A fragment of two or three nodes reaches a majority of
		 * agreeing pairs only as an exact twin, found above. */
		if (al->csize_b[y] >= LABEL_MIN_SUBTREE &&
		    match_by_label(&g, y, near[y], start, by_label) < 0)
			goto out;
	}
	rc = 0;
out:
	if (rc < 0)
		smart_error_oom(err);
	free(order);
	free(near);
	free(start);
	free(by_label);
	smart__fragment_grower_free(&g);
	return rc;
}
