/*
 * Same-shape substitutions (issue 35, "scores that rank"): whether a
 * changed value is what a clean rerun makes of it, one token put in the
 * place of another of its kind, or what a changed program makes of it,
 * text, lines, white space or tokens inserted or taken away.
 *
 * Clean reruns of web applications leave, where no rule explains them,
 * values swapped for values of the same shape: a random id
 * `showAll_702280585` -> `showAll_961498054` with its `for` and
 * `data-for` copies, a token in a script's string. A seeded fault that
 * reaches a script adds a blank line, drops a line break, empties a
 * string or rewrites a statement. Read token by token, the first keeps
 * every separator in place and swaps words for words of their kind; the
 * second does not. features/volatility.c counts the hidden residue of the
 * first kind apart (hidden_substitutions) from the rest (hidden_edits).
 * The values are read as scrubbed: a placeholder the value scrubber wrote
 * on one side (`{epoch}`) stands for the generated word on the other.
 */
#include <assert.h>
#include <stddef.h>
#include <string.h>

#include "volatility.h"

/* True for the bytes of a word: ASCII letters, digits, '_' and every byte
 * of a multibyte UTF-8 character (a word of another script is one word). */
static int word_byte(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_' || c >= 0x80;
}

/* The length of the placeholder at `s` (`{epoch}`, `{number}`: what the
 * value scrubber wrote in place of a value of a shape it knows), or 0. */
static size_t placeholder_length(const char *s)
{
	size_t n = 1;

	if (*s != '{')
		return 0;
	while ((s[n] >= 'a' && s[n] <= 'z') || s[n] == '_')
		n++;
	return n > 1 && s[n] == '}' ? n + 1 : 0;
}

/* The length of the token at `s` (not at its end): a placeholder, a run
 * of word bytes, or one other byte (a separator: punctuation, a quote, a
 * space, a line break). */
static size_t token_length(const char *s)
{
	size_t n = placeholder_length(s);

	assert(*s);
	if (n)
		return n;
	if (!word_byte((unsigned char)*s))
		return 1;
	n = 1;
	while (s[n] && word_byte((unsigned char)s[n]))
		n++;
	return n;
}

/* True when the word s[0..n) holds a digit; *all_digits says whether it
 * holds nothing else. */
static int has_digit(const char *s, size_t n, int *all_digits)
{
	size_t d = 0;

	for (size_t i = 0; i < n; i++)
		d += s[i] >= '0' && s[i] <= '9';
	*all_digits = d == n;
	return d > 0;
}

/* True when word b[0..m) can stand where word a[0..n) stood in a clean
 * rerun: both look like generated values (a digit in each, or both 12
 * bytes or longer: a random token without a digit), both are numbers or
 * neither is, their lengths differ by at most 2 or a quarter of the
 * longer (702280585 -> 96149805), and what differs between them, once
 * their common beginning and end are set aside, is 3 bytes or more: a
 * value drawn anew, not a count or a position moved by one (`row_3` ->
 * `row_4`, a source position `3:1-3:5` -> `4:1-4:5`). `true` -> `false`
 * or `asc` -> `desc` are words a program chose, not values it drew. */
static int same_kind(const char *a, size_t n, const char *b, size_t m)
{
	int a_num, b_num;
	int a_digit = has_digit(a, n, &a_num), b_digit = has_digit(b, m, &b_num);
	size_t longer = n > m ? n : m, shorter = n + m - longer, diff = longer - shorter;
	size_t pre = 0, suf = 0;

	if (!((a_digit && b_digit) || (n >= 12 && m >= 12)))
		return 0;
	if (a_num != b_num || (diff > 2 && diff * 4 > longer))
		return 0;
	while (pre < shorter && a[pre] == b[pre])
		pre++;
	while (suf < shorter - pre && a[n - 1 - suf] == b[m - 1 - suf])
		suf++;
	return longer - pre - suf >= 3;
}

/* True when the token a[0..n) is a placeholder and b[0..m) a placeholder
 * too or a word that looks generated (a digit, or 12 bytes or more): one
 * run's value a shape explained, the other's a value of a length or range
 * the shape does not take (`204402693` beside `{epoch}`). */
static int placeholder_swap(const char *a, size_t n, const char *b, size_t m)
{
	int all_digits;

	if (!placeholder_length(a) || placeholder_length(a) != n)
		return 0;
	if (placeholder_length(b) == m)
		return 1;
	return word_byte((unsigned char)*b) && (has_digit(b, m, &all_digits) || m >= 12);
}

/* Whether b is a with generated values swapped and nothing else changed
 * (features/volatility.h): walks both token by token, once, and stops at
 * the first token that is neither equal nor a swap. */
int smart__feature_same_shape(const char *a, const char *b)
{
	int swapped = 0;

	if (!a || !b)
		return 0;
	while (*a && *b) {
		size_t n = token_length(a), m = token_length(b);

		if (n == m && memcmp(a, b, n) == 0) {
			a += n;
			b += m;
			continue;
		}
		if (placeholder_swap(a, n, b, m) || placeholder_swap(b, m, a, n)) {
			swapped = 1;
			a += n;
			b += m;
			continue;
		}
		if (!word_byte((unsigned char)*a) || !word_byte((unsigned char)*b) ||
		    !same_kind(a, n, b, m))
			return 0; /* a separator changed, or a word became another kind */
		swapped = 1;
		a += n;
		b += m;
	}
	return swapped && !*a && !*b;
}
