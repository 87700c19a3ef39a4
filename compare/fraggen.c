/*
 * FragGen's fragment-based classification (Yandrapally and Mesbah,
 * Algorithm 1), on fragments found in the DOM.
 *
 * A page is a hierarchy of fragments: the root fragment is the whole page;
 * every element named in fraggen.block_tags starts a fragment (DOM block
 * segmentation, where FragGen uses VIPS on a rendered page). Classify(F1, F2):
 *   - structure equal (the subtree with text and attributes pruned) and
 *     content equal (text and attributes: our stand-in for the screenshot
 *     comparison): clone;
 *   - structure equal, content different: Nd2-data;
 *   - otherwise the structurally changed nodes are listed (a top-down tree
 *     diff where FragGen uses APTED); each must lie in a child fragment
 *     that has an equivalent (not distinct) fragment somewhere inside the
 *     other side's fragment: then Nd3-struct, else distinct.
 * Recursion is over the fragment hierarchy, bounded (CMP_FG_MAX_DEPTH,
 * fraggen.max_classify_calls, and the work of the tree diffs: about 64
 * looks at each node); past a bound the answer is distinct, the cautious
 * one, and the report says so.
 */
#include "fraggen_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/array.h"

#define CMP_FG_MAX_DEPTH 32

const char *smart__cmp_fraggen_class_name(cmp_fraggen_class c)
{
	static const char *const names[] = { "clone", "Nd2-data", "Nd3-struct", "distinct" };

	return names[c];
}

static cmp_fraggen_class classify(fg_ctx *ctx, int sa, uint32_t a, uint32_t b,
				  int depth, fg_changes *report);

/* Whether fragment `clo` (side s) has a non-distinct counterpart among the
 * fragments strictly inside `oth` (the other side). */
static int has_counterpart(fg_ctx *ctx, int s, uint32_t clo, uint32_t oth, int depth)
{
	const fg_side *S = &ctx->side[s], *O = &ctx->side[!s];
	uint64_t want = S->shape[clo];
	uint32_t lo = 0, hi = O->nfrag, end = oth + O->t->nodes[oth].size;

	/* Fast path: a fragment of the very same structure (clone or Nd2). */
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;

		if (O->shape[O->by_shape[mid]] < want)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (uint32_t k = lo; k < O->nfrag && O->shape[O->by_shape[k]] == want; k++)
		if (O->by_shape[k] > oth && O->by_shape[k] < end)
			return 1;
	/* Slow path: same-named fragments, classified in turn. */
	for (uint32_t g = oth + 1; g < end && !ctx->oom; g++) {
		if (O->frag[g] != g || strcmp(O->t->nodes[g].name, S->t->nodes[clo].name) != 0)
			continue;
		if (classify(ctx, s, clo, g, depth + 1, NULL) != CMP_FG_DISTINCT)
			return 1;
		if (ctx->exhausted)
			break;
	}
	return 0;
}

/* Algorithm 1's Classify on fragment a (side sa) and fragment b. When
 * `report` is given, the changes that decide the class are added to it. */
