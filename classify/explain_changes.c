/* The edit operations of smart_explain_pair in words: what a person reads
 * in a failed test's message (classify/explain_changes.h). */
#include "explain_changes.h"

#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "common/strbuf.h"

#define CHANGE_MAX_TEXT 120 /* bytes of a text or value kept */

/* One tree of the pair as parsed: the measured tree's nodes mapped back. */
typedef struct parsed_side {
	const smart_tree *t;
	const uint32_t *raw_of; /* measured node -> parsed node, or NULL */
} parsed_side;

static uint32_t parsed_node(const parsed_side *s, uint32_t node)
{
	return s->raw_of ? s->raw_of[node] : node;
}

/* Adds `s` (may be NULL: nothing added) to `o` as `key`, cut at
 * CHANGE_MAX_TEXT bytes on a UTF-8 character boundary with "..." after. */
static int add_text(cJSON *o, const char *key, const char *s, size_t len)
{
	char buf[CHANGE_MAX_TEXT + 4];
	size_t n = len;

	if (!s)
		return 0;
	if (n > CHANGE_MAX_TEXT) {
		n = CHANGE_MAX_TEXT;
		while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
			n--;
	}
	memcpy(buf, s, n);
	strcpy(buf + n, len > n ? "..." : "");
	return cJSON_AddStringToObject(o, key, buf) ? 0 : -1;
}

/* The path of parsed node `node` of tree `t` into `o` as `key`. */
static int add_path(cJSON *o, const char *key, const smart_tree *t, uint32_t node)
{
	size_t need = smart_tree_path(t, node, NULL, 0) + 1;
	char *path = malloc(need);
	int ok;

	if (!path)
		return -1;
	smart_tree_path(t, node, path, need);
	ok = cJSON_AddStringToObject(o, key, path) != NULL;
	free(path);
	return ok ? 0 : -1;
}

/* The text of the subtree of `node`, its text nodes joined by spaces: what
 * an inserted or deleted row says. */
static int add_subtree_text(cJSON *o, const smart_tree *t, uint32_t node)
{
	smart_strbuf b = { 0 };
	uint32_t end = node + t->nodes[node].size;
	int rc = 0;

	for (uint32_t k = node; k < end && b.len <= CHANGE_MAX_TEXT && rc == 0; k++)
		if (t->nodes[k].kind == SMART_NODE_TEXT)
			rc = smart__strbuf_printf(&b, "%s%s", b.len ? " " : "", t->nodes[k].text);
	if (rc == 0 && b.len)
		rc = add_text(o, "text", b.data, b.len);
	smart__strbuf_free(&b);
	return rc;
}

/* An attribute's value on parsed node `node`, or NULL. */
static const char *attr_value(const smart_tree *t, uint32_t node, const char *name)
{
	const smart_attr *a = node == SMART_NONE ? NULL : smart_tree_attr(t, node, name);

	return a ? a->value : NULL;
}

static size_t len_of(const char *s)
{
	return s ? strlen(s) : 0;
}

/* Operation `op` as {op, path, ...} appended to `arr`. */
static int add_op(cJSON *arr, const parsed_side *old_s, const parsed_side *new_s,
		  const smart_edit_op *op)
{
	cJSON *o = cJSON_CreateObject();
	uint32_t on = op->old_node == SMART_NONE ? SMART_NONE : parsed_node(old_s, op->old_node);
	uint32_t nn = op->new_node == SMART_NONE ? SMART_NONE : parsed_node(new_s, op->new_node);
	const char *ov = NULL, *nv = NULL;
	int rc;

	if (!cJSON_AddItemToArray(arr, o) || !cJSON_AddStringToObject(o, "op", smart_op_name(op->kind)))
		return -1;
	switch (op->kind) {
	case SMART_OP_INSERT:
		return add_path(o, "path", new_s->t, nn) || add_subtree_text(o, new_s->t, nn) ? -1 : 0;
	case SMART_OP_DELETE:
		return add_path(o, "path", old_s->t, on) || add_subtree_text(o, old_s->t, on) ? -1 : 0;
	case SMART_OP_MOVE:
		return add_path(o, "path", old_s->t, on) || add_path(o, "to", new_s->t, nn) ? -1 : 0;
	case SMART_OP_UPDATE:
		ov = old_s->t->nodes[on].text;
		nv = nn == SMART_NONE ? op->new_value : new_s->t->nodes[nn].text;
		break;
	default:
		ov = op->kind == SMART_OP_ATTR_INSERT ? NULL : attr_value(old_s->t, on, op->attr_name);
		nv = op->kind == SMART_OP_ATTR_DELETE ? NULL : attr_value(new_s->t, nn, op->attr_name);
		/* an attribute the parsed tree does not hold as such: as measured */
		ov = ov || op->kind == SMART_OP_ATTR_INSERT ? ov : op->old_value;
		nv = nv || op->kind == SMART_OP_ATTR_DELETE ? nv : op->new_value;
		if (!cJSON_AddStringToObject(o, "name", op->attr_name))
			return -1;
		break;
	}
	rc = add_path(o, "path", old_s->t, on);
	if (rc == 0)
		rc = add_text(o, "old", ov, len_of(ov));
	if (rc == 0)
		rc = add_text(o, "new", nv, len_of(nv));
	return rc;
}

int smart__explain_changes_collect(void *ctx, const smart_aligned_pair *p, smart_error *err)
{
	smart__explain_changes *c = ctx;
	parsed_side old_s = { p->old_raw, p->old_raw_of }, new_s = { p->new_raw, p->new_raw_of };
	int rc = 0;

	c->total = p->diff->op_count;
	/* the values as the documents hold them, not as scrubbed */
	if (p->log)
		smart_scrub_log_undo(p->log);
	for (size_t k = 0; k < p->diff->op_count && k < c->max && rc == 0; k++)
		rc = add_op(c->changes, &old_s, &new_s, &p->diff->ops[k]);
	if (p->log)
		smart_scrub_log_redo(p->log);
	return rc ? smart_error_oom(err) : 0;
}
