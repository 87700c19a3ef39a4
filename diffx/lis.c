/*
 * Longest increasing subsequence, O(n log n). DiffX uses it on the matched
 * children of a matched pair, keyed by their old positions: phase 2 uses
 * the members (patience sorting, smart__align_lis) as anchors between which
 * unmatched children are paired; the script keeps the members of the
 * weighted one (smart__align_lis_weighted) in place and moves the others.
 */
#include "align.h"

#include <stdlib.h>
#include <string.h>

void smart__align_lis(const uint32_t *keys, uint32_t n, unsigned char *in_lis,
	       uint32_t *work)
{
	uint32_t *tails = work;     /* tails[l]: index ending the best run of length l+1 */
	uint32_t *prev = work + n;  /* prev[i]: index before i in its run */
	uint32_t len = 0;

	for (uint32_t i = 0; i < n; i++) {
		uint32_t lo = 0, hi = len;

		while (lo < hi) {
			uint32_t mid = lo + (hi - lo) / 2;

			if (keys[tails[mid]] < keys[i])
				lo = mid + 1;
			else
				hi = mid;
		}
		prev[i] = lo > 0 ? tails[lo - 1] : UINT32_MAX;
		tails[lo] = i;
		if (lo == len)
			len++;
		in_lis[i] = 0;
	}
	for (uint32_t i = len ? tails[len - 1] : UINT32_MAX; i != UINT32_MAX;
	     i = prev[i])
		in_lis[i] = 1;
}

/* Index of the first entry >= key in an ascending array (used to start
 * nearest-position searches). */
uint32_t smart__align_lower_bound(const uint32_t *v, uint32_t n, uint32_t key)
{
	uint32_t lo = 0, hi = n;

	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;

		if (v[mid] < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}


static int cmp_u64(const void *p, const void *q)
{
	uint64_t a = *(const uint64_t *)p, b = *(const uint64_t *)q;

	return a < b ? -1 : a > b;
}

/* Whether run i (its length and weight) beats run j (UINT32_MAX: none). */
static int run_beats(const uint32_t *len, const uint64_t *weight, uint32_t i, uint32_t j)
{
	return j == UINT32_MAX || len[i] > len[j] ||
	       (len[i] == len[j] && weight[i] > weight[j]);
}

void smart__align_lis_weighted(const uint32_t *keys, const uint32_t *weights, uint32_t n,
			unsigned char *in_lis, uint32_t *work)
{
	uint64_t *sorted = (uint64_t *)(void *)work;   /* 2n: (key, index) */
	uint64_t *weight = sorted + n;                 /* 2n: best run weight */
	uint32_t *rank = work + 4 * (size_t)n;         /* n */
	uint32_t *len = rank + n;                      /* n: best run length */
	uint32_t *prev = len + n;                      /* n */
	uint32_t *tree = prev + n;                     /* n: Fenwick tree of run ends */
	uint32_t best = UINT32_MAX, i;

	for (i = 1; i < n && keys[i - 1] < keys[i]; i++)
		;
	if (i >= n) { /* already in order: the common case */
		memset(in_lis, 1, n);
		return;
	}
	for (i = 0; i < n; i++)
		sorted[i] = (uint64_t)keys[i] << 32 | i;
	qsort(sorted, n, sizeof(*sorted), cmp_u64);
	for (i = 0; i < n; i++) {
		rank[(uint32_t)sorted[i]] = i;
		tree[i] = UINT32_MAX;
	}
	/* In sequence order, the best run ending at i extends the best run
	 * ending at a smaller key: a prefix maximum over ranks (Fenwick). */
	for (i = 0; i < n; i++) {
		uint32_t j = UINT32_MAX;

		for (uint32_t r = rank[i]; r > 0; r &= r - 1)
			if (tree[r - 1] != UINT32_MAX && run_beats(len, weight, tree[r - 1], j))
				j = tree[r - 1];
		prev[i] = j;
		len[i] = j == UINT32_MAX ? 1 : len[j] + 1;
		weight[i] = (j == UINT32_MAX ? 0 : weight[j]) + weights[i];
		for (uint32_t r = rank[i] + 1; r <= n; r += r & -r)
			if (run_beats(len, weight, i, tree[r - 1]))
				tree[r - 1] = i;
		/* Among equal runs the one ending last in sequence order,
		 * as patience sorting picks (a swap of two equal siblings
		 * moves the one that comes first in the old order). */
		if (best == UINT32_MAX || !run_beats(len, weight, best, i))
			best = i;
		in_lis[i] = 0;
	}
	for (i = best; i != UINT32_MAX; i = prev[i])
		in_lis[i] = 1;
}