static cmp_fraggen_class classify(fg_ctx *ctx, int sa, uint32_t a, uint32_t b,
				  int depth, fg_changes *report)
{
	const fg_side *A = &ctx->side[sa], *B = &ctx->side[!sa];
	fg_changes changes = { 0 };
	cmp_fraggen_class result = CMP_FG_ND3_STRUCT;

	if (ctx->oom)
		return CMP_FG_DISTINCT;
	if (++ctx->calls > ctx->max_calls || ctx->work > ctx->max_work ||
	    depth > CMP_FG_MAX_DEPTH) {
		ctx->exhausted = 1;
		return CMP_FG_DISTINCT;
	}
	if (A->shape[a] == B->shape[b])
		return A->content[a] == B->content[b] ? CMP_FG_CLONE : CMP_FG_ND2_DATA;
	if (smart__cmp_fraggen_tree_diff(ctx, sa, a, b, &changes) < 0) {
		ctx->oom = 1;
		free(changes.v);
		return CMP_FG_DISTINCT;
	}
	/* MapChildFragments: every change must lie in a child fragment with an
	 * equivalent fragment in the other side's hierarchy. */
	for (size_t i = 0; i < changes.n; i++) {
		int s = changes.v[i].side;
		uint32_t n = changes.v[i].node;
		uint32_t own = s == sa ? a : b, oth = s == sa ? b : a;
		uint32_t clo = ctx->side[s].frag[n];
		int found = clo != own && has_counterpart(ctx, s, clo, oth, depth);

		if (report && smart__cmp_fraggen_add_change(report, s, n) < 0)
			ctx->oom = 1;
		if (!found) {
			result = CMP_FG_DISTINCT;
			if (report) { /* keep only the unmapped change(s) */
				report->n = 0;
				if (smart__cmp_fraggen_add_change(report, s, n) < 0)
					ctx->oom = 1;
			}
			break;
		}
	}
	free(changes.v);
	return result;
}

int smart__cmp_fraggen_classify(const smart_tree *old_tree, const smart_tree *new_tree,
			 const smart_compare_config *cfg, cmp_fraggen_class *out,
			 smart_compare_result *result, smart_error *err)
{
	fg_ctx ctx = { .cfg = cfg, .err = err, .max_calls = cfg->fg_max_classify };
	fg_changes report = { 0 };
	int rc = 0;

	if (smart__cmp_fraggen_side_build(&ctx, &ctx.side[0], old_tree) < 0 ||
	    smart__cmp_fraggen_side_build(&ctx, &ctx.side[1], new_tree) < 0) {
		rc = smart_error_oom(err);
		goto done;
	}
	/* The tree diffs together may look at each node about 64 times: enough
	 * for the nested classifications of real pages, and linear. */
	ctx.max_work = ((size_t)old_tree->count + new_tree->count) * 64 + 100000;
	for (int s = 0; s < 2; s++)
		if (ctx.side[s].nfrag > 0)
			qsort_r(ctx.side[s].by_shape, ctx.side[s].nfrag, sizeof(uint32_t),
			smart__cmp_fraggen_compare_by_shape, ctx.side[s].shape);
	*out = classify(&ctx, 0, 0, 0, 0, &report);
	if (ctx.oom) {
		rc = smart_error_oom(err);
		goto done;
	}
	if (result && !result->verdict_only &&
	    (*out == CMP_FG_ND2_DATA ? smart__cmp_fraggen_report_data(&ctx, result, err)
				     : smart__cmp_fraggen_report_structure(&ctx, &report, *out, result, err)) < 0) {
		rc = -1;
		goto done;
	}
	if (ctx.exhausted && result && !result->verdict_only)
		rc = smart__cmp_result_add(result, cfg->max_differences, "classification",
				    "search bound reached: answered distinct", 39, NULL, 0, err);
done:
	free(report.v);
	smart__cmp_fraggen_side_free(&ctx.side[0]);
	smart__cmp_fraggen_side_free(&ctx.side[1]);
	return rc;
}

int smart__cmp_fraggen_run(const smart_comparator *self, smart_compare_pair *pair,
		    const smart_compare_config *cfg, smart_compare_result *result,
		    smart_error *err)
{
	const smart_tree *t[2];
	cmp_fraggen_class c;

	(void)self;
	for (int s = 0; s < 2; s++)
		if (!(t[s] = smart__cmp_pair_tree(pair, s, err)))
			return -1;
	if (smart__cmp_fraggen_classify(t[0], t[1], cfg, &c, result, err) < 0)
		return -1;
	snprintf(result->detail, sizeof(result->detail), "%s", smart__cmp_fraggen_class_name(c));
	result->verdict = c == CMP_FG_DISTINCT ? SMART_COMPARE_FAIL : SMART_COMPARE_PASS;
	return 0;
}
