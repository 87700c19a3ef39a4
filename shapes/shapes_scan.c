/*
 * Finding the shape tokens of a text (smart__shapes_scan, smart_shapes_any)
 * with a set compiled by shapes.c. The set's expression, searched for the
 * whole match only, says where the next token starts and ends; the shapes
 * alone say which shape it is. Short base64 tokens (12 to 15 characters)
 * are found by a plain scan of the text between matches.
 */
#include "smart/shapes.h"
#include "internal.h"

#include <assert.h>
#include <ctype.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>

static int is_token_char(unsigned char c)
{
	return isalnum(c) || c == '+' || c == '_' || c == '-';
}

/* The first short random token in copy[from, to): a run of 12 to 15
 * base64 characters that starts a word, ends before `to` and looks random
 * (smart__shapes_short_token), in [*so, *eo). The base64 pattern takes
 * 16 or more; a pattern for 12 would also stop at every long word
 * ("configuration") and search the rest of the text again after it. */
static int short_token(const char *text, size_t from, size_t to, size_t *so, size_t *eo)
{
	for (size_t i = from; i < to; i++) {
		size_t end = i;

		if (!isalnum((unsigned char)text[i]) || (i > 0 && is_token_char((unsigned char)text[i - 1])))
			continue;
		while (is_token_char((unsigned char)text[end]))
			end++;
		if (end <= to && smart__shapes_short_token(text + i, end - i)) {
			*so = i;
			*eo = end;
			return 1;
		}
		i = end;
	}
	return 0;
}

int smart_shapes_any(const smart_shapes *s, const char *text)
{
	/* without room for the groups glibc stops at the first match found,
	 * instead of looking on for the longest one and its groups */
	size_t so, eo;

	if (!smart_shapes_may_match(s, text))
		return 0;
	if (regexec(&s->re, text, 0, NULL, 0) == 0)
		return 1;
	return s->group_shape[SMART_SHAPE_BASE64] >= 0 && short_token(text, 0, strlen(text), &so, &eo);
}

/* The length of the longest match of shape `a` at `so` (after the byte
 * before it, its context: see compile_anchored), or -1 when it has none
 * there. `copy` has `len` bytes and a byte before it. */
static long alone_match(const smart__shape_alone *a, const char *copy, size_t len, size_t so)
{
	regmatch_t m = { .rm_so = 0, .rm_eo = (regoff_t)(len - so + 1) };

	if (!a->starts[(unsigned char)copy[so]] ||
	    regexec(&a->anchored, copy + so - 1, 1, &m, REG_STARTEND) != 0)
		return -1;
	/* "^.(shape)": the group ends where the match does, so the whole
	 * match says its length. Asked for the group, glibc logs every
	 * state of the search and walks them back. */
	assert(m.rm_so == 0 && m.rm_eo >= 1);
	return (long)m.rm_eo - 1;
}

/* When the longest match at `so` is not a valid `rejected` (a 16-digit
 * hex token looks like base64 without its mixed case), the other shapes
 * that match at `so` are tried in order; returns the first valid one (its
 * end in *eo), -1 when none is, or -2 when out of memory. `copy` has `len`
 * bytes and a sentinel byte before it (see smart__shapes_scan),
 * the context of a token at 0. */
static int fallback(const smart_shapes *s, const char *copy, size_t len, size_t so, int rejected,
		    size_t *eo)
{
	for (int k = 0; k < SMART_SHAPE_COUNT; k++) {
		const smart__shape_alone *a;
		long n;

		if (k == rejected || s->group_shape[k] < 0)
			continue;
		if (!(a = smart__shapes_alone(k)))
			return -2;
		/* 78% of the matches in MediaWiki's pages are long words the
		 * base64 shape takes and rejects, each tried here against
		 * every shape */
		n = alone_match(a, copy, len, so);
		if (n <= 0 || (smart__shapes_table[k].valid &&
			       !smart__shapes_table[k].valid(copy + so, (size_t)n)))
			continue;
		*eo = so + (size_t)n;
		return k;
	}
	return -1;
}

/* The group glibc reports for the match [so, eo) of the set's expression
 * searched from `pos`; -2 when out of memory. */
