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
 * numbered among themselves: each name has two counters, one for content
 * nodes and one for the others, so one walk over a node's children numbers
 * both kinds (and a second gives each child its count). The children of a
 * node lie apart in the array (each one's subtree between them), so these
 * walks miss the cache at nearly every child: they were four. */
int smart__tree_number_nodes(smart_tree *t)
{
	size_t names = t->name_count;
	uint32_t *seen_in = malloc(2 * names * sizeof(uint32_t) + 1);
	uint32_t *seen_count = malloc(2 * names * sizeof(uint32_t) + 1);

	if (!seen_in || !seen_count) {
		free(seen_in);
		free(seen_count);
		return -1;
	}
	for (uint32_t i = t->count; i-- > 1;)
		t->nodes[t->nodes[i].parent].size += t->nodes[i].size;
	/* [id]: content nodes named id; [names + id]: the others */
	for (size_t k = 0; k < 2 * names; k++)
		seen_in[k] = SMART_NONE;
	for (uint32_t p = 0; p < t->count; p++) {
		for (uint32_t c = t->nodes[p].first_child; c != SMART_NONE;
		     c = t->nodes[c].next_sibling) {
			size_t k = t->nodes[c].name_id + (smart_node_is_content(&t->nodes[c]) ? 0 : names);

			if (seen_in[k] != p) {
				seen_in[k] = p;
				seen_count[k] = 0;
			}
			t->nodes[c].name_position = ++seen_count[k];
		}
		for (uint32_t c = t->nodes[p].first_child; c != SMART_NONE;
		     c = t->nodes[c].next_sibling)
			t->nodes[c].name_siblings =
				seen_count[t->nodes[c].name_id +
					   (smart_node_is_content(&t->nodes[c]) ? 0 : names)];
	}
	t->nodes[0].name_position = 1;
	t->nodes[0].name_siblings = 1;
	assert(t->nodes[0].size == t->count);
	free(seen_in);
	free(seen_count);
	return 0;
}
