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
#include "fraggen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/array.h"

#define CMP_FG_MAX_DEPTH 32

typedef struct fg_side {
	const smart_tree *t;
	uint64_t *shape;   /* per node: structure hash (text, attributes pruned) */
	uint64_t *content; /* per node: full hash (text and attributes too) */
	uint32_t *frag;    /* per node: nearest fragment, itself included */
	uint32_t *by_shape;/* the fragments, sorted by shape */
	uint32_t nfrag;
} fg_side;

typedef struct fg_ctx {
	fg_side side[2];
	size_t calls, max_calls;
	size_t work, max_work; /* children compared by tree diffs, and the cap */
	int exhausted;
	const smart_compare_config *cfg;
	smart_error *err;
	int oom;
} fg_ctx;

/* One structurally changed node: which side, which node. */
typedef struct fg_change {
	int side;
	uint32_t node;
} fg_change;

typedef struct fg_changes {
	fg_change *v;
	size_t n, cap;
} fg_changes;

const char *cmp_fraggen_class_name(cmp_fraggen_class c)
{
	static const char *const names[] = { "clone", "Nd2-data", "Nd3-struct", "distinct" };

	return names[c];
}

/* Whether a node starts a fragment: an HTML block element (the
 * configured list), or any XML element (XML has no rendering to segment). */
static int is_block(const fg_ctx *ctx, const smart_tree *t, const smart_node *n)
{
	return n->kind == SMART_NODE_ELEMENT &&
	       (t->format == SMART_FORMAT_XML || cmp_names_has(&ctx->cfg->fg_block_tags, n->name));
}

/* Hashes every subtree bottom-up (children come after their parent in
 * pre-order, so a reverse scan sees them first) and finds the fragments. */
static int side_build(fg_ctx *ctx, fg_side *s, const smart_tree *t)
{
	uint32_t k = 0;

	s->t = t;
	s->shape = calloc(t->count, sizeof(*s->shape));
	s->content = calloc(t->count, sizeof(*s->content));
	s->frag = calloc(t->count, sizeof(*s->frag));
	s->by_shape = calloc(t->count, sizeof(*s->by_shape));
	if (!s->shape || !s->content || !s->frag || !s->by_shape)
		return -1;
	for (uint32_t i = t->count; i-- > 0;) {
		const smart_node *n = &t->nodes[i];
		uint64_t sh = cmp_hash_str(CMP_HASH_SEED, n->name);
		uint64_t ch = sh;

		if (n->kind == SMART_NODE_TEXT)
			ch = cmp_hash_str(ch, n->text);
		for (uint32_t a = 0; a < n->attr_count; a++) {
			ch = cmp_hash_str(ch, t->attrs[n->attr_first + a].name);
			ch = cmp_hash_str(ch, t->attrs[n->attr_first + a].value);
		}
		for (uint32_t c = n->first_child; c != SMART_NONE; c = t->nodes[c].next_sibling) {
			if (!smart_node_is_content(&t->nodes[c]))
				continue;
			if (t->nodes[c].kind == SMART_NODE_ELEMENT)
				sh = cmp_hash(sh, &s->shape[c], sizeof(uint64_t));
			ch = cmp_hash(ch, &s->content[c], sizeof(uint64_t));
		}
		s->shape[i] = sh;
		s->content[i] = ch;
	}
	for (uint32_t i = 0; i < t->count; i++) {
		const smart_node *n = &t->nodes[i];

		if (i == 0 || is_block(ctx, t, n)) {
			s->frag[i] = i;
			s->by_shape[k++] = i;
		} else {
			s->frag[i] = s->frag[n->parent];
		}
	}
	s->nfrag = k;
	return 0;
}

/* Sorting fragments by shape needs the shapes: qsort_r passes them. */
static int compare_by_shape(const void *a, const void *b, void *shapes)
{
	uint64_t x = ((const uint64_t *)shapes)[*(const uint32_t *)a];
	uint64_t y = ((const uint64_t *)shapes)[*(const uint32_t *)b];

	return x < y ? -1 : x > y;
}

static void side_free(fg_side *s)
{
	free(s->shape);
	free(s->content);
	free(s->frag);
	free(s->by_shape);
}

static int add_change(fg_changes *c, int side, uint32_t node)
{
	if (smart_array_reserve((void **)&c->v, &c->cap, c->n, sizeof(*c->v), 16) < 0)
		return -1;
	c->v[c->n].side = side;
	c->v[c->n++].node = node;
	return 0;
}

