/* UTF-8 repair and white-space collapsing (common/text.h). */
#include "text.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static int is_space(unsigned char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f';
}

int smart__text_is_blank(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (!is_space((unsigned char)s[i]))
			return 0;
	return 1;
}

/* Length of the valid UTF-8 sequence starting at s (at most `avail` bytes),
 * or 0 when the bytes there are not valid UTF-8 (overlong forms, surrogates
 * and code points past U+10FFFF included). */
static size_t utf8_sequence_length(const unsigned char *s, size_t avail)
{
	uint32_t cp;
	size_t n;

	if (s[0] < 0x80)
		return 1;
	if (s[0] >= 0xC2 && s[0] <= 0xDF)
		n = 2, cp = s[0] & 0x1F;
	else if (s[0] >= 0xE0 && s[0] <= 0xEF)
		n = 3, cp = s[0] & 0x0F;
	else if (s[0] >= 0xF0 && s[0] <= 0xF4)
		n = 4, cp = s[0] & 0x07;
	else
		return 0;
	if (n > avail)
		return 0;
	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return 0;
		cp = (cp << 6) | (s[i] & 0x3F);
	}
	if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) ||
	    (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF)
		return 0;
	return n;
}

int smart__text_is_valid_utf8(const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0;

	while (i < len) {
		size_t n;
		uint64_t eight;

		/* fast paths for ASCII: eight bytes at a time, then one */
		if (len - i >= 8 && (memcpy(&eight, u + i, 8), (eight & 0x8080808080808080ULL) == 0)) {
			i += 8;
			continue;
		}
		if (u[i] < 0x80) {
			i++;
			continue;
		}
		n = utf8_sequence_length(u + i, len - i);
		if (n == 0)
			return 0;
		i += n;
	}
	return 1;
}

int smart__text_clean(smart_strbuf *out, const char *in, size_t len, int collapse)
{
	static const char replacement[] = "\xEF\xBF\xBD";
	const unsigned char *s = (const unsigned char *)in;
	size_t i = 0;
	int pending_space = 0;
	size_t start_len = out->len;

	while (i < len) {
		size_t end = i, n;

		if (collapse && is_space(s[i])) {
			pending_space = out->len > start_len;
			i++;
			continue;
		}
		if (pending_space) {
			if (smart__strbuf_append(out, " ", 1) < 0)
				return -1;
			pending_space = 0;
		}
		/* the run of valid text up to the next space or bad byte, in one
		 * append: a sequence at a time was 9% of classifying cmark's
		 * small pages (1.9 million appends) */
		while (end < len && !(collapse && is_space(s[end])) &&
		       (n = utf8_sequence_length(s + end, len - end)) > 0)
			end += n;
		if (end > i) {
			if (smart__strbuf_append(out, in + i, end - i) < 0)
				return -1;
			i = end;
		} else {
			if (smart__strbuf_append(out, replacement, 3) < 0)
				return -1;
			i++;
		}
	}
	return 0;
}

int smart__text_is_clean(const char *in, size_t len, int collapse)
{
	const unsigned char *s = (const unsigned char *)in;
	size_t i = 0;

	if (collapse && len > 0 && (is_space(s[0]) || is_space(s[len - 1])))
		return 0;
	while (i < len) {
		size_t n;

		/* printable ASCII ('!' to DEL), nearly all of a text, is clean
		 * wherever it stands */
		while (i < len && (unsigned char)(s[i] - 0x21) < 0x5F)
			i++;
		if (i == len)
			break;
		if (s[i] >= 0x80) {
			if ((n = utf8_sequence_length(s + i, len - i)) == 0)
				return 0;
			i += n;
			continue;
		}
		/* one space between two words is kept as it is; any other
		 * white space is collapsed */
		if (collapse && is_space(s[i]) && (s[i] != ' ' || is_space(s[i + 1])))
			return 0;
		i++;
	}
	return 1;
}
