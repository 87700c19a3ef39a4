/*
 * The "named_offset" scrubber (scrub/registry.c): a time zone's offset
 * known by its name. A page's script hands the server's zone to the
 * browser as a bare number under a name that says so
 * ("var PHP_TZ_OFFSET = 7200", "tzOffset: -300", "utc_offset=3600" in a
 * link, data-tz-offset="3600"), and two clean runs served in other zones,
 * or on either side of a change to daylight saving time, print other
 * numbers there. No value shape can know such a number (it is any small
 * integer); its name does. A number of at most fourteen hours' seconds,
 * or an offset written +hh:mm, assigned (`=` or `:`) to a name that holds
 * "offset" and a word of zones (tz, timezone, zone, utc, gmt), becomes
 * "{offset}" in both trees, in texts (scripts among them) and attribute
 * values; so does such a number that is the whole value of an attribute
 * of such a name. Anything else beside it stays as it was.
 */
#include "smart/scrub.h"

#include <assert.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "internal.h"

#define OFFSET "{offset}"
/* Fourteen hours in seconds: the widest offset from UTC (UTC+14). */
#define WIDEST 50400L

/* Whether `c` may be part of a name in a script, a JSON key, a query or
 * an attribute (PHP_TZ_OFFSET, window.tzOffset, data-tz-offset). */
static int name_char(int c)
{
	return isalnum(c) || c == '_' || c == '$' || c == '.' || c == '-';
}

/* Whether the `len` bytes at `name` name a time zone's offset: once
 * lower-cased and without '_', '-', '.' and '$', they hold "offset" and
 * one of tz, timezone, zone, utc, gmt ("PHP_TZ_OFFSET", "utcOffset",
 * "gmt-offset"; not "row_offset" or "offsetTop"). */
int smart__scrub_offset_name(const char *name, size_t len)
{
	static const char *const zone_words[] = { "tz", "zone", "utc", "gmt", NULL };
	char n[64];
	size_t out = 0;

	if (len == 0 || len >= sizeof(n))
		return 0;
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)name[i];

		if (c != '_' && c != '-' && c != '.' && c != '$')
			n[out++] = (char)tolower(c);
	}
	n[out] = '\0';
	if (!strstr(n, "offset"))
		return 0;
	for (size_t i = 0; zone_words[i]; i++)
		if (strstr(n, zone_words[i]))
			return 1;
	return 0;
}

/* The length of the offset at `p`: a signed number of at most WIDEST
 * (seconds, minutes or hours alike), with decimals if any, or a sign,
 * hours, ':' and minutes (+05:30); 0 when `p` holds none or a longer
 * word goes on after it. */
static size_t offset_at(const char *p)
{
	const char *q = p;
	char *end;
	long v;

	if (*q == '+' || *q == '-')
		q++;
	if (!isdigit((unsigned char)*q))
		return 0;
	if (isdigit((unsigned char)q[1]) && q[2] == ':' && isdigit((unsigned char)q[3]) &&
	    isdigit((unsigned char)q[4]) && q != p) {
		q += 5; /* +hh:mm */
	} else {
		v = strtol(q, &end, 10);
		if (end - q > 5 || v > WIDEST)
			return 0;
		q = end;
		if (*q == '.' && isdigit((unsigned char)q[1]))
			for (q++; isdigit((unsigned char)*q);)
				q++;
	}
	if (isalnum((unsigned char)*q) || *q == '_')
		return 0; /* 7200px, 12abc: not a number alone */
	return (size_t)(q - p);
}

/* Whether `v` may hold an offset's name: "offset" in any case. Most
 * texts have none, and are left at once. */
static int may_hold(const char *v)
{
	for (const char *p = v; (p = strpbrk(p, "oO")); p++)
		if (strncasecmp(p, "offset", 6) == 0)
			return 1;
	return 0;
}

/* Where the `len` bytes of `v` hold, at `i`, the start of a name
 * assigned an offset: the name's end in *name_end, the offset's start and
 * length in *at and *n. 0 when `i` starts no such assignment. */
