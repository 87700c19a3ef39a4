/*
 * The edit script as JSON, exactly as docs/script-format.md describes it
 * (the contract `smart patch` reads). Built with cJSON.
 *
 * An inserted region is written as the content of its insert operation,
 * matched nodes inside it left out (they arrive by moves). cJSON prints and
 * parses recursively and refuses documents nested more than 1000 deep, so a
 * region nested deeper than SMART_SCRIPT_MAX_DEPTH is cut: each node at a
 * multiple of that depth below the region's root starts an insert of its
 * own, emitted in new pre-order like every other insert.
 */
#include "smart/diffx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "common/json.h"
#include "common/strbuf.h"

typedef struct emitter {
	const smart_diff *diff;
	uint32_t *content_index; /* new node -> position among content siblings */
	uint32_t *chunk_depth;   /* new unmatched node -> depth below its
	                          * insert root, modulo SMART_SCRIPT_MAX_DEPTH */
	cJSON **stack;           /* children arrays of the open content nodes */
	char *path;              /* scratch for old-tree paths */
	size_t path_cap;
	/* New-tree paths, built incrementally in pre-order: new_path holds the
	 * path of the last node walked, and new_end[d] where its ancestor at
	 * depth d ends, so a node's path and its parent's cost O(1) each
	 * beyond their own length, even 100 000 levels down. */
	smart_strbuf new_path;
	size_t *new_end;
	uint32_t new_next;       /* next new node the walk will visit */
	size_t cut_at;           /* where a NUL stands in for cut_char */
	char cut_char;
} emitter;

/* The path of a node, in e->path (reused); NULL when out of memory. */
static const char *path_of(emitter *e, const smart_tree *t, uint32_t node)
{
	size_t need = smart_tree_path(t, node, NULL, 0) + 1;

	/* Sized to the one path it holds, which smart_tree_path measures
	 * first: not growth one item at a time (common/array.h). */
	if (need > e->path_cap) {
		char *p = realloc(e->path, need);

		if (!p)
			return NULL;
		e->path = p;
		e->path_cap = need;
	}
	smart_tree_path(t, node, e->path, e->path_cap);
	return e->path;
}

/* Walks the new tree in pre-order up to `node` (which must not come
 * before the last node walked, except as one of its ancestors) and
 * returns its path, valid until the next call. */
static const char *new_path_of(emitter *e, uint32_t node)
{
	const smart_tree *t = e->diff->new_tree;
	char step[600];

	if (e->new_path.data)
		e->new_path.data[e->cut_at] = e->cut_char;
	for (; e->new_next <= node; e->new_next++) {
		const smart_node *n = &t->nodes[e->new_next];
		uint32_t d = n->depth;
		size_t len;

		if (!smart_node_is_content(n) || d == 0)
			continue;
		/* The step is written by smart_tree_path's rules, cut off like
		 * there (names of 500 bytes and more are cut). */
		e->new_path.len = e->new_end[d - 1];
		if (n->kind == SMART_NODE_TEXT)
			len = (size_t)snprintf(step, sizeof(step), n->name_siblings > 1 ? "/text()[%u]" : "/text()",
					       n->name_position);
		else if (n->name_siblings > 1)
			len = (size_t)snprintf(step, sizeof(step), "/%.510s[%u]", n->name, n->name_position);
		else
			len = (size_t)snprintf(step, sizeof(step), "/%.510s", n->name);
		if (smart__strbuf_append(&e->new_path, step, len) < 0)
			return NULL;
		e->new_end[d] = e->new_path.len;
	}
	if (node == 0)
		return "/";
	/* An ancestor's path is a prefix of the last one walked: end it
	 * with a NUL for now, and put the character back next time. */
	e->cut_at = e->new_end[t->nodes[node].depth];
	e->cut_char = e->new_path.data[e->cut_at];
	e->new_path.data[e->cut_at] = '\0';
	return e->new_path.data;
}

static int add_path(emitter *e, cJSON *obj, const char *key,
		    const smart_tree *t, uint32_t node)
{
	const char *p = t == e->diff->new_tree ? new_path_of(e, node)
					       : path_of(e, t, node);

	return p && cJSON_AddStringToObject(obj, key, p) ? 0 : -1;
}

