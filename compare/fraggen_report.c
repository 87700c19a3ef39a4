/*
 * FragGen's report: the differences behind a classification, each named by
 * its node and fragment: the structural changes that decided Nd3-struct or
 * distinct, or for Nd2-data the elements whose own text or attributes
 * changed.
 */
#include "fraggen_internal.h"

#include <stdio.h>
#include <string.h>

/* Adds one difference: `what` at node `n` of side `s` (and its fragment),
 * with the texts to show (either may be NULL). */
static int report_node(const fg_ctx *ctx, int s, uint32_t n, const char *what,
		       const char *old_text, const char *new_text,
		       smart_compare_result *result, smart_error *err)
{
	const fg_side *S = &ctx->side[s];
	char path[512], frag[512], where[1200];

	smart_tree_path(S->t, n, path, sizeof(path));
	smart_tree_path(S->t, S->frag[n], frag, sizeof(frag));
	snprintf(where, sizeof(where), "%s %s (in fragment %s): %s", s ? "new" : "old", path,
		 frag, what);
	return smart__cmp_result_add(result, ctx->cfg->max_differences, where, old_text,
			      old_text ? strlen(old_text) : 0, new_text,
			      new_text ? strlen(new_text) : 0, err);
}

/* The structural changes that decided Nd3-struct or distinct. */
int smart__cmp_fraggen_report_structure(const fg_ctx *ctx, const fg_changes *report,
				 cmp_fraggen_class c, smart_compare_result *result,
				 smart_error *err)
{
	const char *what = c == CMP_FG_DISTINCT ? "structural change with no equivalent fragment"
						: "structural change with an equivalent fragment";

	for (size_t i = 0; i < report->n; i++)
		if (report_node(ctx, report->v[i].side, report->v[i].node, what, NULL, NULL,
				result, err) < 0)
			return -1;
	return 0;
}

/* A hash of what an element shows itself: its attributes and the text of
 * its own text children. */
static uint64_t own_content(const smart_tree *t, uint32_t i)
{
	const smart_node *n = &t->nodes[i];
	uint64_t h = CMP_HASH_SEED;

	for (uint32_t a = 0; a < n->attr_count; a++) {
		h = smart__cmp_hash_str(h, t->attrs[n->attr_first + a].name);
		h = smart__cmp_hash_str(h, t->attrs[n->attr_first + a].value);
	}
	for (uint32_t c = n->first_child; c != SMART_NONE; c = t->nodes[c].next_sibling)
		if (t->nodes[c].kind == SMART_NODE_TEXT)
			h = smart__cmp_hash_str(h, t->nodes[c].text);
	return h;
}

/* The element's first own text, or NULL. */
static const char *first_text(const smart_tree *t, uint32_t i)
{
	for (uint32_t c = t->nodes[i].first_child; c != SMART_NONE; c = t->nodes[c].next_sibling)
		if (t->nodes[c].kind == SMART_NODE_TEXT)
			return t->nodes[c].text;
	return NULL;
}

/* For Nd2-data, the elements whose text or attributes changed. The pages
 * have the same structure, so their elements pair up in pre-order. */
int smart__cmp_fraggen_report_data(const fg_ctx *ctx, smart_compare_result *result, smart_error *err)
{
	const smart_tree *a = ctx->side[0].t, *b = ctx->side[1].t;
	uint32_t i = 0, j = 0;

	for (;;) {
		while (i < a->count && a->nodes[i].kind != SMART_NODE_ELEMENT)
			i++;
		while (j < b->count && b->nodes[j].kind != SMART_NODE_ELEMENT)
			j++;
		if (i >= a->count || j >= b->count)
			return 0;
		if (own_content(a, i) != own_content(b, j) &&
		    report_node(ctx, 1, j, "text or attributes changed, same structure",
				first_text(a, i), first_text(b, j), result, err) < 0)
			return -1;
		i++;
		j++;
	}
}

