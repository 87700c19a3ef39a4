/* Strings of the strict JSON reading (corpus/json_scan.h): UTF-8 checked
 * byte by byte (no overlong forms, no surrogates, nothing past U+10FFFF),
 * escapes decoded (paired surrogates only, no \u0000), the decoded bytes
 * of keys kept for the duplicate check. */
#include "json_scan.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Sets `what`, at the byte `at` of the text, and returns -1. */
int smart__json_fail(scanner *s, const unsigned char *at, const char *what)
{
	return smart_error_set(s->err, "%s at byte %zu", what, (size_t)(at - s->text) + 1);
}

/* Appends decoded key bytes to s->keys (none: nothing, not even a
 * pointer sum on a buffer not yet allocated). */
int smart__json_keep_bytes(scanner *s, const void *bytes, size_t n)
{
	if (n == 0)
		return 0;
	if (s->keys_len + n > s->keys_cap) {
		size_t cap = s->keys_cap ? s->keys_cap : 256;
		char *bigger;

		while (cap < s->keys_len + n)
			cap *= 2;
		if (!(bigger = realloc(s->keys, cap)))
			return smart_error_oom(s->err);
		s->keys = bigger;
		s->keys_cap = cap;
	}
	memcpy(s->keys + s->keys_len, bytes, n);
	s->keys_len += n;
	return 0;
}

/* Sets `what` at byte `at` for utf8_length, and returns 0 (no sequence). */
static size_t bad_utf8(scanner *s, const unsigned char *at, const char *what)
{
	smart__json_fail(s, at, what);
	return 0;
}

/* The length of the valid UTF-8 sequence at p (2 to 4 bytes; p[0] >=
 * 0x80), or 0 with the error set: RFC 3629 allows no overlong form, no
 * surrogate (U+D800-U+DFFF) and nothing above U+10FFFF. */
static size_t utf8_length(scanner *s, const unsigned char *p)
{
	unsigned char c = p[0], lo = 0x80, hi = 0xBF;
	size_t n;

	if (c == 0xC0 || c == 0xC1)
		return bad_utf8(s, p, "overlong UTF-8");
	if (c >= 0xC2 && c <= 0xDF)
		n = 2;
	else if (c >= 0xE0 && c <= 0xEF)
		n = 3, lo = c == 0xE0 ? 0xA0 : 0x80, hi = c == 0xED ? 0x9F : 0xBF;
	else if (c >= 0xF0 && c <= 0xF4)
		n = 4, lo = c == 0xF0 ? 0x90 : 0x80, hi = c == 0xF4 ? 0x8F : 0xBF;
	else
		return bad_utf8(s, p, "invalid UTF-8");
	if ((size_t)(s->end - p) < n || (p[1] & 0xC0) != 0x80 || (n > 2 && (p[2] & 0xC0) != 0x80) ||
	    (n > 3 && (p[3] & 0xC0) != 0x80))
		return bad_utf8(s, p, "invalid UTF-8");
	if (p[1] < lo)
		return bad_utf8(s, p, "overlong UTF-8");
	if (p[1] > hi)
		return bad_utf8(s, p, c == 0xED ? "a UTF-8 encoded surrogate" : "invalid UTF-8");
	return n;
}

/* Four hex digits at p as a number, or -1. */
static long hex4(const unsigned char *p, const unsigned char *end)
{
	long v = 0;

	if (end - p < 4)
		return -1;
	for (int i = 0; i < 4; i++) {
		int c = p[i], d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
				: c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;

		if (d < 0)
			return -1;
		v = v * 16 + d;
	}
	return v;
}

/* The escape at *pp (its backslash) decoded into `out` as UTF-8 (*n
 * bytes); *pp moves past it. "\u0000" and unpaired surrogates are refused. */
static int scan_escape(scanner *s, const unsigned char **pp, unsigned char out[4], size_t *n)
{
	static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
	const unsigned char *p = *pp;
	const char *simple = p + 1 < s->end && p[1] ? strchr(from, p[1]) : NULL;
	long cp, low;

	if (simple) {
		out[0] = (unsigned char)to[simple - from];
		*n = 1;
		*pp = p + 2;
		return 0;
	}
	if (p + 1 >= s->end || p[1] != 'u' || (cp = hex4(p + 2, s->end)) < 0)
		return smart__json_fail(s, p, "not valid JSON: a bad escape in a string");
	*pp = p + 6;
	if (cp == 0)
		return smart__json_fail(s, p, "\\u0000 (a NUL) in a string: refused, never cut there");
	if (cp >= 0xDC00 && cp <= 0xDFFF)
		return smart__json_fail(s, p, "an unpaired surrogate escape");
	if (cp >= 0xD800 && cp <= 0xDBFF) {
		if (s->end - *pp < 6 || (*pp)[0] != '\\' || (*pp)[1] != 'u' ||
		    (low = hex4(*pp + 2, s->end)) < 0xDC00 || low > 0xDFFF)
			return smart__json_fail(s, p, "an unpaired surrogate escape");
		cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
		*pp += 6;
	}
	if (cp < 0x80)
		out[0] = (unsigned char)cp, *n = 1;
	else if (cp < 0x800)
		out[0] = (unsigned char)(0xC0 | cp >> 6), out[1] = (unsigned char)(0x80 | (cp & 0x3F)),
		*n = 2;
	else if (cp < 0x10000)
		out[0] = (unsigned char)(0xE0 | cp >> 12), out[1] = (unsigned char)(0x80 | (cp >> 6 & 0x3F)),
		out[2] = (unsigned char)(0x80 | (cp & 0x3F)), *n = 3;
	else
		out[0] = (unsigned char)(0xF0 | cp >> 18), out[1] = (unsigned char)(0x80 | (cp >> 12 & 0x3F)),
		out[2] = (unsigned char)(0x80 | (cp >> 6 & 0x3F)), out[3] = (unsigned char)(0x80 | (cp & 0x3F)),
		*n = 4;
	return 0;
}

/* The string whose opening quote is at s->p: s->p moves past its closing
 * quote, *decoded is its length once unescaped, and its decoded bytes are
 * kept in s->keys when `keep` (a key). */
int smart__json_scan_string(scanner *s, int keep, size_t *decoded)
{
	const unsigned char *p = s->p + 1;
	size_t n = 0;

	for (;;) {
		const unsigned char *run = p;
		unsigned char buf[4];
		size_t k = 0;

		while (p < s->end && *p >= 0x20 && *p < 0x80 && *p != '"' && *p != '\\')
			p++;
		n += (size_t)(p - run);
		if (keep && smart__json_keep_bytes(s, run, (size_t)(p - run)))
			return -1;
		if (p == s->end)
			return smart__json_fail(s, s->p, "not valid JSON: a string without its closing quote");
		if (*p == '"')
			break;
		if (*p < 0x20)
			return smart__json_fail(s, p, "not valid JSON: a control character inside a string");
		if (*p == '\\') {
			if (scan_escape(s, &p, buf, &k))
				return -1;
			run = buf;
		} else {
			if (!(k = utf8_length(s, p)))
				return -1;
			run = p;
			p += k;
		}
		n += k;
		if (keep && smart__json_keep_bytes(s, run, k))
			return -1;
	}
	s->p = p + 1;
	*decoded = n;
	return 0;
}

