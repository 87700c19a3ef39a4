/*
 * Features of the document as a whole, outside its element tree.
 */
#include "internal.h"

/* doctype_changed: 1 when the two documents' type declarations differ: one
 * was added, dropped or replaced. No element changes with it, yet a
 * browser renders a page without a doctype (or with an old one) in quirks
 * mode, which moves layout everywhere; DiffX never sees it, so it is
 * measured here. */
int smart__feature_doctype_changed(const smart_feature_args *a, double *v, smart_error *err)
{
	(void)err;
	*v = smart_tree_doctypes_differ(a->old_tree, a->new_tree);
	return 0;
}
