/* Comparing two smart_trees field by field (same_tree.h). */
#include "same_tree.h"
#include "support.h"

#include <stdio.h>
#include <string.h>

/* Whether two strings (either may be NULL) differ. */
static int strings_differ(const char *x, const char *y)
{
	return (x == NULL) != (y == NULL) || (x && strcmp(x, y) != 0);
}

/* 0 when node i of a and of b are the same, links and attributes
 * included; else 1 with `why` set. */
static int nodes_differ(const smart_tree *a, const smart_tree *b, uint32_t i, char *why,
			size_t size)
{
	const smart_node *x = &a->nodes[i], *y = &b->nodes[i];

	if (x->kind != y->kind || x->parent != y->parent || x->first_child != y->first_child ||
	    x->next_sibling != y->next_sibling || x->child_count != y->child_count ||
	    x->index_in_parent != y->index_in_parent || x->depth != y->depth ||
	    x->size != y->size || x->name_id != y->name_id ||
	    x->name_position != y->name_position || x->name_siblings != y->name_siblings ||
	    strcmp(x->name, y->name) != 0) {
		snprintf(why, size, "node %u: %s (kind %d, parent %u, depth %u, size %u) against "
			 "%s (kind %d, parent %u, depth %u, size %u)", i, x->name, x->kind,
			 x->parent, x->depth, x->size, y->name, y->kind, y->parent, y->depth,
			 y->size);
		return 1;
	}
	if (x->text_len != y->text_len || (x->text == NULL) != (y->text == NULL) ||
	    (x->text && memcmp(x->text, y->text, x->text_len) != 0)) {
		snprintf(why, size, "node %u (%s): text \"%.60s\" against \"%.60s\"", i, x->name,
			 x->text ? x->text : "(none)", y->text ? y->text : "(none)");
		return 1;
	}
	if (x->attr_count != y->attr_count) {
		snprintf(why, size, "node %u (%s): %u attributes against %u", i, x->name,
			 x->attr_count, y->attr_count);
		return 1;
	}
	for (uint32_t k = 0; k < x->attr_count; k++) {
		const smart_attr *p = &a->attrs[x->attr_first + k], *q = &b->attrs[y->attr_first + k];

		if (strcmp(p->name, q->name) != 0 || strcmp(p->value, q->value) != 0) {
			snprintf(why, size, "node %u (%s), attribute %u: %s=\"%.40s\" against "
				 "%s=\"%.40s\"", i, x->name, k, p->name, p->value, q->name, q->value);
			return 1;
		}
	}
	return 0;
}

int trees_differ(const smart_tree *a, const smart_tree *b, char *why, size_t size)
{
	if (a->count != b->count || a->format != b->format || a->name_count != b->name_count) {
		snprintf(why, size, "%u nodes, %u names, format %d against %u nodes, %u names, "
			 "format %d", a->count, a->name_count, a->format, b->count, b->name_count,
			 b->format);
		return 1;
	}
	if (strings_differ(a->doctype, b->doctype)) {
		snprintf(why, size, "doctype %s against %s", a->doctype ? a->doctype : "(none)",
			 b->doctype ? b->doctype : "(none)");
		return 1;
	}
	for (uint32_t i = 0; i < a->count; i++)
		if (nodes_differ(a, b, i, why, size))
			return 1;
	return 0;
}

void assert_same_tree(const smart_tree *a, const smart_tree *b)
{
	char why[512];

	if (trees_differ(a, b, why, sizeof(why)))
		fail_msg("the trees differ: %s", why);
}
