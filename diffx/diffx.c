/*
 * DiffX, the entry point (include/smart/diffx.h): phase 1 exact matching,
 * phase 2 fragment mapping, phase 3 the edit script.
 */
#include "align.h"

#include <assert.h>
#include <stdlib.h>

#ifndef NDEBUG
/* What every built tree holds by construction (diffx/tree_build.c and the
 * copies profile/ makes): nodes in pre-order, so a node's parent comes
 * before it, its first child right after it and its next sibling right
 * after its subtree; links that agree both ways; attributes in range.
 * Checked by assert() only: a tree breaking it is a defect, never input. */
static int tree_links_hold(const smart_tree *t)
{
	for (uint32_t i = 0; i < t->count; i++) {
		const smart_node *n = &t->nodes[i];

		if (n->size == 0 || n->size > t->count - i ||
		    n->attr_count > t->attr_total || n->attr_first > t->attr_total - n->attr_count)
			return 0;
		if (i == 0 ? n->parent != SMART_NONE || n->depth != 0
			   : n->parent >= i || n->depth != t->nodes[n->parent].depth + 1)
			return 0;
		if (n->first_child == SMART_NONE ? n->child_count != 0 || n->size != 1
		    : n->first_child != i + 1 || n->child_count == 0 ||
		      t->nodes[i + 1].parent != i || t->nodes[i + 1].index_in_parent != 0)
			return 0;
		if (n->next_sibling != SMART_NONE &&
		    (n->next_sibling != i + n->size || t->nodes[n->next_sibling].parent != n->parent ||
		     t->nodes[n->next_sibling].index_in_parent != n->index_in_parent + 1))
			return 0;
	}
	return 1;
}
#endif

smart_diff *smart_diffx(const smart_tree *old_tree, const smart_tree *new_tree,
			smart_error *err)
{
	smart_diff *diff = calloc(1, sizeof(*diff));
	align al;

	if (!diff) {
		smart_error_oom(err);
		return NULL;
	}
	diff->old_tree = old_tree;
	diff->new_tree = new_tree;
	assert(tree_links_hold(old_tree) && tree_links_hold(new_tree));
	if (smart__align_init(&al, old_tree, new_tree, err) < 0) {
		free(diff);
		return NULL;
	}
	diff->old_to_new = al.a2b;
	diff->new_to_old = al.b2a;
	if (smart__align_match_exact(&al, err) < 0 ||
	    smart__align_match_fragments(&al, err) < 0 ||
	    smart__align_repair(&al, err) < 0 ||
	    smart__align_build_script(diff, &al, err) < 0) {
		smart__align_release(&al);
		smart_diff_free(diff);
		return NULL;
	}
	smart__align_release(&al);
	return diff;
}

void smart_diff_free(smart_diff *diff)
{
	if (!diff)
		return;
	free(diff->old_to_new);
	free(diff->new_to_old);
	free(diff->ops);
	free(diff);
}

int smart_diff_is_empty(const smart_diff *diff)
{
	return diff->op_count == 0;
}

const char *smart_op_name(smart_op_kind kind)
{
	switch (kind) {
	case SMART_OP_MOVE:
		return "move";
	case SMART_OP_INSERT:
		return "insert";
	case SMART_OP_DELETE:
		return "delete";
	case SMART_OP_UPDATE:
		return "update";
	case SMART_OP_ATTR_INSERT:
		return "attr-insert";
	case SMART_OP_ATTR_DELETE:
		return "attr-delete";
	case SMART_OP_ATTR_CHANGE:
		return "attr-change";
	}
	return "?";
}
