/*
 * DiffX phase 2, pairing within a gap: the unmatched children between two
 * anchors of an aligned pair, paired by an order-preserving similarity
 * alignment when the gap is small, else by identical subtrees first and
 * then in order per label. Also the cheap subtree similarity that the
 * sibling search of match_fragments.c uses to rank candidates.
 */
#include "fragment.h"

#define DP_MAX_CELLS 400      /* gap alignment by DP up to this many pairs */
#define SIM_NODES 24          /* descendants compared by gap_similarity */

/* Up to SIM_NODES unmatched content descendants of a node, by their
 * own-content hashes, with the low bit telling whether the node has text
 * or attributes; adds 2 to *score for each of the first matched subtrees
 * below the node whose partner lies in the subtree of `other` in the other
 * tree (`other_tree` given). */
static uint32_t sample(const smart_tree *t, const uint64_t *own, uint32_t node,
		       const uint32_t *map, const smart_tree *other_tree,
		       uint32_t other, uint64_t *out, int *score)
{
	uint32_t n = 0, seen = 0, end = node + t->nodes[node].size;
	uint32_t other_size = other_tree ? other_tree->nodes[other].size : 0;

	for (uint32_t i = node + 1; i < end && seen < 2 * SIM_NODES; i++) {
		const smart_node *d = &t->nodes[i];

		if (!smart_node_is_content(d))
			continue;
		seen++;
		if (map[i] != SMART_NONE) {
			/* A matched subtree is one piece of evidence however
			 * big it is (a big subtree that moved away must not
			 * outweigh the many small ones that stayed). */
			*score += 2 * (map[i] - other < other_size);
			i += d->size - 1;
		} else if (n < SIM_NODES)
			out[n++] = (own[i] & ~1ull) | (d->text || d->attr_count);
	}
	return n;
}

/* How alike two same-labelled subtrees look, cheaply: equal attributes or
 * text count most; then the matched descendants of x whose partners lie
 * inside y (the evidence phase 1 left), and the unmatched descendants of y
 * with an equal counterpart among those of x (bare elements such as
 * "<b></b>" count half). Matched descendants that went elsewhere count
 * nothing: a subtree that moved out says nothing about its old parent's
 * partner. Used to choose partners in small gaps and among siblings. */
int smart__fragment_gap_similarity(const align *al, uint32_t x, uint32_t y)
{
	uint64_t sa[SIM_NODES], sb[SIM_NODES];
	int score = 0;
	uint32_t na = sample(al->a, al->own_a, x, al->a2b, al->b, y, sa, &score);
	uint32_t nb = sample(al->b, al->own_b, y, al->b2a, NULL, 0, sb, &score);
	const smart_node *n = &al->b->nodes[y];

	/* Equal attributes or text identify a node better than anything
	 * below it (the rest of a section whose big part moved elsewhere is
	 * still that section). */
	if (al->own_a[x] == al->own_b[y] && (n->attr_count || n->text))
		score += 8 * SIM_NODES;
	for (uint32_t j = 0; j < nb; j++)
		for (uint32_t i = 0; i < na; i++)
			if (sa[i] == sb[j]) {
				sa[i] = 0;
				score += 1 + (int)(sb[j] & 1);
				break;
			}
	return score;
}

/* Pairs a small gap (old children a[0..na), new children b[0..nb)) by an
 * order-preserving alignment that maximises the summed similarity of
 * same-labelled pairs (identical subtrees get a bonus, but do not grab a
 * partner out of its place: two plain pairs in order beat that). */
static int pair_gap_dp(const align *al, const uint32_t *a, uint32_t na,
		       const uint32_t *b, uint32_t nb, pairs *out)
{
	int dp[(DP_MAX_CELLS + 1) * 2 + DP_MAX_CELLS + 1];
	uint32_t w = nb + 1;

	for (uint32_t i = 0; i <= na; i++)
		for (uint32_t j = 0; j <= nb; j++) {
			int v = 0;

			if (i > 0 && j > 0) {
				uint32_t x = a[i - 1], y = b[j - 1];

				v = dp[(i - 1) * w + j] > dp[i * w + j - 1]
					    ? dp[(i - 1) * w + j]
					    : dp[i * w + j - 1];
				if (al->old_label[x] == al->b->nodes[y].name_id) {
					/* Two per pair: keeping two plain pairs
					 * beats one pair that is a little more
					 * alike. */
					int d = dp[(i - 1) * w + j - 1] + 2 +
						2 * (al->sub_a[x] == al->sub_b[y]) +
						smart__fragment_gap_similarity(al, x, y);

					if (d > v)
						v = d;
				}
			}
			dp[i * w + j] = v;
		}
	for (uint32_t i = na, j = nb; i > 0 && j > 0;) {
		if (dp[i * w + j] == dp[(i - 1) * w + j]) {
			i--;
		} else if (dp[i * w + j] == dp[i * w + j - 1]) {
			j--;
		} else {
			if (smart__fragment_pairs_push(out, a[i - 1], b[j - 1]) < 0)
				return -1;
			i--;
			j--;
		}
	}
	return 0;
}

