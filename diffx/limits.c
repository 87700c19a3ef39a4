/*
 * Resource limits (include/smart/limits.h): one linear scan of the raw
 * bytes, before libxml2, that counts what would make parsing slow or huge.
 *
 * The scan is a small tag lexer, not a parser: it only has to count tags,
 * attributes per tag and the length of text runs well enough to refuse
 * pathological input. Being approximate is safe in both directions because
 * the limits sit far above anything a real page holds (a "<" inside a
 * script may count as a tag; a comment or quoted value never does).
 */
#include "smart/limits.h"
#include "tree_internal.h"

#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Set once by the front end before any parse (see the header). */
static smart_limits current = SMART_LIMITS_INIT;

const smart_limits *smart_limits_get(void)
{
	return &current;
}

int smart_limits_set(const smart_limits *limits, smart_error *err)
{
	if (!limits->max_input || !limits->max_nodes || !limits->max_attributes ||
	    !limits->max_text)
		return smart_error_set(err, "a resource limit of 0 would refuse every document");
	current = *limits;
	return 0;
}

int smart_limits_parse_size(const char *text, size_t *out)
{
	unsigned long long value, scale = 1;
	char *end;

	if (!text || !isdigit((unsigned char)text[0]))
		return -1;
	errno = 0;
	value = strtoull(text, &end, 10);
	if (errno || value == 0)
		return -1;
	switch (*end) {
	case 'K': case 'k': scale = 1024ULL; end++; break;
	case 'M': case 'm': scale = 1024ULL * 1024; end++; break;
	case 'G': case 'g': scale = 1024ULL * 1024 * 1024; end++; break;
	default: break;
	}
	if (*end || value > SIZE_MAX / scale)
		return -1;
	*out = (size_t)(value * scale);
	return 0;
}

/* What the scan found: the largest of each counted quantity, and the
 * attributes of every tag together. */
typedef struct scan_result {
	size_t tags, max_attributes, max_text, attributes;
} scan_result;

/* The bytes that can end a tag's name (its '>', white space, '/') and an
 * attribute's name or bare value ('>', white space, '='): the scan skips
 * the others of such a run in a tight loop. */
static const unsigned char ends_tag_name[256] = {
	['>'] = 1, ['/'] = 1, [' '] = 1, ['\t'] = 1, ['\n'] = 1, ['\v'] = 1, ['\f'] = 1, ['\r'] = 1,
};
static const unsigned char ends_attr_name[256] = {
	['>'] = 1, ['='] = 1, [' '] = 1, ['\t'] = 1, ['\n'] = 1, ['\v'] = 1, ['\f'] = 1, ['\r'] = 1,
};

/* The first index from i whose byte is in `stops`, or len. */
static size_t skip_to(const char *s, size_t len, size_t i, const unsigned char *stops)
{
	while (i < len && !stops[(unsigned char)s[i]])
		i++;
	return i;
}

/* The index of the quote that closes the value opened by the quote at p,
 * or len when the page ends first. */
static size_t closing_quote(const char *s, size_t len, size_t p)
{
	const char *q = p + 1 < len ? memchr(s + p + 1, s[p], len - p - 1) : NULL;

	return q ? (size_t)(q - s) : len;
}

/* Lexes one tag whose name starts at p (just after its '<'; an end tag's
 * at its '/'), counting its attributes into r: returns the index of the
 * '>' that ends it, or len when the page ends inside it. The states of the
 * lexer are the places in this function: between attributes (the loop's
 * head), in a name or a bare value, after a '=', in a quoted value. It
 * was a switch over an explicit state at every byte that could change it,
 * a quarter of its instructions (callgrind); the counts are those of the
 * byte-at-a-time lexer (tests/diffx/test_limits_scan.c). */
