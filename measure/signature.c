/* Change signatures: a pair's residual changes said the way they recur
 * (include/smart/signature.h, docs/signatures.md). */
#include "smart/signature.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smart/scrub.h"
#include "smart/shard.h"
#include "signature_internal.h"

#define SUBTREE_TEXT 256  /* bytes of an inserted subtree's text shaped */

void smart_signature_location(const smart_tree *t, uint32_t node, const char *attr, char *out,
			      size_t size)
{
	const smart_node *n = &t->nodes[node];
	uint32_t chain[64];
	size_t depth = 0, at = 0;
	int cut;

	assert(size >= 16);
	if (n->kind == SMART_NODE_TEXT && n->parent != SMART_NONE &&
	    (!strcmp(t->nodes[n->parent].name, "script") ||
	     !strcmp(t->nodes[n->parent].name, "style"))) {
		snprintf(out, size, "%s text", t->nodes[n->parent].name);
		return;
	}
	/* the nearest 64 ancestors, root side first; deeper ones are "..." */
	for (uint32_t k = node; k != SMART_NONE && t->nodes[k].kind != SMART_NODE_DOCUMENT;
	     k = t->nodes[k].parent) {
		if (depth == sizeof(chain) / sizeof(chain[0]))
			break;
		chain[depth++] = k;
	}
	cut = depth == sizeof(chain) / sizeof(chain[0]);
	if (cut)
		at += (size_t)snprintf(out, size, "...");
	for (size_t i = depth; i-- > 0 && at + 1 < size;) {
		const smart_node *c = &t->nodes[chain[i]];
		const char *name = c->kind == SMART_NODE_TEXT      ? "text()"
				   : c->kind == SMART_NODE_COMMENT ? "comment()"
								   : c->name;

		at += (size_t)snprintf(out + at, size - at, "/%s", name);
	}
	if (attr && at + 1 < size)
		snprintf(out + at, size - at, "@%s", attr);
	out[size - 1] = '\0';
}

size_t smart_signature_subtree_text(const smart_tree *t, uint32_t node, char *out, size_t size)
{
	size_t at = 0, limit = size - 2; /* room for a space past it, and the NUL */
	uint32_t end = node + t->nodes[node].size;

	assert(size >= 3);
	if (t->nodes[node].kind == SMART_NODE_ELEMENT)
		at = (size_t)snprintf(out, size, "<%s>", t->nodes[node].name);
	if (at > limit)
		at = limit;
	for (uint32_t k = node; k < end && at < limit; k++) {
		size_t n = t->nodes[k].kind == SMART_NODE_TEXT ? t->nodes[k].text_len : 0;

		if (n > limit - at) /* cut whole characters */
			for (n = limit - at; n > 0 && ((unsigned char)t->nodes[k].text[n] & 0xC0) == 0x80;)
				n--;
		if (n == 0)
			continue;
		if (at)
			out[at++] = ' ';
		memcpy(out + at, t->nodes[k].text, n);
		at += n;
	}
	out[at] = '\0';
	return at;
}

/* The shape of the text of the subtree of `node`, its tag first: what an
 * inserted or deleted part says ("<p> Error: could not load {token}"). */
static int subtree_shape(const smart_tree *t, uint32_t node, char *out, size_t size,
			 smart_error *err)
{
	char text[SUBTREE_TEXT + 2];
	size_t at = smart_signature_subtree_text(t, node, text, sizeof(text));

	return smart_signature_shape(text, at, out, size, err);
}

/* An attribute's value on `node`, or NULL. */
static const char *attr_value(const smart_tree *t, uint32_t node, const char *name)
{
	const smart_attr *a = node == SMART_NONE ? NULL : smart_tree_attr(t, node, name);

	return a ? a->value : NULL;
}