/* Pairs a large gap: per label, in order. */
static int pair_gap_fifo(grower *g, const uint32_t *a, uint32_t na,
			 const uint32_t *b, uint32_t nb, pairs *out)
{
	const align *al = g->al;
	int rc = 0;

	for (uint32_t i = 0; i < na; i++) {
		uint32_t l = al->old_label[a[i]];

		if (l == SMART_NONE)
			continue;
		g->queue_next[i] = SMART_NONE;
		if (g->label_head[l] == SMART_NONE)
			g->label_head[l] = i;
		else
			g->queue_next[g->label_tail[l]] = i;
		g->label_tail[l] = i;
	}
	for (uint32_t j = 0; j < nb && rc == 0; j++) {
		uint32_t l = al->b->nodes[b[j]].name_id, i;

		if ((i = g->label_head[l]) == SMART_NONE)
			continue;
		g->label_head[l] = g->queue_next[i];
		rc = smart__fragment_pairs_push(out, a[i], b[j]);
	}
	for (uint32_t i = 0; i < na; i++) { /* leave the queues empty */
		uint32_t l = al->old_label[a[i]];

		if (l != SMART_NONE)
			g->label_head[l] = SMART_NONE;
	}
	return rc;
}

/* Pairs same-labelled children of a gap free of identical pairs. */
static int pair_by_label(grower *g, uint32_t a0, uint32_t na, uint32_t b0,
			 uint32_t nb, pairs *out)
{
	if (na == 0 || nb == 0)
		return 0;
	if ((uint64_t)na * nb <= DP_MAX_CELLS)
		return pair_gap_dp(g->al, g->gap_a + a0, na, g->gap_b + b0, nb, out);
	return pair_gap_fifo(g, g->gap_a + a0, na, g->gap_b + b0, nb, out);
}

/* Pairs the unmatched children of one gap (g->gap_a[0..na), g->gap_b[0..nb)):
 * a small gap by the similarity alignment; a large one by identical
 * subtrees first, found by a monotone sweep (linear, and enough in
 * practice), which split the gap again, the children between two identical
 * pairs being paired by label. */
int smart__fragment_pair_gap(grower *g, uint32_t na, uint32_t nb, pairs *out)
{
	const align *al = g->al;
	uint32_t from = 0, ia = 0, jb = 0;

	if (na == 0 || nb == 0)
		return 0;
	if (na == nb) {
		/* The common case, one changed child (or a few) in place: when
		 * the labels agree position by position, pairing in order is
		 * what any alignment would do. */
		uint32_t k = 0;

		while (k < na && al->old_label[g->gap_a[k]] == al->b->nodes[g->gap_b[k]].name_id)
			k++;
		if (k == na) {
			for (k = 0; k < na; k++)
				if (smart__fragment_pairs_push(out, g->gap_a[k], g->gap_b[k]) < 0)
					return -1;
			return 0;
		}
	}
	if ((uint64_t)na * nb <= DP_MAX_CELLS)
		return pair_gap_dp(al, g->gap_a, na, g->gap_b, nb, out);
	for (uint32_t j = 0; j < nb; j++)
		for (uint32_t i = from; i < na && i < from + 8; i++)
			if (al->sub_a[g->gap_a[i]] == al->sub_b[g->gap_b[j]]) {
				if (pair_by_label(g, ia, i - ia, jb, j - jb, out) < 0 ||
				    smart__fragment_pairs_push(out, g->gap_a[i], g->gap_b[j]) < 0)
					return -1;
				from = ia = i + 1;
				jb = j + 1;
				break;
			}
	return pair_by_label(g, ia, na - ia, jb, nb - jb, out);
}
