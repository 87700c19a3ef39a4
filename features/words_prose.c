/* The words of prose (features/words_prose.h). */
#include "words_prose.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/array.h"

/* The code point of the UTF-8 character at `s` (NUL-terminated), its
 * length in *n; an invalid byte is one character of its own. */
static uint32_t next_code_point(const unsigned char *s, size_t *n)
{
	uint32_t cp = s[0];
	size_t len = cp < 0xC0 ? 1 : cp >= 0xF0 ? 4 : cp >= 0xE0 ? 3 : 2;

	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xC0) != 0x80) {
			*n = 1;
			return s[0];
		}
	}
	if (len > 1) {
		cp &= 0x3Fu >> (len - 1);
		for (size_t i = 1; i < len; i++)
			cp = (cp << 6) | (s[i] & 0x3Fu);
	}
	*n = len;
	return cp;
}

/* Letters: ASCII letters and the non-ASCII code points outside the
 * punctuation and symbol blocks (Latin-1 signs, × and ÷, general
 * punctuation through the arrows, math and technical symbols, CJK
 * punctuation, full-width ASCII punctuation, specials). Rough, but enough
 * to keep an en dash or a curly quote from reading as a word. */
static int is_letter(uint32_t cp)
{
	if (cp < 0x80)
		return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z');
	if (cp < 0xC0 || cp == 0xD7 || cp == 0xF7)
		return 0;
	if ((cp >= 0x2000 && cp <= 0x2BFF) || (cp >= 0x3000 && cp <= 0x303F) ||
	    (cp >= 0xFF00 && cp <= 0xFF20) || cp >= 0xFFF0)
		return 0;
	return 1;
}

/* Characters that bind letters into a token that is not a word of prose:
 * an entity ("&amp"), an identifier ("a_b", "x1"), a path or an address
 * ("x/y", "a@b", "k=v", "%20"). */
static int is_glue(unsigned char c)
{
	return c == '&' || c == '#' || c == '_' || c == '/' || c == '\\' || c == '=' ||
	       c == '@' || c == '%' || (c >= '0' && c <= '9');
}

/* Advances to the next word of VOCABULARY_MIN_WORD..MAX letters; 0 at the
 * end of the text. */
int smart__feature_next_word(word_cursor *c)
{
	for (;;) {
		const unsigned char *start;
		size_t n, letters = 0;

		while (*c->p && !is_letter(next_code_point(c->p, &n)))
			c->p += n;
		if (!*c->p)
			return 0;
		start = c->p;
		c->len = 0;
		while (*c->p && is_letter(next_code_point(c->p, &n))) {
			if (letters < VOCABULARY_MAX_WORD)
				for (size_t i = 0; i < n; i++)
					c->word[c->len++] = (char)(c->p[i] >= 'A' && c->p[i] <= 'Z'
								   ? c->p[i] + ('a' - 'A') : c->p[i]);
			letters++;
			c->p += n;
		}
		c->word[c->len] = '\0';
		c->glued = (start > c->text && is_glue(start[-1])) || (*c->p && is_glue(*c->p));
		if (letters >= VOCABULARY_MIN_WORD && letters <= VOCABULARY_MAX_WORD)
			return 1;
	}
}

void smart__feature_word_cursor_init(word_cursor *c, const char *text)
{
	c->text = c->p = (const unsigned char *)text;
	c->len = 0;
	c->glued = 0;
}

int smart__feature_word_set_add(word_set *w, const char *word, size_t len)
{
	if (smart__array_reserve((void **)&w->words, &w->cap, w->count, sizeof(*w->words), 64) < 0)
		return -1;
	w->words[w->count].start = w->folded.len;
	w->words[w->count].len = len;
	if (smart__strbuf_append(&w->folded, word, len) < 0)
		return -1;
	w->count++;
	return 0;
}

/* Adds every word of `text` to `w`. */
int smart__feature_word_set_add_text(word_set *w, const char *text)
{
	word_cursor c;

	smart__feature_word_cursor_init(&c, text);
	while (smart__feature_next_word(&c))
		if (smart__feature_word_set_add(w, c.word, c.len) < 0)
			return -1;
	return 0;
}

static int word_ref_compare(const void *a, const void *b, void *folded)
{
	const word_ref *x = a, *y = b;
	const char *base = folded;
	size_t n = x->len < y->len ? x->len : y->len;
	int c = memcmp(base + x->start, base + y->start, n);

	return c ? c : (x->len > y->len) - (x->len < y->len);
}

void smart__feature_word_set_sort(word_set *w)
{
	if (w->count)
		qsort_r(w->words, w->count, sizeof(*w->words), word_ref_compare, w->folded.data);
}

/* True when the sorted set holds `word`. */
int smart__feature_word_set_has(const word_set *w, const char *word, size_t len)
{
	size_t lo = 0, hi = w->count;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const word_ref *r = &w->words[mid];
		size_t n = r->len < len ? r->len : len;
		int c = memcmp(w->folded.data + r->start, word, n);

		if (c == 0)
			c = (r->len > len) - (r->len < len);
		if (c == 0)
			return 1;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

void smart__feature_word_set_free(word_set *w)
{
	smart__strbuf_free(&w->folded);
	free(w->words);
}

/* Different words in a set (sorted in place). */
size_t smart__feature_word_set_distinct(word_set *w)
{
	size_t distinct = 0;

	smart__feature_word_set_sort(w);
	for (size_t i = 0; i < w->count; i++)
		if (i == 0 || word_ref_compare(&w->words[i - 1], &w->words[i], w->folded.data) != 0)
			distinct++;
	return distinct;
}
