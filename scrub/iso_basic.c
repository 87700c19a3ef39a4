/*
 * The "iso_basic" scrubber (scrub/registry.c): ISO 8601's basic format
 * writes a date and time without separators, "20240301T100011Z" or
 * "20240301T1000+0100", as iCalendar (RFC 5545) and many settings pages
 * that show the current moment in every format they offer do. The value
 * shapes know the extended format (2024-03-01T10:00:11Z) and a bare
 * run of fourteen digits, not the basic one with its "T". Such a moment,
 * standing as a word of its own, becomes "{date}" in both trees, in texts
 * and attribute values alike; a date of eight digits alone is left to
 * the shapes (it is as often a number).
 */
#include "smart/scrub.h"

#include <assert.h>
#include <pthread.h>
#include <regex.h>
#include <string.h>

#include "internal.h"

#define DATE "{date}"

/* A date, "T", hours and minutes, seconds and fractions if any, and a
 * zone if any, between word boundaries. */
#define BASIC "\\<(19|20)[0-9]{2}(0[1-9]|1[0-2])(0[1-9]|[12][0-9]|3[01])" \
	      "T([01][0-9]|2[0-3])[0-5][0-9]([0-5][0-9]([.,][0-9]+)?)?(Z|[+-][0-2][0-9]([0-5][0-9])?)?\\>"

/* The shortest moment, "20240301T1000": a shorter text holds none (most
 * texts, the white space between elements among them). */
#define SHORTEST 13

static regex_t basic;
static int compiled; /* 1: compiled; -1: it failed */
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* Compiles the pattern, once per process. */
static void compile(void)
{
	compiled = regcomp(&basic, BASIC, REG_EXTENDED) == 0 ? 1 : -1;
}

/* Whether `v` may hold such a moment: a "T" after a digit. */
static int may_hold(const char *v)
{
	for (const char *t = strchr(v, 'T'); t; t = strchr(t + 1, 'T'))
		if (t > v && t[-1] >= '0' && t[-1] <= '9')
			return 1;
	return 0;
}

/* `v` (a text, or `attr`'s value) with its moments made "{date}", in the
 * log's arena; `v` itself when it holds none; NULL when out of memory. A
 * rule of the respelling walk (scrub/respell.c). */
static const char *scrubbed(smart_scrub_log *log, const char *v, size_t len,
			    const smart_attr *attr, void *ctx)
{
	regmatch_t m;
	size_t out = 0;
	const char *p = v;
	char *s;

	(void)ctx;
	assert(len == strlen(v));
	if (!attr && len < SHORTEST)
		return v;
	if (!may_hold(v) || regexec(&basic, v, 1, &m, 0) != 0)
		return v;
	/* every match is at least 13 bytes, longer than "{date}" */
	if (!(s = smart_scrub_log_alloc(log, len + 1)))
		return NULL;
	do {
		assert(m.rm_eo - m.rm_so >= (regoff_t)sizeof(DATE) - 1);
		memcpy(s + out, p, (size_t)m.rm_so);
		out += (size_t)m.rm_so;
		memcpy(s + out, DATE, sizeof(DATE) - 1);
		out += sizeof(DATE) - 1;
		p += m.rm_eo;
	} while (*p && regexec(&basic, p, 1, &m, REG_NOTBOL) == 0);
	strcpy(s + out, p);
	return s;
}

int smart__scrub_iso_basic(smart_tree *old_tree, smart_tree *new_tree, smart_scrub_log *log,
			   smart_error *err)
{
	pthread_once(&once, compile);
	if (compiled < 0)
		return smart_error_set(err, "the ISO 8601 basic format pattern does not compile");
	return smart__scrub_respell_trees(old_tree, new_tree, log, SMART__RESPELL_TEXTS | SMART__RESPELL_ATTRS, scrubbed, NULL,
					  err);
}
