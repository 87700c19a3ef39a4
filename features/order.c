/*
 * Reordering (paper §3.2 "Order of Children", "Inversions"): elements that
 * stayed but changed places.
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* The next content sibling at or after `i` (SMART_NONE when none). */
static uint32_t content_from(const smart_tree *t, uint32_t i)
{
	while (i != SMART_NONE && !smart_node_is_content(&t->nodes[i]))
		i = t->nodes[i].next_sibling;
	return i;
}

/* True when aligned nodes `o` (old) and `n` (new) have the same set of
 * content children under the alignment, in a different order. */
static int children_reordered(const smart_feature_args *a, uint32_t o, uint32_t n)
{
	const smart_tree *ot = a->old_tree, *nt = a->new_tree;
	const uint32_t *to_new = a->diff->old_to_new;
	uint32_t oc = content_from(ot, ot->nodes[o].first_child);
	uint32_t nc = content_from(nt, nt->nodes[n].first_child);
	int reordered = 0;

	while (oc != SMART_NONE && nc != SMART_NONE) {
		uint32_t m = to_new[oc];

		if (m == SMART_NONE || nt->nodes[m].parent != n)
			return 0; /* a child left or was replaced: not the same set */
		if (m != nc)
			reordered = 1;
		oc = content_from(ot, ot->nodes[oc].next_sibling);
		nc = content_from(nt, nt->nodes[nc].next_sibling);
	}
	/* Equal counts, and every old child aligned to a child of n: since the
	 * alignment is one-to-one, the sets are equal. */
	return reordered && oc == SMART_NONE && nc == SMART_NONE;
}

/* children_order: aligned pairs of nodes whose content children are the same
 * set under the alignment, in a different order (<ul><li>a<li>b</ul> ->
 * <ul><li>b<li>a</ul> counts 1, for the ul). A child inserted, deleted or
 * moved elsewhere makes the sets differ, and the pair does not count. 0 for
 * identical documents and for nodes with fewer than two children.
 * Hypothesis (paper §3.2): reordered children (sorted differently, a
 * hash-ordered list) are not semantic errors and need no inspection. */
int smart__feature_children_order(const smart_feature_args *a, double *v, smart_error *err)
{
	const smart_tree *ot = a->old_tree, *nt = a->new_tree;
	const uint32_t *to_new = a->diff->old_to_new;
	uint32_t count = 0;

	(void)err;
	for (uint32_t o = 0; o < ot->count; o++) {
		uint32_t n = to_new[o];

		if (n == SMART_NONE || ot->nodes[o].child_count < 2 || n >= nt->count)
			continue;
		count += children_reordered(a, o, n);
	}
	*v = count;
	return 0;
}

/* Sorts name ids by their names. */
static int compare_names(const void *x, const void *y, void *names)
{
	const char *const *n = names;

	return strcmp(n[*(const uint32_t *)x], n[*(const uint32_t *)y]);
}

/* Fills map[old name id] with the new tree's id for the same name, or
 * SMART_NONE: sort both name tables and merge them. */
static int map_names(const smart_tree *o, const smart_tree *n, uint32_t *map, smart_error *err)
{
	uint32_t *os = malloc((o->name_count + 1) * sizeof(*os));
	uint32_t *ns = malloc((n->name_count + 1) * sizeof(*ns));
	uint32_t i = 0, j = 0;

	if (!os || !ns) {
		free(os);
		free(ns);
		return smart_error_oom(err);
	}
	for (uint32_t k = 0; k < o->name_count; k++) {
		os[k] = k;
		map[k] = SMART_NONE;
	}
	for (uint32_t k = 0; k < n->name_count; k++)
		ns[k] = k;
	qsort_r(os, o->name_count, sizeof(*os), compare_names, (void *)o->names);
	qsort_r(ns, n->name_count, sizeof(*ns), compare_names, (void *)n->names);
	while (i < o->name_count && j < n->name_count) {
		int c = strcmp(o->names[os[i]], n->names[ns[j]]);

		if (c == 0)
			map[os[i++]] = ns[j++];
		else if (c < 0)
			i++;
		else
			j++;
	}
	free(os);
	free(ns);
	return 0;
}

