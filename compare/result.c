/*
 * Results: the verdict and the differences a comparator found. Differences
 * are counted even when the report keeps only the first max_differences.
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

#include "common/array.h"

void smart_compare_result_init(smart_compare_result *result)
{
	memset(result, 0, sizeof(*result));
	result->verdict = SMART_COMPARE_PASS;
}

void smart_compare_result_clear(smart_compare_result *result)
{
	int verdict_only = result->verdict_only;

	for (size_t i = 0; i < result->difference_count; i++) {
		free(result->differences[i].where);
		free(result->differences[i].old_text);
		free(result->differences[i].new_text);
	}
	free(result->differences);
	smart_compare_result_init(result);
	result->verdict_only = verdict_only;
}

/* Copies at most CMP_TEXT_MAX bytes of `s`, with "…" when cut. */
static char *copy_text(const char *s, size_t len, int *failed)
{
	size_t keep = len > CMP_TEXT_MAX ? CMP_TEXT_MAX : len;
	char *out;

	if (!s)
		return NULL;
	/* Do not cut a UTF-8 sequence in the middle. */
	while (keep < len && keep > 0 && ((unsigned char)s[keep] & 0xC0) == 0x80)
		keep--;
	out = malloc(keep + 4);
	if (!out) {
		*failed = 1;
		return NULL;
	}
	memcpy(out, s, keep);
	if (keep < len)
		memcpy(out + keep, "\xE2\x80\xA6", 3), keep += 3;
	out[keep] = '\0';
	return out;
}

/* Stores an already-built difference, taking ownership of its strings. */
static int store(smart_compare_result *result, smart_compare_difference d,
		 smart_error *err)
{
	if (smart__array_reserve((void **)&result->differences, &result->capacity,
				result->difference_count, sizeof(*result->differences), 8) < 0) {
		free(d.where);
		free(d.old_text);
		free(d.new_text);
		return smart_error_oom(err);
	}
	result->differences[result->difference_count++] = d;
	return 0;
}

int smart__cmp_result_add(smart_compare_result *result, size_t max, const char *where,
		   const char *old_text, size_t old_len, const char *new_text,
		   size_t new_len, smart_error *err)
{
	smart_compare_difference d;
	int failed = 0;

	if (result->verdict_only)
		return 0;
	result->differences_found++;
	if (result->difference_count >= max)
		return 0;
	d.where = copy_text(where, strlen(where), &failed);
	d.old_text = copy_text(old_text, old_len, &failed);
	d.new_text = copy_text(new_text, new_len, &failed);
	if (failed) {
		free(d.where);
		free(d.old_text);
		free(d.new_text);
		return smart_error_oom(err);
	}
	return store(result, d, err);
}

int smart__cmp_result_absorb(smart_compare_result *to, smart_compare_result *from,
		      const char *prefix, size_t max, smart_error *err)
{
	size_t plen = strlen(prefix);

	to->differences_found += from->differences_found;
	for (size_t i = 0; i < from->difference_count; i++) {
		smart_compare_difference d = from->differences[i];
		size_t wlen = strlen(d.where);
		char *where;

		from->differences[i].where = NULL;
		from->differences[i].old_text = NULL;
		from->differences[i].new_text = NULL;
		if (to->difference_count >= max) {
			free(d.where);
			free(d.old_text);
			free(d.new_text);
			continue;
		}
		where = malloc(plen + 2 + wlen + 1);
		if (!where) {
			free(d.where);
			free(d.old_text);
			free(d.new_text);
			smart_compare_result_clear(from);
			return smart_error_oom(err);
		}
		memcpy(where, prefix, plen);
		memcpy(where + plen, ": ", 2);
		memcpy(where + plen + 2, d.where, wlen + 1);
		free(d.where);
		d.where = where;
		if (store(to, d, err) < 0) {
			smart_compare_result_clear(from);
			return -1;
		}
	}
	smart_compare_result_clear(from);
	return 0;
}
