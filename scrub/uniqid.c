/*
 * The "uniqid" scrubber (scrub/registry.c): names made from the clock. PHP's
 * uniqid() writes the moment it is called as 13 hexadecimal digits, eight
 * of seconds since 1970 and five of microseconds ("65e1a721c278a"), with
 * more entropy a few decimal digits after them ("65e1a7284eba2467706346",
 * "65e1a7284eba2.46770634"), and pages name generated elements with it: a
 * filter's id ("filter_65e1a721c278a"), a table's ("t65e1a7284eba2..."),
 * the same name again in the script that finds the element
 * (jQuery("#filter_65e1a721c278a")). Every run, and every request, names
 * them anew. Such a word, alone or after a prefix of letters, '_' or '-',
 * becomes "{uniqid}" in both trees, in texts and attribute values, when its
 * seconds fall between 2001 and 2038 and its microseconds below a million;
 * the prefix stays, so a renamed element is still an edit. The value
 * shapes see such a word as a token of the same shape on both sides, a
 * substitution the default model may still count.
 */
#include "smart/scrub.h"

#include <ctype.h>
#include <string.h>

#include "internal.h"

#define UNIQID "{uniqid}"
/* 1e9 seconds (2001-09-09) and 2^31 - 1 (2038-01-19), in hex. */
#define FIRST_SECOND 0x3b9aca00UL
#define LAST_SECOND 0x7fffffffUL

static int lower_hex(int c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
}

/* The value of the `n` hex digits at `p` (all checked by the caller). */
static unsigned long hex_value(const char *p, size_t n)
{
	unsigned long v = 0;

	for (size_t i = 0; i < n; i++)
		v = v * 16 + (unsigned long)(isdigit((unsigned char)p[i]) ? p[i] - '0' : p[i] - 'a' + 10);
	return v;
}

/* The length of the uniqid at `p` (13 lower-case hex digits of a moment,
 * then, for more entropy, 8 to 10 digits, after a '.' or not); 0 when `p`
 * starts none or the word goes on after it. */
static size_t uniqid_at(const char *p)
{
	size_t n = 0;

	for (; n < 13; n++)
		if (!lower_hex((unsigned char)p[n]))
			return 0;
	if (hex_value(p, 8) < FIRST_SECOND || hex_value(p, 8) > LAST_SECOND ||
	    hex_value(p + 8, 5) >= 1000000)
		return 0;
	{
		size_t d = p[n] == '.' ? 1 : 0, k = 0;

		while (isdigit((unsigned char)p[n + d + k]))
			k++;
		if (k >= 8 && k <= 10)
			n += d + k;
		else if (k > 0 && !d)
			return 0; /* a longer number, not a uniqid */
	}
	return isalnum((unsigned char)p[n]) ? 0 : n;
}

/* Whether a uniqid may start at `i` of `v`: at the start of a word, or
 * after a prefix that is not itself hex (letters g-z, '_', '-', '#'). */
static int may_start(const char *v, size_t i)
{
	int c;

	if (i == 0)
		return 1;
	c = (unsigned char)v[i - 1];
	return !lower_hex(c) && !isdigit(c) && !(c >= 'A' && c <= 'F');
}

/* Whether the `len` bytes of `v` hold a run of 13 lower-case hex digits:
 * most texts have none, and are left at once. Every 13th byte is read
 * first: a run of 13 holds one of them, so where it is not hex the next
 * can be skipped to; where it is, the run through it is measured, and the
 * search goes on past its end (tests/scrub/test_uniqid.c holds it to a
 * byte-at-a-time count). */
int smart__scrub_uniqid_may_hold(const char *v, size_t len)
{
	size_t i = 12;

	while (i < len) {
		size_t back = 0, start, j;

		if (!lower_hex((unsigned char)v[i])) {
			i += 13; /* no run of 13 goes through v[i] */
			continue;
		}
		while (back < 12 && lower_hex((unsigned char)v[i - 1 - back]))
			back++;
		start = i - back; /* the run through v[i] starts here (or before) */
		for (j = i + 1; j < len && j < start + 13 && lower_hex((unsigned char)v[j]);)
			j++;
		if (j == start + 13)
			return 1;
		i = j + 13; /* v[j] is not hex, or the end: the next run starts after it */
	}
	return 0;
}

/* `v` (a text, or an attribute's value) with each uniqid "{uniqid}", in
 * the log's arena; `v` itself when it holds none; NULL when out of memory.
 * A rule of the respelling walk (scrub/respell.c). */
static const char *scrubbed(smart_scrub_log *log, const char *v, size_t len,
			    const smart_attr *attr, void *ctx)
{
	size_t out = 0, n;
	char *s = NULL;

	(void)attr, (void)ctx;
	if (len < 13 || !smart__scrub_uniqid_may_hold(v, len))
		return v;
	for (size_t i = 0; i < len;) {
		if (!lower_hex((unsigned char)v[i]) || !may_start(v, i) || !(n = uniqid_at(v + i))) {
			if (s)
				s[out] = v[i];
			out++;
			i++;
			continue;
		}
		if (!s) {
			/* a uniqid (13 bytes at least) is longer than UNIQID */
			if (!(s = smart_scrub_log_alloc(log, len + 1)))
				return NULL;
			memcpy(s, v, i);
		}
		memcpy(s + out, UNIQID, sizeof(UNIQID) - 1);
		out += sizeof(UNIQID) - 1;
		i += n;
	}
	if (!s)
		return v;
	s[out] = '\0';
	return s;
}

int smart__scrub_uniqid(smart_tree *old_tree, smart_tree *new_tree, smart_scrub_log *log,
			smart_error *err)
{
	return smart__scrub_respell_trees(old_tree, new_tree, log, SMART__RESPELL_TEXTS | SMART__RESPELL_ATTRS, scrubbed, NULL,
					  err);
}
