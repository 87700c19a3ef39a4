/*
 * Longest increasing subsequence, O(n log n) (patience sorting with
 * predecessor links). DiffX uses it twice on the matched children of a
 * matched pair, keyed by their old positions: the members are the children
 * that kept their relative order, the others are moves; and phase 2 uses
 * the members as anchors between which unmatched children are paired.
 */
#include "align.h"

void align_lis(const uint32_t *keys, uint32_t n, unsigned char *in_lis,
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
uint32_t align_lower_bound(const uint32_t *v, uint32_t n, uint32_t key)
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

