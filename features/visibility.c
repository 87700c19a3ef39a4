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

/* True when element `i` of `t` is drawn by no browser on its own account:
 * one of hidden_elements, or an <input type="hidden">. */
static int element_hidden(const smart_tree *t, const uint8_t *hidden_names, uint32_t i)
{
	const smart_node *n = &t->nodes[i];
	const smart_attr *type;

	if (n->kind != SMART_NODE_ELEMENT)
		return 0;
	if (hidden_names[n->name_id])
		return 1;
	if (strcmp(n->name, "input") != 0)
		return 0;
	type = smart_tree_attr(t, i, "type");
	return type && strcasecmp(type->value, "hidden") == 0;
}

/* Per node of `t`, 1 when it lies in a hidden place: inside (or being) a
 * hidden element, or inside <head> but not inside its <title>, which the
 * browser shows on the tab. Parents come before children in pre-order, so
 * one pass settles every node. A new array (free()), or NULL. */
static uint8_t *hidden_places(const smart_tree *t)
{
	uint8_t *names = smart__feature_name_flags(t, hidden_elements);
	uint8_t *place = calloc(t->count ? t->count : 1, 1);

	if (!names || !place) {
		free(names);
		free(place);
		return NULL;
	}
	for (uint32_t i = 1; i < t->count; i++) {
		const smart_node *n = &t->nodes[i];
		const smart_node *p = &t->nodes[n->parent];
		int in_head = p->kind == SMART_NODE_ELEMENT && strcmp(p->name, "head") == 0;

		if (n->kind == SMART_NODE_ELEMENT && strcmp(n->name, "head") == 0)
			place[i] = 1;
		else if (in_head && n->kind == SMART_NODE_ELEMENT && strcmp(n->name, "title") == 0)
			place[i] = 0;
		else
			place[i] = place[n->parent] || element_hidden(t, names, i);
	}
	free(names);
	return place;
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
static int side_hidden(const uint8_t *place, const smart_tree *t, uint32_t i)
{
	return i == SMART_NONE || i >= t->count || place[i];
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
	uint8_t *old_place, *new_place;

	*hidden = NULL;
	if (!out)
		return smart_error_oom(err);
	if (a->old_tree->format != SMART_FORMAT_HTML || a->new_tree->format != SMART_FORMAT_HTML) {
		*hidden = out; /* XML is data: every element and attribute counts */
		return 0;
	}
	old_place = hidden_places(a->old_tree);
	new_place = hidden_places(a->new_tree);
	if (!old_place || !new_place) {
		free(old_place);
		free(new_place);
		free(out);
		return smart_error_oom(err);
	}
	for (size_t k = 0; k < d->op_count; k++) {
		const smart_edit_op *op = &d->ops[k];
		int o = side_hidden(old_place, a->old_tree, op->old_node);
		int n = side_hidden(new_place, a->new_tree, op->new_node);

		switch (op->kind) {
		case SMART_OP_INSERT:
			out[k] = n && a->new_tree->nodes[op->new_node].kind == SMART_NODE_TEXT;
			break;
		case SMART_OP_DELETE:
			out[k] = o && a->old_tree->nodes[op->old_node].kind == SMART_NODE_TEXT;
			break;
		case SMART_OP_UPDATE:
			out[k] = o;
			break;
		case SMART_OP_MOVE:
			out[k] = o && n && a->old_tree->nodes[op->old_node].kind == SMART_NODE_TEXT;
			break;
		default: /* attribute edits: the element is on both sides */
			out[k] = (o && n) || attribute_hidden(op->attr_name);
			break;
		}
	}
	free(old_place);
	free(new_place);
	*hidden = out;
	return 0;
}
