/*
 * Where an edit lies: in what a user of the page sees or uses (displayed
 * text, elements, link targets, form actions, images, the title), or in a
 * place a browser shows nobody (issue 35, "scores that rank").
 *
 * A clean rerun of a web application often keeps, after scrubbing, one
 * value no rule knows: a session id in a hidden input, a token in a
 * script, a random element id. A fault usually changes what the user
 * reads or clicks. The paper's change_depth cannot tell them apart: a
 * script in <head> lies near the root. So every edit is placed here once,
 * and change_depth reads only the displayed ones (features/grouping.c)
 * while hidden_edits counts the residue of the others and residual_change
 * and changed_words that of the displayed ones (features/volatility.c).
 */
#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "internal.h"

/* Elements a browser never draws, with all they hold. */
static const char *const hidden_elements[] = {
	"script", "style", "template", "meta", "link", "base", "noscript", NULL
};

/* Attributes that name or wire an element but show nothing: identifiers
 * and references to identifiers, a field's name, integrity checks. A
 * changed `class`, `style`, `title`, `value` or target still shows. */
static const char *const hidden_attributes[] = {
	"id", "name", "for", "nonce", "integrity", "crossorigin", "form", "headers", "list",
	"aria-controls", "aria-describedby", "aria-labelledby", "aria-owns",
	"aria-activedescendant", NULL
};

/* What a tag name says about where its element lies, per name id. */
enum { NAME_HIDDEN = 1, NAME_HEAD = 2, NAME_TITLE = 4, NAME_INPUT = 8 };

/* Per name id of `t`, its NAME_* bits. A new array (free()), or NULL. */
static uint8_t *name_kinds(const smart_tree *t)
{
	uint8_t *kind = smart__feature_name_flags(t, hidden_elements);

	for (uint32_t id = 0; kind && id < t->name_count; id++) {
		const char *n = t->names[id];

		kind[id] |= strcmp(n, "head") == 0    ? NAME_HEAD
			    : strcmp(n, "title") == 0 ? NAME_TITLE
			    : strcmp(n, "input") == 0 ? NAME_INPUT
						      : 0;
	}
	return kind;
}

/* True when node `i` of `t` (name kinds `kind`) lies in a hidden place:
 * inside (or being) a hidden element or an <input type="hidden">, or
 * inside <head> but not inside its <title>, which the browser shows on the
 * tab. Walks up from the node (a page is a few dozen levels deep), so a
 * pair with few edits costs no pass over the whole tree. */
static int in_hidden_place(const smart_tree *t, const uint8_t *kind, uint32_t i)
{
	uint32_t below = SMART_NONE;

	for (uint32_t j = i; j != SMART_NONE && j != 0; below = j, j = t->nodes[j].parent) {
		const smart_node *n = &t->nodes[j];
		const smart_attr *type;

		if (n->kind != SMART_NODE_ELEMENT)
			continue;
		if (kind[n->name_id] & NAME_HIDDEN)
			return 1;
		if (kind[n->name_id] & NAME_HEAD) /* a text node's name is "#text" */
			return below == SMART_NONE || !(kind[t->nodes[below].name_id] & NAME_TITLE);
		if (kind[n->name_id] & NAME_INPUT) {
			type = smart_tree_attr(t, j, "type");
			if (type && strcasecmp(type->value, "hidden") == 0)
				return 1;
		}
	}
	return 0;
}

/* True when the attribute `name` shows nothing whatever its value. */
static int attribute_hidden(const char *name)
{
	if (strncmp(name, "data-", 5) == 0)
		return 1;
	for (const char *const *h = hidden_attributes; *h; h++)
		if (strcmp(name, *h) == 0)
			return 1;
	return 0;
}

/* True when node `i` (SMART_NONE: no node on that side) is in a hidden
 * place; a missing side does not make an edit visible. */
static int side_hidden(const smart_tree *t, const uint8_t *kind, uint32_t i)
{
	return i == SMART_NONE || i >= t->count || in_hidden_place(t, kind, i);
}

/* Places every edit of a->diff. Only values can be hidden: a text update
 * or a text node inserted, deleted or moved in a hidden place, and an
 * attribute edit of an element in one or of an attribute that shows
 * nothing. An element inserted, deleted or moved is never hidden, even a
 * <script> or an <input type="hidden">: a page that lost a script or a
 * form's parameter lost something its user uses (seeded faults of
 * phpMyAdmin drop both). Nothing of an XML document is hidden: a
 * coverage report's `name` or a feed's `id` is its data. */
int smart__feature_hidden_edits(const smart_feature_args *a, uint8_t **hidden, smart_error *err)
{
	const smart_diff *d = a->diff;
	uint8_t *out = calloc(d->op_count ? d->op_count : 1, 1);
	uint8_t *old_kind, *new_kind;

	assert(d->old_tree == a->old_tree && d->new_tree == a->new_tree);
	*hidden = NULL;
	if (!out)
		return smart_error_oom(err);
	if (a->old_tree->format != SMART_FORMAT_HTML || a->new_tree->format != SMART_FORMAT_HTML) {
		*hidden = out; /* XML is data: every element and attribute counts */
		return 0;
	}
	old_kind = name_kinds(a->old_tree);
	new_kind = name_kinds(a->new_tree);
	if (!old_kind || !new_kind) {
		free(old_kind);
		free(new_kind);
		free(out);
		return smart_error_oom(err);
	}
	for (size_t k = 0; k < d->op_count; k++) {
		const smart_edit_op *op = &d->ops[k];
		const smart_tree *o = a->old_tree, *n = a->new_tree;

		switch (op->kind) {
		case SMART_OP_INSERT:
			out[k] = n->nodes[op->new_node].kind == SMART_NODE_TEXT &&
				 side_hidden(n, new_kind, op->new_node);
			break;
		case SMART_OP_DELETE:
			out[k] = o->nodes[op->old_node].kind == SMART_NODE_TEXT &&
				 side_hidden(o, old_kind, op->old_node);
			break;
		case SMART_OP_UPDATE:
			out[k] = side_hidden(o, old_kind, op->old_node);
			break;
		case SMART_OP_MOVE:
			out[k] = o->nodes[op->old_node].kind == SMART_NODE_TEXT &&
				 side_hidden(o, old_kind, op->old_node) &&
				 side_hidden(n, new_kind, op->new_node);
			break;
		default: /* attribute edits: the element is on both sides */
			out[k] = attribute_hidden(op->attr_name) ||
				 (side_hidden(o, old_kind, op->old_node) &&
				  side_hidden(n, new_kind, op->new_node));
			break;
		}
	}
	free(old_kind);
	free(new_kind);
	*hidden = out;
	return 0;
}
