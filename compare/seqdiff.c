/*
 * The "diff" step of the comparators: whether two token sequences are equal,
 * and if not, where they differ, as hunks of a longest-common-subsequence
 * alignment (what diff(1) prints). The verdict needs only equality; the
 * hunks are for the report, so their cost is bounded: the common head and
 * tail are trimmed, and a middle too large for the table is one hunk.
 */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Largest LCS table (cells) the report may use: 4 MB of uint16_t. */
#define CMP_LCS_CELLS ((size_t)2 * 1024 * 1024)

static int same_token(const cmp_lines *a, size_t i, const cmp_lines *b, size_t j)
{
	return a->hash[i] == b->hash[j] && a->len[i] == b->len[j] &&
	       strcmp(cmp_lines_at(a, i), cmp_lines_at(b, j)) == 0;
}

/* Writes "12", "12-14" or "after 11" for `count` tokens from 0-based `start`. */
static void format_range(char *buf, size_t size, size_t start, size_t count)
{
	if (count == 0)
		snprintf(buf, size, "after %zu", start);
	else if (count == 1)
		snprintf(buf, size, "%zu", start + 1);
	else
		snprintf(buf, size, "%zu-%zu", start + 1, start + count);
}

/* Joins tokens [start, start+count) with newlines, up to CMP_TEXT_MAX + 1
 * bytes (the result adder marks the cut). Returns a malloc'd string, or NULL
 * for an empty run; *failed is set when out of memory. */
static char *join_run(const cmp_lines *l, size_t start, size_t count,
		      size_t *out_len, int *failed)
{
	size_t cap = CMP_TEXT_MAX + 2, used = 0;
	char *s;

	*out_len = 0;
	if (count == 0)
		return NULL;
	s = malloc(cap);
	if (!s) {
		*failed = 1;
		return NULL;
	}
	for (size_t i = start; i < start + count && used < cap - 1; i++) {
		size_t len = l->len[i];

		if (i > start)
			s[used++] = '\n';
		if (len > cap - 1 - used)
			len = cap - 1 - used;
		memcpy(s + used, cmp_lines_at(l, i), len);
		used += len;
	}
	s[used] = '\0';
	*out_len = used;
	return s;
}

/* Reports one hunk: old tokens [i0, i0+n) against new tokens [j0, j0+m). */
static int report_hunk(const cmp_lines *a, size_t i0, size_t n,
		       const cmp_lines *b, size_t j0, size_t m, const char *label,
		       const char *unit, size_t max, smart_compare_result *result,
		       smart_error *err)
{
	char where[160], ro[48], rn[48];
	size_t old_len, new_len;
	int failed = 0, rc;
	char *old_text = join_run(a, i0, n, &old_len, &failed);
	char *new_text = join_run(b, j0, m, &new_len, &failed);

	if (failed) {
		free(old_text);
		free(new_text);
		return smart_error_oom(err);
	}
	format_range(ro, sizeof(ro), i0, n);
	format_range(rn, sizeof(rn), j0, m);
	snprintf(where, sizeof(where), "%s%s%ss old %s, new %s",
		 label ? label : "", label ? ": " : "", unit, ro, rn);
	rc = smart__cmp_result_add(result, max, where, old_text, old_len, new_text,
			    new_len, err);
	free(old_text);
	free(new_text);
	return rc;
}

/* Aligns the middle parts [p, p+n) and [p, p+m) with an LCS table (L[i][j]:
 * LCS length of the suffixes from i and j) and reports each changed run. */
static int report_lcs(const cmp_lines *a, const cmp_lines *b, size_t p,
		      size_t n, size_t m, const char *label, const char *unit,
		      size_t max, smart_compare_result *result, smart_error *err)
{
	size_t w = m + 1, i = 0, j = 0;
	uint16_t *L = calloc((n + 1) * w, sizeof(*L));

	if (!L)
		return smart_error_oom(err);
	for (size_t x = n; x-- > 0;)
		for (size_t y = m; y-- > 0;) {
			if (same_token(a, p + x, b, p + y))
				L[x * w + y] = (uint16_t)(L[(x + 1) * w + y + 1] + 1);
			else {
				uint16_t down = L[(x + 1) * w + y], right = L[x * w + y + 1];

				L[x * w + y] = down > right ? down : right;
			}
		}
	while (i < n || j < m) {
		size_t hi = i, hj = j;

		while (i < n || j < m) {
			if (i < n && j < m && same_token(a, p + i, b, p + j))
				break;
			if (j >= m || (i < n && L[(i + 1) * w + j] >= L[i * w + j + 1]))
				i++;
			else
				j++;
		}
		if ((i > hi || j > hj) &&
		    report_hunk(a, p + hi, i - hi, b, p + hj, j - hj, label, unit,
				max, result, err) < 0) {
			free(L);
			return -1;
		}
		while (i < n && j < m && same_token(a, p + i, b, p + j)) {
			i++;
			j++;
		}
	}
	free(L);
	return 0;
}

int smart__cmp_lines_compare(const cmp_lines *a, const cmp_lines *b, const char *label,
		      const char *unit, const smart_compare_config *config,
		      smart_compare_result *result, smart_error *err)
{
	size_t p = 0, s = 0, n, m, max = config->max_differences;

	if (smart__cmp_lines_equal(a, b))
		return 0;
	result->verdict = SMART_COMPARE_FAIL;
	if (max == 0 || result->verdict_only)
		return 0;
	while (p < a->n && p < b->n && same_token(a, p, b, p))
		p++;
	while (s < a->n - p && s < b->n - p &&
	       same_token(a, a->n - 1 - s, b, b->n - 1 - s))
		s++;
	n = a->n - p - s;
	m = b->n - p - s;
	if (n == 0 || m == 0 || (n + 1) * (m + 1) > CMP_LCS_CELLS)
		return report_hunk(a, p, n, b, p, m, label, unit, max, result, err);
	return report_lcs(a, b, p, n, m, label, unit, max, result, err);
}
