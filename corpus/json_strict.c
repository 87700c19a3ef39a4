/* The strict reading of a corpus record's JSON (corpus/json_strict.h): one
 * recursive-descent pass, RFC 8259's grammar plus the refusals cJSON does
 * not make. */
#include "json_strict.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Records are flat objects; a deeper text is refused before the stack is. */
#define STRICT_MAX_DEPTH 256

/* A key of an object still open: its decoded bytes in scanner.keys. */
typedef struct key_span {
	size_t off, len;    /* in scanner.keys */
	size_t byte;        /* where it starts in the text */
	const char *at;     /* scanner.keys + off, set while checking */
} key_span;

typedef struct scanner {
	const unsigned char *text, *p, *end;
	smart_error *err;
	char *keys;         /* the decoded keys of the objects open */
	size_t keys_len, keys_cap;
	key_span *spans;
	size_t n_spans, spans_cap;
	const char *want;   /* smart__json_string_length: the key sought */
	size_t found;       /* its string value's decoded length */
} scanner;

/* Sets `what`, at the byte `at` of the text, and returns -1. */
static int fail(scanner *s, const unsigned char *at, const char *what)
{
	return smart_error_set(s->err, "%s at byte %zu", what, (size_t)(at - s->text) + 1);
}

static void skip_space(scanner *s)
{
	while (s->p < s->end && (*s->p == ' ' || *s->p == '\t' || *s->p == '\n' || *s->p == '\r'))
		s->p++;
}

/* Appends decoded key bytes to s->keys (none: nothing, not even a
 * pointer sum on a buffer not yet allocated). */
static int keep_bytes(scanner *s, const void *bytes, size_t n)
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
	fail(s, at, what);
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
		return fail(s, p, "not valid JSON: a bad escape in a string");
	*pp = p + 6;
	if (cp == 0)
		return fail(s, p, "\\u0000 (a NUL) in a string: refused, never cut there");
	if (cp >= 0xDC00 && cp <= 0xDFFF)
		return fail(s, p, "an unpaired surrogate escape");
	if (cp >= 0xD800 && cp <= 0xDBFF) {
		if (s->end - *pp < 6 || (*pp)[0] != '\\' || (*pp)[1] != 'u' ||
		    (low = hex4(*pp + 2, s->end)) < 0xDC00 || low > 0xDFFF)
			return fail(s, p, "an unpaired surrogate escape");
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
static int scan_string(scanner *s, int keep, size_t *decoded)
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
		if (keep && keep_bytes(s, run, (size_t)(p - run)))
			return -1;
		if (p == s->end)
			return fail(s, s->p, "not valid JSON: a string without its closing quote");
		if (*p == '"')
			break;
		if (*p < 0x20)
			return fail(s, p, "not valid JSON: a control character inside a string");
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
		if (keep && keep_bytes(s, run, k))
			return -1;
	}
	s->p = p + 1;
	*decoded = n;
	return 0;
}

static int is_digit(scanner *s, const unsigned char *p)
{
	return p < s->end && *p >= '0' && *p <= '9';
}

/* -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? */
static int scan_number(scanner *s)
{
	const unsigned char *p = s->p + (*s->p == '-');

	if (p < s->end && *p == '0')
		p++;
	else if (is_digit(s, p))
		while (is_digit(s, p))
			p++;
	else
		return fail(s, s->p, "not valid JSON: a bad number");
	if (p < s->end && *p == '.') {
		if (!is_digit(s, ++p))
			return fail(s, s->p, "not valid JSON: a bad number");
		while (is_digit(s, p))
			p++;
	}
	if (p < s->end && (*p == 'e' || *p == 'E')) {
		p += p + 1 < s->end && (p[1] == '+' || p[1] == '-') ? 2 : 1;
		if (!is_digit(s, p))
			return fail(s, s->p, "not valid JSON: a bad number");
		while (is_digit(s, p))
			p++;
	}
	s->p = p;
	return 0;
}

static int by_key(const void *a, const void *b)
{
	const key_span *x = a, *y = b;
	int c = x->len != y->len ? (x->len < y->len ? -1 : 1) : memcmp(x->at, y->at, x->len);

	return c ? c : (x->byte < y->byte ? -1 : x->byte > y->byte);
}

/* Refuses a key the object closing now gives twice (spans from `first`). */
static int check_duplicates(scanner *s, size_t first)
{
	key_span *k = s->spans + first;
	size_t n = s->n_spans - first;

	for (size_t i = 0; i < n; i++) /* only empty keys so far: no buffer */
		k[i].at = s->keys ? s->keys + k[i].off : "";
	if (n > 1)
		qsort(k, n, sizeof(*k), by_key);
	for (size_t i = 1; i < n; i++)
		if (k[i].len == k[i - 1].len && !memcmp(k[i].at, k[i - 1].at, k[i].len))
			return smart_error_set(s->err, "the key \"%.*s\" given twice (a reader may "
					       "keep either value) at byte %zu",
					       (int)(k[i].len < 40 ? k[i].len : 40), k[i].at,
					       k[i].byte + 1);
	return 0;
}

