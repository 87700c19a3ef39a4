/* URL helpers for sessions: targets, hosts, origins and file-name slugs. */
#include "internal.h"

#include "common/arena.h"

#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <strings.h>
#include <string.h>

/* Where the authority of an absolute http(s) URL starts; NULL otherwise. */
static const char *authority(const char *url)
{
	if (strncasecmp(url, "http://", 7) == 0)
		return url + 7;
	if (strncasecmp(url, "https://", 8) == 0)
		return url + 8;
	return NULL;
}

size_t smart__rp_url_origin_len(const char *url)
{
	const char *a = authority(url);

	return a ? (size_t)(a - url) + strcspn(a, "/?#") : 0;
}

char *smart__rp_url_target(smart_replay_set *set, const char *url)
{
	const char *rest = url + smart__rp_url_origin_len(url);
	size_t len = strcspn(rest, "#");
	char *out;

	if (len > 0 && rest[0] == '/')
		return smart__rp_strndup(set, rest, len);
	/* "?q" after an origin, or a relative path: from the site root. */
	out = smart__arena_alloc(set->arena, len + 2);
	if (out) {
		out[0] = '/';
		memcpy(out + 1, rest, len);
		out[1 + len] = '\0';
	}
	return out;
}

void smart__rp_url_host(const char *url, char *buf, size_t size)
{
	const char *a = authority(url), *at, *end;
	size_t len;

	buf[0] = '\0';
	if (!a || size == 0)
		return;
	len = strcspn(a, "/?#");
	at = memchr(a, '@', len); /* user information */
	if (at) {
		len -= (size_t)(at + 1 - a);
		a = at + 1;
	}
	if (a[0] == '[') {
		end = memchr(a, ']', len);
		a++;
		len = end ? (size_t)(end - a) : len - 1;
	} else {
		end = memchr(a, ':', len);
		if (end)
			len = (size_t)(end - a);
	}
	if (len >= size)
		len = size - 1;
	for (size_t i = 0; i < len; i++)
		buf[i] = (char)tolower((unsigned char)a[i]);
	buf[len] = '\0';
}

int smart__rp_target_is_static(const char *target)
{
	static const char *const ext[] = { "png", "jpg", "jpeg", "gif", "ico", "svg",
					   "webp", "bmp", "avif", "css", "js", "mjs",
					   "map", "woff", "woff2", "ttf", "otf", "eot" };
	size_t len = strcspn(target, "?#");
	const char *dot = NULL;

	for (size_t i = len; i > 0 && target[i - 1] != '/'; i--)
		if (target[i - 1] == '.') {
			dot = target + i;
			break;
		}
	if (!dot)
		return 0;
	for (size_t k = 0; k < sizeof(ext) / sizeof(ext[0]); k++)
		if ((size_t)(target + len - dot) == strlen(ext[k]) &&
		    strncasecmp(dot, ext[k], strlen(ext[k])) == 0)
			return 1;
	return 0;
}

void smart__rp_slug(const char *target, char *buf, size_t size)
{
	size_t k = 0;
	int dash = 0;

	assert(size > 8);
	for (const char *p = target; *p && *p != '#' && k < 60 && k + 1 < size; p++) {
		char c = *p;

		if (isalnum((unsigned char)c) || c == '.' || c == '_' || c == '-') {
			if (dash && k > 0)
				buf[k++] = '-';
			dash = 0;
			if (k < 60 && k + 1 < size)
				buf[k++] = c;
		} else {
			dash = 1;
		}
	}
	while (k > 0 && (buf[k - 1] == '-' || buf[k - 1] == '.'))
		k--;
	buf[k] = '\0';
	if (k == 0)
		snprintf(buf, size, "index");
}