static int group_of_match(const smart_shapes *s, const char *copy, size_t len, size_t pos,
			  size_t so, size_t eo)
{
	regmatch_t *m = malloc(s->n_groups * sizeof(*m));
	int shape = -1;

	if (!m)
		return -2;
	m[0].rm_so = 0;
	m[0].rm_eo = (regoff_t)(len - pos);
	if (regexec(&s->re, copy + pos, s->n_groups, m, REG_STARTEND | (pos ? REG_NOTBOL : 0)) == 0) {
		assert(pos + (size_t)m[0].rm_so == so && pos + (size_t)m[0].rm_eo == eo);
		for (int k = 0; k < SMART_SHAPE_COUNT && shape < 0; k++)
			if (s->group_shape[k] >= 0 && m[s->group_shape[k]].rm_so >= 0)
				shape = k;
	}
	free(m);
	return shape;
}

/* The shape of the token [so, eo) the set's expression found searching
 * from `pos`: the group glibc reports for the alternation. Asking the
 * alternation for its groups makes glibc log every state of the search
 * and walk them back, a third of what training a model cost; so the
 * shapes alone are asked which of them match exactly those bytes there.
 * When one does, it is the group; when several do, glibc's pick among
 * them is its own (not always the first: a "0x" and 40 hex digits is
 * base64's), and the alternation is asked. The search saw the start of a
 * buffer before `pos` (its string began there), so a token found at
 * `pos` is matched with a space before it, as the start of a text is.
 * Returns the shape, -1 when none fits, or -2 when out of memory. */
static int shape_at(const smart_shapes *s, char *copy, size_t len, size_t pos, size_t so,
		    size_t eo)
{
	char before = copy[so - 1];
	int shape = -1, fits = 0;

	if (so == pos)
		copy[so - 1] = ' ';
	for (int k = 0; k < SMART_SHAPE_COUNT && fits < 2; k++) {
		const smart__shape_alone *a;

		if (s->group_shape[k] < 0)
			continue;
		if (!(a = smart__shapes_alone(k))) {
			fits = -1;
			break;
		}
		if (alone_match(a, copy, len, so) == (long)(eo - so) && fits++ == 0)
			shape = k;
	}
	copy[so - 1] = before;
	if (fits < 0)
		return -2;
	return fits > 1 ? group_of_match(s, copy, len, pos, so, eo) : shape;
}

int smart__shapes_scan(const smart_shapes *s, const char *text, size_t len, shape_visit visit,
			void *ctx)
{
	char *buf = malloc(len + 2), *copy = buf + 1;
	size_t pos = 0;
	int rc = 0;

	if (!buf)
		return -1;
	/* A space before the text is the context the start of a text gives
	 * (no word goes on across it), for the shapes alone; every search is
	 * bounded by REG_STARTEND, so none measures the rest of the text with
	 * strlen. */
	buf[0] = ' ';
	memcpy(copy, text, len);
	copy[len] = '\0';
	while (rc == 0 && pos < len) {
		regmatch_t m = { .rm_so = 0, .rm_eo = (regoff_t)(len - pos) };
		size_t so, eo;
		int shape;

		/* the whole match only: where the next token starts and ends */
		if (regexec(&s->re, copy + pos, 1, &m, REG_STARTEND | (pos ? REG_NOTBOL : 0)) != 0)
			m.rm_so = m.rm_eo = (regoff_t)(len - pos); /* none: the short tokens left */
		so = pos + (size_t)m.rm_so;
		eo = pos + (size_t)m.rm_eo;
		if (s->group_shape[SMART_SHAPE_BASE64] >= 0) {
			size_t tso, teo;

			while (rc == 0 && short_token(copy, pos, so, &tso, &teo)) {
				rc = visit(ctx, SMART_SHAPE_BASE64, tso, teo);
				pos = teo;
			}
		}
		if (rc != 0 || so == len)
			break;

		if (eo == so) { /* an empty match: step over one byte */
			pos = so + 1;
			continue;
		}
		shape = shape_at(s, copy, len, pos, so, eo);
		if (shape >= 0 && smart__shapes_table[shape].valid && !smart__shapes_table[shape].valid(copy + so, eo - so))
			shape = fallback(s, copy, len, so, shape, &eo);
		if (shape == -2) {
			rc = -1;
			break;
		}
		if (shape < 0) {
			/* no shape fits the whole match ("sha256-<hex>" looks like
			 * base64 but is not): look again after the word it starts
			 * with, since a shape may begin there ("<hex>") */
			pos = so + 1;
			while (pos < len && isalnum((unsigned char)copy[pos]) &&
			       isalnum((unsigned char)copy[pos - 1]))
				pos++;
			continue;
		}
		rc = visit(ctx, shape, so, eo);
		pos = eo;
	}
	free(buf);
	return rc;
}
