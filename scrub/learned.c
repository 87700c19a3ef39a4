/*
 * The "learned" scrubber (include/smart/scrub.h): the last word on a
 * changed value that no hand-written rule explained. A text update or a
 * changed attribute value that the value model trained from the corpora
 * calls volatile (a fresh random token in a hidden input, a counter in a
 * script) becomes "{learned}" in both trees and leaves the edit script;
 * anything it does not call volatile with confidence (a link target, a
 * visible word) stays for the features to measure. It sees only edits
 * left after every rule spoke, the values it was trained on
 * (train/value_model.c).
 */
#include "smart/scrub.h"
#include "smart/diffx.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* The model compiled into the library from build/value_model.c (the
 * Makefile trains it; a bootstrap build links an empty one). */
extern const smart_value_model smart__value_model_builtin;

const smart_value_model *smart_value_model_default(void)
{
	return &smart__value_model_builtin;
}

/* Whether edit `op` changes a value the scrubber may explain: a text
 * update or an attribute's changed value. */
static int changes_a_value(const smart_edit_op *op)
{
	return (op->kind == SMART_OP_UPDATE || op->kind == SMART_OP_ATTR_CHANGE) &&
	       op->old_value && op->new_value;
}

/* Whether `m` calls the change of edit `op` of `d` volatile. */
static int volatile_change(const smart_value_model *m, const smart_diff *d,
			   const smart_edit_op *op)
{
	smart_value_context c;
	double x[SMART_VALUE_FEATURE_COUNT];

	smart_value_context_of(d->old_tree, op->old_node, op->attr_name, &c);
	smart_value_features(op->old_value, op->new_value, &c, x);
	return smart_value_judged(x) && smart_value_score(m, x) < m->cutoff;
}

/* Sets the value edit `op` changed to "{learned}" in both trees. */
static int scrub_change(smart_tree *old_clean, smart_tree *new_clean, const smart_edit_op *op,
			smart_scrub_log *log)
{
	static const char placeholder[] = "{learned}";
	smart_tree *trees[2] = { old_clean, new_clean };
	uint32_t nodes[2] = { op->old_node, op->new_node };

	for (int side = 0; side < 2; side++) {
		smart_node *n = &trees[side]->nodes[nodes[side]];

		if (op->kind == SMART_OP_UPDATE) {
			if (smart_scrub_log_set(log, &n->text, &n->text_len, placeholder))
				return -1;
			continue;
		}
		for (uint32_t k = 0; k < n->attr_count; k++) {
			smart_attr *a = &trees[side]->attrs[n->attr_first + k];

			if (a->name == op->attr_name || strcmp(a->name, op->attr_name) == 0) {
				if (smart_scrub_log_set(log, &a->value, NULL, placeholder))
					return -1;
				break;
			}
		}
	}
	return 0;
}

int smart_scrub_learned(smart_tree *old_clean, smart_tree *new_clean, smart_diff *d,
			const smart_value_model *m, smart_scrub_log *log, smart_error *err)
{
	unsigned char *drop;
	size_t kept = 0;
	int removed = 0, updates = 0;

	assert(d->old_tree == old_clean && d->new_tree == new_clean);
	if (!m || m->n_features == 0 || d->op_count == 0)
		return 0;
	if (!(drop = calloc(d->op_count, 1)))
		return smart_error_oom(err);
	for (size_t i = 0; i < d->op_count; i++)
		drop[i] = changes_a_value(&d->ops[i]) && volatile_change(m, d, &d->ops[i]);
	for (size_t i = 0; i < d->op_count; i++) {
		if (!drop[i])
			continue;
		if (scrub_change(old_clean, new_clean, &d->ops[i], log)) {
			free(drop);
			return smart_error_oom(err);
		}
	}
	for (size_t i = 0; i < d->op_count; i++) {
		if (!drop[i]) {
			d->ops[kept++] = d->ops[i];
			continue;
		}
		removed++;
		updates += d->ops[i].kind == SMART_OP_UPDATE;
	}
	free(drop);
	assert(d->summary.updates >= (uint32_t)updates);
	assert(d->summary.attribute_changes >= (uint32_t)(removed - updates));
	d->op_count = kept;
	d->summary.updates -= (uint32_t)updates;
	d->summary.attribute_changes -= (uint32_t)(removed - updates);
	return removed;
}
