/* Queries on a built tree (include/smart/tree.h). */
#include "smart/tree.h"
#include "tree_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/arena.h"

void smart_tree_free(smart_tree *tree)
{
	if (!tree)
		return;
	smart__arena_free(tree->arena);
	free(tree->nodes);
	free(tree->attrs);
	free(tree->names);
	free(tree);
}

const smart_attr *smart_tree_attr(const smart_tree *tree, uint32_t node,
				  const char *name)
{
	const smart_node *n = &tree->nodes[node];
	uint32_t lo = n->attr_first, hi = n->attr_first + n->attr_count;

	while (lo < hi) { /* attributes are sorted by name */
		uint32_t mid = lo + (hi - lo) / 2;
		int c = strcmp(tree->attrs[mid].name, name);

		if (c == 0)
			return &tree->attrs[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/* The step of one node in a path: "div[2]", "text()[1]", ... */
static int path_step(const smart_node *n, char *buf, size_t size)
{
	const char *name = n->name;
	int len;

	switch (n->kind) {
	case SMART_NODE_TEXT:
		name = "text()";
		break;
	case SMART_NODE_COMMENT:
		name = "comment()";
		break;
	case SMART_NODE_PI:
		name = "processing-instruction()";
		break;
	default:
		break;
	}
	if (n->name_siblings <= 1)
		return snprintf(buf, size, "%s", name);
	len = snprintf(buf, size, "%s[%u]", name, n->name_position);
	return len;
}

size_t smart_tree_path(const smart_tree *tree, uint32_t node, char *buf,
		       size_t buf_size)
{
	char step[512];
	size_t total = 0, depth = tree->nodes[node].depth;
	size_t *lengths;
	uint32_t at;

	if (node == 0) {
		if (buf_size)
			snprintf(buf, buf_size, "/");
		return 1;
	}
	/* First measure each step (leaf to root), then write root to leaf. */
	lengths = malloc(depth * sizeof(*lengths));
	if (!lengths) {
		if (buf_size)
			buf[0] = '\0';
		return 0;
	}
	at = node;
	for (size_t i = depth; i-- > 0; at = tree->nodes[at].parent) {
		int n = path_step(&tree->nodes[at], step, sizeof(step));

		lengths[i] = n < (int)sizeof(step) ? (size_t)n : sizeof(step) - 1;
		total += 1 + lengths[i];
	}
	if (buf_size) {
		size_t end = total < buf_size ? total : buf_size - 1;
		size_t pos = total;

		at = node;
		for (size_t i = depth; i-- > 0; at = tree->nodes[at].parent) {
			path_step(&tree->nodes[at], step, sizeof(step));
			pos -= lengths[i];
			for (size_t k = 0; k < lengths[i]; k++)
				if (pos + k < end)
					buf[pos + k] = step[k];
			pos--;
			if (pos < end)
				buf[pos] = '/';
		}
		buf[end] = '\0';
	}
	free(lengths);
	return total;
}

/* Next content node in pre-order at or after i (comments/PIs skipped with
 * their subtrees, which are single nodes). */
static uint32_t next_content(const smart_tree *t, uint32_t i)
{
	while (i < t->count && !smart_node_is_content(&t->nodes[i]))
		i += t->nodes[i].size;
	return i;
}

int smart__tree_same_content(const smart_tree *a, uint32_t i, const smart_tree *b,
		      uint32_t j)
{
	const smart_node *x = &a->nodes[i], *y = &b->nodes[j];

	if (x->kind != y->kind || strcmp(x->name, y->name) != 0 ||
	    x->attr_count != y->attr_count)
		return 0;
	if ((x->text == NULL) != (y->text == NULL) ||
	    (x->text && (x->text_len != y->text_len ||
			 memcmp(x->text, y->text, x->text_len) != 0)))
		return 0;
	for (uint32_t k = 0; k < x->attr_count; k++) {
		const smart_attr *p = &a->attrs[x->attr_first + k];
		const smart_attr *q = &b->attrs[y->attr_first + k];

		if (strcmp(p->name, q->name) != 0 || strcmp(p->value, q->value) != 0)
			return 0;
	}
	return 1;
}

/* Same depth and same own content. */
static int same_node(const smart_tree *a, uint32_t i, const smart_tree *b,
		     uint32_t j)
{
	return a->nodes[i].depth == b->nodes[j].depth &&
	       smart__tree_same_content(a, i, b, j);
}

int smart_tree_equal(const smart_tree *a, const smart_tree *b)
{
	uint32_t i = 0, j = 0;

	/* Walking both in pre-order and comparing kind, depth and content at
	 * each step compares the shapes too: equal sequences of (depth, node)
	 * describe equal trees. Comments/PIs are leaves, so skipping them
	 * leaves the depths of the other nodes unchanged. */
	for (;;) {
		i = next_content(a, i);
		j = next_content(b, j);
		if (i >= a->count || j >= b->count)
			return i >= a->count && j >= b->count;
		if (!same_node(a, i, b, j))
			return 0;
		i++;
		j++;
	}
}

int smart_tree_doctypes_differ(const smart_tree *a, const smart_tree *b)
{
	if (!a->doctype || !b->doctype)
		return a->doctype != b->doctype;
	return strcasecmp(a->doctype, b->doctype) != 0;
}
