/*
 * Attributes of aligned elements (paper §2, §3.3 "Changed or Missing
 * Attribute Values"): applications evolve by adding attributes, which is
 * benign; removing or changing them may not be.
 */
#include <string.h>

#include "internal.h"

/* Walks the attribute sets of aligned elements (both sorted by name) and adds
 * to *missing those on the old element only and to *changed those on both
 * with different values. Attributes on the new element only are not
 * counted: the paper's example of a benign evolution. */
static void compare_attributes(const smart_feature_args *a, uint32_t *missing, uint32_t *changed)
{
	const smart_tree *ot = a->old_tree, *nt = a->new_tree;
	const uint32_t *to_new = a->diff->old_to_new;

	*missing = *changed = 0;
	for (uint32_t o = 0; o < ot->count; o++) {
		uint32_t n = to_new[o];
		const smart_node *on = &ot->nodes[o];

		if (n == SMART_NONE || on->kind != SMART_NODE_ELEMENT ||
		    nt->nodes[n].kind != SMART_NODE_ELEMENT)
			continue;
		const smart_attr *x = smart_node_attrs(ot, on), *xe = x + on->attr_count;
		const smart_attr *y = smart_node_attrs(nt, &nt->nodes[n]);
		const smart_attr *ye = y + nt->nodes[n].attr_count;

		while (x < xe) {
			int c = y < ye ? strcmp(x->name, y->name) : -1;

			if (c < 0) {
				(*missing)++;
				x++;
			} else if (c > 0) {
				y++;
			} else {
				*changed += strcmp(x->value, y->value) != 0;
				x++;
				y++;
			}
		}
	}
}

/* missing_attributes: attributes present on an aligned old element and
 * absent from its new partner (<a href=x title=t> -> <a href=x> gives 1).
 * Unaligned (deleted) elements do not count: their loss is counted by
 * diffx_deletes. 0 for identical documents and for added attributes.
 * Hypothesis (paper §3.3): removing attributes generally merits inspection. */
int smart__feature_missing_attributes(const smart_feature_args *a, double *v, smart_error *err)
{
	uint32_t missing, changed;

	(void)err;
	compare_attributes(a, &missing, &changed);
	*v = missing;
	return 0;
}

/* changed_attributes: attributes with the same name on aligned elements and
 * a different value (<Type name="int"> -> <Type name="unsigned int"> gives
 * 1). 0 for identical documents. Hypothesis (paper §3.3): it may or may not
 * matter — an image's height no, a form's action yes — so the model weighs
 * it (§7.2.2: a mistyped input name was missed for lack of it). */
int smart__feature_changed_attributes(const smart_feature_args *a, double *v, smart_error *err)
{
	uint32_t missing, changed;

	(void)err;
	compare_attributes(a, &missing, &changed);
	*v = changed;
	return 0;
}