static size_t scan_tag(const char *s, size_t len, size_t p, scan_result *r)
{
	size_t attributes = 0;
	unsigned char c;

	p = skip_to(s, len, p, ends_tag_name);
	if (p >= len || s[p] == '>')
		return p;
	for (p++;;) { /* past white space or a '/': between attributes */
		if (p >= len)
			return len;
		c = (unsigned char)s[p];
		if (c == '>')
			return p;
		if (c == '"' || c == '\'') {
			p = closing_quote(s, len, p) + 1; /* a value without a name */
			continue;
		}
		if (c != '=') {
			if (isspace(c) || c == '/') {
				p++;
				continue;
			}
			/* an attribute's name (or a bare word) */
			attributes++;
			r->attributes++;
			if (attributes > r->max_attributes)
				r->max_attributes = attributes;
			p = skip_to(s, len, p + 1, ends_attr_name);
			if (p >= len || s[p] == '>')
				return p;
			if (s[p] != '=') {
				p++; /* white space */
				continue;
			}
		}
		/* after a '=': white space, then the value */
		for (p++; p < len && s[p] != '>' && isspace((unsigned char)s[p]); p++)
			;
		if (p >= len || s[p] == '>')
			return p;
		if (s[p] == '"' || s[p] == '\'') {
			p = closing_quote(s, len, p) + 1;
			continue;
		}
		/* a bare value: to white space or '>' ('=' does not end it) */
		for (p++;; p++) {
			p = skip_to(s, len, p, ends_attr_name);
			if (p >= len || s[p] == '>')
				return p;
			if (s[p] != '=')
				break;
		}
		p++; /* white space */
	}
}

/* The index of the '>' that ends a comment whose text starts at p (after
 * its "<!--"): the first "-->", or len. */
static size_t comment_end(const char *s, size_t len, size_t p)
{
	while (p < len) {
		const char *gt = memchr(s + p, '>', len - p);
		size_t g;

		if (!gt)
			return len;
		g = (size_t)(gt - s);
		if (g >= 2 && s[g - 1] == '-' && s[g - 2] == '-')
			return g;
		p = g + 1;
	}
	return len;
}

static void scan(const char *s, size_t len, scan_result *r)
{
	size_t i = 0, text_start = 0;

	memset(r, 0, sizeof(*r));
	while (i < len) {
		/* in text: nothing happens before the next '<' */
		const char *lt = memchr(s + i, '<', len - i);
		unsigned char next;
		size_t end;

		if (!lt)
			break;
		i = (size_t)(lt - s);
		if (i + 1 >= len)
			break;
		if (i - text_start > r->max_text)
			r->max_text = i - text_start;
		next = (unsigned char)s[i + 1];
		if (isalpha(next)) {
			r->tags++;
			end = scan_tag(s, len, i + 1, r);
		} else if (next == '/') {
			end = scan_tag(s, len, i + 1, r);
		} else if (i + 3 < len && memcmp(s + i, "<!--", 4) == 0) {
			end = comment_end(s, len, i + 4);
		} else if (next == '!' || next == '?') {
			const char *gt = memchr(s + i + 1, '>', len - i - 1);

			end = gt ? (size_t)(gt - s) : len;
		} else {
			i++; /* a '<' that starts nothing */
			continue;
		}
		if (end >= len)
			return; /* the page ends inside markup: no last text run */
		i = text_start = end + 1; /* a tag, comment or declaration ended */
	}
	if (len - text_start > r->max_text)
		r->max_text = len - text_start;
}

int smart__limits_check_counting(const smart_limits *limits, const char *data, size_t len,
				 const char *name, smart__page_counts *counts, smart_error *err)
{
	scan_result r;

	assert(limits && (data || len == 0));
	if (!name)
		name = "(document)";
	if (len > limits->max_input)
		return smart_error_set(err, "%s: %zu bytes is over the input limit of %zu "
				       "(--max-input)", name, len, limits->max_input);
	scan(data, len, &r);
	if (r.max_attributes > limits->max_attributes)
		return smart_error_set(err, "%s: an element with %zu attributes is over the "
				       "limit of %zu (--max-attributes)", name,
				       r.max_attributes, limits->max_attributes);
	if (r.tags > limits->max_nodes)
		return smart_error_set(err, "%s: %zu tags is over the limit of %zu elements "
				       "(--max-nodes)", name, r.tags, limits->max_nodes);
	if (r.max_text > limits->max_text)
		return smart_error_set(err, "%s: a text run of %zu bytes is over the limit of "
				       "%zu (--max-text)", name, r.max_text, limits->max_text);
	if (counts)
		*counts = (smart__page_counts){ r.tags, r.attributes };
	return 0;
}

int smart_limits_check(const smart_limits *limits, const char *data, size_t len,
		       const char *name, smart_error *err)
{
	return smart__limits_check_counting(limits, data, len, name, NULL, err);
}
