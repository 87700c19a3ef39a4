/* A pair's decision in words (classify/why.h): what the HTML report's rows
 * say, ignored ones too, and the headings of its changes view. Built from
 * what the explanation knows (the discount heading and counts, the score
 * against the cutoff) and from the residual edit script, read as the
 * documents hold it. */
#include "why.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"
#include "smart/diffx.h"
#include "smart/explain.h"

#define WHY_VALUE 60 /* bytes of a text or value quoted */

/* Appends `s` quoted, cut at WHY_VALUE bytes on a UTF-8 boundary, its
 * white space runs made one space. */
static int put_quoted(smart_strbuf *b, const char *s)
{
	char buf[WHY_VALUE + 8];
	size_t n = 0;
	int space = 0;

	for (; s && *s && n < WHY_VALUE; s++) {
		if (*s == ' ' || *s == '\n' || *s == '\t' || *s == '\r') {
			space = n > 0;
			continue;
		}
		if (space)
			buf[n++] = ' ';
		space = 0;
		buf[n++] = *s;
	}
	/* cut inside a character: drop its first bytes too */
	if (s && ((unsigned char)*s & 0xC0) == 0x80) {
		while (n > 0 && ((unsigned char)buf[n - 1] & 0xC0) == 0x80)
			n--;
		if (n > 0)
			n--;
	}
	buf[n] = '\0';
	return smart__strbuf_printf(b, "'%s%s'", buf, s && *s ? "..." : "");
}

/* The parsed tree's node for measured node `node` of a side. */
static uint32_t parsed(const uint32_t *raw_of, uint32_t node)
{
	return raw_of && node != SMART_NONE ? raw_of[node] : node;
}

/* Appends how a person names element `node`: <p class="err">, its id or
 * class given when it has one; a text node is "text". */
static int put_element(smart_strbuf *b, const smart_tree *t, uint32_t node)
{
	const smart_node *n = &t->nodes[node];
	const smart_attr *a;

	if (n->kind == SMART_NODE_TEXT)
		return smart__strbuf_printf(b, "text");
	if (n->kind != SMART_NODE_ELEMENT)
		return smart__strbuf_printf(b, "a %s", n->kind == SMART_NODE_COMMENT ? "comment"
										   : "node");
	a = smart_tree_attr(t, node, "id");
	if (!a)
		a = smart_tree_attr(t, node, "class");
	if (!a)
		return smart__strbuf_printf(b, "a <%s>", n->name);
	return smart__strbuf_printf(b, "a <%s %s=\"%.40s\">", n->name, a->name, a->value);
}

/* Appends the text of the subtree of `node`, quoted: " with text '...'",
 * nothing when it holds none. */
static int put_subtree_text(smart_strbuf *b, const smart_tree *t, uint32_t node)
{
	smart_strbuf text = { 0 };
	uint32_t end = node + t->nodes[node].size;
	int rc = 0;

	if (t->nodes[node].kind == SMART_NODE_TEXT)
		return smart__strbuf_printf(b, " ") || put_quoted(b, t->nodes[node].text);
	for (uint32_t k = node; k < end && text.len <= WHY_VALUE && rc == 0; k++)
		if (t->nodes[k].kind == SMART_NODE_TEXT)
			rc = smart__strbuf_printf(&text, "%s%s", text.len ? " " : "",
						  t->nodes[k].text);
	if (rc == 0 && text.len)
		rc = smart__strbuf_printf(b, " with text ") || put_quoted(b, text.data);
	smart__strbuf_free(&text);
	return rc;
}

/* Appends " the <form>": the element that holds `node`, by its name. */
static int put_parent(smart_strbuf *b, const smart_tree *t, uint32_t node, const char *prep)
{
	uint32_t p = t->nodes[node].parent;

	if (p == SMART_NONE || t->nodes[p].kind != SMART_NODE_ELEMENT)
		return smart__strbuf_printf(b, " %s the document", prep);
	return smart__strbuf_printf(b, " %s the <%s>", prep, t->nodes[p].name);
}

/* Appends operation `op` in words. */
static int put_op(smart_strbuf *b, const smart_aligned_pair *p, const smart_edit_op *op)
{
	const smart_tree *ot = p->old_raw, *nt = p->new_raw;
	uint32_t on = parsed(p->old_raw_of, op->old_node), nn = parsed(p->new_raw_of, op->new_node);
	const smart_attr *oa = NULL, *na = NULL;

	switch (op->kind) {
	case SMART_OP_INSERT:
		return put_element(b, nt, nn) || put_subtree_text(b, nt, nn) ||
		       smart__strbuf_printf(b, " inserted") || put_parent(b, nt, nn, "in");
	case SMART_OP_DELETE:
		return put_element(b, ot, on) || put_subtree_text(b, ot, on) ||
		       smart__strbuf_printf(b, " deleted") || put_parent(b, ot, on, "from");
	case SMART_OP_MOVE:
		return put_element(b, ot, on) || smart__strbuf_printf(b, " moved") ||
		       put_parent(b, nt, nn, "to");
	case SMART_OP_UPDATE:
		return smart__strbuf_printf(b, "text ") || put_quoted(b, ot->nodes[on].text) ||
		       smart__strbuf_printf(b, " changed to ") ||
		       put_quoted(b, nn == SMART_NONE ? op->new_value : nt->nodes[nn].text) ||
		       put_parent(b, ot, on, "in");
	default:
		break;
	}
	if (on != SMART_NONE && op->kind != SMART_OP_ATTR_INSERT)
		oa = smart_tree_attr(ot, on, op->attr_name);
	if (nn != SMART_NONE && op->kind != SMART_OP_ATTR_DELETE)
		na = smart_tree_attr(nt, nn, op->attr_name);
	if (smart__strbuf_printf(b, "%s ", op->attr_name))
		return -1;
	if (op->kind == SMART_OP_ATTR_INSERT)
		return put_quoted(b, na ? na->value : op->new_value) ||
		       smart__strbuf_printf(b, " added to ") || put_element(b, nt, nn);
	if (op->kind == SMART_OP_ATTR_DELETE)
		return put_quoted(b, oa ? oa->value : op->old_value) ||
		       smart__strbuf_printf(b, " removed from ") || put_element(b, ot, on);
	return smart__strbuf_printf(b, "of ") || put_element(b, ot, on) ||
	       smart__strbuf_printf(b, " changed from ") ||
	       put_quoted(b, oa ? oa->value : op->old_value) || smart__strbuf_printf(b, " to ") ||
	       put_quoted(b, na ? na->value : op->new_value);
}

