/* The growable string of common/strbuf.h. */
#include "strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/array.h"

int smart__strbuf_append(smart_strbuf *b, const char *s, size_t n)
{
	/* Doubles the full buffer (count == cap) until the bytes fit. */
	while (b->len + n + 1 > b->cap)
		if (smart__array_reserve((void **)&b->data, &b->cap, b->cap, 1, 64))
			return -1;
	memcpy(b->data + b->len, s, n);
	b->len += n;
	b->data[b->len] = '\0';
	return 0;
}

int smart__strbuf_printf(smart_strbuf *b, const char *fmt, ...)
{
	va_list ap;
	char small[256];
	char *big;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(small, sizeof(small), fmt, ap);
	va_end(ap);
	if (n < 0)
		return -1;
	if ((size_t)n < sizeof(small))
		return smart__strbuf_append(b, small, (size_t)n);
	big = malloc((size_t)n + 1);
	if (!big)
		return -1;
	va_start(ap, fmt);
	vsnprintf(big, (size_t)n + 1, fmt, ap);
	va_end(ap);
	n = smart__strbuf_append(b, big, (size_t)n);
	free(big);
	return n;
}

int smart__strbuf_escaped(smart_strbuf *b, const char *s)
{
	for (; *s; s++) {
		const char *rep = NULL;
		char one = *s;

		switch (*s) {
		case '&': rep = "&amp;"; break;
		case '<': rep = "&lt;"; break;
		case '>': rep = "&gt;"; break;
		case '"': rep = "&quot;"; break;
		case '\'': rep = "&#39;"; break;
		default:
			if ((unsigned char)*s < 0x20 && *s != '\n' && *s != '\t')
				one = '?';
		}
		if (rep ? smart__strbuf_append(b, rep, strlen(rep)) : smart__strbuf_append(b, &one, 1))
			return -1;
	}
	return 0;
}

void smart__strbuf_free(smart_strbuf *b)
{
	free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
}

char *smart__strbuf_copy(const char *s, size_t n)
{
	char *c = malloc(n + 1);

	if (c) {
		memcpy(c, s, n);
		c[n] = '\0';
	}
	return c;
}
