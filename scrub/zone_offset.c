/*
 * The "zone_offset" scrubber (scrub/registry.c): a time zone printed
 * with its offset from UTC ("America/New_York -0500", "(UTC+01:00)
 * Europe/Berlin", "EST5EDT -0400"), as a settings page lists the zones
 * to choose from, shows the offset the zone has *at the run's clock*:
 * daylight saving time moves it by an hour between two clean runs taken
 * at other dates. A text that is only a zone's name and an offset, in
 * either order, has its offset made "{offset}" in both trees; the zone's
 * name stays (the value shapes know an IANA name as "{tzname}"), and an
 * offset in any other text is left to the value shapes.
 */
#include "smart/scrub.h"

#include <assert.h>
#include <pthread.h>
#include <regex.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

#define OFFSET "{offset}"

/* A zone's name: the value shapes' placeholder for an IANA name (with
 * what the shape left of a name such as Port-au-Prince), an IANA name as
 * printed, or a POSIX zone (EST, EST5EDT). 3 groups inside. */
#define ZONE "(\\{tzname\\}[A-Za-z0-9_/+-]*|[A-Z][A-Za-z]+(/[A-Za-z0-9_+-]+)+" \
	     "|[A-Z]{3,5}([0-9]{1,2}([A-Z]{3,5})?)?)"
/* An offset from UTC: -0500, +01:00, (UTC+01:00), GMT-5:00. 1 group inside. */
#define OFF "(\\(?((UTC|GMT) ?)?[+-][01]?[0-9]:?[0-5][0-9]\\)?)"
#define SPACE "[[:space:]]"
/* The shortest zone and offset, "EST +500": a zone of three letters, one
 * space, a sign and three digits; a shorter text holds none. */
#define SHORTEST 8

/* The zone then the offset (the offset is group 5), and the offset then
 * the zone (group 1). */
static regex_t zone_first, offset_first;
static int compiled; /* 1: both compiled; -1: they failed */
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* Compiles the two patterns, once per process. */
static void compile(void)
{
	compiled = regcomp(&zone_first, "^" SPACE "*" ZONE SPACE "+" OFF SPACE "*$",
			   REG_EXTENDED) == 0 &&
				   regcomp(&offset_first, "^" SPACE "*" OFF SPACE "+" ZONE SPACE "*$",
					   REG_EXTENDED) == 0
			   ? 1
			   : -1;
}

/* Whether `v` may hold an offset: a sign before a digit. The regular
 * expressions are asked only then (most texts have none). */
static int may_hold(const char *v)
{
	for (const char *p = v; (p = strpbrk(p, "+-")); p++)
		if (p[1] >= '0' && p[1] <= '9')
			return 1;
	return 0;
}

/* `v` (a text) with its offset made "{offset}" when it is a zone's name
 * and an offset, in the log's arena; `v` itself otherwise; NULL when out
 * of memory. A rule of the respelling walk (scrub/respell.c). */
static const char *scrubbed(smart_scrub_log *log, const char *v, size_t len,
			    const smart_attr *attr, void *ctx)
{
	regmatch_t m[8];
	const regmatch_t *off;
	size_t start, end;
	char *s;

	(void)attr, (void)ctx;
	assert(len == strlen(v));
	if (len > 200 || len < SHORTEST)
		return v; /* a zone and its offset are a short text, not a tiny one */
	if (!may_hold(v))
		return v;
	if (regexec(&zone_first, v, 8, m, 0) == 0)
		off = &m[5];
	else if (regexec(&offset_first, v, 8, m, 0) == 0)
		off = &m[1];
	else
		return v;
	assert(off->rm_so >= 0 && off->rm_eo > off->rm_so);
	start = (size_t)off->rm_so;
	end = (size_t)off->rm_eo;
	if (!(s = smart_scrub_log_alloc(log, len - (end - start) + sizeof(OFFSET))))
		return NULL;
	memcpy(s, v, start);
	memcpy(s + start, OFFSET, sizeof(OFFSET) - 1);
	strcpy(s + start + sizeof(OFFSET) - 1, v + end);
	return s;
}

int smart__scrub_zone_offset(smart_tree *old_tree, smart_tree *new_tree, smart_scrub_log *log,
			     smart_error *err)
{
	pthread_once(&once, compile);
	if (compiled < 0)
		return smart_error_set(err, "the zone offset patterns do not compile");
	return smart__scrub_respell_trees(old_tree, new_tree, log, SMART__RESPELL_TEXTS, scrubbed, NULL,
					  err);
}
