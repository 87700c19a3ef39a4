/*
 * FragGen's fragments and tree diff: the fragment hierarchy of a page
 * (every element of fraggen.block_tags starts a fragment) with structure
 * and content hashes of every subtree, and the top-down structural diff
 * between two fragments that lists the changed nodes (where FragGen uses
 * APTED), bounded by the context's work budget.
 */
#include "fraggen_internal.h"

#include <stdlib.h>
#include <string.h>

#include "common/array.h"

/* Whether a node starts a fragment: an HTML block element (the
 * configured list), or any XML element (XML has no rendering to segment). */
static int is_block(const fg_ctx *ctx, const smart_tree *t, const smart_node *n)
{
	return n->kind == SMART_NODE_ELEMENT &&
	       (t->format == SMART_FORMAT_XML || smart__cmp_names_has(&ctx->cfg->fg_block_tags, n->name));
}

/* Hashes every subtree bottom-up (children come after their parent in
 * pre-order, so a reverse scan sees them first) and finds the fragments. */
int smart__cmp_fraggen_side_build(fg_ctx *ctx, fg_side *s, const smart_tree *t)
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
		uint64_t sh = smart__cmp_hash_str(CMP_HASH_SEED, n->name);
		uint64_t ch = sh;

		if (n->kind == SMART_NODE_TEXT)
			ch = smart__cmp_hash_str(ch, n->text);
		for (uint32_t a = 0; a < n->attr_count; a++) {
			ch = smart__cmp_hash_str(ch, t->attrs[n->attr_first + a].name);
			ch = smart__cmp_hash_str(ch, t->attrs[n->attr_first + a].value);
		}
		for (uint32_t c = n->first_child; c != SMART_NONE; c = t->nodes[c].next_sibling) {
			if (!smart_node_is_content(&t->nodes[c]))
				continue;
			if (t->nodes[c].kind == SMART_NODE_ELEMENT)
				sh = smart__cmp_hash(sh, &s->shape[c], sizeof(uint64_t));
			ch = smart__cmp_hash(ch, &s->content[c], sizeof(uint64_t));
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
int smart__cmp_fraggen_compare_by_shape(const void *a, const void *b, void *shapes)
{
	uint64_t x = ((const uint64_t *)shapes)[*(const uint32_t *)a];
	uint64_t y = ((const uint64_t *)shapes)[*(const uint32_t *)b];

	return x < y ? -1 : x > y;
}

void smart__cmp_fraggen_side_free(fg_side *s)
{
	free(s->shape);
	free(s->content);
	free(s->frag);
	free(s->by_shape);
}

int smart__cmp_fraggen_add_change(fg_changes *c, int side, uint32_t node)
{
	if (smart__array_reserve((void **)&c->v, &c->cap, c->n, sizeof(*c->v), 16) < 0)
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
					if (smart__cmp_fraggen_add_change(changes, !sa, Y[y]) < 0)
						goto oom;
				if (smart__array_reserve((void **)stack, cap, *depth, sizeof(**stack),
							64) < 0)
					goto oom;
				(*stack)[(*depth)++] = (fg_work){ sa, X[x], Y[k] };
				y = k + 1;
			} else if (smart__cmp_fraggen_add_change(changes, sa, X[x]) < 0) {
				goto oom;
			}
		}
		for (; y < j; y++)
			if (smart__cmp_fraggen_add_change(changes, !sa, Y[y]) < 0)
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
int smart__cmp_fraggen_tree_diff(fg_ctx *ctx, int sa, uint32_t a, uint32_t b, fg_changes *changes)
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
			if (smart__cmp_fraggen_add_change(changes, wk.sa, wk.a) < 0 ||
			    smart__cmp_fraggen_add_change(changes, !wk.sa, wk.b) < 0)
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

