/*
 * Form controls (paper §3.3 "Changes to Input Elements"): the interface
 * through which users drive the application.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Elements that take or submit user input. */
static const char *const input_elements[] = {
	"form", "input", "button", "select", "option", "textarea", NULL
};

/* Attributes whose change alters what a control does. */
static const char *const input_attributes[] = { "name", "type", "value", "action", NULL };

/* `controls` flags the name ids of input_elements in `t`. */
static int is_input(const smart_tree *t, const uint8_t *controls, uint32_t i)
{
	return t->nodes[i].kind == SMART_NODE_ELEMENT && controls[t->nodes[i].name_id];
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
int smart__feature_input_elements(const smart_feature_args *a, double *v, smart_error *err)
{
	const smart_tree *ot = a->old_tree, *nt = a->new_tree;
	const uint32_t *to_new = a->diff->old_to_new, *to_old = a->diff->new_to_old;
	uint8_t *oc = smart__feature_name_flags(ot, input_elements);
	uint8_t *nc = smart__feature_name_flags(nt, input_elements);
	uint32_t count = 0;

	if (!oc || !nc) {
		free(oc);
		free(nc);
		return smart_error_oom(err);
	}
	for (uint32_t o = 0; o < ot->count; o++) {
		uint32_t n = to_new[o];
		int oi = is_input(ot, oc, o);

		if (n == SMART_NONE)
			count += oi;
		else if (oi || is_input(nt, nc, n))
			count += !oi || !is_input(nt, nc, n) || input_attributes_differ(ot, o, nt, n);
	}
	for (uint32_t n = 0; n < nt->count; n++)
		count += to_old[n] == SMART_NONE && is_input(nt, nc, n);
	free(oc);
	free(nc);
	*v = count;
	return 0;
}
