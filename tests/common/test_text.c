/* UTF-8 repair and white-space collapsing (common/text.h, common/text.c). */
#include "../support/support.h"
#include "common/text.h"

#include <stdlib.h>
#include <string.h>

/* What smart__text_clean appends to a buffer holding `before`. */
static char *cleaned(const char *before, const char *in, size_t len, int collapse)
{
	smart_strbuf b = { 0 };

	assert_int_equal(smart__strbuf_append(&b, before, strlen(before)), 0);
	assert_int_equal(smart__text_clean(&b, in, len, collapse), 0);
	if (!b.data)
		assert_int_equal(smart__strbuf_append(&b, "", 0), 0);
	return b.data;
}

static void text_clean_repairs_utf8_and_collapses_space(void **state)
{
	char *got = cleaned("", "  a\t\n b  ", 9, 1);

	assert_string_equal(got, "a b");
	free(got);
	got = cleaned("", "  a\t\n b  ", 9, 0);
	assert_string_equal(got, "  a\t\n b  ");
	free(got);
	got = cleaned("", "caf\xc3\xa9 \xff x \xed\xa0\x80", 13, 1); /* a bad byte, a surrogate */
	assert_string_equal(got, "caf\xc3\xa9 \xef\xbf\xbd x \xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd");
	free(got);
	got = cleaned("", "\xe2\x82", 2, 0); /* a sequence cut short at the end */
	assert_string_equal(got, "\xef\xbf\xbd\xef\xbf\xbd");
	free(got);
}

/* Leading white space is dropped only at the start of what this call
 * appends, whatever the buffer held before. */
static void text_clean_drops_leading_space_of_its_own_text_only(void **state)
{
	char *got = cleaned("x", "   y", 4, 1);

	assert_string_equal(got, "xy");
	free(got);
}

/* The specification, a sequence at a time: the rewrite appends runs. */
static void reference_clean(smart_strbuf *out, const unsigned char *s, size_t len, int collapse)
{
	size_t start_len = out->len, i = 0;
	int pending = 0;

	while (i < len) {
		size_t n = 0;
		unsigned c = s[i];
		int space = c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';

		if (collapse && space) {
			pending = out->len > start_len;
			i++;
			continue;
		}
		if (pending)
			smart__strbuf_append(out, " ", 1);
		pending = 0;
		if (c < 0x80) {
			n = 1;
		} else {
			/* valid: 2-byte C2-DF; 3-byte E0-EF (not overlong, not a
			 * surrogate); 4-byte F0-F4 (not overlong, <= U+10FFFF) */
			size_t want = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 :
				      c >= 0xF0 && c <= 0xF4 ? 4 : 0;
			unsigned cp = want == 2 ? c & 0x1F : want == 3 ? c & 0x0F : c & 0x07;

			n = want && want <= len - i ? want : 0;
			for (size_t k = 1; k < n; k++) {
				if ((s[i + k] & 0xC0) != 0x80)
					n = 0;
				else
					cp = (cp << 6) | (s[i + k] & 0x3F);
			}
			if (n && ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) ||
				  (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF))
				n = 0;
		}
		if (n) {
			smart__strbuf_append(out, (const char *)s + i, n);
			i += n;
		} else {
			smart__strbuf_append(out, "\xEF\xBF\xBD", 3);
			i++;
		}
	}
}

/* Property: on random bytes (ASCII, white space, valid and broken UTF-8),
 * in both modes and after text already in the buffer, the result is the
 * reference's. */
static void text_clean_matches_the_sequence_at_a_time_reference(void **state)
{
	static const char *const pieces[] = { "a", "Z", " ", "\t", "\n", "\r", "\f", "\xc3\xa9",
					      "\xe2\x82\xac", "\xf0\x9f\x98\x80", "\xff", "\x80",
					      "\xc3", "\xe2\x82", "\xed\xa0\x80", "\xc0\xaf",
					      "\xf4\x90\x80\x80", "<", "0" };
	unsigned seed = 3;

	for (int round = 0; round < 2000; round++) {
		unsigned char buf[256];
		size_t len = 0, want = (size_t)rand_r(&seed) % 60;
		int collapse = rand_r(&seed) % 2;
		const char *before = rand_r(&seed) % 3 == 0 ? "pre" : "";
		smart_strbuf ref = { 0 };
		char *got;

		while (len < want) {
			const char *p = pieces[rand_r(&seed) % (sizeof(pieces) / sizeof(*pieces))];

			memcpy(buf + len, p, strlen(p));
			len += strlen(p);
		}
		smart__strbuf_append(&ref, before, strlen(before));
		reference_clean(&ref, buf, len, collapse);
		if (!ref.data)
			smart__strbuf_append(&ref, "", 0);
		got = cleaned(before, (const char *)buf, len, collapse);
		assert_non_null(ref.data);
		assert_string_equal(got, ref.data);
		free(got);
		smart__strbuf_free(&ref);
	}
}

/* Property: smart__text_is_clean says yes exactly when cleaning writes the
 * text back unchanged, on random bytes in both modes (the tree builder
 * then stores the text as it is). */
static void text_is_clean_exactly_when_cleaning_changes_nothing(void **state)
{
	static const char *const pieces[] = { "a", "Z", " ", " ", "  ", "\t", "\n", "\r", "\f",
					      "\v", "\x01", "\xc3\xa9", "\xe2\x82\xac",
					      "\xf0\x9f\x98\x80", "\xff", "\x80", "\xc3",
					      "\xed\xa0\x80", "\xc0\xaf", "~", "\x7f", "!" };
	unsigned seed = 5;

	(void)state;
	for (int round = 0; round < 5000; round++) {
		char buf[256];
		size_t len = 0, want = (size_t)rand_r(&seed) % 40;
		int collapse = rand_r(&seed) % 2;
		char *got;

		while (len < want) {
			const char *p = pieces[rand_r(&seed) % (sizeof(pieces) / sizeof(*pieces))];

			memcpy(buf + len, p, strlen(p));
			len += strlen(p);
		}
		buf[len] = '\0';
		got = cleaned("", buf, len, collapse);
		assert_int_equal(smart__text_is_clean(buf, len, collapse),
				 strlen(got) == len && memcmp(got, buf, len) == 0);
		free(got);
	}
	assert_true(smart__text_is_clean("a b", 3, 1));
	assert_false(smart__text_is_clean("a  b", 4, 1));
	assert_false(smart__text_is_clean(" a", 2, 1));
	assert_true(smart__text_is_clean(" a  ", 4, 0));
	assert_false(smart__text_is_clean("\xff", 1, 0));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(text_clean_repairs_utf8_and_collapses_space),
		cmocka_unit_test(text_clean_drops_leading_space_of_its_own_text_only),
		cmocka_unit_test(text_clean_matches_the_sequence_at_a_time_reference),
		cmocka_unit_test(text_is_clean_exactly_when_cleaning_changes_nothing),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
