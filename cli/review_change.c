/*
 * Drawing a group of the review by change (cli/review_change.h): the
 * change as its signature says it, then the change in one of the group's
 * pairs as a person reads it -- the old and the new value with what
 * differs marked [-old-]{+new+} (and coloured at a terminal), the text of
 * an inserted or deleted part -- and the other changes that pair holds.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "review_change.h"

#define SGR(c, code) ((c) ? "\033[" code "m" : "")
#define BC_CONTEXT 32   /* bytes of unchanged text shown around a change */
#define BC_VALUE 160    /* bytes of a changed value shown */
#define BC_OCCURRENCES 3 /* places of the change shown in one pair */
#define BC_OTHERS 8      /* other changes of a group listed */

/* Writes n bytes of s with control bytes (new lines, tabs) as spaces. */
static void put_clean(FILE *out, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		fputc((unsigned char)s[i] < 0x20 ? ' ' : s[i], out);
}

/* `at` moved back to the start of a UTF-8 character of s. */
static size_t char_start(const char *s, size_t at)
{
	while (at > 0 && ((unsigned char)s[at] & 0xC0) == 0x80)
		at--;
	return at;
}

/* n bytes of s, cut at BC_VALUE (a whole character) with "...". */
static void put_value(FILE *out, const char *s, size_t n)
{
	if (n <= BC_VALUE) {
		put_clean(out, s, n);
		return;
	}
	put_clean(out, s, char_start(s, BC_VALUE));
	fputs("...", out);
}

/* One side's differing part, marked as wdiff does: [-old-] in red,
 * {+new+} in green. */
static void put_part(FILE *out, int colour, int is_new, const char *s, size_t n)
{
	fprintf(out, "%s%s", is_new ? SGR(colour, "32") : SGR(colour, "31"), is_new ? "{+" : "[-");
	put_value(out, s, n);
	fprintf(out, "%s%s", is_new ? "+}" : "-]", SGR(colour, "0"));
}

/* The old and the new value with the part that differs marked:
 * "...same [-old-]{+new+} same...". Either may be NULL (absent). */
static void put_marked(FILE *out, const char *ov, const char *nv, int colour)
{
	size_t lo = ov ? strlen(ov) : 0, ln = nv ? strlen(nv) : 0, p = 0, q = 0, from;

	while (ov && nv && p < lo && p < ln && ov[p] == nv[p])
		p++;
	p = ov && nv ? char_start(ov, p) : 0;
	while (ov && nv && q < lo - p && q < ln - p && ov[lo - 1 - q] == nv[ln - 1 - q])
		q++;
	while (q > 0 && ((unsigned char)ov[lo - q] & 0xC0) == 0x80)
		q--; /* the same part after starts at a character */
	from = p > BC_CONTEXT ? char_start(ov, p - BC_CONTEXT) : 0;
	if (from)
		fputs("...", out);
	put_clean(out, ov ? ov + from : "", p - from);
	if (ov)
		put_part(out, colour, 0, ov + p, lo - p - q);
	if (nv)
		put_part(out, colour, 1, nv + p, ln - p - q);
	if (q) {
		const char *after = (ov ? ov : nv) + (ov ? lo : ln) - q;
		size_t n = q > BC_CONTEXT ? char_start(after, BC_CONTEXT) : q;

		put_clean(out, after, n);
		if (n < q)
			fputs("...", out);
	}
}

/* The value of attribute `name` of `node` in `t` (NULL: none), else
 * `fallback`. */
static const char *attr_or(const smart_tree *t, uint32_t node, const char *name,
			   const char *fallback)
{
	const smart_attr *a = node == SMART_NONE ? NULL : smart_tree_attr(t, node, name);

	return a ? a->value : fallback;
}

/* What the group's change looks like in one pair. */
typedef struct show_ctx {
	FILE *out;
	uint64_t cls;     /* the group's class */
	int colour;
	size_t found;
} show_ctx;