/* The signature of operation `op` of `d` into *s (id included). */
static int signature_of(const smart_diff *d, const smart_edit_op *op, smart_signature *s,
			smart_error *err)
{
	const smart_tree *ot = d->old_tree, *nt = d->new_tree;
	char key[SMART_SIGNATURE_LOCATION + 2 * SMART_SIGNATURE_VALUE + 16];
	const char *ov = NULL, *nv = NULL; /* a changed value's old and new */
	int rc = 0;
	int n;

	memset(s, 0, sizeof(*s));
	s->kind = op->kind;
	switch (op->kind) {
	case SMART_OP_INSERT:
		smart_signature_location(nt, op->new_node, NULL, s->location, sizeof(s->location));
		rc = subtree_shape(nt, op->new_node, s->new_shape, sizeof(s->new_shape), err);
		break;
	case SMART_OP_DELETE:
		smart_signature_location(ot, op->old_node, NULL, s->location, sizeof(s->location));
		rc = subtree_shape(ot, op->old_node, s->old_shape, sizeof(s->old_shape), err);
		break;
	case SMART_OP_MOVE:
		smart_signature_location(ot, op->old_node, NULL, s->location, sizeof(s->location));
		smart_signature_location(nt, op->new_node, NULL, s->new_shape, sizeof(s->new_shape));
		break;
	case SMART_OP_UPDATE:
		smart_signature_location(ot, op->old_node, NULL, s->location, sizeof(s->location));
		ov = ot->nodes[op->old_node].text;
		nv = op->new_node == SMART_NONE ? op->new_value : nt->nodes[op->new_node].text;
		rc = smart__signature_pair_shapes(ov, nv, s, err);
		break;
	default: {
		uint32_t node = op->old_node != SMART_NONE ? op->old_node : op->new_node;
		const smart_tree *t = op->old_node != SMART_NONE ? ot : nt;

		ov = op->kind == SMART_OP_ATTR_INSERT ? NULL : attr_value(ot, op->old_node, op->attr_name);
		nv = op->kind == SMART_OP_ATTR_DELETE ? NULL : attr_value(nt, op->new_node, op->attr_name);
		ov = ov ? ov : op->kind == SMART_OP_ATTR_INSERT ? NULL : op->old_value;
		nv = nv ? nv : op->kind == SMART_OP_ATTR_DELETE ? NULL : op->new_value;
		smart_signature_location(t, node, op->attr_name, s->location, sizeof(s->location));
		rc = smart__signature_pair_shapes(ov, nv, s, err);
		break;
	}
	}
	if (rc)
		return -1;
	n = snprintf(key, sizeof(key), "%s\x1f%s\x1f%s\x1f%s", smart_op_name(s->kind), s->location,
		     s->old_shape, s->new_shape);
	assert(n > 0);
	s->id = smart_shard_hash(key, (size_t)n < sizeof(key) ? (size_t)n : sizeof(key) - 1);
	s->class_id = smart_signature_class(s);
	/* a value only reordered is one class with the same content reordered
	 * elsewhere, which its shape (cut, and in its own order) cannot tell */
	if (s->class_id == s->id &&
	    (s->kind == SMART_OP_UPDATE || s->kind == SMART_OP_ATTR_CHANGE) &&
	    smart__signature_reorder_class(s, ov, nv, &s->class_id, err) < 0)
		return -1;
	s->count = 1;
	return 0;
}

int smart_signatures_each(const smart_aligned_pair *p, smart_signature_op_fn fn, void *ctx,
			  smart_error *err)
{
	const smart_diff *d = p->diff;
	size_t ops = d->op_count < SMART_SIGNATURES_OPS ? d->op_count : SMART_SIGNATURES_OPS;
	int rc = 0;

	/* the values as the documents hold them, shaped alike on every page
	 * (a scrubbed value reads "{hex}" on one page, "{token}" on another) */
	if (p->log)
		smart_scrub_log_undo(p->log);
	for (size_t k = 0; k < ops && rc == 0; k++) {
		smart_signature s;

		rc = signature_of(d, &d->ops[k], &s, err);
		if (rc == 0)
			rc = fn(ctx, d, k, &s, err);
	}
	if (p->log)
		smart_scrub_log_redo(p->log);
	return rc;
}

/* smart_signature_op_fn: adds the operation's signature to the set ctx,
 * or counts it again when the set holds it. */
static int add_to_set(void *ctx, const smart_diff *d, size_t k, const smart_signature *s,
		      smart_error *err)
{
	smart_signature_set *out = ctx;
	size_t i;

	(void)d;
	(void)k;
	(void)err;
	for (i = 0; i < out->n && out->items[i].id != s->id; i++)
		;
	if (i < out->n)
		out->items[i].count++;
	else if (out->n < SMART_SIGNATURES_MAX)
		out->items[out->n++] = *s;
	else
		out->truncated = 1;
	return 0;
}

int smart_signatures_of_aligned(const smart_aligned_pair *p, smart_signature_set *out,
				smart_error *err)
{
	out->n = 0;
	out->ops = p->diff->op_count;
	out->truncated = p->diff->op_count > SMART_SIGNATURES_OPS;
	return smart_signatures_each(p, add_to_set, out, err);
}

int smart_signatures_collect(void *ctx, const smart_aligned_pair *p, smart_error *err)
{
	return smart_signatures_of_aligned(p, ctx, err);
}

void smart_signature_id_text(uint64_t id, char out[17])
{
	snprintf(out, 17, "%016llx", (unsigned long long)id);
}

static int by_id(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

uint64_t smart_signature_set_key(const smart_signature_set *s)
{
	uint64_t ids[SMART_SIGNATURES_MAX + 1];

	for (size_t i = 0; i < s->n; i++)
		ids[i] = s->items[i].id;
	qsort(ids, s->n, sizeof(ids[0]), by_id);
	ids[s->n] = (uint64_t)s->truncated;
	return smart_shard_hash(ids, (s->n + 1) * sizeof(ids[0]));
}