/* One content node without its children: {"type":..., ...}. */
static cJSON *node_json(const smart_tree *t, uint32_t i, cJSON **children)
{
	const smart_node *n = &t->nodes[i];
	cJSON *obj = cJSON_CreateObject(), *attrs;

	*children = NULL;
	if (!obj)
		return NULL;
	if (n->kind == SMART_NODE_TEXT) {
		if (!cJSON_AddStringToObject(obj, "type", "text") ||
		    !cJSON_AddStringToObject(obj, "text", n->text))
			goto fail;
		return obj;
	}
	if (!cJSON_AddStringToObject(obj, "type", "element") ||
	    !cJSON_AddStringToObject(obj, "name", n->name) ||
	    !(attrs = cJSON_AddObjectToObject(obj, "attributes")))
		goto fail;
	for (uint32_t k = 0; k < n->attr_count; k++) {
		const smart_attr *a = &t->attrs[n->attr_first + k];

		if (!cJSON_AddStringToObject(attrs, a->name, a->value))
			goto fail;
	}
	if (!(*children = cJSON_AddArrayToObject(obj, "children")))
		goto fail;
	return obj;
fail:
	cJSON_Delete(obj);
	return NULL;
}

/* The content of the insert rooted at new node y: its unmatched
 * descendants down to the next cut, walked in pre-order. Counts the nodes
 * into *size. */
static cJSON *content_json(emitter *e, uint32_t y, uint32_t *size)
{
	const smart_tree *t = e->diff->new_tree;
	const uint32_t *b2a = e->diff->new_to_old;
	uint32_t end = y + t->nodes[y].size, base = t->nodes[y].depth;
	cJSON *root = node_json(t, y, &e->stack[0]);

	*size = 1;
	if (!root)
		return NULL;
	for (uint32_t i = y + 1; i < end;) {
		const smart_node *n = &t->nodes[i];
		uint32_t rel = n->depth - base;
		cJSON *obj, *kids;

		if (!smart_node_is_content(n) || b2a[i] != SMART_NONE ||
		    e->chunk_depth[i] == 0 || !e->stack[rel - 1]) {
			i += n->size; /* not in this chunk, nor anything below */
			continue;
		}
		obj = node_json(t, i, &kids);
		if (!obj || !cJSON_AddItemToArray(e->stack[rel - 1], obj)) {
			cJSON_Delete(obj);
			cJSON_Delete(root);
			return NULL;
		}
		e->stack[rel] = kids;
		(*size)++;
		i++;
	}
	return root;
}

/* Fills content_index and chunk_depth for the new tree. */
static void index_new_tree(emitter *e)
{
	const smart_tree *t = e->diff->new_tree;
	const uint32_t *b2a = e->diff->new_to_old;

	for (uint32_t p = 0; p < t->count; p++) {
		uint32_t k = 0;

		for (uint32_t c = t->nodes[p].first_child; c != SMART_NONE;
		     c = t->nodes[c].next_sibling)
			if (smart_node_is_content(&t->nodes[c]))
				e->content_index[c] = k++;
	}
	e->chunk_depth[0] = SMART_NONE;
	for (uint32_t i = 1; i < t->count; i++) {
		uint32_t p = t->nodes[i].parent;

		if (!smart_node_is_content(&t->nodes[i]) || b2a[i] != SMART_NONE)
			e->chunk_depth[i] = SMART_NONE;
		else if (b2a[p] != SMART_NONE)
			e->chunk_depth[i] = 0;
		else
			e->chunk_depth[i] = (e->chunk_depth[p] + 1) % SMART_SCRIPT_MAX_DEPTH;
	}
}

/* Adds the fields every placed node (insert, move) has: parent, index. */
static int add_place(emitter *e, cJSON *op, uint32_t y)
{
	const smart_tree *t = e->diff->new_tree;

	return add_path(e, op, "parent", t, t->nodes[y].parent) < 0 ||
			       !cJSON_AddNumberToObject(op, "index", e->content_index[y])
		       ? -1
		       : 0;
}

static cJSON *insert_json(emitter *e, uint32_t y)
{
	cJSON *op = cJSON_CreateObject(), *content;
	uint32_t size;

	if (!op || !cJSON_AddStringToObject(op, "op", "insert") ||
	    add_path(e, op, "path", e->diff->new_tree, y) < 0 || add_place(e, op, y) < 0 ||
	    !(content = content_json(e, y, &size)))
		goto fail;
	if (!cJSON_AddNumberToObject(op, "subtree_size", size)) {
		cJSON_Delete(content);
		goto fail;
	}
	cJSON_AddItemToObject(op, "content", content);
	return op;
fail:
	cJSON_Delete(op);
	return NULL;
}