/* smart_signature_op_fn: one place of the change, as it reads. */
static int show_op(void *ctx, const smart_diff *d, size_t k, const smart_signature *s,
		   smart_error *err)
{
	show_ctx *c = ctx;
	const smart_edit_op *op = &d->ops[k];
	const smart_tree *ot = d->old_tree, *nt = d->new_tree;
	char text[BC_VALUE * 2];

	(void)err;
	if (s->class_id != c->cls || c->found++ >= BC_OCCURRENCES)
		return 0;
	fputs("    ", c->out);
	switch (op->kind) {
	case SMART_OP_UPDATE:
		fputs("text: ", c->out);
		put_marked(c->out, ot->nodes[op->old_node].text,
			   op->new_node == SMART_NONE ? op->new_value : nt->nodes[op->new_node].text,
			   c->colour);
		break;
	case SMART_OP_INSERT:
		smart_signature_subtree_text(nt, op->new_node, text, sizeof(text));
		fputs("inserted: ", c->out);
		put_marked(c->out, NULL, text, c->colour);
		break;
	case SMART_OP_DELETE:
		smart_signature_subtree_text(ot, op->old_node, text, sizeof(text));
		fputs("deleted: ", c->out);
		put_marked(c->out, text, NULL, c->colour);
		break;
	case SMART_OP_MOVE:
		smart_signature_subtree_text(ot, op->old_node, text, sizeof(text));
		fputs("moved: ", c->out);
		put_value(c->out, text, strlen(text));
		break;
	default:
		fprintf(c->out, "%s=", op->attr_name);
		put_marked(c->out,
			   op->kind == SMART_OP_ATTR_INSERT ? NULL
				: attr_or(ot, op->old_node, op->attr_name, op->old_value),
			   op->kind == SMART_OP_ATTR_DELETE ? NULL
				: attr_or(nt, op->new_node, op->attr_name, op->new_value),
			   c->colour);
		break;
	}
	fputc('\n', c->out);
	return 0;
}

/* smart_aligned_fn: the places of the change in the aligned pair. */
static int show_aligned(void *ctx, const smart_aligned_pair *p, smart_error *err)
{
	return smart_signatures_each(p, show_op, ctx, err);
}

void bc_change_line(FILE *out, const smart_signature *s)
{
	const char *kind = smart_op_name(s->kind);

	switch (s->kind) {
	case SMART_OP_INSERT:
	case SMART_OP_ATTR_INSERT:
		fprintf(out, "%s %s: %s", kind, s->location, s->new_shape);
		break;
	case SMART_OP_DELETE:
	case SMART_OP_ATTR_DELETE:
		fprintf(out, "%s %s: %s", kind, s->location, s->old_shape);
		break;
	case SMART_OP_MOVE:
		fprintf(out, "%s %s -> %s", kind, s->location, s->new_shape);
		break;
	default:
		fprintf(out, "%s %s: %s -> %s", kind, s->location, s->old_shape, s->new_shape);
		break;
	}
}

/* What the two accepts take in: the class's changes and those every pair
 * holds (a), or every change of the group's pairs (A), listing those the
 * shown pair (item i) does not hold, BC_OTHERS at most. */
static void group_changes(FILE *out, const bc_review *r, const bc_group *g, size_t i)
{
	const smart_change_group *c = &g->g;
	size_t listed = 0, more = 0;

	if (c->n_key > 1)
		fprintf(out, "the change is %zu alike changes (%s) in the group's pairs\n", c->n_key,
			"the same shape at a place of one kind");
	if (c->n_changes == c->n_key + c->n_shared) {
		fprintf(out, "a accepts %s: every pair of the group is then ignored\n",
			c->n_changes == 1 ? "it" : "them all");
		return;
	}
	for (size_t k = c->n_key + c->n_shared; k < c->n_changes; k++) {
		const smart_signature *s = bc_find(r, g->members, g->n, c->changes[k]);

		if (bc_signature(r, i, c->changes[k]) || !s)
			continue;
		if (listed++ == 0)
			fprintf(out, "the group's other pairs also hold:\n");
		if (listed > BC_OTHERS) {
			more++;
			continue;
		}
		fputs("  ", out);
		bc_change_line(out, s);
		fputc('\n', out);
	}
	if (more)
		fprintf(out, "  ... and %zu more\n", more);
	fprintf(out, "a accepts the change%s (pairs holding others stay flagged); A accepts all "
		"%zu changes of the group, ignoring its %zu %s\n",
		c->n_shared ? " and what every pair holds" : "", c->n_changes, g->n,
		g->n == 1 ? "pair" : "pairs");
}