/* The element children of a node, in order. */
static size_t element_children(const smart_tree *t, uint32_t node, uint32_t **out)
{
	size_t n = 0;
	uint32_t *v = malloc((t->nodes[node].child_count + 1) * sizeof(*v));

	*out = v;
	if (!v)
		return SIZE_MAX;
	for (uint32_t c = t->nodes[node].first_child; c != SMART_NONE; c = t->nodes[c].next_sibling)
		if (t->nodes[c].kind == SMART_NODE_ELEMENT)
			v[n++] = c;
	return n;
}

typedef struct fg_work {
	int sa;
	uint32_t a, b; /* a on side sa, b on the other */
} fg_work;

/* Pairs up the children X (side sa) and Y: equal shapes by LCS, then in each
 * gap same-named ones in order (pushed for a closer look); the rest are
 * changes. */
static int diff_children(fg_ctx *ctx, int sa, const uint32_t *X, size_t nx,
			 const uint32_t *Y, size_t ny, fg_work **stack, size_t *depth,
			 size_t *cap, fg_changes *changes)
{
	const fg_side *A = &ctx->side[sa], *B = &ctx->side[!sa];
	size_t w = ny + 1, i = 0, j = 0;
	uint16_t *L = NULL;

	if (nx > 0 && ny > 0 && (nx + 1) * (ny + 1) <= (size_t)1 << 20) {
		L = calloc((nx + 1) * w, sizeof(*L));
		if (!L)
			return -1;
		for (size_t x = nx; x-- > 0;)
			for (size_t y = ny; y-- > 0;)
				L[x * w + y] = A->shape[X[x]] == B->shape[Y[y]]
						       ? (uint16_t)(L[(x + 1) * w + y + 1] + 1)
						       : (L[(x + 1) * w + y] > L[x * w + y + 1]
								  ? L[(x + 1) * w + y]
								  : L[x * w + y + 1]);
	}
	while (i < nx || j < ny) {
		size_t gi = i, gj = j;

		while ((i < nx || j < ny) &&
		       !(L && i < nx && j < ny && A->shape[X[i]] == B->shape[Y[j]])) {
			if (j >= ny || (i < nx && (!L || L[(i + 1) * w + j] >= L[i * w + j + 1])))
				i++;
			else
				j++;
		}
		/* The gap [gi, i) x [gj, j): pair same names in order. */
		size_t y = gj;

		for (size_t x = gi; x < i; x++) {
			const char *name = A->t->nodes[X[x]].name;
			size_t k = y;

			while (k < j && strcmp(B->t->nodes[Y[k]].name, name) != 0)
				k++;
			if (k < j) {
				for (; y < k; y++)
					if (add_change(changes, !sa, Y[y]) < 0)
						goto oom;
				if (smart_array_reserve((void **)stack, cap, *depth, sizeof(**stack),
							64) < 0)
					goto oom;
				(*stack)[(*depth)++] = (fg_work){ sa, X[x], Y[k] };
				y = k + 1;
			} else if (add_change(changes, sa, X[x]) < 0) {
				goto oom;
			}
		}
		for (; y < j; y++)
			if (add_change(changes, !sa, Y[y]) < 0)
				goto oom;
		if (i < nx && j < ny) {
			i++;
			j++;
		}
	}
	free(L);
	return 0;
oom:
	free(L);
	return -1;
}