static int assignment_at(const char *v, size_t len, size_t i, size_t *name_end, size_t *at,
			 size_t *n)
{
	size_t j = i;

	if (!name_char((unsigned char)v[i]) || (i > 0 && name_char((unsigned char)v[i - 1])))
		return 0;
	while (j < len && name_char((unsigned char)v[j]))
		j++;
	*name_end = j;
	if (j < len && (v[j] == '"' || v[j] == '\''))
		j++; /* a JSON key's or a quoted property's closing quote */
	while (j < len && (v[j] == ' ' || v[j] == '\t'))
		j++;
	if (j + 1 >= len || (v[j] != '=' && v[j] != ':') || v[j + 1] == '=' || v[j + 1] == '>' ||
	    v[j + 1] == ':')
		return 0; /* not an assignment (==, =>, ::) */
	for (j++; j < len && (v[j] == ' ' || v[j] == '\t');)
		j++;
	if (j < len && (v[j] == '"' || v[j] == '\''))
		j++;
	*at = j;
	return (*n = offset_at(v + j)) > 0 && smart__scrub_offset_name(v + i, *name_end - i);
}

/* `v` with the offset after each zone offset's name made "{offset}", in
 * the log's arena; `v` itself when it has none; NULL when out of
 * memory. */
static const char *offsets_scrubbed(smart_scrub_log *log, const char *v, size_t len)
{
	size_t out = 0, name_end, at, n;
	char *s = NULL;

	assert(len == strlen(v));
	if (!may_hold(v))
		return v;
	for (size_t i = 0; i < len;) {
		if (!assignment_at(v, len, i, &name_end, &at, &n)) {
			/* a name is passed whole: no assignment starts inside it */
			size_t next = i + 1;

			if (name_char((unsigned char)v[i]) && !(i > 0 && name_char((unsigned char)v[i - 1])))
				while (next < len && name_char((unsigned char)v[next]))
					next++;
			if (s)
				memcpy(s + out, v + i, next - i);
			out += next - i;
			i = next;
			continue;
		}
		if (!s) {
			/* each offset takes at least three bytes ("a=0") and
			 * grows by at most sizeof(OFFSET) - 2 */
			if (!(s = smart_scrub_log_alloc(log, len + 1 + len * sizeof(OFFSET) / 2)))
				return NULL;
			assert(out == i);
			memcpy(s, v, i); /* what came before the first offset */
		}
		memcpy(s + out, v + i, at - i);
		out += at - i;
		memcpy(s + out, OFFSET, sizeof(OFFSET) - 1);
		out += sizeof(OFFSET) - 1;
		i = at + n;
	}
	if (!s)
		return v;
	s[out] = '\0';
	return s;
}

/* Whether attribute `a` is named for a zone's offset and holds only an
 * offset (data-tz-offset="3600"). The value is asked first: few values are
 * a bare number, and reading a name costs more than reading a number. */
static int offset_attribute(const smart_attr *a)
{
	size_t n;

	return a->name && a->value && (n = offset_at(a->value)) > 0 && a->value[n] == '\0' &&
	       smart__scrub_offset_name(a->name, strlen(a->name));
}

/* The rule of the respelling walk (scrub/respell.c): a text's offsets
 * "{offset}", and an attribute's; an attribute named for an offset that
 * holds only one is "{offset}" whole. `v` itself when nothing changes. */
static const char *scrubbed(smart_scrub_log *log, const char *v, size_t len,
			    const smart_attr *attr, void *ctx)
{
	const char *s;

	(void)ctx;
	if (!attr)
		return offsets_scrubbed(log, v, len);
	s = offset_attribute(attr) ? OFFSET : offsets_scrubbed(log, v, len);
	return s && strcmp(s, v) == 0 ? v : s;
}

int smart__scrub_named_offset(smart_tree *old_tree, smart_tree *new_tree, smart_scrub_log *log,
			      smart_error *err)
{
	return smart__scrub_respell_trees(old_tree, new_tree, log, SMART__RESPELL_TEXTS | SMART__RESPELL_ATTRS, scrubbed, NULL,
					  err);
}
