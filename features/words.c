/*
 * Word-by-word difference of two texts (features/volatility.h), so that a
 * real change inside a long text node is seen beside the tokens that
 * vary: "Sold 3 items at {time}" -> "Sold 4 items at {time}" is 2 words.
 */
#include <stdlib.h>
#include <string.h>

#include "common/array.h"
#include "volatility.h"

/* Above this many cells the LCS is not computed: every word in the middle
 * (between the common prefix and suffix) counts as changed. */
#define WORDS_MAX_CELLS ((size_t)4 * 1000 * 1000)

typedef struct word {
	const char *s;
	size_t len;
} word;

static int is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

/* The words of `s` (borrowed pointers); NULL with *n = 0 when none or out
 * of memory (*oom set). */
static word *split(const char *s, size_t *n, int *oom)
{
	size_t cap = 0;
	word *w = NULL;

	*n = 0;
	while (*s) {
		while (*s && is_space(*s))
			s++;
		if (!*s)
			break;
		if (smart__array_reserve((void **)&w, &cap, *n, sizeof(*w), 16) < 0) {
			*oom = 1;
			free(w);
			*n = 0;
			return NULL;
		}
		w[*n].s = s;
		while (*s && !is_space(*s))
			s++;
		w[*n].len = (size_t)(s - w[*n].s);
		(*n)++;
	}
	return w;
}

static int same(const word *x, const word *y)
{
	return x->len == y->len && memcmp(x->s, y->s, x->len) == 0;
}

/* Length of the longest common subsequence of x[0..n) and y[0..m), in
 * O(m) memory; SIZE_MAX when out of memory. */
static size_t lcs(const word *x, size_t n, const word *y, size_t m)
{
	size_t *row = calloc(m + 1, sizeof(*row)), best;

	if (!row)
		return (size_t)-1;
	for (size_t i = 0; i < n; i++) {
		size_t diag = 0;

		for (size_t j = 0; j < m; j++) {
			size_t up = row[j + 1], v;

			v = same(&x[i], &y[j]) ? diag + 1 : (up > row[j] ? up : row[j]);
			diag = up;
			row[j + 1] = v;
		}
	}
	best = row[m];
	free(row);
	return best;
}

uint32_t smart__feature_word_changes(const char *a, const char *b)
{
	size_t n, m, pre = 0, suf = 0, common, changed;
	int oom = 0;
	word *x, *y;

	if (!a || !b)
		return 0;
	x = split(a, &n, &oom);
	y = split(b, &m, &oom);
	if (oom) {
		free(x);
		free(y);
		return 1; /* they differ; how much is unknown */
	}
	while (pre < n && pre < m && same(&x[pre], &y[pre]))
		pre++;
	while (suf < n - pre && suf < m - pre && same(&x[n - 1 - suf], &y[m - 1 - suf]))
		suf++;
	n -= pre + suf;
	m -= pre + suf;
	common = 0;
	if (n && m && n * m <= WORDS_MAX_CELLS) {
		common = lcs(x + pre, n, y + pre, m);
		if (common == (size_t)-1)
			common = 0;
	}
	changed = n + m - 2 * common;
	free(x);
	free(y);
	if (changed == 0 && strcmp(a, b) != 0)
		changed = 1; /* only white space differs */
	return changed > UINT32_MAX ? UINT32_MAX : (uint32_t)changed;
}
