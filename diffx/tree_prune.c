/*
 * A copy of a tree without some of its subtrees (include/smart/tree.h,
 * smart_tree_prune): scrubbing uses it to leave out elements that are
 * metadata, not content (a generator <meta> one run prints and another
 * does not), so that aligning the copies shows only what is left.
 */
#include "smart/tree.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "common/arena.h"
#include "tree_internal.h"

/* The new index of every node of `t` (SMART_NONE for a dropped one or one
 * inside a dropped subtree); returns how many are kept. Node 0 is kept. */
static uint32_t number_kept(const smart_tree *t, const unsigned char *drop, uint32_t *new_of)
{
	uint32_t kept = 0;

	for (uint32_t i = 0; i < t->count; i++) {
		uint32_t p = t->nodes[i].parent;
		int gone = i > 0 && (drop[i] || new_of[p] == SMART_NONE);

		assert(i == 0 || p < i); /* nodes are stored in pre-order */
		new_of[i] = gone ? SMART_NONE : kept++;
	}
	return kept;
}

/* Copies the kept nodes, unlinked, then links each to its parent in order. */
static int link_kept(const smart_tree *t, const uint32_t *new_of, smart_tree *c, uint32_t *raw_of)
{
	uint32_t *last_child = malloc(c->count * sizeof(*last_child));

	if (!last_child)
		return -1;
	for (uint32_t i = 0; i < t->count; i++) {
		uint32_t k = new_of[i];
		smart_node *n;

		if (k == SMART_NONE)
			continue;
		n = &c->nodes[k];
		*n = t->nodes[i];
		raw_of[k] = i;
		n->parent = i ? new_of[t->nodes[i].parent] : SMART_NONE;
		n->first_child = n->next_sibling = SMART_NONE;
		n->child_count = 0;
		n->size = 1;
		last_child[k] = SMART_NONE;
		if (k == 0)
			continue;
		n->index_in_parent = c->nodes[n->parent].child_count++;
		if (last_child[n->parent] == SMART_NONE)
			c->nodes[n->parent].first_child = k;
		else
			c->nodes[last_child[n->parent]].next_sibling = k;
		last_child[n->parent] = k;
	}
	free(last_child);
	return 0;
}

smart_tree *smart_tree_prune(const smart_tree *t, const unsigned char *drop, uint32_t **raw_of,
			     smart_error *err)
{
	uint32_t *new_of = malloc((t->count ? t->count : 1) * sizeof(*new_of));
	smart_tree *c = calloc(1, sizeof(*c));
	uint32_t kept;

	*raw_of = NULL;
	if (!new_of || !c)
		goto oom;
	kept = number_kept(t, drop, new_of);
	*c = *t;
	c->count = kept;
	c->nodes = malloc(kept * sizeof(*c->nodes));
	c->attrs = malloc((t->attr_total ? t->attr_total : 1) * sizeof(*c->attrs));
	c->names = malloc((t->name_count ? t->name_count : 1) * sizeof(*c->names));
	c->arena = smart__arena_new();
	*raw_of = malloc(kept * sizeof(**raw_of));
	if (!c->nodes || !c->attrs || !c->names || !c->arena || !*raw_of)
		goto oom;
	if (t->attr_total)
		memcpy(c->attrs, t->attrs, t->attr_total * sizeof(*c->attrs));
	if (t->name_count)
		memcpy(c->names, t->names, t->name_count * sizeof(*c->names));
	if (link_kept(t, new_of, c, *raw_of) || smart__tree_number_nodes(c))
		goto oom;
	free(new_of);
	return c;
oom:
	free(new_of);
	free(*raw_of);
	*raw_of = NULL;
	smart_tree_free(c);
	smart_error_oom(err);
	return NULL;
}
