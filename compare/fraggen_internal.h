/*
 * Internals of the FragGen comparator, shared by fraggen.c (Algorithm 1's
 * classification over the fragment hierarchy), fraggen_tree.c (the
 * fragments and hashes of a page, and the structural tree diff between two
 * fragments) and fraggen_report.c (the differences it reports).
 */
#ifndef SMART_COMPARE_FRAGGEN_INTERNAL_H
#define SMART_COMPARE_FRAGGEN_INTERNAL_H

#include "fraggen.h"

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

/* Finds the fragments of tree t and hashes every subtree (fraggen_tree.c).
 * 0, or -1 when out of memory; smart__cmp_fraggen_side_free releases s. */
int smart__cmp_fraggen_side_build(fg_ctx *ctx, fg_side *s, const smart_tree *t);
void smart__cmp_fraggen_side_free(fg_side *s);

/* qsort_r comparison of fragments by shape (`shapes`: the side's shape). */
int smart__cmp_fraggen_compare_by_shape(const void *a, const void *b, void *shapes);

/* Appends one structurally changed node; 0, or -1 when out of memory. */
int smart__cmp_fraggen_add_change(fg_changes *c, int side, uint32_t node);

/* The structurally changed nodes between fragment roots a (side sa) and b,
 * appended to changes; 0, or -1 when out of memory. */
int smart__cmp_fraggen_tree_diff(fg_ctx *ctx, int sa, uint32_t a, uint32_t b,
			  fg_changes *changes);

/* The differences of class c into result (fraggen_report.c): the
 * structural changes that decided Nd3-struct or distinct, or for Nd2-data
 * the elements whose text or attributes changed. 0, or -1 with err set. */
int smart__cmp_fraggen_report_structure(const fg_ctx *ctx, const fg_changes *report,
				 cmp_fraggen_class c, smart_compare_result *result,
				 smart_error *err);
int smart__cmp_fraggen_report_data(const fg_ctx *ctx, smart_compare_result *result,
			    smart_error *err);

#endif
