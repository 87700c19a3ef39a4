/*
 * Applying an edit script to an old tree (include/smart/patch.h), in the
 * order docs/script-format.md gives: resolve every old path on the
 * unmodified old tree; remove deleted subtrees and detach moved ones;
 * apply updates and attribute operations; then place inserted and moved
 * subtrees in new pre-order, resolving each `parent` path against the tree
 * built so far. Everything is checked — paths, kinds, indexes, the texts
 * and values the script expects — so a script applied to the wrong
 * document fails with one line instead of producing garbage.
 */
#include "smart/patch.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/arena.h"
#include "ptree.h"

/* Where the last lookup under a parent stopped. Scripts list operations in
 * pre-order, so the next lookup under the same parent usually continues
 * from there: this keeps long sibling lists linear instead of quadratic.
 * Valid while the parent's version is unchanged. */
typedef struct cursor {
	uint32_t parent;   /* SMART_NONE: empty */
	uint32_t version;
	const char *name;  /* the step's name (NULL: text()); unused for slots */
	uint32_t count;    /* matches (or content children) up to `child` */
	uint32_t child;
} cursor;

typedef struct patcher {
	const smart_tree *old;
	const smart_script *script;
	smart_error *err;
	ptree tree;
	uint32_t *target;      /* per operation: its old node (not inserts) */
	smart_arena *arena;    /* modified attribute sets */
	cursor *steps;         /* per path depth, for resolve() */
	uint32_t step_cap;
	cursor slot;           /* for finding a placement's index */
} patcher;

