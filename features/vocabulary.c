/*
 * Reworded text: a change of wording an author made, told apart from a
 * change of text a fault made.
 *
 * SMART found text-only changes mostly benign (§3.2, Fig. 4), yet in the
 * applications smart learns from nearly every seeded fault changes text
 * too. The two differ in where the new words come from. A fault in the
 * code that renders the same input drops, repeats, truncates, glues,
 * reorders or mis-escapes the words it was given, prints other numbers,
 * or stamps one of its own labels over many places ("Home" on every
 * menu entry). A person rewording a sentence writes several different
 * words the page never held, in prose.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/array.h"
#include "common/strbuf.h"
#include "internal.h"
#include "volatility.h"

/* Words shorter than this are not evidence of authorship: "of", "an"
 * and one-letter fragments appear by accident. */
#define VOCABULARY_MIN_WORD 3

/* Longer runs of letters are not words (base64, minified code). */
#define VOCABULARY_MAX_WORD 64

/* The pair must bring in at least this many different new words (one
 * new word is too easily a label a fault printed in another place). */
#define VOCABULARY_MIN_NOVEL 2

/* A rewritten text must be prose: at least this many words. */
#define VOCABULARY_MIN_PROSE 3

typedef struct word_ref {
	size_t start, len; /* in word_set.folded */
} word_ref;

/* Lower-cased words; sorted once complete, for lookup. */
typedef struct word_set {
	smart_strbuf folded; /* the words back to back */
	word_ref *words;     /* owned */
	size_t count, cap;
} word_set;

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

/* One word of a text: lower-cased (ASCII) letters, and whether it is
 * glued into a larger token. */
typedef struct word_cursor {
	const unsigned char *text, *p;
	char word[VOCABULARY_MAX_WORD * 4 + 1];
	size_t len;
	int glued;
} word_cursor;

/* Advances to the next word of VOCABULARY_MIN_WORD..MAX letters; 0 at the
 * end of the text. */
static int next_word(word_cursor *c)
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

static void word_cursor_init(word_cursor *c, const char *text)
{
	c->text = c->p = (const unsigned char *)text;
	c->len = 0;
	c->glued = 0;
}

static int word_set_add(word_set *w, const char *word, size_t len)
{
	if (smart_array_reserve((void **)&w->words, &w->cap, w->count, sizeof(*w->words), 64) < 0)
		return -1;
	w->words[w->count].start = w->folded.len;
	w->words[w->count].len = len;
	if (smart_strbuf_append(&w->folded, word, len) < 0)
		return -1;
	w->count++;
	return 0;
}

/* Adds every word of `text` to `w`. */
static int word_set_add_text(word_set *w, const char *text)
{
	word_cursor c;

	word_cursor_init(&c, text);
	while (next_word(&c))
		if (word_set_add(w, c.word, c.len) < 0)
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

static void word_set_sort(word_set *w)
{
	if (w->count)
		qsort_r(w->words, w->count, sizeof(*w->words), word_ref_compare, w->folded.data);
}

/* True when the sorted set holds `word`. */
static int word_set_has(const word_set *w, const char *word, size_t len)
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

static void word_set_free(word_set *w)
{
	smart_strbuf_free(&w->folded);
	free(w->words);
}

/* Every word the old document holds anywhere: its text (displayed or
 * not), element and attribute names, and attribute values. */
static int vocabulary_of_tree(word_set *v, const smart_tree *t)
{
	for (uint32_t i = 0; i < t->count; i++) {
		const smart_node *n = &t->nodes[i];

		if (n->text && word_set_add_text(v, n->text) < 0)
			return -1;
		if (n->kind != SMART_NODE_ELEMENT)
			continue;
		if (word_set_add_text(v, n->name) < 0)
			return -1;
		for (uint32_t k = 0; k < n->attr_count; k++) {
			const smart_attr *at = &t->attrs[n->attr_first + k];

			if (word_set_add_text(v, at->name) < 0 || word_set_add_text(v, at->value) < 0)
				return -1;
		}
	}
	word_set_sort(v);
	return 0;
}

/* The letters of `s`, lower-cased, with nothing between them: a word found
 * in it was there before, cut or glued to its neighbours. */
static char *letters_only(const char *s)
{
	size_t n = strlen(s), k = 0;
	char *out = malloc(n + 1);
	word_cursor c;

	if (!out)
		return NULL;
	word_cursor_init(&c, s);
	while (next_word(&c)) {
		memcpy(out + k, c.word, c.len);
		k += c.len;
	}
	out[k] = '\0';
	return out;
}

/* True when `word` is made of old material: it is in the old letters, or
 * is once one letter at either end is taken away ("onot" from "not"). */
static int derived_from(const char *old_letters, const char *word, size_t len)
{
	char cut[sizeof(((word_cursor *)0)->word)];

	if (strstr(old_letters, word))
		return 1;
	memcpy(cut, word + 1, len);          /* first letter dropped */
	if (strstr(old_letters, cut))
		return 1;
	memcpy(cut, word, len - 1);          /* last letter dropped */
	cut[len - 1] = '\0';
	return strstr(old_letters, cut) != NULL;
}

/* True when `text` shows markup ("<em>", "</p>", "<!ELEMENT"): tags that
 * became text are a fault of escaping or parsing, not prose. */
static int shows_markup(const char *text)
{
	for (const char *p = strchr(text, '<'); p; p = strchr(p + 1, '<')) {
		char c = p[1];

		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '!' || c == '/' ||
		    c == '?')
			return 1;
	}
	return 0;
}

