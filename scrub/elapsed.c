/*
 * The "elapsed" scrubber (scrub/registry.c): a page that says how long it
 * took ("Page generated in 0.0123 seconds", "Query took 0.0004 sec",
 * "Time to display: 0.461513") prints a measurement, new in every run.
 * The value shapes know a duration by its unit and a timing by a name
 * joined to it ("renderTime=12"); a measured time is also known by the
 * precision a timer prints and a person never writes: a number of at most
 * three whole digits and four or more decimals, in a text that speaks of
 * time (a word such as time, took, elapsed, generated, seconds, ms). Such
 * a number becomes "{elapsed}" in both trees; a number of the same text
 * with fewer decimals, and every such number in a text that does not speak
 * of time, stays as printed.
 */
#include "smart/scrub.h"

#include <assert.h>
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "internal.h"

#define ELAPSED "{elapsed}"

/* The fewest decimals of a measured time, the most whole digits. */
#define MIN_DECIMALS 4
#define MAX_WHOLE 3

/* Whether the word of `len` bytes at `w` speaks of time. */
static int time_word(const char *w, size_t len)
{
	static const char *const words[] = { "time",	 "took",     "elapsed",	 "generated",
					     "rendered", "rendering", "render",	 "duration",
					     "second",	 "seconds",  "sec",	 "secs",
					     "ms",	 "msec",     "executed", "loaded",
					     "processed", NULL };

	for (size_t i = 0; words[i]; i++)
		if (strlen(words[i]) == len && strncasecmp(w, words[i], len) == 0)
			return 1;
	return 0;
}

/* Whether the text `v` holds a word that speaks of time. */
static int speaks_of_time(const char *v)
{
	for (const char *p = v; *p;) {
		size_t n = 0;

		while (*p && !isalpha((unsigned char)*p))
			p++;
		while (isalpha((unsigned char)p[n]))
			n++;
		if (n && time_word(p, n))
			return 1;
		p += n;
	}
	return 0;
}

/* The length of the measured time that starts at p (a digit not preceded
 * by a digit, a dot or a letter: `v` is where its text starts), or 0. */
static size_t measured_at(const char *v, const char *p)
{
	size_t whole = 0, decimals = 0;

	if (p > v && (isalnum((unsigned char)p[-1]) || p[-1] == '.' || p[-1] == ','))
		return 0;
	while (isdigit((unsigned char)p[whole]))
		whole++;
	if (whole == 0 || whole > MAX_WHOLE || p[whole] != '.')
		return 0;
	while (isdigit((unsigned char)p[whole + 1 + decimals]))
		decimals++;
	if (decimals < MIN_DECIMALS || isalnum((unsigned char)p[whole + 1 + decimals]) ||
	    p[whole + 1 + decimals] == '.')
		return 0; /* a unit joined to it is the duration shape's; a version goes on */
	return whole + 1 + decimals;
}

/* `v` (a text) with its measured times made "{elapsed}", in the log's
 * arena; `v` itself when it holds none; NULL when out of memory. A rule
 * of the respelling walk (scrub/respell.c). */
static const char *scrubbed(smart_scrub_log *log, const char *v, size_t len,
			    const smart_attr *attr, void *ctx)
{
	size_t out = 0;
	char *s;
	int any = 0;

	(void)attr, (void)ctx;
	assert(len == strlen(v));
	/* a measured time has a dot with four digits after it */
	for (const char *dot = strchr(v, '.'); dot && !any; dot = strchr(dot + 1, '.')) {
		const char *p = dot;

		if (dot == v || !isdigit((unsigned char)dot[-1]))
			continue;
		while (p > v && isdigit((unsigned char)p[-1]))
			p--;
		any = measured_at(v, p) > 0;
	}
	if (!any || !speaks_of_time(v))
		return v;
	/* a measured time is at least six bytes, "{elapsed}" nine: room for
	 * len / 6 of them growing by three */
	if (!(s = smart_scrub_log_alloc(log, len + len / 2 + sizeof(ELAPSED))))
		return NULL;
	for (const char *p = v; *p;) {
		size_t n = measured_at(v, p);

		if (!n) {
			s[out++] = *p++;
			continue;
		}
		memcpy(s + out, ELAPSED, sizeof(ELAPSED) - 1);
		out += sizeof(ELAPSED) - 1;
		p += n;
	}
	assert(out <= len + len / 2 + sizeof(ELAPSED) - 1);
	s[out] = '\0';
	return s;
}

int smart__scrub_elapsed(smart_tree *old_tree, smart_tree *new_tree, smart_scrub_log *log,
			 smart_error *err)
{
	return smart__scrub_respell_trees(old_tree, new_tree, log, SMART__RESPELL_TEXTS, scrubbed,
					  NULL, err);
}
