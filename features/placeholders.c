/*
 * Unrendered values and placeholders (extends SMART §3.3 "Error
 * Keywords"): what a template or script prints when a value is missing —
 * Python's None, JavaScript's undefined, NaN, null and [object Object], an
 * unexpanded printf conversion (%s, %d), template tags ({{ x }}, {% x %},
 * ${x}).
 */
#include <string.h>

#include "internal.h"
#include "volatility.h"

enum {
	PH_NONE, PH_UNDEFINED, PH_NAN, PH_NULL, PH_OBJECT, PH_PRINTF, PH_MUSTACHE,
	PH_JINJA_TAG, PH_DOLLAR, PH_KINDS
};

static int is_word(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_' || c >= 0x80;
}

/* True when the whole word `w` starts at s[i]. */
static int word_at(const char *s, size_t i, size_t len, const char *w)
{
	size_t n = strlen(w);

	return i + n <= len && memcmp(s + i, w, n) == 0 &&
	       (i == 0 || !is_word((unsigned char)s[i - 1])) &&
	       (i + n == len || !is_word((unsigned char)s[i + n]));
}

/* True when `open` at s[i] is closed by `close` later in s. */
static int enclosed_at(const char *s, size_t i, size_t len, const char *open, const char *close)
{
	size_t n = strlen(open);

	if (i + n > len || memcmp(s + i, open, n) != 0)
		return 0;
	for (size_t j = i + n; j + strlen(close) <= len; j++)
		if (memcmp(s + j, close, strlen(close)) == 0)
			return j > i + n;
	return 0;
}

/* The bytes a placeholder starts with (the cases of scan's switch): every
 * other byte, nearly all of a page, is passed over with one lookup. */
static const unsigned char starts_placeholder[256] = {
	['N'] = 1, ['u'] = 1, ['n'] = 1, ['['] = 1, ['%'] = 1, ['{'] = 1, ['$'] = 1,
};

/* The set of placeholder kinds (bit k) in s[0..len). */
static unsigned scan(const char *s, size_t len)
{
	unsigned found = 0;

	for (size_t i = 0; i < len; i++) {
		if (!starts_placeholder[(unsigned char)s[i]])
			continue;
		switch (s[i]) {
		case 'N':
			if (word_at(s, i, len, "None"))
				found |= 1u << PH_NONE;
			if (word_at(s, i, len, "NaN"))
				found |= 1u << PH_NAN;
			break;
		case 'u':
			if (word_at(s, i, len, "undefined"))
				found |= 1u << PH_UNDEFINED;
			break;
		case 'n':
			if (word_at(s, i, len, "null"))
				found |= 1u << PH_NULL;
			break;
		case '[':
			if (i + 15 <= len && memcmp(s + i, "[object Object]", 15) == 0)
				found |= 1u << PH_OBJECT;
			break;
		case '%':
			if (i + 1 < len && strchr("sdif", s[i + 1]) && s[i + 1] &&
			    (i == 0 || s[i - 1] != '%') &&
			    (i + 2 == len || !is_word((unsigned char)s[i + 2])))
				found |= 1u << PH_PRINTF;
			break;
		case '{':
			if (enclosed_at(s, i, len, "{{", "}}"))
				found |= 1u << PH_MUSTACHE;
			if (enclosed_at(s, i, len, "{%", "%}"))
				found |= 1u << PH_JINJA_TAG;
			break;
		case '$':
			if (enclosed_at(s, i, len, "${", "}"))
				found |= 1u << PH_DOLLAR;
			break;
		default:
			break;
		}
	}
	return found;
}

/* The kinds among `wanted` in the displayed text and the attribute values
 * of `t`: the reading stops once all of them are found, and does not
 * start when none is wanted. */
static int placeholders_in(const smart_tree *t, unsigned wanted, unsigned *found,
			   smart_error *err)
{
	feature_walk w;

	*found = 0;
	if (!wanted)
		return 0;
	if (smart__feature_walk_init(&w, t, err) < 0)
		return -1;
	for (uint32_t i = 0; i < t->count && (*found & wanted) != wanted; i++) {
		const smart_node *n = &t->nodes[i];

		if (smart__feature_walk_hidden(&w, i))
			continue;
		if (n->kind == SMART_NODE_TEXT)
			*found |= scan(n->text, n->text_len);
		for (uint32_t k = 0; n->kind == SMART_NODE_ELEMENT && k < n->attr_count; k++) {
			const char *value = t->attrs[n->attr_first + k].value;

			*found |= scan(value, strlen(value));
		}
	}
	smart__feature_walk_free(&w);
	return 0;
}

/* placeholder_tokens: how many kinds of unrendered value occur in the new
 * document (displayed text or attribute values) and nowhere in the old:
 * the whole words None, undefined, NaN and null (case as written),
 * "[object Object]", an unexpanded %s, %d, %i or %f, and template tags
 * {{ … }}, {% … %}, ${…}. 0 for identical documents. Hypothesis: a value
 * that failed to render is a fault however small the change looks. */
int smart__feature_placeholder_tokens(const smart_feature_args *a, double *v, smart_error *err)
{
	unsigned in_old, in_new, fresh;

	const smart_volatility *vol = a->volatility;

	/* the documents as written: a profile's patterns are not placeholders;
	 * the old one is read only for the kinds the new one holds, and not
	 * at all when it holds none (most pairs): fresh is the same */
	if (placeholders_in(vol->raw_new, ~0u, &in_new, err) < 0 ||
	    placeholders_in(vol->raw_old, in_new, &in_old, err) < 0)
		return -1;
	fresh = in_new & ~in_old;
	*v = __builtin_popcount(fresh);
	return 0;
}
