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
 */
#include "align.h"

#include <stdlib.h>
#include <string.h>

#define CANDIDATES 4          /* label candidates tried per node */
#define LABEL_MIN_SUBTREE 4   /* smaller nodes only pair with exact twins */
#define CANDIDATE_PROBES 64   /* label-list entries looked at per node */
#define DP_MAX_CELLS 400      /* gap alignment by DP up to this many pairs */
#define SIM_NODES 24          /* descendants compared by gap_similarity */
#define SIBLING_PROBES 64     /* same-labelled old siblings match_sibling scans */
#define SIBLING_VISITS 256    /* label-index entries it reads to find them */

typedef struct pairs {
	uint32_t *x, *y;
	uint32_t len, cap;
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

static int pairs_push(pairs *p, uint32_t x, uint32_t y)
{
	if (p->len == p->cap) {
		uint32_t cap = p->cap ? p->cap * 2 : 256;
		uint32_t *nx = realloc(p->x, cap * sizeof(uint32_t));
		uint32_t *ny;

		if (!nx)
			return -1;
		p->x = nx;
		ny = realloc(p->y, cap * sizeof(uint32_t));
		if (!ny)
			return -1;
		p->y = ny;
		p->cap = cap;
	}
	p->x[p->len] = x;
	p->y[p->len] = y;
	p->len++;
	return 0;
}

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
static int gap_similarity(const align *al, uint32_t x, uint32_t y)
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
						gap_similarity(al, x, y);

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
			if (pairs_push(out, a[i - 1], b[j - 1]) < 0)
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
		rc = pairs_push(out, a[i], b[j]);
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
static int pair_gap(grower *g, uint32_t na, uint32_t nb, pairs *out)
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
				if (pairs_push(out, g->gap_a[k], g->gap_b[k]) < 0)
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
				    pairs_push(out, g->gap_a[i], g->gap_b[j]) < 0)
					return -1;
				from = ia = i + 1;
				jb = j + 1;
				break;
			}
	return pair_by_label(g, ia, na - ia, jb, nb - jb, out);
}

/* Aligns the content children of the pair (px, py) and appends the pairs
 * it finds to `out`. Returns the work done (children looked at), or
 * SIZE_MAX when out of memory. */
static size_t align_children(grower *g, uint32_t px, uint32_t py, pairs *out)
{
	align *al = g->al;
	uint32_t na = align_content_children(al->a, px, g->kids_a);
	uint32_t nb = align_content_children(al->b, py, g->kids_b);
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
	align_lis(g->keys, m, g->in_lis, g->lis_work);
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
		if (pair_gap(g, ga, gb, out) < 0)
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
static int grow(grower *g, uint32_t x, uint32_t y, size_t limit,
		size_t *work, uint32_t *agree)
{
	pairs *p = &g->cur;
	uint32_t depth = 0;

	p->len = 0;
	*agree = 0;
	g->anchored = 0;
	if (pairs_push(p, x, y) < 0)
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

static void apply(align *al, const pairs *p)
{
	for (uint32_t k = 0; k < p->len; k++)
		if (al->a2b[p->x[k]] == SMART_NONE)
			align_pair(al, p->x[k], p->y[k]);
}

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
	left = right = align_lower_bound(list, len, near);
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
		rc = grow(g, x, y, g->budget, &work, &agree);
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
	apply(al, &g->best);
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

	for (uint32_t i = align_lower_bound(list, len, px + 1);
	     i < len && list[i] < end && looked < SIBLING_PROBES && visits < SIBLING_VISITS;
	     i++, visits++) {
		uint32_t c = list[i];
		int score;

		if (al->a->nodes[c].parent != px)
			continue; /* a deeper descendant with the label */
		looked++;
		if (al->a2b[c] != SMART_NONE)
			continue;
		score = gap_similarity(al, c, y);
		if (score > best_score) {
			best = c;
			best_score = score;
		}
	}
	if (best == SMART_NONE)
		return 0;
	if (grow(g, best, y, SIZE_MAX, &work, &agree) < 0)
		return -1;
	apply(al, &g->cur);
	return 1;
}

static void grower_free(grower *g)
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

static int grower_init(grower *g, align *al)
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
		grower_free(g);
		return -1;
	}
	memset(g->label_head, 0xff, labels * sizeof(uint32_t));
	return 0;
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

int align_match_fragments(align *al, smart_error *err)
{
	const smart_tree *b = al->b;
	grower g;
	uint32_t *order = NULL, *near = NULL, *start = NULL, *by_label = NULL;
	uint32_t head = 0, tail = 0, agree;
	size_t work = 0;
	int rc = -1;

	if (grower_init(&g, al) < 0)
		return smart_error_oom(err);
	/* The fragment of the two documents: top-down over the whole page. */
	if (grow(&g, 0, 0, SIZE_MAX, &work, &agree) < 0)
		goto out;
	apply(al, &g.cur);
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
		x = align_find_twin(al, y, near[y]);
		if (x != SMART_NONE) {
			align_match_subtree(al, x, y);
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
	grower_free(&g);
	return rc;
}