static int scan_value(scanner *s, unsigned depth, size_t *string_len);

/* The object at s->p, `depth` levels deep (the record itself is 1). */
static int scan_object(scanner *s, unsigned depth)
{
	size_t first = s->n_spans, keys_at = s->keys_len;
	int rc = 0;

	if (depth > STRICT_MAX_DEPTH)
		return fail(s, s->p, "nested deeper than 256 levels");
	s->p++;
	skip_space(s);
	if (s->p < s->end && *s->p == '}') {
		s->p++;
		return 0;
	}
	for (;;) {
		key_span span = { 0 };
		size_t value_len = SIZE_MAX;

		skip_space(s);
		span.off = s->keys_len;
		span.byte = (size_t)(s->p - s->text);
		if (s->p == s->end || *s->p != '"')
			return fail(s, s->p, "not valid JSON: expected a key (a string)");
		if (scan_string(s, 1, &span.len))
			return -1;
		if (s->n_spans == s->spans_cap) {
			size_t cap = s->spans_cap ? 2 * s->spans_cap : 16;
			key_span *bigger = realloc(s->spans, cap * sizeof(*bigger));

			if (!bigger)
				return smart_error_oom(s->err);
			s->spans = bigger;
			s->spans_cap = cap;
		}
		s->spans[s->n_spans++] = span;
		skip_space(s);
		if (s->p == s->end || *s->p != ':')
			return fail(s, s->p, "not valid JSON: expected ':'");
		s->p++;
		if (scan_value(s, depth, &value_len))
			return -1;
		if (depth == 1 && s->want && span.len == strlen(s->want) &&
		    !memcmp(s->keys + span.off, s->want, span.len))
			s->found = value_len;
		skip_space(s);
		if (s->p < s->end && *s->p == ',') {
			s->p++;
			continue;
		}
		if (s->p < s->end && *s->p == '}')
			break;
		return fail(s, s->p, "not valid JSON: expected ',' or '}'");
	}
	s->p++;
	rc = check_duplicates(s, first);
	s->n_spans = first;
	s->keys_len = keys_at;
	return rc;
}

/* The array at s->p. */
static int scan_array(scanner *s, unsigned depth)
{
	if (depth > STRICT_MAX_DEPTH)
		return fail(s, s->p, "nested deeper than 256 levels");
	s->p++;
	skip_space(s);
	if (s->p < s->end && *s->p == ']') {
		s->p++;
		return 0;
	}
	for (;;) {
		if (scan_value(s, depth, NULL))
			return -1;
		skip_space(s);
		if (s->p < s->end && *s->p == ',') {
			s->p++;
			continue;
		}
		if (s->p < s->end && *s->p == ']') {
			s->p++;
			return 0;
		}
		return fail(s, s->p, "not valid JSON: expected ',' or ']'");
	}
}

/* The value after the white space at s->p; a string's decoded length in
 * *string_len (when not NULL). */
static int scan_value(scanner *s, unsigned depth, size_t *string_len)
{
	static const char *const words[] = { "true", "false", "null" };
	size_t ignored;

	skip_space(s);
	if (s->p == s->end)
		return fail(s, s->p, "not valid JSON: a value is missing");
	if (*s->p == '{')
		return scan_object(s, depth + 1);
	if (*s->p == '[')
		return scan_array(s, depth + 1);
	if (*s->p == '"')
		return scan_string(s, 0, string_len ? string_len : &ignored);
	if (*s->p == '-' || (*s->p >= '0' && *s->p <= '9'))
		return scan_number(s);
	for (int i = 0; i < 3; i++) {
		size_t n = strlen(words[i]);

		if ((size_t)(s->end - s->p) >= n && !memcmp(s->p, words[i], n)) {
			s->p += n;
			return 0;
		}
	}
	return fail(s, s->p, "not valid JSON: unexpected character");
}

/* The whole text as one value with white space around it. */
static int scan_text(scanner *s)
{
	int rc = scan_value(s, 0, NULL);

	if (rc == 0) {
		skip_space(s);
		if (s->p != s->end)
			rc = fail(s, s->p, "data after the end of the record");
	}
	free(s->keys);
	free(s->spans);
	return rc;
}

int smart__json_check_strict(const char *text, size_t len, smart_error *err)
{
	scanner s = { (const unsigned char *)text, (const unsigned char *)text,
		      (const unsigned char *)text + len, err, NULL, 0, 0, NULL, 0, 0, NULL, 0 };

	return scan_text(&s);
}

size_t smart__json_string_length(const char *text, size_t len, const char *key)
{
	smart_error ignored;
	scanner s = { (const unsigned char *)text, (const unsigned char *)text,
		      (const unsigned char *)text + len, &ignored, NULL, 0, 0, NULL, 0, 0, key,
		      SIZE_MAX };

	return scan_text(&s) == 0 ? s.found : SIZE_MAX;
}