/* The structurally changed nodes between fragment roots a (side sa) and b. */
static int tree_diff(fg_ctx *ctx, int sa, uint32_t a, uint32_t b, fg_changes *changes)
{
	fg_work *stack = malloc(64 * sizeof(*stack));
	size_t depth = 0, cap = 64;
	int rc = 0;

	if (!stack)
		return -1;
	stack[depth++] = (fg_work){ sa, a, b };
	while (depth > 0 && rc == 0) {
		fg_work wk = stack[--depth];
		const fg_side *A = &ctx->side[wk.sa], *B = &ctx->side[!wk.sa];
		uint32_t *X, *Y;
		size_t nx, ny;

		if (A->shape[wk.a] == B->shape[wk.b])
			continue;
		if (strcmp(A->t->nodes[wk.a].name, B->t->nodes[wk.b].name) != 0) {
			if (add_change(changes, wk.sa, wk.a) < 0 ||
			    add_change(changes, !wk.sa, wk.b) < 0)
				rc = -1;
			continue;
		}
		nx = element_children(A->t, wk.a, &X);
		ny = element_children(B->t, wk.b, &Y);
		if (nx != SIZE_MAX && ny != SIZE_MAX)
			ctx->work += nx + ny + 1;
		if (nx == SIZE_MAX || ny == SIZE_MAX)
			rc = -1;
		else
			rc = diff_children(ctx, wk.sa, X, nx, Y, ny, &stack, &depth, &cap, changes);
		free(X);
		free(Y);
	}
	free(stack);
	return rc;
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
	if (tree_diff(ctx, sa, a, b, &changes) < 0) {
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

		if (report && add_change(report, s, n) < 0)
			ctx->oom = 1;
		if (!found) {
			result = CMP_FG_DISTINCT;
			if (report) { /* keep only the unmapped change(s) */
				report->n = 0;
				if (add_change(report, s, n) < 0)
					ctx->oom = 1;
			}
			break;
		}
	}
	free(changes.v);
	return result;
}

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
	return cmp_result_add(result, ctx->cfg->max_differences, where, old_text,
			      old_text ? strlen(old_text) : 0, new_text,
			      new_text ? strlen(new_text) : 0, err);
}

/* The structural changes that decided Nd3-struct or distinct. */
static int report_structure(const fg_ctx *ctx, const fg_changes *report,
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
		h = cmp_hash_str(h, t->attrs[n->attr_first + a].name);
		h = cmp_hash_str(h, t->attrs[n->attr_first + a].value);
	}
	for (uint32_t c = n->first_child; c != SMART_NONE; c = t->nodes[c].next_sibling)
		if (t->nodes[c].kind == SMART_NODE_TEXT)
			h = cmp_hash_str(h, t->nodes[c].text);
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
static int report_data(const fg_ctx *ctx, smart_compare_result *result, smart_error *err)
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

int cmp_fraggen_classify(const smart_tree *old_tree, const smart_tree *new_tree,
			 const smart_compare_config *cfg, cmp_fraggen_class *out,
			 smart_compare_result *result, smart_error *err)
{
	fg_ctx ctx = { .cfg = cfg, .err = err, .max_calls = cfg->fg_max_classify };
	fg_changes report = { 0 };
	int rc = 0;

	if (side_build(&ctx, &ctx.side[0], old_tree) < 0 ||
	    side_build(&ctx, &ctx.side[1], new_tree) < 0) {
		rc = smart_error_oom(err);
		goto done;
	}
	/* The tree diffs together may look at each node about 64 times: enough
	 * for the nested classifications of real pages, and linear. */
	ctx.max_work = ((size_t)old_tree->count + new_tree->count) * 64 + 100000;
	for (int s = 0; s < 2; s++)
		if (ctx.side[s].nfrag > 0)
			qsort_r(ctx.side[s].by_shape, ctx.side[s].nfrag, sizeof(uint32_t),
			compare_by_shape, ctx.side[s].shape);
	*out = classify(&ctx, 0, 0, 0, 0, &report);
	if (ctx.oom) {
		rc = smart_error_oom(err);
		goto done;
	}
	if (result && !result->verdict_only &&
	    (*out == CMP_FG_ND2_DATA ? report_data(&ctx, result, err)
				     : report_structure(&ctx, &report, *out, result, err)) < 0) {
		rc = -1;
		goto done;
	}
	if (ctx.exhausted && result && !result->verdict_only)
		rc = cmp_result_add(result, cfg->max_differences, "classification",
				    "search bound reached: answered distinct", 39, NULL, 0, err);
done:
	free(report.v);
	side_free(&ctx.side[0]);
	side_free(&ctx.side[1]);
	return rc;
}

int cmp_fraggen_run(const smart_comparator *self, smart_compare_pair *pair,
		    const smart_compare_config *cfg, smart_compare_result *result,
		    smart_error *err)
{
	const smart_tree *t[2];
	cmp_fraggen_class c;

	(void)self;
	for (int s = 0; s < 2; s++)
		if (!(t[s] = cmp_pair_tree(pair, s, err)))
			return -1;
	if (cmp_fraggen_classify(t[0], t[1], cfg, &c, result, err) < 0)
		return -1;
	snprintf(result->detail, sizeof(result->detail), "%s", cmp_fraggen_class_name(c));
	result->verdict = c == CMP_FG_DISTINCT ? SMART_COMPARE_FAIL : SMART_COMPARE_PASS;
	return 0;
}
