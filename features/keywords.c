/*
 * Error keywords (paper §3.3 "Error Keywords", §7.2.3): words and phrases
 * that failing web applications print, looked up in the displayed text.
 */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* THE list of error keywords: lower case ASCII, single spaces between the
 * words of a phrase. Matching is case-insensitive and on whole words (a
 * keyword must neither start nor end inside a word: "error" matches "Error:"
 * and "syntax-error" but not "errors" or "terror"), and any run of white
 * space in the text matches one space. Keep it below 64 entries. */
static const char *const error_keywords[] = {
	"exception", "exceptions", "nullpointerexception", "error", "errors",
	"stack trace", "stacktrace", "traceback", "fatal", "warning", "warnings",
	"not found", "404", "500", "502", "503", "internal server error",
	"service unavailable", "bad gateway", "undefined", "null pointer",
	"segmentation fault", "core dumped", "failed", "failure", "unexpected",
	"uncaught", "unhandled", "access denied", "permission denied",
	"forbidden", "panic", "aborted",
};

#define KEYWORD_COUNT (sizeof(error_keywords) / sizeof(error_keywords[0]))
_Static_assert(KEYWORD_COUNT <= 64, "keyword sets are 64-bit masks");

/* Word characters: ASCII letters, digits, '_' and every non-ASCII byte (so a
 * keyword never matches inside a word of another script). */
static int is_word_char(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_' || c >= 0x80;
}

static int is_space(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static unsigned char lower(unsigned char c)
{
	return c >= 'A' && c <= 'Z' ? (unsigned char)(c - 'A' + 'a') : c;
}

/* True when keyword `kw` occurs in s[pos..len) ending at a word boundary. */
static int matches_at(const unsigned char *s, size_t len, size_t pos, const char *kw)
{
	for (; *kw; kw++) {
		if (*kw == ' ') {
			if (pos >= len || !is_space(s[pos]))
				return 0;
			while (pos < len && is_space(s[pos]))
				pos++;
		} else {
			if (pos >= len || lower(s[pos]) != (unsigned char)*kw)
				return 0;
			pos++;
		}
	}
	return pos == len || !is_word_char(s[pos]);
}

/* Adds to *found (bit k for keyword k) the keywords that occur in one text;
 * by_first[c] holds the keywords that start with byte c. Keywords start at
 * the start of a word, so the scan goes word by word: the first byte of
 * each word is looked up, the rest of the word is skipped. */
static void scan_text(const char *text, size_t len, const uint64_t *by_first, uint64_t *found)
{
	const unsigned char *s = (const unsigned char *)text;
	size_t pos = 0;

	while (pos < len) {
		if (!is_word_char(s[pos])) {
			pos++;
			continue;
		}
		/* s[pos] starts a word: the text's start or after a non-word byte */
		for (uint64_t ks = by_first[lower(s[pos])]; ks; ks &= ks - 1) {
			int k = __builtin_ctzll(ks);

			if (matches_at(s, len, pos, error_keywords[k]))
				*found |= (uint64_t)1 << k;
		}
		while (pos < len && is_word_char(s[pos]))
			pos++;
	}
}

/* The set of keywords in the displayed text of `t`, text node by text node
 * (a phrase split over two elements is not one phrase on the screen either,
 * most of the time). With `shown` (t->count bytes), each node's verdict is
 * noted there: 1 for a displayed text node. With `old`, `to_old` and
 * `old_shown` (the other side's tree, the alignment into it and its
 * verdicts), a displayed text node aligned with a displayed old text node
 * of the same text is passed over: its keywords are the old node's, so
 * they are in the old document's set and can never be new. Without
 * `by_first`, only the verdicts are noted (no text is read). */
static int keywords_in(const smart_tree *t, const uint64_t *by_first, uint64_t *found,
		       uint8_t *shown, const smart_tree *old, const uint32_t *to_old,
		       const uint8_t *old_shown, smart_error *err)
{
	feature_walk w;

	*found = 0;
	if (smart__feature_walk_init(&w, t, err) < 0)
		return -1;
	for (uint32_t i = 0; i < t->count; i++) {
		const smart_node *n = &t->nodes[i];
		int displayed = !smart__feature_walk_hidden(&w, i) && n->kind == SMART_NODE_TEXT;
		uint32_t m = to_old ? to_old[i] : SMART_NONE;

		if (shown)
			shown[i] = (uint8_t)displayed;
		if (!displayed || n->text_len == 0 || !by_first)
			continue;
		if (m != SMART_NONE && old_shown[m] && old->nodes[m].text_len == n->text_len &&
		    memcmp(old->nodes[m].text, n->text, n->text_len) == 0)
			continue; /* the same text, displayed on both sides */
		scan_text(n->text, n->text_len, by_first, found);
	}
	smart__feature_walk_free(&w);
	return 0;
}

/* Which of the keywords `wanted` the displayed text of the old tree `t`
 * holds (its verdicts in `shown`, from keywords_in): only they can change
 * the count, so only they are looked for, and the reading stops once all
 * of them are found. */
static uint64_t wanted_keywords_in(const smart_tree *t, const uint8_t *shown, uint64_t wanted)
{
	uint64_t by_first[256] = { 0 }, found = 0;

	for (size_t k = 0; k < KEYWORD_COUNT; k++)
		if ((wanted >> k) & 1)
			by_first[(unsigned char)error_keywords[k][0]] |= (uint64_t)1 << k;
	for (uint32_t i = 0; i < t->count && (found & wanted) != wanted; i++)
		if (shown[i] && t->nodes[i].text_len)
			scan_text(t->nodes[i].text, t->nodes[i].text_len, by_first, &found);
	return found;
}

/* error_keywords: how many distinct keywords of the list above occur in the
 * displayed text of the new document and nowhere in that of the old one. A
 * keyword present on both sides (a page that always says "404 errors are
 * logged") does not count; occurrences do not add up ("Error ... error"
 * counts 1); overlapping entries each count ("Internal Server Error" counts
 * "internal server error", "error" and, were it on the list, more). 0 for
 * identical documents. Hypothesis (paper §3.3): web applications fail alike
 * and print it; the paper's largest coefficient (+0.174, Fig. 4), though
 * rarely significant because applications that wrap their errors in friendly
 * pages show no keyword (§7.2.3). */
int smart__feature_error_keywords(const smart_feature_args *a, double *v, smart_error *err)
{
	uint64_t by_first[256] = { 0 }, in_old, in_new, fresh;
	unsigned count = 0;

	for (size_t k = 0; k < KEYWORD_COUNT; k++)
		by_first[(unsigned char)error_keywords[k][0]] |= (uint64_t)1 << k;
	uint8_t *old_shown = malloc(a->old_tree->count ? a->old_tree->count : 1);

	if (!old_shown)
		return smart_error_oom(err);
	/* the old side's verdicts first, then the new side's keywords; the
	 * old text is read only for those, and not at all when there are
	 * none (most pairs): fresh = in_new & ~in_old either way */
	if (keywords_in(a->old_tree, NULL, &in_old, old_shown, NULL, NULL, NULL, err) < 0 ||
	    keywords_in(a->new_tree, by_first, &in_new, NULL, a->old_tree, a->diff->new_to_old,
			old_shown, err) < 0) {
		free(old_shown);
		return -1;
	}
	in_old = in_new ? wanted_keywords_in(a->old_tree, old_shown, in_new) : 0;
	free(old_shown);
	fresh = in_new & ~in_old;
	for (; fresh; fresh &= fresh - 1)
		count++;
	assert(count <= KEYWORD_COUNT);
	*v = count;
	return 0;
}
