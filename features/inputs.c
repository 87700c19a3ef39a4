/*
 * Form controls (paper §3.3 "Changes to Input Elements"): the interface
 * through which users drive the application.
 */
#include <string.h>

#include "internal.h"

/* Elements that take or submit user input. */
static const char *const input_elements[] = {
	"form", "input", "button", "select", "option", "textarea", NULL
};

/* Attributes whose change alters what a control does. */
static const char *const input_attributes[] = { "name", "type", "value", "action", NULL };

static int is_input(const smart_tree *t, uint32_t i)
{
	return t->nodes[i].kind == SMART_NODE_ELEMENT &&
	       feature_name_in(t->nodes[i].name, input_elements);
}

/* True when aligned elements differ in one of the input attributes (present
 * on one side only, or with different values). */
static int input_attributes_differ(const smart_tree *ot, uint32_t o, const smart_tree *nt,
				   uint32_t n)
{
	for (const char *const *name = input_attributes; *name; name++) {
		const smart_attr *x = smart_tree_attr(ot, o, *name);
		const smart_attr *y = smart_tree_attr(nt, n, *name);

		if (!x != !y || (x && strcmp(x->value, y->value) != 0))
			return 1;
	}
	return 0;
}

/* input_elements: form controls (form, input, button, select, option,
 * textarea) that are deleted (old elements without a partner), inserted (new
 * elements without a partner), or aligned with a partner whose name, type,
 * value or action attribute differs (an attribute present on one side only
 * counts as differing). Each control counts once; an aligned pair of which
 * only one side is a control counts 1. A changed label text of a button does
 * not count (the text features see it). 0 for identical documents.
 * Hypothesis (paper §3.3): a missing button or form is a lost function and
 * should be examined. */
int feature_input_elements(const smart_feature_args *a, double *v, smart_error *err)
{
	const smart_tree *ot = a->old_tree, *nt = a->new_tree;
	const uint32_t *to_new = a->diff->old_to_new, *to_old = a->diff->new_to_old;
	uint32_t count = 0;

	(void)err;
	for (uint32_t o = 0; o < ot->count; o++) {
		uint32_t n = to_new[o];

		if (n == SMART_NONE) {
			count += is_input(ot, o);
		} else if (is_input(ot, o) || is_input(nt, n)) {
			count += !is_input(ot, o) || !is_input(nt, n) ||
				 input_attributes_differ(ot, o, nt, n);
		}
	}
	for (uint32_t n = 0; n < nt->count; n++)
		count += to_old[n] == SMART_NONE && is_input(nt, n);
	*v = count;
	return 0;
}