/* Any operation but insert. */
static cJSON *op_json(emitter *e, const smart_edit_op *o)
{
	const smart_diff *d = e->diff;
	cJSON *op = cJSON_CreateObject();
	int bad;

	if (!op)
		return NULL;
	bad = !cJSON_AddStringToObject(op, "op", smart_op_name(o->kind)) ||
	      add_path(e, op, "path", d->old_tree, o->old_node) < 0;
	if (!bad && o->kind == SMART_OP_MOVE)
		bad = add_path(e, op, "to", d->new_tree, o->new_node) < 0 ||
		      add_place(e, op, o->new_node) < 0;
	if (!bad && o->attr_name)
		bad = !cJSON_AddStringToObject(op, "name", o->attr_name);
	if (!bad && o->old_value && o->kind != SMART_OP_ATTR_INSERT)
		bad = !cJSON_AddStringToObject(op, "old", o->old_value);
	if (!bad && o->new_value && o->kind != SMART_OP_ATTR_DELETE)
		bad = !cJSON_AddStringToObject(op, "new", o->new_value);
	if (!bad)
		bad = !cJSON_AddNumberToObject(op, "subtree_size", o->subtree_size);
	if (bad) {
		cJSON_Delete(op);
		return NULL;
	}
	return op;
}

/* The operations in script order; inserts cut into chunks are merged in
 * new pre-order with the moves around them. */
static int add_operations(emitter *e, cJSON *list)
{
	const smart_diff *d = e->diff;
	size_t k = 0;

	for (; k < d->op_count && d->ops[k].kind == SMART_OP_DELETE; k++)
		if (!cJSON_AddItemToArray(list, op_json(e, &d->ops[k])))
			return -1;
	for (uint32_t y = 1; y < d->new_tree->count; y++) {
		cJSON *op = NULL;

		if (e->chunk_depth[y] == 0) {
			op = insert_json(e, y);
			if (k < d->op_count && d->ops[k].kind == SMART_OP_INSERT &&
			    d->ops[k].new_node == y)
				k++;
		} else if (k < d->op_count && d->ops[k].kind == SMART_OP_MOVE &&
			   d->ops[k].new_node == y) {
			op = op_json(e, &d->ops[k++]);
		} else {
			continue;
		}
		if (!op || !cJSON_AddItemToArray(list, op)) {
			cJSON_Delete(op);
			return -1;
		}
	}
	for (; k < d->op_count; k++) {
		cJSON *op = op_json(e, &d->ops[k]);

		if (!op || !cJSON_AddItemToArray(list, op)) {
			cJSON_Delete(op);
			return -1;
		}
	}
	return 0;
}

static int add_summary(cJSON *root, const smart_diff_summary *s)
{
	cJSON *sum = cJSON_AddObjectToObject(root, "summary");

	return sum && cJSON_AddNumberToObject(sum, "moves", s->moves) &&
			       cJSON_AddNumberToObject(sum, "inserts", s->inserts) &&
			       cJSON_AddNumberToObject(sum, "deletes", s->deletes) &&
			       cJSON_AddNumberToObject(sum, "updates", s->updates) &&
			       cJSON_AddNumberToObject(sum, "attribute_changes",
						       s->attribute_changes)
		       ? 0
		       : -1;
}

cJSON *smart_diff_to_json(const smart_diff *diff, smart_error *err)
{
	uint32_t n = diff->new_tree->count;
	uint32_t depth = 0;
	emitter e = { .diff = diff,
		      .content_index = malloc(n * sizeof(uint32_t)),
		      .chunk_depth = malloc(n * sizeof(uint32_t)),
		      .stack = calloc(SMART_SCRIPT_MAX_DEPTH + 1, sizeof(cJSON *)) };
	cJSON *root = cJSON_CreateObject(), *list;

	for (uint32_t i = 0; i < n; i++)
		if (diff->new_tree->nodes[i].depth > depth)
			depth = diff->new_tree->nodes[i].depth;
	e.new_end = calloc((size_t)depth + 1, sizeof(size_t));
	if (!root || !e.content_index || !e.chunk_depth || !e.stack || !e.new_end ||
	    !(list = cJSON_AddArrayToObject(root, "operations")))
		goto fail;
	index_new_tree(&e);
	if (add_operations(&e, list) < 0 || add_summary(root, &diff->summary) < 0)
		goto fail;
	goto done;
fail:
	cJSON_Delete(root);
	root = NULL;
	smart_error_oom(err);
done:
	free(e.content_index);
	free(e.chunk_depth);
	free(e.stack);
	free(e.path);
	smart__strbuf_free(&e.new_path);
	free(e.new_end);
	return root;
}

char *smart_diff_to_json_string(const smart_diff *diff, smart_error *err)
{
	cJSON *root = smart_diff_to_json(diff, err);

	return root ? smart__json_print(root, 1, 0, err) : NULL;
}
