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

/* Where the lexer is. */
typedef enum scan_state {
	IN_TEXT,
	IN_TAG_NAME,   /* "<div" */
	IN_TAG_SPACE,  /* between attributes */
	IN_ATTR_NAME,  /* an attribute's name (or a bare unquoted value) */
	IN_AFTER_EQ,   /* "a=" waiting for the value */
	IN_BARE_VALUE, /* a=value */
	IN_QUOTED,     /* a="value" */
	IN_COMMENT,    /* <!-- ... --> */
	IN_DECLARATION /* <!DOCTYPE ...>, <?xml ...?>, <![CDATA[ ... */
} scan_state;

/* What the scan found: the largest of each counted quantity, and the
 * attributes of every tag together. */
typedef struct scan_result {
	size_t tags, max_attributes, max_text, attributes;
} scan_result;

/* The only byte that can change `state` when it is one of the states that
 * wait for a byte (the quote that closes a value, the '>' that may end a
 * comment or a declaration, the '<' that may start a tag), or -1. */
static int scan_stop_byte(scan_state state, char quote)
{
	switch (state) {
	case IN_TEXT:
		return '<';
	case IN_QUOTED:
		return (unsigned char)quote;
	case IN_COMMENT:
	case IN_DECLARATION:
		return '>';
	default:
		return -1;
	}
}

/* The bytes that can end a tag's name (its '>', white space, '/') and an
 * attribute's name or bare value ('>', white space, '='): the scan skips
 * the others of such a run in a tight loop, without the state switch. */
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

static void scan(const char *s, size_t len, scan_result *r)
{
	scan_state state = IN_TEXT;
	size_t attributes = 0, text_start = 0;
	char quote = 0;

	memset(r, 0, sizeof(*r));
	for (size_t i = 0; i < len; i++) {
		unsigned char c;
		scan_state before = state;
		int stop = scan_stop_byte(state, quote);

		if (stop >= 0) {
			/* nothing happens in this state before its stop byte:
			 * text and quoted values are most of a page's bytes */
			const char *next = memchr(s + i, stop, len - i);

			if (!next)
				break;
			i = (size_t)(next - s);
		} else if (state == IN_TAG_NAME || state == IN_ATTR_NAME || state == IN_BARE_VALUE) {
			/* nor before the end of a name or a bare value */
			i = skip_to(s, len, i, state == IN_TAG_NAME ? ends_tag_name : ends_attr_name);
			if (i >= len)
				break;
		}
		c = (unsigned char)s[i];
		switch (state) {
		case IN_TEXT:
			if (c != '<' || i + 1 >= len)
				break;
			if (i - text_start > r->max_text)
				r->max_text = i - text_start;
			if (isalpha((unsigned char)s[i + 1])) {
				r->tags++;
				attributes = 0;
				state = IN_TAG_NAME;
			} else if (s[i + 1] == '/') {
				attributes = 0;
				state = IN_TAG_NAME;
			} else if (i + 3 < len && memcmp(s + i, "<!--", 4) == 0) {
				state = IN_COMMENT;
				i += 3;
			} else if (s[i + 1] == '!' || s[i + 1] == '?') {
				state = IN_DECLARATION;
			}
			break;
		case IN_TAG_NAME:
			if (c == '>')
				state = IN_TEXT;
			else if (isspace(c) || c == '/')
				state = IN_TAG_SPACE;
			break;
		case IN_TAG_SPACE:
			if (c == '>') {
				state = IN_TEXT;
			} else if (c == '=') {
				state = IN_AFTER_EQ;
			} else if (c == '"' || c == '\'') {
				quote = (char)c;
				state = IN_QUOTED;
			} else if (!isspace(c) && c != '/') {
				attributes++;
				r->attributes++;
				if (attributes > r->max_attributes)
					r->max_attributes = attributes;
				state = IN_ATTR_NAME;
			}
			break;
		case IN_ATTR_NAME:
		case IN_BARE_VALUE:
			if (c == '>')
				state = IN_TEXT;
			else if (c == '=' && state == IN_ATTR_NAME)
				state = IN_AFTER_EQ;
			else if (isspace(c))
				state = IN_TAG_SPACE;
			break;
		case IN_AFTER_EQ:
			if (c == '>') {
				state = IN_TEXT;
			} else if (c == '"' || c == '\'') {
				quote = (char)c;
				state = IN_QUOTED;
			} else if (!isspace(c)) {
				state = IN_BARE_VALUE;
			}
			break;
		case IN_QUOTED:
			if (c == (unsigned char)quote)
				state = IN_TAG_SPACE;
			break;
		case IN_COMMENT:
			if (c == '>' && i >= 2 && s[i - 1] == '-' && s[i - 2] == '-')
				state = IN_TEXT;
			break;
		case IN_DECLARATION:
			if (c == '>')
				state = IN_TEXT;
			break;
		}
		if (state == IN_TEXT && before != IN_TEXT)
			text_start = i + 1; /* a tag, comment or declaration ended */
	}
	if (state == IN_TEXT && len - text_start > r->max_text)
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
