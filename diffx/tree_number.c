/*
 * Numbering a linked tree (tree_internal.h): the subtree sizes and the
 * sibling positions by name that the builder (tree_build.c) and pruning
 * (tree_prune.c) leave for last, once every node is in place.
 */
#include "tree_internal.h"

#include <assert.h>
#include <stdlib.h>

/* Fills in subtree sizes (children come after parents, so one backward
 * pass accumulates them) and same-name sibling positions. Content nodes
 * are numbered among content siblings only, as script paths count them: a
 * processing instruction shares its target's interned name with elements
 * of that name (<?d?><d/>), and counting it made the element "d[2]", a
 * path patch cannot resolve (found by fuzzing). Comments and PIs are
 * numbered among themselves. */
int smart__tree_number_nodes(smart_tree *t)
{
	uint32_t *seen_in = malloc(t->name_count * sizeof(uint32_t));
	uint32_t *seen_count = malloc(t->name_count * sizeof(uint32_t));

	if (!seen_in || !seen_count) {
		free(seen_in);
		free(seen_count);
		return -1;
	}
	for (uint32_t i = t->count; i-- > 1;)
		t->nodes[t->nodes[i].parent].size += t->nodes[i].size;
	for (int content = 1; content >= 0; content--) {
		for (uint32_t id = 0; id < t->name_count; id++)
			seen_in[id] = SMART_NONE;
		for (uint32_t p = 0; p < t->count; p++) {
			for (uint32_t c = t->nodes[p].first_child; c != SMART_NONE;
			     c = t->nodes[c].next_sibling) {
				uint32_t id = t->nodes[c].name_id;

				if (smart_node_is_content(&t->nodes[c]) != content)
					continue;
				if (seen_in[id] != p) {
					seen_in[id] = p;
					seen_count[id] = 0;
				}
				t->nodes[c].name_position = ++seen_count[id];
			}
			for (uint32_t c = t->nodes[p].first_child; c != SMART_NONE;
			     c = t->nodes[c].next_sibling)
				if (smart_node_is_content(&t->nodes[c]) == content)
					t->nodes[c].name_siblings = seen_count[t->nodes[c].name_id];
		}
	}
	t->nodes[0].name_position = 1;
	t->nodes[0].name_siblings = 1;
	assert(t->nodes[0].size == t->count);
	free(seen_in);
	free(seen_count);
	return 0;
}
