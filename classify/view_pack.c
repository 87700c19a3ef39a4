/*
 * A pair's view packed for the HTML report: deflated (zlib format) and
 * written in base64, which the report's script inflates with the
 * browser's DecompressionStream("deflate") when the row is opened. Views
 * are markup-heavy JSON that deflate shrinks several times over, so a
 * report of ten thousand pairs stays small enough to open quickly.
 */
#include "view.h"

#include <stdlib.h>
#include <string.h>

#include <zlib.h>

/* base64 of n bytes of `in` (RFC 4648, padded), a new string. */
static char *base64(const unsigned char *in, size_t n)
{
	static const char digits[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	char *out = malloc((n + 2) / 3 * 4 + 1), *w = out;

	if (!out)
		return NULL;
	for (size_t i = 0; i < n; i += 3) {
		unsigned long v = (unsigned long)in[i] << 16;

		v |= i + 1 < n ? (unsigned long)in[i + 1] << 8 : 0;
		v |= i + 2 < n ? in[i + 2] : 0;
		*w++ = digits[v >> 18 & 63];
		*w++ = digits[v >> 12 & 63];
		*w++ = i + 1 < n ? digits[v >> 6 & 63] : '=';
		*w++ = i + 2 < n ? digits[v & 63] : '=';
	}
	*w = '\0';
	return out;
}

char *smart__view_pack(const char *json, smart_error *err)
{
	size_t len = strlen(json);
	uLongf size = compressBound((uLong)len);
	unsigned char *z = malloc(size);
	char *out = NULL;

	if (z && compress2(z, &size, (const Bytef *)json, (uLong)len, 6) == Z_OK)
		out = base64(z, size);
	free(z);
	if (!out)
		smart_error_oom(err);
	return out;
}
