/*
 * Templates of values that varied beyond their shapes (issue 35, "a
 * profile must never hide a fault"): two clean runs that print a text or
 * an attribute differently, in more than dates, numbers and tokens (a
 * temporary path's length wrapping a message at another word, a rotating
 * product name inside a fixed sentence), used to teach the profile that
 * the place accepts *any* value. A fault that rewrote the whole message,
 * or cut a line the runs never touched, was then explained as noise and
 * its pair forced to ignore. The template keeps what the two runs' values
 * shared, in order, as literal text and writes each stretch where they
 * differed as "{*}": "Deal of the day: {*}" fits any product, but not
 * "Out of stock" nor a sentence that lost its first line.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"
#include "internal.h"

/* Above this many cells (n + 1) * (m + 1) the middle of the two values,
 * once their common start and end are set aside, is one "{*}" rather than
 * aligned word by word: 1M cells is 4 MB of table. */
#define TEMPLATE_LCS_CELLS ((size_t)1 << 20)

/* One token of a masked value: its start and length. */
typedef struct tok {
	const char *s;
	size_t n;
} tok;

static int is_word_byte(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_' || c >= 0x80;
}

static int is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

/* Length of the token at s (s non-empty): a placeholder "{shape}" as the
 * masking writes it, a doubled brace, a run of word bytes (letters,
 * digits, '_', any byte of a UTF-8 sequence), a run of white space, or
 * any other single byte. */
static size_t token_length(const char *s)
{
	size_t n = 1;

	if (s[0] == '{' && s[1] != '{') {
		while (s[n] && s[n] != '}' && s[n] != '{')
			n++;
		return s[n] == '}' ? n + 1 : 1;
	}
	if ((s[0] == '{' && s[1] == '{') || (s[0] == '}' && s[1] == '}'))
		return 2;
	if (is_word_byte((unsigned char)s[0])) {
		while (s[n] && is_word_byte((unsigned char)s[n]))
			n++;
		return n;
	}
	if (is_space(s[0]))
		while (s[n] && is_space(s[n]))
			n++;
	return n;
}

/* The tokens of `s` into a new array (*n of them), or NULL when out of
 * memory. */
static tok *tokens(const char *s, size_t *n)
{
	size_t len = strlen(s), count = 0;
	tok *v = malloc((len ? len : 1) * sizeof(*v));

	if (!v)
		return NULL;
	while (*s) {
		size_t k = token_length(s);

		v[count++] = (tok){ s, k };
		s += k;
	}
	*n = count;
	return v;
}

static int tok_eq(const tok *a, const tok *b)
{
	return a->n == b->n && memcmp(a->s, b->s, a->n) == 0;
}

/* True when token `t` is content: a run of word bytes or a placeholder
 * (white space and punctuation alone between two stretches that differ
 * are not worth keeping: the template would fit no other run). */
static int tok_is_word(const tok *t)
{
	return is_word_byte((unsigned char)t->s[0]) || (t->s[0] == '{' && t->n > 2 && t->s[1] != '{');
}

/* keep[i] = 1 for the tokens of x (n of them) on a longest common
 * subsequence with y (m of them), by the usual table of suffix lengths,
 * and extra[i] = 1 where y holds tokens x lacks just before x's token i
 * (i = n: at the end). When the table would be too large, or memory runs
 * out, nothing is kept: the two differ as a whole. */
static void common_tokens(const tok *x, size_t n, const tok *y, size_t m, unsigned char *keep,
			  unsigned char *extra)
{
	uint32_t *L = NULL;
	size_t w = m + 1, i = 0, j = 0;

	if ((n + 1) <= TEMPLATE_LCS_CELLS / w)
		L = calloc((n + 1) * w, sizeof(*L));
	if (!L) {
		extra[0] = m > 0;
		return;
	}
	for (size_t a = n; a-- > 0;)
		for (size_t b = m; b-- > 0;)
			L[a * w + b] = tok_eq(&x[a], &y[b])
					       ? L[(a + 1) * w + b + 1] + 1
					       : (L[(a + 1) * w + b] >= L[a * w + b + 1]
							  ? L[(a + 1) * w + b]
							  : L[a * w + b + 1]);
	while (i < n && j < m) {
		if (tok_eq(&x[i], &y[j])) {
			keep[i++] = 1;
			j++;
		} else if (L[(i + 1) * w + j] >= L[i * w + j + 1]) {
			i++;
		} else {
			extra[i] = 1;
			j++;
		}
	}
	extra[i] |= j < m;
	free(L);
}

/* Writes the template of x against y into b: the tokens of x marked in
 * keep literally, every run of the others and of y's extra tokens (see
 * common_tokens) as one "{*}", and a stretch of kept tokens without a
 * word or placeholder between two "{*}" folded into them. Sets *words
 * when a kept word or placeholder was written. 0, or -1 when out of
 * memory. */
static int write_template(smart_strbuf *b, const tok *x, size_t n, const unsigned char *keep,
			  const unsigned char *extra, int *words)
{
	int open_gap = 0; /* a "{*}" is due before the next kept word */

	*words = 0;
	if (smart__strbuf_append(b, "", 0))
		return -1;
	for (size_t i = 0; i < n;) {
		size_t run = i;
		int has_word = 0;

		open_gap |= extra[i];
		if (!keep[i]) {
			open_gap = 1;
			i++;
			continue;
		}
		while (run < n && keep[run] && (run == i || !extra[run])) {
			has_word |= tok_is_word(&x[run]);
			run++;
		}
		/* a kept stretch between two gaps that holds no word joins them */
		if (!has_word && open_gap && (run < n || extra[n])) {
			open_gap = 1;
			i = run;
			continue;
		}
		if (open_gap && smart__strbuf_append(b, "{*}", 3))
			return -1;
		open_gap = 0;
		for (; i < run; i++)
			if (smart__strbuf_append(b, x[i].s, x[i].n))
				return -1;
		*words |= has_word;
	}
	return open_gap || extra[n] ? smart__strbuf_append(b, "{*}", 3) : 0;
}

/* The template of two masked values (internal.h). */
char *smart__profile_template(const char *m1, const char *m2, int *oom)
{
	size_t n, m, pre = 0, post = 0;
	tok *x = tokens(m1, &n), *y = tokens(m2, &m);
	unsigned char *keep = NULL, *extra = NULL;
	smart_strbuf b = { 0 };
	int words = 0;

	*oom = 1;
	if (!x || !y || !(keep = calloc(n + 1, 1)) || !(extra = calloc(n + 1, 1)))
		goto out;
	while (pre < n && pre < m && tok_eq(&x[pre], &y[pre]))
		keep[pre] = 1, pre++;
	while (post < n - pre && post < m - pre && tok_eq(&x[n - 1 - post], &y[m - 1 - post]))
		keep[n - 1 - post] = 1, post++;
	common_tokens(x + pre, n - pre - post, y + pre, m - pre - post, keep + pre, extra + pre);
	if (write_template(&b, x, n, keep, extra, &words) == 0)
		*oom = 0;
out:
	free(x);
	free(y);
	free(keep);
	free(extra);
	if (*oom || !words) {
		smart__strbuf_free(&b);
		return NULL;
	}
	return b.data;
}

/* True when `pat` is a template (internal.h). */
int smart__profile_pattern_is_template(const char *pat)
{
	return strstr(pat, "{*}") != NULL;
}
