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

#include "internal.h"
#include "volatility.h"
#include "words_prose.h"

/* The pair must bring in at least this many different new words (one
 * new word is too easily a label a fault printed in another place). */
#define VOCABULARY_MIN_NOVEL 2

/* A rewritten text must be prose: at least this many words. */
#define VOCABULARY_MIN_PROSE 3

/* Every word the old document holds anywhere: its text (displayed or
 * not), element and attribute names, and attribute values. */
static int vocabulary_of_tree(word_set *v, const smart_tree *t)
{
	for (uint32_t i = 0; i < t->count; i++) {
		const smart_node *n = &t->nodes[i];

		if (n->text && smart__feature_word_set_add_text(v, n->text) < 0)
			return -1;
		if (n->kind != SMART_NODE_ELEMENT)
			continue;
		if (smart__feature_word_set_add_text(v, n->name) < 0)
			return -1;
		for (uint32_t k = 0; k < n->attr_count; k++) {
			const smart_attr *at = &t->attrs[n->attr_first + k];

			if (smart__feature_word_set_add_text(v, at->name) < 0 || smart__feature_word_set_add_text(v, at->value) < 0)
				return -1;
		}
	}
	smart__feature_word_set_sort(v);
	return 0;
}

/* The words of `s`, lower-cased, with `gap` between them ("" glues them):
 * a word found in the glued form was there before, cut or glued to its
 * neighbours. */
static char *old_words(const char *s, const char *gap)
{
	size_t n = strlen(s), k = 0, g = strlen(gap);
	char *out = malloc(n * (1 + g) + 1);
	word_cursor c;

	if (!out)
		return NULL;
	smart__feature_word_cursor_init(&c, s);
	while (smart__feature_next_word(&c)) {
		memcpy(out + k, c.word, c.len);
		k += c.len;
		memcpy(out + k, gap, g);
		k += g;
	}
	out[k] = '\0';
	return out;
}

/* Words this short are old material only as the start or the end of an
 * old word ("wor" cut from "world"): found across the gap between two
 * old words ("you" in "by our") they are chance, not a fault's gluing. */
#define VOCABULARY_SHORT_WORD 3

/* True when the short `word` starts or ends a word of `spaced` (old_words
 * with " " between them). */
static int at_word_edge(const char *spaced, const char *word, size_t len)
{
	for (const char *p = strstr(spaced, word); p; p = strstr(p + 1, word))
		if (p == spaced || p[-1] == ' ' || p[len] == ' ')
			return 1;
	return 0;
}

/* True when `word` is made of old material: it is in the old letters, or
 * is once one letter at either end is taken away ("onot" from "not"). A
 * short word must be at an old word's edge instead. */
static int derived_from(const char *old_letters, const char *spaced, const char *word, size_t len)
{
	char cut[sizeof(((word_cursor *)0)->word)];

	if (len <= VOCABULARY_SHORT_WORD)
		return at_word_edge(spaced, word, len);
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
	char *old_letters = old_words(op->old_value, ""), *spaced = old_words(op->old_value, " ");
	size_t words = 0, fresh = 0, mark = novel->count;
	int rc = 0;
	word_cursor c;

	*novel_out = 0;
	if (!old_letters || !spaced) {
		free(old_letters);
		free(spaced);
		return -1;
	}
	/* markup shown as text is not prose: no word of it is read */
	smart__feature_word_cursor_init(&c, shows_markup(op->new_value) ? "" : op->new_value);
	while (smart__feature_next_word(&c)) {
		if (c.glued) {
			novel->count = mark;  /* not prose: take back what it added */
			words = 0;
			break;
		}
		words++;
		if (smart__feature_word_set_has(vocab, c.word, c.len) ||
		    derived_from(old_letters, spaced, c.word, c.len))
			continue;
		fresh++;
		if (smart__feature_word_set_add(novel, c.word, c.len) < 0) {
			rc = -1;
			break;
		}
	}
	free(old_letters);
	free(spaced);
	if (rc < 0)
		return -1;
	if (words < VOCABULARY_MIN_PROSE) {
		novel->count = mark;
		return 0;
	}
	*novel_out = fresh;
	return 0;
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

	if (smart__feature_error_keywords(a, &keywords, err) < 0 ||
	    smart__feature_placeholder_tokens(a, &placeholders, err) < 0)
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
int smart__feature_reworded_text(const smart_feature_args *a, double *v, smart_error *err)
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
	if (prose > 0 && smart__feature_word_set_distinct(&novel) >= VOCABULARY_MIN_NOVEL &&
	    smart__feature_change_depth(a, v, err) < 0)
		goto out;
done:
	rc = 0;
	goto out;
oom:
	rc = smart_error_oom(err);
out:
	smart__feature_word_set_free(&vocab);
	smart__feature_word_set_free(&novel);
	return rc;
}
