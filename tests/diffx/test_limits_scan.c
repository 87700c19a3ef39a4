/* The scan behind the resource limits (diffx/limits.c): its counts of
 * tags, attributes of one element and bytes of one text run, read back
 * through smart_limits_check's messages with each limit at 0, and the
 * attributes of all tags it hands the tree builder, are those of the
 * byte-at-a-time specification below on random tag soup. The scan skips
 * to the next byte that can matter and lexes a tag in a function of its
 * own; the specification reads every byte through one switch of states. */
#include "../support/support.h"
#include "diffx/tree_internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct counts {
	size_t tags, max_attributes, max_text, attributes;
} counts;

enum { TEXT, TAG_NAME, TAG_SPACE, ATTR_NAME, AFTER_EQ, BARE_VALUE, QUOTED, COMMENT, DECL };

/* The lexer as first written: one byte at a time through its states. */
static counts reference_scan(const char *s, size_t len)
{
	counts r = { 0 };
	int state = TEXT;
	size_t attributes = 0, text_start = 0;
	char quote = 0;

	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		int before = state;

		if (state == TEXT && c == '<' && i + 1 < len) {
			if (i - text_start > r.max_text)
				r.max_text = i - text_start;
			if (isalpha((unsigned char)s[i + 1])) {
				r.tags++;
				attributes = 0;
				state = TAG_NAME;
			} else if (s[i + 1] == '/') {
				attributes = 0;
				state = TAG_NAME;
			} else if (i + 3 < len && memcmp(s + i, "<!--", 4) == 0) {
				state = COMMENT;
				i += 3;
			} else if (s[i + 1] == '!' || s[i + 1] == '?') {
				state = DECL;
			}
		} else if (state == TAG_NAME) {
			state = c == '>' ? TEXT : isspace(c) || c == '/' ? TAG_SPACE : state;
		} else if (state == TAG_SPACE) {
			if (c == '>') {
				state = TEXT;
			} else if (c == '=') {
				state = AFTER_EQ;
			} else if (c == '"' || c == '\'') {
				quote = (char)c;
				state = QUOTED;
			} else if (!isspace(c) && c != '/') {
				r.attributes++;
				if (++attributes > r.max_attributes)
					r.max_attributes = attributes;
				state = ATTR_NAME;
			}
		} else if (state == ATTR_NAME || state == BARE_VALUE) {
			if (c == '>')
				state = TEXT;
			else if (c == '=' && state == ATTR_NAME)
				state = AFTER_EQ;
			else if (isspace(c))
				state = TAG_SPACE;
		} else if (state == AFTER_EQ) {
			if (c == '>') {
				state = TEXT;
			} else if (c == '"' || c == '\'') {
				quote = (char)c;
				state = QUOTED;
			} else if (!isspace(c)) {
				state = BARE_VALUE;
			}
		} else if (state == QUOTED) {
			state = c == (unsigned char)quote ? TAG_SPACE : state;
		} else if (state == COMMENT) {
			state = c == '>' && i >= 2 && s[i - 1] == '-' && s[i - 2] == '-' ? TEXT : state;
		} else if (state == DECL) {
			state = c == '>' ? TEXT : state;
		}
		if (state == TEXT && before != TEXT)
			text_start = i + 1;
	}
	if (state == TEXT && len - text_start > r.max_text)
		r.max_text = len - text_start;
	return r;
}

/* One count as smart_limits_check reports it with `limits` (one of them
 * 0): the number in its message, or 0 when it passes. */
static size_t reported(const char *doc, size_t len, smart_limits limits, const char *format)
{
	smart_error err = { "" };
	size_t n = 0;

	if (smart_limits_check(&limits, doc, len, "doc", &err) == 0)
		return 0;
	if (sscanf(err.message, format, &n) != 1)
		fail_msg("unexpected message: %s", err.message);
	return n;
}

static counts scanned(const char *doc, size_t len)
{
	smart_limits none = SMART_LIMITS_INIT, a = none, t = none, x = none;
	counts c;

	a.max_attributes = 0;
	t.max_nodes = 0;
	x.max_text = 0;
	c.max_attributes = reported(doc, len, a, "doc: an element with %zu attributes");
	/* the attribute check comes first: with attributes, it speaks first */
	a.max_attributes = c.max_attributes;
	t.max_attributes = x.max_attributes = c.max_attributes;
	c.tags = reported(doc, len, t, "doc: %zu tags");
	x.max_nodes = c.tags;
	c.max_text = reported(doc, len, x, "doc: a text run of %zu bytes");
	{
		smart__page_counts pc = { 0, 0 };
		smart_error err = { "" };

		assert_int_equal(smart__limits_check_counting(&none, doc, len, "doc", &pc, &err), 0);
		assert_int_equal(pc.tags, c.tags);
		c.attributes = pc.attributes;
	}
	return c;
}

static void limits_scan_counts_as_the_byte_at_a_time_lexer(void **state)
{
	static const char *const pieces[] = { "<", ">", "<a", "<div ", "</p>", "<br/>", " ", "\n",
					      "=", "\"", "'", "x", "text ", "a=b", "c=\"d e\"",
					      "f='>'", "<!--", "-->", "--", "-", "<!DOCTYPE html",
					      "<?xml", "<![CDATA[", "]]>", "/", "<1", "\t", "\r\v\f",
					      "= ", "b=c=d", "<P ", "</", "<!-->", "<!", "<?", "g = 'h'",
					      "i=\"\"", ">x<" };
	unsigned seed = 11;

	for (int round = 0; round < 20000; round++) {
		char doc[512];
		size_t len = 0, want = (size_t)rand_r(&seed) % 120;

		while (len < want) {
			const char *p = pieces[rand_r(&seed) % (sizeof(pieces) / sizeof(*pieces))];

			memcpy(doc + len, p, strlen(p));
			len += strlen(p);
		}
		counts want_c = reference_scan(doc, len), got = scanned(doc, len);

		if (got.tags != want_c.tags || got.max_attributes != want_c.max_attributes ||
		    got.max_text != want_c.max_text || got.attributes != want_c.attributes)
			fail_msg("%.*s: tags %zu/%zu, attributes %zu/%zu, text %zu/%zu, all "
				 "attributes %zu/%zu", (int)len, doc, got.tags, want_c.tags,
				 got.max_attributes, want_c.max_attributes, got.max_text,
				 want_c.max_text, got.attributes, want_c.attributes);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(limits_scan_counts_as_the_byte_at_a_time_lexer),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