int smart__why_changes(const smart_aligned_pair *p, char **out, size_t *total,
		       smart_error *err)
{
	smart_strbuf b = { 0 };
	int rc = 0;

	*out = NULL;
	*total = p->diff->op_count;
	/* the values as the documents hold them, not as scrubbed */
	if (p->log)
		smart_scrub_log_undo(p->log);
	for (size_t k = 0; k < p->diff->op_count && k < SMART__WHY_CHANGES && rc == 0; k++)
		rc = (k && smart__strbuf_printf(&b, "; ")) || put_op(&b, p, &p->diff->ops[k]);
	if (p->log)
		smart_scrub_log_redo(p->log);
	if (rc) {
		smart__strbuf_free(&b);
		return smart_error_oom(err);
	}
	*out = b.data;
	return 0;
}

char *smart__why_text(const smart_model *m, const smart_classification *c, int bytes_differ,
		      int trees_differ, const char *changes, size_t ops)
{
	smart_strbuf b = { 0 };
	char discounted[256];
	int rc;

	smart_discount_text(c->discounted, discounted, sizeof(discounted));
	if (!bytes_differ)
		rc = smart__strbuf_printf(&b, "no difference: the two documents are the same "
					  "byte for byte");
	else if (!trees_differ)
		rc = smart__strbuf_printf(&b, "no difference once parsed: only the markup is "
					  "written another way");
	else if (c->only_volatile || !changes)
		rc = smart__strbuf_printf(&b, "%s%s%s", smart_discount_heading(c),
					  discounted[0] ? ": " : "", discounted);
	else
		rc = smart__strbuf_printf(&b, "%zu unexplained %s%s: %s%s%s",
					  ops, ops == 1 ? "change" : "changes",
					  c->inspect ? "" : c->accepted ? ", each accepted in review"
					  : ", too slight to inspect", changes,
					  ops > SMART__WHY_CHANGES ? "; and more" : "",
					  discounted[0] ? "; also discounted: " : "") ||
		     smart__strbuf_printf(&b, "%s", discounted);
	(void)m;
	if (rc) {
		smart__strbuf_free(&b);
		return NULL;
	}
	return b.data;
}

/* The tag that starts an inserted or deleted subtree's shape ("<p> ..."),
 * into tag (with its brackets), and the rest of the shape. */
static const char *split_tag(const char *shape, char *tag, size_t size)
{
	const char *end = shape[0] == '<' ? strchr(shape, '>') : NULL;

	tag[0] = '\0';
	if (!end || (size_t)(end - shape) + 2 > size)
		return shape;
	memcpy(tag, shape, (size_t)(end - shape) + 1);
	tag[end - shape + 1] = '\0';
	return end[1] == ' ' ? end + 2 : end + 1;
}

void smart__signature_words(const smart_signature *s, char *out, size_t size)
{
	char tag[SMART_SIGNATURE_VALUE];
	const char *text, *verb;

	switch (s->kind) {
	case SMART_OP_INSERT:
	case SMART_OP_DELETE:
		text = split_tag(s->kind == SMART_OP_INSERT ? s->new_shape : s->old_shape, tag,
				 sizeof(tag));
		verb = s->kind == SMART_OP_INSERT ? "inserted" : "deleted";
		if (tag[0] && text[0])
			snprintf(out, size, "a %s with text '%s' %s at %s", tag, text, verb, s->location);
		else if (tag[0])
			snprintf(out, size, "a %s %s at %s", tag, verb, s->location);
		else
			snprintf(out, size, "'%s' %s at %s", text, verb, s->location);
		break;
	case SMART_OP_MOVE:
		snprintf(out, size, "%s moved to %s", s->location, s->new_shape);
		break;
	case SMART_OP_UPDATE:
	case SMART_OP_ATTR_CHANGE:
		snprintf(out, size, "%s changed from '%s' to '%s'", s->location, s->old_shape,
			 s->new_shape);
		break;
	case SMART_OP_ATTR_INSERT:
		snprintf(out, size, "%s added: '%s'", s->location, s->new_shape);
		break;
	default:
		snprintf(out, size, "%s removed: '%s'", s->location, s->old_shape);
		break;
	}
	if (s->count > 1) {
		size_t len = strlen(out);

		snprintf(out + len, size - len, " (%u times)", s->count);
	}
}
