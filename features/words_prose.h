/*
 * The words of prose (features/words_prose.c), for the reworded-text
 * feature (vocabulary.c): a reader that yields the lower-cased words of a
 * text and whether each is glued into a larger token, and a set of words
 * that is filled, sorted once, then looked up.
 */
#ifndef SMART_FEATURES_WORDS_PROSE_H
#define SMART_FEATURES_WORDS_PROSE_H

#include <stddef.h>

#include "common/strbuf.h"

/* Words shorter than this are not evidence of authorship: "of", "an"
 * and one-letter fragments appear by accident. */
#define VOCABULARY_MIN_WORD 3

/* Longer runs of letters are not words (base64, minified code). */
#define VOCABULARY_MAX_WORD 64

typedef struct word_ref {
	size_t start, len; /* in word_set.folded */
} word_ref;

/* Lower-cased words; sorted once complete, for lookup. */
typedef struct word_set {
	smart_strbuf folded; /* the words back to back */
	word_ref *words;     /* owned */
	size_t count, cap;
} word_set;

/* One word of a text: lower-cased (ASCII) letters, and whether it is
 * glued into a larger token. */
typedef struct word_cursor {
	const unsigned char *text, *p;
	char word[VOCABULARY_MAX_WORD * 4 + 1];
	size_t len;
	int glued;
} word_cursor;

/* Starts reading the words of `text` (which must outlive the cursor). */
void smart__feature_word_cursor_init(word_cursor *c, const char *text);

/* Advances to the next word of VOCABULARY_MIN_WORD..MAX letters; 0 at the
 * end of the text. */
int smart__feature_next_word(word_cursor *c);

/* Adds one word (0, or -1 when out of memory). */
int smart__feature_word_set_add(word_set *w, const char *word, size_t len);

/* Adds every word of `text` to `w`. */
int smart__feature_word_set_add_text(word_set *w, const char *text);

/* Sorts the set, for smart__feature_word_set_has. */
void smart__feature_word_set_sort(word_set *w);

/* True when the sorted set holds `word`. */
int smart__feature_word_set_has(const word_set *w, const char *word, size_t len);

/* Different words in a set (sorted in place). */
size_t smart__feature_word_set_distinct(word_set *w);

void smart__feature_word_set_free(word_set *w);

#endif