/* What accepting the change remembers when its class is wider than the
 * change (.smart/accepted.json keeps the class): a later run's change of
 * the class at another place is then accepted too, and the reviewer
 * should know before pressing a key. */
static void class_line(FILE *out, const smart_signature *s)
{
	const char *place = smart_signature_class_place(s);

	if (s->class_id == s->id)
		return;
	if (smart_signature_accept_class(s) != s->class_id) { /* the clock: bounded */
		fprintf(out, "\n  accepting remembers the time read again at any %s (and at each "
			"other kind of place the group's pairs hold one), not elsewhere", place);
		return;
	}
	fprintf(out, "\n  accepting remembers its class: every such %s at %s%s", smart_op_name(s->kind),
		strcmp(place, "*") ? "any " : "any place", strcmp(place, "*") ? place : "");
}

/* The pair's name as the review prints it. */
static void put_name(FILE *out, const review_item *it)
{
	fprintf(out, "%s%s%s", it->app, *it->app ? "/" : "", it->test);
}

int bc_show(FILE *out, const bc_review *r, const bc_group *g, size_t member, int colour,
	    smart_error *err)
{
	size_t i = g->members[member % g->n], groups, pairs, others = 0;
	const review_item *it = &r->s->items[i];
	show_ctx c = { .out = out, .cls = g->g.key, .colour = colour };
	review_docs d;
	int rc;

	bc_left(r, &groups, &pairs);
	if (g->pair == SIZE_MAX)
		fprintf(out, "%sa change held by %zu flagged %s%s (%zu %s, %zu %s undecided)\n  ",
			SGR(colour, "1"), g->n, g->n == 1 ? "pair" : "pairs", SGR(colour, "0"),
			groups, groups == 1 ? "group" : "groups", pairs, pairs == 1 ? "pair" : "pairs");
	else
		fprintf(out, "%sa change of a split group, decided for this pair only%s\n  ",
			SGR(colour, "1"), SGR(colour, "0"));
	bc_change_line(out, &g->sig);
	class_line(out, &g->sig);
	fprintf(out, "\nin ");
	put_name(out, it);
	if (g->n > 1)
		fprintf(out, " (pair %zu of %zu: n the next, m all of them)", member % g->n + 1, g->n);
	fprintf(out, ":\n");
	if (review_docs_load(r->s, it, &d, err))
		return -1;
	rc = review_measure(r->s, it, &d, show_aligned, &c, err);
	review_docs_free(&d);
	if (rc)
		return -1;
	if (c.found > BC_OCCURRENCES)
		fprintf(out, "    ... %zu more places in this pair\n", c.found - BC_OCCURRENCES);
	for (size_t k = 0; k < it->sigs->n; k++) {
		const smart_signature *s = &it->sigs->items[k];

		if (s->class_id == g->g.key || bc_accepted(r, i, s->id))
			continue;
		if (others++ == 0)
			fprintf(out, "this pair also holds:\n");
		fputs("  ", out);
		bc_change_line(out, s);
		fputc('\n', out);
	}
	group_changes(out, r, g, i);
	if (it->sigs->truncated)
		fprintf(out, "this pair holds more changes than are grouped: it stays flagged\n");
	return 0;
}

void bc_list_members(FILE *out, const bc_review *r, const bc_group *g)
{
	for (size_t m = 0; m < g->n; m++) {
		const review_item *it = &r->s->items[g->members[m]];

		fprintf(out, "  %3zu. ", m + 1);
		put_name(out, it);
		fprintf(out, "  score %.4f  severity %s\n", it->score,
			smart_severity_name(it->severity));
	}
}
