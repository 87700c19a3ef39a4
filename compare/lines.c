/*
 * Token sequences: what a comparator reduces a document to before the
 * comparison (lines of the raw file, tags, words of the text). Sprenkle's
 * comparators are "process, then diff", Crawljax's "strip, then compare
 * strings"; both end in a cmp_lines.
 */
#include "internal.h"

#include <assert.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "common/array.h"

void smart__cmp_lines_init(cmp_lines *lines)
{
	memset(lines, 0, sizeof(*lines));
	lines->open = SIZE_MAX;
}

void smart__cmp_lines_free(cmp_lines *lines)
{
	free(lines->buf);
	free(lines->off);
	free(lines->len);
	free(lines->hash);
	smart__cmp_lines_init(lines);
}

/* Makes room for `more` bytes in the buffer. */
/* Room for `more` bytes at once, not one item: common/array.h's helper
 * does not fit. */
static int reserve_bytes(cmp_lines *lines, size_t more)
{
	size_t cap = lines->cap ? lines->cap : 1024;
	char *buf;

	if (lines->used + more < lines->cap)
		return 0;
	while (cap <= lines->used + more)
		cap *= 2;
	buf = realloc(lines->buf, cap);
	if (!buf)
		return -1;
	lines->buf = buf;
	lines->cap = cap;
	return 0;
}

int smart__cmp_lines_begin(cmp_lines *lines)
{
	assert(lines->open == SIZE_MAX);
	lines->open = lines->used;
	return 0;
}

int smart__cmp_lines_append(cmp_lines *lines, const char *s, size_t len)
{
	assert(lines->open != SIZE_MAX);
	if (reserve_bytes(lines, len + 1) < 0)
		return -1;
	memcpy(lines->buf + lines->used, s, len);
	lines->used += len;
	return 0;
}

int smart__cmp_lines_appends(cmp_lines *lines, const char *s)
{
	return smart__cmp_lines_append(lines, s, strlen(s));
}

uint64_t smart__cmp_hash(uint64_t h, const void *data, size_t len)
{
	const unsigned char *p = data;

	for (size_t i = 0; i < len; i++) {
		h ^= p[i];
		h *= 1099511628211ULL;
	}
	return h;
}

uint64_t smart__cmp_hash_str(uint64_t h, const char *s)
{
	return smart__cmp_hash(h, s, strlen(s) + 1);
}

/* Tokens are compared by hash first, then by bytes. */
static uint64_t hash_bytes(const char *s, size_t len)
{
	return smart__cmp_hash(CMP_HASH_SEED, s, len);
}

int smart__cmp_lines_end(cmp_lines *lines)
{
	size_t start = lines->open, len;

	assert(start != SIZE_MAX);
	if (reserve_bytes(lines, 1) < 0)
		return -1;
	if (smart__array_reserve((void **)&lines->off, &lines->off_cap, lines->n,
				sizeof(*lines->off), 64) < 0 ||
	    smart__array_reserve((void **)&lines->len, &lines->len_cap, lines->n,
				sizeof(*lines->len), 64) < 0 ||
	    smart__array_reserve((void **)&lines->hash, &lines->hash_cap, lines->n,
				sizeof(*lines->hash), 64) < 0)
		return -1;
	len = lines->used - start;
	lines->buf[lines->used++] = '\0';
	lines->off[lines->n] = start;
	lines->len[lines->n] = len > UINT32_MAX ? UINT32_MAX : (uint32_t)len;
	lines->hash[lines->n] = hash_bytes(lines->buf + start, len);
	lines->n++;
	lines->open = SIZE_MAX;
	return 0;
}

int smart__cmp_lines_add(cmp_lines *lines, const char *s, size_t len)
{
	if (smart__cmp_lines_begin(lines) < 0 || smart__cmp_lines_append(lines, s, len) < 0)
		return -1;
	return smart__cmp_lines_end(lines);
}

int smart__cmp_lines_add_split(cmp_lines *lines, const char *text, size_t len)
{
	size_t start = 0;

	/* Every segment counts, the last one too (even empty), so that two
	 * texts have equal lines exactly when they are equal. */
	for (size_t i = 0; i <= len; i++) {
		if (i == len || text[i] == '\n') {
			if (smart__cmp_lines_add(lines, text + start, i - start) < 0)
				return -1;
			start = i + 1;
		}
	}
	return 0;
}

int smart__cmp_lines_add_words(cmp_lines *lines, const char *text, size_t len)
{
	size_t i = 0;

	while (i < len) {
		size_t start;

		while (i < len && isspace((unsigned char)text[i]))
			i++;
		start = i;
		while (i < len && !isspace((unsigned char)text[i]))
			i++;
		if (i > start && smart__cmp_lines_add(lines, text + start, i - start) < 0)
			return -1;
	}
	return 0;
}

/* The sort needs the buffer to order offsets; qsort_r passes it along. */
static int compare_offsets(const void *a, const void *b, void *buf)
{
	return strcmp((const char *)buf + *(const size_t *)a,
		      (const char *)buf + *(const size_t *)b);
}

int smart__cmp_lines_sort(cmp_lines *lines)
{
	if (lines->n == 0)
		return 0;
	qsort_r(lines->off, lines->n, sizeof(*lines->off), compare_offsets,
		lines->buf);
	for (size_t i = 0; i < lines->n; i++) {
		size_t len = strlen(lines->buf + lines->off[i]);

		lines->len[i] = len > UINT32_MAX ? UINT32_MAX : (uint32_t)len;
		lines->hash[i] = hash_bytes(lines->buf + lines->off[i], len);
	}
	return 0;
}

int smart__cmp_lines_equal(const cmp_lines *a, const cmp_lines *b)
{
	if (a->n != b->n)
		return 0;
	for (size_t i = 0; i < a->n; i++)
		if (a->hash[i] != b->hash[i] || a->len[i] != b->len[i] ||
		    strcmp(cmp_lines_at(a, i), cmp_lines_at(b, i)) != 0)
			return 0;
	return 1;
}
