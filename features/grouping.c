/*
 * Where the edits lie (paper §3.2 "Grouped Changes", "Depth of Changes"):
 * whether they cluster into whole changed subtrees, and how close to the root
 * the highest one is.
 */
#include <assert.h>
#include <stdlib.h>

#include "internal.h"

/* Marks the node `i` of a tree of `count` nodes, ignoring SMART_NONE. */
static void mark(uint8_t *changed, uint32_t count, uint32_t i)
{
	if (i != SMART_NONE && i < count)
		changed[i] = 1;
}

/* Marks the whole subtree of `i`. */
static void mark_subtree(uint8_t *changed, const smart_tree *t, uint32_t i)
{
	if (i == SMART_NONE || i >= t->count)
		return;
	for (uint32_t k = i; k < i + t->nodes[i].size; k++)
		changed[k] = 1;
}

/* The elements in the largest subtree of `t` all of whose content nodes are
 * changed. One pass from the last node to the first: children come after
 * their parent in pre-order, so a parent is settled once its children are. */
static uint32_t largest_group(const smart_tree *t, uint8_t *changed, uint32_t *elements)
{
	uint32_t best = 0;

	for (uint32_t i = 0; i < t->count; i++) {
		elements[i] = t->nodes[i].kind == SMART_NODE_ELEMENT;
		if (!smart_node_is_content(&t->nodes[i]))
			changed[i] = 1; /* comments neither break nor join a group */
	}
	for (uint32_t i = t->count; i-- > 1;) {
		uint32_t p = t->nodes[i].parent;

		if (changed[i] && smart_node_is_content(&t->nodes[i]) && elements[i] > best)
			best = elements[i];
		if (!changed[i])
			changed[p] = 0;
		elements[p] += elements[i];
	}
	return best;
}

/* grouped_change: the number of elements in the largest subtree changed as a
 * whole, over both documents. A node is changed when it is inserted or
 * deleted, lies in a moved subtree, is a text node whose text changed, or is
 * an element with an attribute change; a subtree is changed as a whole when
 * all its content nodes are. An inserted <table> of 6 elements gives 6; a
 * changed text (a text node holds no element) or no edit gives 0. Hypothesis
 * (paper §3.2): clustered edits (a missing form, an exception report) deserve
 * inspection more than small edits scattered through the page. */
static int grouped_change(const smart_feature_args *a, uint32_t *best, smart_error *err)
{
	const smart_tree *o = a->old_tree, *n = a->new_tree;
	const smart_diff *d = a->diff;
	size_t most = o->count > n->count ? o->count : n->count;
	uint8_t *old_changed = calloc(o->count, 1), *new_changed = calloc(n->count, 1);
	uint32_t *elements = malloc(most * sizeof(*elements));
	int status = 0;

	if (!old_changed || !new_changed || !elements) {
		status = smart_error_oom(err);
		goto out;
	}
	for (uint32_t i = 0; i < o->count; i++)
		old_changed[i] = d->old_to_new[i] == SMART_NONE;
	for (uint32_t i = 0; i < n->count; i++)
		new_changed[i] = d->new_to_old[i] == SMART_NONE;
	for (size_t k = 0; k < d->op_count; k++) {
		const smart_edit_op *op = &d->ops[k];

		if (op->kind == SMART_OP_MOVE) {
			mark_subtree(old_changed, o, op->old_node);
			mark_subtree(new_changed, n, op->new_node);
		} else if (op->kind != SMART_OP_INSERT && op->kind != SMART_OP_DELETE) {
			mark(old_changed, o->count, op->old_node);
			mark(new_changed, n->count, op->new_node);
		}
	}
	old_changed[0] = new_changed[0] = 0; /* the document node is never edited */
	*best = largest_group(o, old_changed, elements);
	uint32_t new_best = largest_group(n, new_changed, elements);
	if (new_best > *best)
		*best = new_best;
out:
	free(old_changed);
	free(new_changed);
	free(elements);
	return status;
}

int smart__feature_grouped_change(const smart_feature_args *a, double *v, smart_error *err)
{
	uint32_t best = 0;

	if (grouped_change(a, &best, err) < 0)
		return -1;
	*v = best;
	return 0;
}

/* grouped_boolean: 1 when grouped_change is at least 2 (a group of one
 * element is an ordinary local edit), else 0. The paper found it far more
 * telling than its count (Fig. 4: coefficient +0.714, the fourth most
 * significant feature; Fig. 1: 0.97 on pairs to inspect, 0.0007 on others). */
int smart__feature_grouped_boolean(const smart_feature_args *a, double *v, smart_error *err)
{
	uint32_t best = 0;

	if (grouped_change(a, &best, err) < 0)
		return -1;
	*v = best >= 2;
	return 0;
}

/* The largest depth of a content node of `t` (0 for an empty document). */
static uint32_t tree_height(const smart_tree *t)
{
	uint32_t h = 0;

	for (uint32_t i = 0; i < t->count; i++)
		if (smart_node_is_content(&t->nodes[i]) && t->nodes[i].depth > h)
			h = t->nodes[i].depth;
	return h;
}

/* How close to the root node `i` of `t` (height `h`) lies: 1 for the root
 * element (depth 1), 1/h for the deepest node. */
static double closeness(const smart_tree *t, uint32_t h, uint32_t i)
{
	uint32_t depth;

	if (i == SMART_NONE || i >= t->count || h == 0)
		return 0;
	depth = t->nodes[i].depth ? t->nodes[i].depth : 1;
	if (depth > h)
		depth = h;
	return (double)(h - depth + 1) / (double)h;
}

/* change_depth: for the highest displayed edit, (h − d + 1) / h, where d is
 * the depth of the node it touches (the root element has depth 1) and h the
 * height of that node's tree (the depth of its deepest content node). Edits
 * touch the old node (deletes, updates, attribute changes), the new node
 * (inserts), or both (moves: from and to). 1 when an edit touches the root
 * element, 1/h when only the deepest nodes change, 0 when there is no edit.
 * Hypothesis (paper §3.2): changes close to the root signal large semantic
 * changes. The paper counts every edit; here an edit that lies where no
 * user sees it (a script's text, the <head> but its title, a hidden input,
 * an id or data-* attribute: features/visibility.c) does not count, since
 * a <script> in <head> lies next to the root and made one token in it
 * weigh as much as a deleted page section; hidden_edits counts those. */
int smart__feature_change_depth(const smart_feature_args *a, double *v, smart_error *err)
{
	const smart_diff *d = a->diff;
	uint32_t h_old = tree_height(a->old_tree), h_new = tree_height(a->new_tree);
	uint8_t *hidden;
	double best = 0;

	if (smart__feature_hidden_edits(a, &hidden, err) < 0)
		return -1;
	for (size_t k = 0; k < d->op_count; k++) {
		const smart_edit_op *op = &d->ops[k];
		double c_old = 0, c_new = 0;

		if (hidden[k])
			continue;
		if (op->kind != SMART_OP_INSERT)
			c_old = closeness(a->old_tree, h_old, op->old_node);
		if (op->kind == SMART_OP_INSERT || op->kind == SMART_OP_MOVE)
			c_new = closeness(a->new_tree, h_new, op->new_node);
		if (c_old > best)
			best = c_old;
		if (c_new > best)
			best = c_new;
	}
	free(hidden);
	assert(best >= 0 && best <= 1);
	*v = best;
	return 0;
}