/* Writes the kept elements of `t` in pre-order into `out` as new-tree name
 * ids (`map` translates, NULL for the new tree itself), keeping of each name
 * its first keep[name] occurrences; returns how many it wrote. */
static size_t kept_tags(const smart_tree *t, const uint32_t *map, uint32_t *keep, uint32_t *out)
{
	size_t len = 0;

	for (uint32_t i = 0; i < t->count; i++) {
		uint32_t id;

		if (t->nodes[i].kind != SMART_NODE_ELEMENT)
			continue;
		id = map ? map[t->nodes[i].name_id] : t->nodes[i].name_id;
		if (id == SMART_NONE || keep[id] == 0)
			continue;
		keep[id]--;
		out[len++] = id;
	}
	return len;
}

/* inversions: the paper's procedure (§3.2). List the elements of each tree in
 * pre-order by tag (text, comments and the document node left out); sort
 * both lists; take their longest common subsequence; drop every element
 * outside it; restore document order; walk the two lists in tandem and count
 * the positions whose tags differ. The LCS of two sorted lists is their
 * multiset intersection (min of the two counts per tag), found by a merge,
 * so no O(n·m) table is built; a stable sort keeps the first occurrences of
 * a tag, which is which occurrences this takes (an arbitrary choice in the
 * paper too: an extra early occurrence on one side shifts every later
 * position of the walk). <a><b/><c/></a> -> <a><c/>
 * <b/></a> gives 2; identical documents, and documents with no tag in
 * common, give 0. Hypothesis (paper §3.2): inverted elements are unlikely to
 * indicate errors. It ignores the DiffX alignment on purpose. */
int smart__feature_inversions(const smart_feature_args *a, double *v, smart_error *err)
{
	const smart_tree *o = a->old_tree, *n = a->new_tree;
	uint32_t *map = malloc((o->name_count + 1) * sizeof(*map));
	uint32_t *old_count = calloc(n->name_count + 1, sizeof(*old_count));
	uint32_t *keep = calloc(n->name_count + 1, sizeof(*keep));
	uint32_t *keep2 = calloc(n->name_count + 1, sizeof(*keep2));
	uint32_t *old_list = malloc((o->count + 1) * sizeof(*old_list));
	uint32_t *new_list = malloc((n->count + 1) * sizeof(*new_list));
	size_t old_len, new_len, differ = 0;
	int status = -1;

	if (!map || !old_count || !keep || !keep2 || !old_list || !new_list) {
		smart_error_oom(err);
		goto out;
	}
	if (map_names(o, n, map, err) < 0)
		goto out;
	for (uint32_t i = 0; i < o->count; i++)
		if (o->nodes[i].kind == SMART_NODE_ELEMENT && map[o->nodes[i].name_id] != SMART_NONE)
			old_count[map[o->nodes[i].name_id]]++;
	for (uint32_t i = 0; i < n->count; i++) {
		uint32_t id = n->nodes[i].name_id;

		if (n->nodes[i].kind == SMART_NODE_ELEMENT && keep[id] < old_count[id])
			keep[id]++; /* min(old count, new count) */
	}
	memcpy(keep2, keep, (n->name_count + 1) * sizeof(*keep));
	old_len = kept_tags(o, map, keep, old_list);
	new_len = kept_tags(n, NULL, keep2, new_list);
	assert(old_len == new_len);
	(void)new_len;
	for (size_t i = 0; i < old_len; i++)
		differ += old_list[i] != new_list[i];
	*v = (double)differ;
	status = 0;
out:
	free(map);
	free(old_count);
	free(keep);
	free(keep2);
	free(old_list);
	free(new_list);
	return status;
}
