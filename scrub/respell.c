/*
 * The walk that value-respelling scrubbers share (scrub/internal.h): many
 * scrubbers are one rule that rewrites a single value ("0.0123 seconds" ->
 * "{elapsed} seconds"); each used to carry its own copy of the loop that
 * offers the rule every text and attribute value of a tree and saves what
 * it rewrites in the scrub log. This file is that loop, once.
 */
#include "internal.h"

#include <assert.h>
#include <string.h>

/* Offers `value` (of `len` bytes; `attr` is its attribute, NULL for a
 * text) to the rule; stores what it returns through `log` when the rule
 * respelled it. 1 when it did, 0 when it kept the value, -1 when out of
 * memory. */
static int respell_one(smart_scrub_log *log, const char **slot, uint32_t *len_slot, size_t len,
		       const smart_attr *attr, smart__scrub_respell_fn respell, void *ctx)
{
	const char *v = respell(log, *slot, len, attr, ctx);

	if (!v)
		return -1;
	if (v == *slot)
		return 0;
	return smart_scrub_log_set(log, slot, len_slot, v) ? -1 : 1;
}

int smart__scrub_respell_tree(smart_tree *t, smart_scrub_log *log, unsigned where,
			      smart__scrub_respell_fn respell, void *ctx)
{
	int count = 0, got;

	assert(where & (SMART__RESPELL_TEXTS | SMART__RESPELL_ATTRS));
	for (uint32_t i = 0; i < t->count; i++) {
		smart_node *node = &t->nodes[i];

		if ((where & SMART__RESPELL_TEXTS) && node->kind == SMART_NODE_TEXT && node->text) {
			got = respell_one(log, &node->text, &node->text_len, node->text_len, NULL,
					  respell, ctx);
			if (got < 0)
				return -1;
			count += got;
		}
		if (!(where & SMART__RESPELL_ATTRS) || node->kind != SMART_NODE_ELEMENT)
			continue;
		for (uint32_t k = 0; k < node->attr_count; k++) {
			smart_attr *a = &t->attrs[node->attr_first + k];

			if (!a->value)
				continue;
			got = respell_one(log, &a->value, NULL, strlen(a->value), a, respell, ctx);
			if (got < 0)
				return -1;
			count += got;
		}
	}
	return count;
}

int smart__scrub_respell_trees(smart_tree *old_tree, smart_tree *new_tree, smart_scrub_log *log,
			       unsigned where, smart__scrub_respell_fn respell, void *ctx,
			       smart_error *err)
{
	int got;

	if (smart__scrub_respell_tree(old_tree, log, where, respell, ctx) < 0 ||
	    (got = smart__scrub_respell_tree(new_tree, log, where, respell, ctx)) < 0)
		return smart_error_oom(err);
	return got;
}
