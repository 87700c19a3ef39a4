/* What value shapes would read in part, said alike for a change
 * signature (measure/signature_internal.h, docs/signatures.md): a value's
 * Unicode spaces (no-break, narrow no-break, thin, ...) read as spaces
 * before it is masked (a date written with them is then one "{date}"),
 * and the rest of a path after a masked path dropped, so that a value a
 * shape reads only in part has one shape on every page. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "signature_internal.h"

/* The length of the Unicode space separator at p (UTF-8, n bytes left),
 * or 0: the no-break space U+00A0, the typographic spaces U+2000 to U+200A
 * (the figure space U+2007 and the thin space U+2009 among them), the
 * narrow no-break space U+202F (which CLDR's time formats put before AM
 * and PM), the medium mathematical space U+205F and the ideographic space
 * U+3000 -- every character of Unicode's "Zs" but the ASCII space. */
static size_t unicode_space(const unsigned char *p, size_t n)
{
	if (n >= 2 && p[0] == 0xC2 && p[1] == 0xA0)
		return 2;
	if (n < 3)
		return 0;
	if (p[0] == 0xE2 && p[1] == 0x80 && ((p[2] >= 0x80 && p[2] <= 0x8A) || p[2] == 0xAF))
		return 3;
	if (p[0] == 0xE2 && p[1] == 0x81 && p[2] == 0x9F)
		return 3;
	if (p[0] == 0xE3 && p[1] == 0x80 && p[2] == 0x80)
		return 3;
	return 0;
}

char *smart__signature_plain_spaces(const char *value, size_t len, size_t *out_len)
{
	char *out = malloc(len + 1), *w = out;

	if (!out)
		return NULL;
	for (size_t i = 0; i < len;) {
		size_t space = unicode_space((const unsigned char *)value + i, len - i);

		if (space) {
			*w++ = ' ';
			i += space;
		} else {
			*w++ = value[i++];
		}
	}
	*w = '\0';
	*out_len = (size_t)(w - out);
	return out;
}

/* The length of the masked shape ("{token}") at p, or 0. */
static size_t shape_at(const char *p)
{
	size_t name = *p == '{' ? strspn(p + 1, "abcdefghijklmnopqrstuvwxyz") : 0;

	return name && p[1 + name] == '}' ? name + 2 : 0;
}

/* Whether byte c continues a path past its masked start: a letter or a
 * digit, a slash, a dot, a dash, an underscore, a tilde or a token mark. */
static int path_byte(char c)
{
	return isalnum((unsigned char)c) || (c && strchr("/._-~", c)) || c == TOKEN_MARK;
}

void smart__signature_absorb_paths(char *s)
{
	char *w = s;

	for (const char *r = s; *r;) {
		if (strncmp(r, "{path}", 6) == 0) {
			memmove(w, r, 6);
			w += 6;
			r += 6;
			while (*r && (path_byte(*r) || shape_at(r)))
				r += path_byte(*r) ? 1 : shape_at(r);
			continue;
		}
		*w++ = *r++;
	}
	*w = '\0';
}
