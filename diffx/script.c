/*
 * DiffX phase 3: the edit script that a matching implies (DESIGN §6).
 *
 *  - delete: an unmatched old node whose parent is matched, i.e. the root of
 *    a maximal region of unmatched old nodes; its size is the region's
 *    (matched nodes inside it leave by moves of their own);
 *  - insert: likewise for new nodes;
 *  - move: a matched node whose parent is not matched to its partner's
 *    parent, or whose position among its matched siblings falls outside
 *    their longest common subsequence (computed as a longest increasing
 *    subsequence of old positions in new order, O(k log k));
 *  - update: matched text nodes with different text;
 *  - attr-insert / attr-delete / attr-change: attributes of matched
 *    elements compared as sets (both lists are sorted by name).
 *
 * Operations come in the order docs/script-format.md fixes: deletes in old
 * pre-order, then inserts and moves in new pre-order, then updates and
 * attribute operations in old pre-order.
 */
#include "align.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "common/array.h"

typedef struct op_list {
	smart_edit_op *ops;
	size_t len, cap;
} op_list;

static int push(op_list *l, smart_op_kind kind, uint32_t x, uint32_t y,
		uint32_t size)
{
	if (smart__array_reserve((void **)&l->ops, &l->cap, l->len, sizeof(*l->ops), 64) < 0)
		return -1;
	l->ops[l->len++] = (smart_edit_op){ kind, x, y, size, NULL, NULL, NULL };
	return 0;
}

/* For each node the number of unmatched content nodes in the unmatched
 * region it roots (0 for nodes that root none). */
static void region_sizes(const smart_tree *t, const uint32_t *map,
			 uint32_t *root_of, uint32_t *size)
{
	for (uint32_t i = 0; i < t->count; i++) {
		uint32_t p;

		size[i] = 0;
		root_of[i] = SMART_NONE;
		/* Most nodes are matched: decide on the map alone before
		 * touching the node record. */
		if (map[i] != SMART_NONE || !smart_node_is_content(&t->nodes[i]))
			continue;
		p = t->nodes[i].parent;
		root_of[i] = map[p] == SMART_NONE ? root_of[p] : i;
		size[root_of[i]]++;
	}
}

int smart__align_mark_in_order(const align *al, unsigned char *stays)
{
	const smart_tree *b = al->b;
	uint32_t nb = b->count;
	uint32_t *kids = malloc(nb * sizeof(uint32_t));
	uint32_t *keys = malloc(nb * sizeof(uint32_t));
	uint32_t *weights = malloc(nb * sizeof(uint32_t));
	uint32_t *work = malloc(8 * (size_t)nb * sizeof(uint32_t));
	unsigned char *in_lis = malloc(nb);

	if (!kids || !keys || !weights || !work || !in_lis) {
		free(kids);
		free(keys);
		free(weights);
		free(work);
		free(in_lis);
		return -1;
	}
	memset(stays, 0, nb);
	for (uint32_t py = 0; py < nb; py++) {
		uint32_t px = al->b2a[py], m = 0;

		if (px == SMART_NONE || b->nodes[py].first_child == SMART_NONE)
			continue;
		for (uint32_t c = b->nodes[py].first_child; c != SMART_NONE;
		     c = b->nodes[c].next_sibling) {
			uint32_t x = al->b2a[c];

			if (x != SMART_NONE && al->a->nodes[x].parent == px) {
				kids[m] = c;
				weights[m] = al->csize_a[x] + al->csize_b[c];
				keys[m++] = x;
			}
		}
		smart__align_lis_weighted(keys, weights, m, in_lis, work);
		for (uint32_t k = 0; k < m; k++)
			stays[kids[k]] = in_lis[k];
	}
	stays[0] = 1;
	free(kids);
	free(keys);
	free(weights);
	free(work);
	free(in_lis);
	return 0;
}

/* Appends the attribute operations of the matched elements x and y. */
static int attr_ops(op_list *l, const align *al, uint32_t x, uint32_t y,
		    uint32_t *count)
{
	const smart_node *nx = &al->a->nodes[x], *ny = &al->b->nodes[y];
	const smart_attr *p = smart_node_attrs(al->a, nx);
	const smart_attr *q = smart_node_attrs(al->b, ny);
	uint32_t i = 0, j = 0;

	while (i < nx->attr_count || j < ny->attr_count) {
		int c = i == nx->attr_count   ? 1
			: j == ny->attr_count ? -1
					      : strcmp(p[i].name, q[j].name);
		smart_edit_op *op;

		if (c == 0 && strcmp(p[i].value, q[j].value) == 0) {
			i++;
			j++;
			continue;
		}
		if (push(l, c < 0 ? SMART_OP_ATTR_DELETE
			    : c > 0 ? SMART_OP_ATTR_INSERT
				    : SMART_OP_ATTR_CHANGE,
			 x, y, 1) < 0)
			return -1;
		op = &l->ops[l->len - 1];
		op->attr_name = c <= 0 ? p[i].name : q[j].name;
		op->old_value = c <= 0 ? p[i].value : NULL;
		op->new_value = c >= 0 ? q[j].value : NULL;
		i += c <= 0;
		j += c >= 0;
		(*count)++;
	}
	return 0;
}