static int fail(patcher *p, size_t op, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static int fail(patcher *p, size_t op, const char *fmt, ...)
{
	char msg[SMART_ERROR_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return smart_error_set(p->err, "%s: operations[%zu] (%s): %s", p->script->name,
			       op, smart_op_name(p->script->ops[op].kind), msg);
}

static int step_matches(const smart_path_step *step, const pnode *n)
{
	if (!step->name)
		return n->kind == SMART_NODE_TEXT;
	return n->kind == SMART_NODE_ELEMENT && strcmp(step->name, n->name) == 0;
}

static int same_step_name(const char *a, const char *b)
{
	return a == b || (a && b && strcmp(a, b) == 0);
}

/* The node `path` names in the tree as it is now, SMART_NONE when none
 * does, or SMART_NONE - 1 when out of memory. A step without [k] takes the
 * first node of its name. */
static uint32_t resolve(patcher *p, const smart_script_path *path)
{
	const ptree *t = &p->tree;
	uint32_t at = 0;

	/* Sized to the path's depth at once, the new cursors empty: not
	 * growth one item at a time (common/array.h). */
	if (path->count > p->step_cap) {
		cursor *more = realloc(p->steps, path->count * sizeof(*more));

		if (!more)
			return SMART_NONE - 1;
		for (uint32_t s = p->step_cap; s < path->count; s++)
			more[s].parent = SMART_NONE;
		p->steps = more;
		p->step_cap = path->count;
	}
	for (uint32_t s = 0; s < path->count; s++) {
		const smart_path_step *step = &p->script->steps[path->first + s];
		uint32_t want = step->position ? step->position : 1, seen = 0, c;
		cursor *cur = &p->steps[s];

		c = t->nodes[at].first;
		if (cur->parent == at && cur->version == t->nodes[at].version &&
		    same_step_name(cur->name, step->name) && cur->count <= want) {
			c = cur->child;
			seen = cur->count - 1;
		}
		for (; c != SMART_NONE; c = t->nodes[c].next)
			if (step_matches(step, &t->nodes[c]) && ++seen == want)
				break;
		if (c == SMART_NONE)
			return SMART_NONE;
		*cur = (cursor){ at, t->nodes[at].version, step->name, seen, c };
		at = c;
	}
	return at;
}

/* The nodes a delete of n removes: the content nodes of its old subtree
 * except those that leave by moves (matched nodes inside an unmatched
 * region are moved out, with their subtrees). */
static uint32_t deleted_size(const patcher *p, uint32_t n)
{
	const smart_tree *old = p->old;
	uint32_t count = 0;

	for (uint32_t i = n; i < n + old->nodes[n].size;) {
		if (i != n && p->tree.nodes[i].state == PNODE_MOVED) {
			i += old->nodes[i].size;
			continue;
		}
		count += smart_node_is_content(&old->nodes[i]);
		i++;
	}
	return count;
}

/* Step 1: every old path, on the untouched old tree. */
static int resolve_old_paths(patcher *p)
{
	for (size_t i = 0; i < p->script->op_count; i++) {
		const smart_script_op *op = &p->script->ops[i];
		uint32_t n;

		p->target[i] = SMART_NONE;
		if (op->kind == SMART_OP_INSERT)
			continue;
		n = resolve(p, &op->path);
		if (n == SMART_NONE - 1)
			return smart_error_oom(p->err);
		if (n == SMART_NONE)
			return fail(p, i, "\"%s\" names no node of the old document",
				    op->path.text);
		p->target[i] = n;
		switch (op->kind) {
		case SMART_OP_DELETE:
		case SMART_OP_MOVE:
			if (n == 0)
				return fail(p, i, "the document node cannot be moved or deleted");
			if (p->tree.nodes[n].state != PNODE_KEPT)
				return fail(p, i, "\"%s\" is already deleted or moved by an "
						  "earlier operation", op->path.text);
			p->tree.nodes[n].state = op->kind == SMART_OP_DELETE ? PNODE_DELETED
									    : PNODE_MOVED;
			break;
		case SMART_OP_UPDATE:
			if (p->tree.nodes[n].kind != SMART_NODE_TEXT)
				return fail(p, i, "\"%s\" is not a text node", op->path.text);
			break;
		default: /* attribute operations */
			if (p->tree.nodes[n].kind != SMART_NODE_ELEMENT)
				return fail(p, i, "\"%s\" is not an element", op->path.text);
			break;
		}
	}
	/* Sizes need every move known: moved nodes leave deleted regions. */
	for (size_t i = 0; i < p->script->op_count; i++) {
		const smart_script_op *op = &p->script->ops[i];
		uint32_t size;

		if (op->kind != SMART_OP_DELETE || !op->subtree_size)
			continue;
		size = deleted_size(p, p->target[i]);
		if (size != op->subtree_size)
			return fail(p, i, "\"%s\" has %u nodes to delete in the old document, "
					  "the script deletes %u", op->path.text, size,
				    op->subtree_size);
	}
	return 0;
}

/* Index of attribute `name` in node n's set, or -1. */
static long find_attr(const pnode *n, const char *name)
{
	for (uint32_t k = 0; k < n->attr_count; k++)
		if (strcmp(n->attrs[k].name, name) == 0)
			return (long)k;
	return -1;
}

/* Quotes at most 60 bytes of s for a message. */
static const char *clip(const char *s, char *buf, size_t size)
{
	snprintf(buf, size, "%.60s%s", s, strlen(s) > 60 ? "..." : "");
	return buf;
}

/* Step 3: updates and attribute operations, each checked against what the
 * old document holds. */
static int apply_in_place(patcher *p, size_t i)
{
	const smart_script_op *op = &p->script->ops[i];
	pnode *n = &p->tree.nodes[p->target[i]];
	char a[80], b[80];
	long k;
	smart_attr *attrs;
	uint32_t count = n->attr_count;

	if (op->kind == SMART_OP_UPDATE) {
		if (strcmp(n->text, op->old_value) != 0)
			return fail(p, i, "expects text \"%s\" at \"%s\", the old document has \"%s\"",
				    clip(op->old_value, a, sizeof(a)), op->path.text,
				    clip(n->text, b, sizeof(b)));
		n->text = op->new_value;
		return 0;
	}
	k = find_attr(n, op->attr_name);
	if (op->kind == SMART_OP_ATTR_INSERT && k >= 0)
		return fail(p, i, "\"%s\" already has attribute '%s'", op->path.text,
			    op->attr_name);
	if (op->kind != SMART_OP_ATTR_INSERT &&
	    (k < 0 || strcmp(n->attrs[k].value, op->old_value) != 0))
		return fail(p, i, "expects attribute %s=\"%s\" on \"%s\", the old document has %s",
			    op->attr_name, clip(op->old_value, a, sizeof(a)), op->path.text,
			    k < 0 ? "none" : clip(n->attrs[k].value, b, sizeof(b)));
	/* A modified copy of the set, in the patcher's arena. */
	attrs = smart__arena_alloc(p->arena, (count + 1) * sizeof(*attrs));
	if (!attrs)
		return smart_error_oom(p->err);
	if (count)
		memcpy(attrs, n->attrs, count * sizeof(*attrs));
	if (op->kind == SMART_OP_ATTR_INSERT)
		attrs[count++] = (smart_attr){ op->attr_name, op->new_value };
	else if (op->kind == SMART_OP_ATTR_CHANGE)
		attrs[k].value = op->new_value;
	else
		memmove(attrs + k, attrs + k + 1, (--count - (size_t)k) * sizeof(*attrs));
	n->attrs = attrs;
	n->attr_count = count;
	return 0;
}

/* Builds the unlinked subtree of an insert's content; returns its root. */
static uint32_t build_content(patcher *p, uint32_t root)
{
	const smart_script *s = p->script;
	uint32_t *open = malloc(s->nodes[root].size * sizeof(*open)), depth = 0, top = SMART_NONE;

	if (!open)
		return SMART_NONE;
	for (uint32_t j = root; j < root + s->nodes[root].size; j++) {
		const smart_script_node *c = &s->nodes[j];
		uint32_t n = smart__ptree_add(&p->tree, c->kind, c->name ? c->name : "#text", c->text,
				       c->attr_count ? s->attrs + c->attr_first : NULL,
				       c->attr_count);

		if (n == SMART_NONE) {
			top = SMART_NONE;
			break;
		}
		/* Close the open elements whose content range ends before j. */
		while (depth > 0 && open[depth - 1] + s->nodes[open[depth - 1]].size <= j)
			depth--;
		if (depth > 0)
			smart__ptree_link(&p->tree, p->tree.count - 1 - (j - open[depth - 1]), SMART_NONE, n);
		else
			top = n;
		open[depth++] = j;
	}
	free(open);
	return top;
}

static int is_content(const pnode *n)
{
	return n->kind == SMART_NODE_ELEMENT || n->kind == SMART_NODE_TEXT;
}

/* Step 4: one insert or move placed at `parent` + `index`. */
static int place(patcher *p, size_t i)
{
	const smart_script_op *op = &p->script->ops[i];
	uint32_t parent = resolve(p, &op->parent), before, seen = 0, n;
	cursor *slot = &p->slot;

	if (parent == SMART_NONE - 1)
		return smart_error_oom(p->err);
	if (parent == SMART_NONE)
		return fail(p, i, "parent \"%s\" names no node of the tree built so far",
			    op->parent.text);
	if (p->tree.nodes[parent].kind == SMART_NODE_TEXT)
		return fail(p, i, "parent \"%s\" is a text node", op->parent.text);
	before = p->tree.nodes[parent].first;
	if (slot->parent == parent && slot->version == p->tree.nodes[parent].version &&
	    slot->count < op->index) {
		/* Continue after the node placed last under this parent. */
		before = p->tree.nodes[slot->child].next;
		seen = slot->count + 1;
	}
	for (; before != SMART_NONE; before = p->tree.nodes[before].next) {
		if (is_content(&p->tree.nodes[before])) {
			if (seen == op->index)
				break;
			seen++;
		}
	}
	if (before == SMART_NONE && seen < op->index)
		return fail(p, i, "index %u is past the end of \"%s\" (%u content children)",
			    op->index, op->parent.text, seen);
	n = op->kind == SMART_OP_MOVE ? p->target[i] : build_content(p, op->content);
	if (n == SMART_NONE)
		return smart_error_oom(p->err);
	smart__ptree_link(&p->tree, parent, before, n);
	*slot = (cursor){ parent, p->tree.nodes[parent].version, NULL, op->index, n };
	return 0;
}

static int apply(patcher *p)
{
	const smart_script *s = p->script;

	if (resolve_old_paths(p) < 0)
		return -1;
	for (size_t i = 0; i < s->op_count; i++)
		if (s->ops[i].kind == SMART_OP_DELETE || s->ops[i].kind == SMART_OP_MOVE)
			smart__ptree_unlink(&p->tree, p->target[i]);
	for (size_t i = 0; i < s->op_count; i++)
		if (s->ops[i].kind != SMART_OP_DELETE && s->ops[i].kind != SMART_OP_MOVE &&
		    s->ops[i].kind != SMART_OP_INSERT && apply_in_place(p, i) < 0)
			return -1;
	for (size_t i = 0; i < s->op_count; i++)
		if ((s->ops[i].kind == SMART_OP_INSERT || s->ops[i].kind == SMART_OP_MOVE) &&
		    place(p, i) < 0)
			return -1;
	return 0;
}

smart_tree *smart_patch(const smart_tree *old, const smart_script *script,
			smart_error *err)
{
	patcher p = { old, script, err, { 0 }, NULL, NULL, NULL, 0,
		      { SMART_NONE, 0, NULL, 0, SMART_NONE } };
	smart_tree *result = NULL;

	p.target = malloc((script->op_count ? script->op_count : 1) * sizeof(*p.target));
	p.arena = smart__arena_new();
	if (!p.target || !p.arena || smart__ptree_init(&p.tree, old) < 0)
		smart_error_set(err, "%s: out of memory", script->name);
	else if (apply(&p) == 0)
		result = smart__ptree_finish(&p.tree, old->format, script->name, err);
	/* A script edits content, never the doctype: the old one stays. */
	if (result && old->doctype &&
	    !(result->doctype = smart__arena_strndup(result->arena, old->doctype,
						    strlen(old->doctype)))) {
		smart_tree_free(result);
		result = NULL;
		smart_error_set(err, "%s: out of memory", script->name);
	}
	smart__ptree_release(&p.tree);
	smart__arena_free(p.arena);
	free(p.target);
	free(p.steps);
	return result;
}
