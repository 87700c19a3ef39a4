/* The strict reading of a corpus record's JSON (corpus/json_strict.h): one
 * recursive-descent pass, RFC 8259's grammar plus the refusals cJSON does
 * not make. */
#include "json_strict.h"
#include "json_scan.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Records are flat objects; a deeper text is refused before the stack is. */
#define STRICT_MAX_DEPTH 256


static void skip_space(scanner *s)
{
	while (s->p < s->end && (*s->p == ' ' || *s->p == '\t' || *s->p == '\n' || *s->p == '\r'))
		s->p++;
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
		return smart__json_fail(s, s->p, "not valid JSON: a bad number");
	if (p < s->end && *p == '.') {
		if (!is_digit(s, ++p))
			return smart__json_fail(s, s->p, "not valid JSON: a bad number");
		while (is_digit(s, p))
			p++;
	}
	if (p < s->end && (*p == 'e' || *p == 'E')) {
		p += p + 1 < s->end && (p[1] == '+' || p[1] == '-') ? 2 : 1;
		if (!is_digit(s, p))
			return smart__json_fail(s, s->p, "not valid JSON: a bad number");
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
		return smart__json_fail(s, s->p, "nested deeper than 256 levels");
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
			return smart__json_fail(s, s->p, "not valid JSON: expected a key (a string)");
		if (smart__json_scan_string(s, 1, &span.len))
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
			return smart__json_fail(s, s->p, "not valid JSON: expected ':'");
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
		return smart__json_fail(s, s->p, "not valid JSON: expected ',' or '}'");
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
		return smart__json_fail(s, s->p, "nested deeper than 256 levels");
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
		return smart__json_fail(s, s->p, "not valid JSON: expected ',' or ']'");
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
		return smart__json_fail(s, s->p, "not valid JSON: a value is missing");
	if (*s->p == '{')
		return scan_object(s, depth + 1);
	if (*s->p == '[')
		return scan_array(s, depth + 1);
	if (*s->p == '"')
		return smart__json_scan_string(s, 0, string_len ? string_len : &ignored);
	if (*s->p == '-' || (*s->p >= '0' && *s->p <= '9'))
		return scan_number(s);
	for (int i = 0; i < 3; i++) {
		size_t n = strlen(words[i]);

		if ((size_t)(s->end - s->p) >= n && !memcmp(s->p, words[i], n)) {
			s->p += n;
			return 0;
		}
	}
	return smart__json_fail(s, s->p, "not valid JSON: unexpected character");
}

/* The whole text as one value with white space around it. */
static int scan_text(scanner *s)
{
	int rc = scan_value(s, 0, NULL);

	if (rc == 0) {
		skip_space(s);
		if (s->p != s->end)
			rc = smart__json_fail(s, s->p, "data after the end of the record");
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