/* Counts the words of an update. Its new text must be prose (at least
 * VOCABULARY_MIN_PROSE words, none glued into a token, no markup); its new words,
 * those neither in the old vocabulary nor derived from the old text, are
 * added to `novel` and counted in *novel_out (0 when the text is not
 * prose). -1 when out of memory. */
static int update_words(const word_set *vocab, const smart_edit_op *op, word_set *novel,
			size_t *novel_out)
{
	char *old_letters = letters_only(op->old_value);
	size_t words = 0, fresh = 0, mark = novel->count;
	word_cursor c;

	*novel_out = 0;
	if (!old_letters)
		return -1;
	if (shows_markup(op->new_value)) {
		free(old_letters);
		return 0;
	}
	word_cursor_init(&c, op->new_value);
	while (next_word(&c)) {
		if (c.glued) {
			novel->count = mark;  /* not prose: take back what it added */
			free(old_letters);
			return 0;
		}
		words++;
		if (word_set_has(vocab, c.word, c.len) || derived_from(old_letters, c.word, c.len))
			continue;
		fresh++;
		if (word_set_add(novel, c.word, c.len) < 0) {
			free(old_letters);
			return -1;
		}
	}
	free(old_letters);
	if (words < VOCABULARY_MIN_PROSE) {
		novel->count = mark;
		return 0;
	}
	*novel_out = fresh;
	return 0;
}

/* Different words in a set (sorted in place). */
static size_t distinct_words(word_set *w)
{
	size_t distinct = 0;

	word_set_sort(w);
	for (size_t i = 0; i < w->count; i++)
		if (i == 0 || word_ref_compare(&w->words[i - 1], &w->words[i], w->folded.data) != 0)
			distinct++;
	return distinct;
}

/* True when the two texts differ in digits only: a counter or an amount
 * ("Visitors: 1234" -> "1240"), neither new wording nor a new word. */
static int digits_only_change(const char *old_text, const char *new_text)
{
	const char *o = old_text, *n = new_text;

	for (;;) {
		while (*o >= '0' && *o <= '9')
			o++;
		while (*n >= '0' && *n <= '9')
			n++;
		if (*o != *n)
			return 0;
		if (!*o)
			return 1;
		o++;
		n++;
	}
}

/* True when the new document shows an error keyword or an unrendered
 * placeholder the old one did not: then new words are a failure's. */
static int shows_failure(const smart_feature_args *a, int *failure, smart_error *err)
{
	double keywords, placeholders;

	if (feature_error_keywords(a, &keywords, err) < 0 ||
	    feature_placeholder_tokens(a, &placeholders, err) < 0)
		return -1;
	*failure = keywords > 0 || placeholders > 0;
	return 0;
}

/* reworded_text: change_depth's value when the documents differ, every difference is the
 * text of an aligned text node rewritten, and each rewritten text either
 * changed only in digits (a counter) or is prose (at least three words,
 * none glued into a path, entity or identifier, no markup shown as text)
 * that brings in a word the old document never used (not in its text,
 * attributes or tags, and not its old text cut or glued), with at least
 * one prose text, at least two different new words in all, and no error
 * keyword or unrendered placeholder new; else 0. Measured on the scrubbed
 * trees, so dates and tokens are already gone. The value is the depth of
 * the change rather than 1 so that a linear model can cancel the
 * change_depth it shares with every other text change: a boolean's one
 * weight could not outweigh a deep change without overshooting a shallow
 * one. Hypothesis (SMART §3.2's text-only finding, narrowed to what a
 * fault cannot produce): new wording is an author's change, not a fault;
 * weight negative. */
int feature_reworded_text(const smart_feature_args *a, double *v, smart_error *err)
{
	const smart_diff *d = a->diff;
	word_set vocab = { 0 }, novel = { 0 };
	size_t prose = 0;
	int failure, rc = -1;

	*v = 0;
	if (d->op_count == 0)
		return 0;
	for (size_t i = 0; i < d->op_count; i++)
		if (d->ops[i].kind != SMART_OP_UPDATE)
			return 0;
	if (shows_failure(a, &failure, err) < 0)
		return -1;
	if (failure)
		return 0;
	if (vocabulary_of_tree(&vocab, a->old_tree) < 0)
		goto oom;
	for (size_t i = 0; i < d->op_count; i++) {
		size_t fresh;

		if (digits_only_change(d->ops[i].old_value, d->ops[i].new_value))
			continue;
		prose++;
		if (update_words(&vocab, &d->ops[i], &novel, &fresh) < 0)
			goto oom;
		if (fresh == 0)
			goto done;
	}
	if (prose > 0 && distinct_words(&novel) >= VOCABULARY_MIN_NOVEL &&
	    feature_change_depth(a, v, err) < 0)
		goto out;
done:
	rc = 0;
	goto out;
oom:
	rc = smart_error_oom(err);
out:
	word_set_free(&vocab);
	word_set_free(&novel);
	return rc;
}
