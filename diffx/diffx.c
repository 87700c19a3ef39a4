/*
 * DiffX, the entry point (include/smart/diffx.h): phase 1 exact matching,
 * phase 2 fragment mapping, phase 3 the edit script.
 */
#include "align.h"

#include <stdlib.h>

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
	if (align_init(&al, old_tree, new_tree, err) < 0) {
		free(diff);
		return NULL;
	}
	diff->old_to_new = al.a2b;
	diff->new_to_old = al.b2a;
	if (align_match_exact(&al, err) < 0 ||
	    align_match_fragments(&al, err) < 0 ||
	    align_repair(&al, err) < 0 ||
	    align_build_script(diff, &al, err) < 0) {
		align_release(&al);
		smart_diff_free(diff);
		return NULL;
	}
	align_release(&al);
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
