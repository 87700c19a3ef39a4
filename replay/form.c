/*
 * Form fields in request bodies and query strings: percent-encoding, and
 * giving anti-forgery token fields the value the session last received,
 * in application/x-www-form-urlencoded text and in multipart/form-data
 * bodies. Every other byte of the request is kept as recorded.
 */
#include "internal.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

int smart__rp_form_encode(smart_strbuf *out, const char *s, size_t len)
{
	static const char hex[] = "0123456789ABCDEF";

	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		char esc[3] = { '%', hex[c >> 4], hex[c & 15] };

		if (isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~') {
			if (smart__strbuf_append(out, (const char *)&s[i], 1) < 0)
				return -1;
		} else if (smart__strbuf_append(out, esc, 3) < 0) {
			return -1;
		}
	}
	return 0;
}

/* The value of a hexadecimal digit, -1 for anything else. */
static int hexval(char c)
{
	return c >= '0' && c <= '9' ? c - '0'
	       : c >= 'a' && c <= 'f' ? c - 'a' + 10
	       : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

void smart__rp_form_decode(const char *s, size_t len, char *buf, size_t size)
{
	size_t k = 0;

	for (size_t i = 0; i < len && k + 1 < size; i++) {
		char c = s[i];

		if (c == '+') {
			c = ' ';
		} else if (c == '%' && i + 2 < len && hexval(s[i + 1]) >= 0 &&
			   hexval(s[i + 2]) >= 0) {
			c = (char)(hexval(s[i + 1]) * 16 + hexval(s[i + 2]));
			i += 2;
		}
		buf[k++] = c;
	}
	buf[k] = '\0';
}

int smart__rp_form_rewrite_urlencoded(const rp_token_store *store,
			       const smart_replay_tokens *tokens, const char *path,
			       const char *text, size_t len, smart_strbuf *out,
			       size_t *replaced)
{
	const char *p = text, *end = text + len;

	if (smart__strbuf_append(out, "", 0) < 0)
		return -1;
	while (p < end) {
		const char *amp = memchr(p, '&', (size_t)(end - p)), *stop = amp ? amp : end;
		const char *eq = memchr(p, '=', (size_t)(stop - p));
		const char *fresh = NULL;
		char name[256];

		if (eq) {
			smart__rp_form_decode(p, (size_t)(eq - p), name, sizeof(name));
			if (smart_replay_tokens_match(tokens, name))
				fresh = smart__rp_tokens_lookup(store, name, path);
		}
		if (fresh) {
			if (smart__strbuf_append(out, p, (size_t)(eq + 1 - p)) < 0 ||
			    smart__rp_form_encode(out, fresh, strlen(fresh)) < 0)
				return -1;
			++*replaced;
		} else if (smart__strbuf_append(out, p, (size_t)(stop - p)) < 0) {
			return -1;
		}
		if (amp && smart__strbuf_append(out, "&", 1) < 0)
			return -1;
		p = amp ? amp + 1 : end;
	}
	return 0;
}

/* Finds `needle` (n bytes) in [p, end). */
static const char *find(const char *p, const char *end, const char *needle, size_t n)
{
	for (; n && p + n <= end; p++)
		if (*p == *needle && memcmp(p, needle, n) == 0)
			return p;
	return NULL;
}

/* The field name of a part's headers [h, end): name="..." of its
 * Content-Disposition, into buf ("" when absent). */
static void part_name(const char *h, const char *end, char *buf, size_t size)
{
	const char *at = find(h, end, "name=\"", 6);
	size_t k = 0;

	buf[0] = '\0';
	/* "filename=" contains "name=": take the match not preceded by a letter. */
	while (at && at > h && isalpha((unsigned char)at[-1]))
		at = find(at + 1, end, "name=\"", 6);
	if (!at)
		return;
	for (at += 6; at < end && *at != '"' && k + 1 < size; at++)
		buf[k++] = *at;
	buf[k] = '\0';
}

int smart__rp_form_rewrite_multipart(const rp_token_store *store,
			      const smart_replay_tokens *tokens, const char *path,
			      const char *boundary, const char *body, size_t len,
			      smart_strbuf *out, size_t *replaced)
{
	char delim[256];
	size_t dlen = (size_t)snprintf(delim, sizeof(delim), "--%s", boundary);
	const char *end = body + len, *p = body, *part;

	if (smart__strbuf_append(out, "", 0) < 0)
		return -1;
	if (dlen >= sizeof(delim) || !(part = find(p, end, delim, dlen)))
		return smart__strbuf_append(out, body, len);
	/* Copy up to and including each delimiter line, then the part's
	 * headers; replace the content of token parts. */
	while (part) {
		const char *hdr = part + dlen, *blank, *content, *next;
		const char *fresh = NULL;
		char name[256];

		if (hdr + 2 > end || memcmp(hdr, "--", 2) == 0)
			break; /* the closing delimiter */
		blank = find(hdr, end, "\r\n\r\n", 4);
		next = blank ? find(blank + 4, end, delim, dlen) : NULL;
		if (!blank || !next)
			break;
		content = blank + 4;
		part_name(hdr, blank, name, sizeof(name));
		if (name[0] && smart_replay_tokens_match(tokens, name))
			fresh = smart__rp_tokens_lookup(store, name, path);
		if (smart__strbuf_append(out, p, (size_t)(content - p)) < 0)
			return -1;
		if (fresh) {
			/* The content ends with the CRLF before the delimiter. */
			if (smart__strbuf_append(out, fresh, strlen(fresh)) < 0 ||
			    smart__strbuf_append(out, "\r\n", 2) < 0)
				return -1;
			++*replaced;
		} else if (smart__strbuf_append(out, content, (size_t)(next - content)) < 0) {
			return -1;
		}
		p = next;
		part = next;
	}
	return smart__strbuf_append(out, p, (size_t)(end - p));
}