#ifndef NDEBUG
/* The matching is one-to-one: old_to_new and new_to_old are inverses,
 * and the two documents (node 0) are matched to each other. */
static int matching_is_one_to_one(const align *al)
{
	for (uint32_t x = 0; x < al->a->count; x++)
		if (al->a2b[x] != SMART_NONE &&
		    (al->a2b[x] >= al->b->count || al->b2a[al->a2b[x]] != x))
			return 0;
	for (uint32_t y = 0; y < al->b->count; y++)
		if (al->b2a[y] != SMART_NONE &&
		    (al->b2a[y] >= al->a->count || al->a2b[al->b2a[y]] != y))
			return 0;
	return al->a2b[0] == 0;
}

/* The group of an operation in the script's order (0 deletes, 1 inserts
 * and moves, 2 updates and attribute operations) and the node that orders
 * it within the group (old for 0 and 2, new for 1). */
static int op_group(const smart_edit_op *op, uint32_t *key)
{
	int group = op->kind == SMART_OP_DELETE ? 0
		    : op->kind == SMART_OP_INSERT || op->kind == SMART_OP_MOVE ? 1 : 2;

	*key = group == 1 ? op->new_node : op->old_node;
	return group;
}

/* The operations come in the order the file header states (and
 * docs/script-format.md fixes), each naming the nodes its kind needs:
 * deletes by old node, inserts by new node, the others by a matched pair. */
static int ops_in_order(const smart_edit_op *ops, size_t n, const align *al)
{
	int last_group = 0;
	uint32_t last_key = 0;

	for (size_t i = 0; i < n; i++) {
		uint32_t key;
		int group = op_group(&ops[i], &key);

		if (group < last_group || (i > 0 && group == last_group &&
					   (group == 2 ? key < last_key : key <= last_key)))
			return 0;
		if (ops[i].kind == SMART_OP_DELETE ? ops[i].new_node != SMART_NONE
		    : ops[i].kind == SMART_OP_INSERT ? ops[i].old_node != SMART_NONE
		    : al->a2b[ops[i].old_node] != ops[i].new_node)
			return 0;
		last_group = group;
		last_key = key;
	}
	return 1;
}
#endif

int smart__align_build_script(smart_diff *diff, const align *al, smart_error *err)
{
	const smart_tree *a = al->a, *b = al->b;
	size_t big = a->count > b->count ? a->count : b->count;
	uint32_t *root_of = malloc(big * sizeof(uint32_t));
	uint32_t *size = malloc(big * sizeof(uint32_t));
	/* Which matched nodes stay: the repair keeps that up to date. */
	unsigned char *stays = al->stays ? NULL : malloc(b->count);
	const unsigned char *in_place = al->stays ? al->stays : stays;
	smart_diff_summary *sum = &diff->summary;
	op_list l = { 0 };

	assert(matching_is_one_to_one(al));
	if (!root_of || !size || (!al->stays && (!stays || smart__align_mark_in_order(al, stays) < 0)))
		goto oom;
	memset(sum, 0, sizeof(*sum));
	region_sizes(a, al->a2b, root_of, size);
	for (uint32_t x = 0; x < a->count; x++)
		if (size[x]) {
			if (push(&l, SMART_OP_DELETE, x, SMART_NONE, size[x]) < 0)
				goto oom;
			sum->deletes += size[x];
		}
	region_sizes(b, al->b2a, root_of, size);
	for (uint32_t y = 1; y < b->count; y++) {
		uint32_t x = al->b2a[y];

		if (size[y]) {
			if (push(&l, SMART_OP_INSERT, SMART_NONE, y, size[y]) < 0)
				goto oom;
			sum->inserts += size[y];
		} else if (x != SMART_NONE && !in_place[y]) {
			if (push(&l, SMART_OP_MOVE, x, y, al->csize_a[x]) < 0)
				goto oom;
			sum->moves += al->csize_a[x];
		}
	}
	for (uint32_t x = 1; x < a->count; x++) {
		uint32_t y = al->a2b[x];

		if (y == SMART_NONE || al->own_a[x] == al->own_b[y])
			continue; /* same text and attributes */
		if (a->nodes[x].kind == SMART_NODE_TEXT &&
		    (a->nodes[x].text_len != b->nodes[y].text_len ||
		     memcmp(a->nodes[x].text, b->nodes[y].text,
			    a->nodes[x].text_len) != 0)) {
			if (push(&l, SMART_OP_UPDATE, x, y, 1) < 0)
				goto oom;
			l.ops[l.len - 1].old_value = a->nodes[x].text;
			l.ops[l.len - 1].new_value = b->nodes[y].text;
			sum->updates++;
		} else if ((a->nodes[x].attr_count || b->nodes[y].attr_count) &&
			   attr_ops(&l, al, x, y, &sum->attribute_changes) < 0) {
			goto oom;
		}
	}
	free(root_of);
	free(size);
	free(stays);
	assert(ops_in_order(l.ops, l.len, al));
	diff->ops = l.ops;
	diff->op_count = l.len;
	return 0;
oom:
	free(root_of);
	free(size);
	free(stays);
	free(l.ops);
	return smart_error_oom(err);
}
