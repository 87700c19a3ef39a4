/* Locations: node paths that tolerate repeated siblings (profile.h). */
#include "smart/profile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "smart/diffx.h"

const char *smart__profile_stable_id(const smart_tree *t, uint32_t node)
{
	const smart_attr *id = t->nodes[node].kind == SMART_NODE_ELEMENT
				       ? smart_tree_attr(t, node, "id") : NULL;

	if (!id || !id->value[0] || strpbrk(id->value, "0123456789/[]*@#") ||
	    strlen(id->value) > 64)
		return NULL;
	return id->value;
}

/* One step of a location: "text()", the element name, or "name#id". */
static size_t step_length(const smart_tree *t, uint32_t node)
{
	const char *id = smart__profile_stable_id(t, node);

	if (t->nodes[node].kind == SMART_NODE_TEXT)
		return strlen("text()");
	return strlen(t->nodes[node].name) + (id ? 1 + strlen(id) : 0);
}

/* The path of `node` without [k] positions: every <li> of a list, every
 * row of a table shares one location, so a value that varies in the third
 * item of one run and the fifth of another is still one volatile place.
 * An element with a stable id is written name#id, so the footer's
 * paragraphs are not the introduction's. Built leaf to root into a buffer
 * sized first, iteratively (documents nest deeper than a stack allows). */
char *smart_location_of(const smart_tree *t, uint32_t node)
{
	size_t len = 0, pos;
	char *s;

	if (node == 0 || node >= t->count)
		return strdup("/");
	for (uint32_t at = node; at != 0 && at != SMART_NONE; at = t->nodes[at].parent)
		len += 1 + step_length(t, at);
	s = malloc(len + 1);
	if (!s)
		return NULL;
	pos = len;
	s[pos] = '\0';
	for (uint32_t at = node; at != 0 && at != SMART_NONE; at = t->nodes[at].parent) {
		const char *id = smart__profile_stable_id(t, at);
		size_t n = step_length(t, at);

		pos -= n;
		if (t->nodes[at].kind == SMART_NODE_TEXT) {
			memcpy(s + pos, "text()", n);
		} else {
			size_t name = strlen(t->nodes[at].name);

			memcpy(s + pos, t->nodes[at].name, name);
			if (id) {
				s[pos + name] = '#';
				memcpy(s + pos + name + 1, id, n - name - 1);
			}
		}
		s[--pos] = '/';
	}
	return s;
}

/* The location an edit changes (profile.h): the value's own node for text
 * and attribute edits, the parent's children for structure. */
char *smart_location_of_op(const smart_diff *d, const smart_edit_op *op)
{
	const smart_tree *t = op->old_node != SMART_NONE ? d->old_tree : d->new_tree;
	uint32_t node = op->old_node != SMART_NONE ? op->old_node : op->new_node;
	char *base, *loc;
	size_t n;

	if (op->kind == SMART_OP_INSERT || op->kind == SMART_OP_MOVE) {
		t = d->new_tree;
		node = t->nodes[op->new_node].parent;
	} else if (op->kind == SMART_OP_DELETE) {
		node = t->nodes[op->old_node].parent;
	}
	base = smart_location_of(t, node == SMART_NONE ? 0 : node);
	if (!base)
		return NULL;
	n = strlen(base) + (op->attr_name ? strlen(op->attr_name) : 0) + 9;
	loc = malloc(n);
	if (loc) {
		const char *sep = strcmp(base, "/") == 0 ? "" : "/";

		if (op->kind == SMART_OP_UPDATE)
			snprintf(loc, n, "%s", base);
		else if (op->attr_name)
			snprintf(loc, n, "%s%s@%s", base, sep, op->attr_name);
		else if (op->kind == SMART_OP_MOVE)
			snprintf(loc, n, "%s%s*order", base, sep);
		else
			snprintf(loc, n, "%s%s*", base, sep);
	}
	free(base);
	return loc;
}
