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

/* `v` with its moments made "{date}", in the log's arena; `v` itself when
 * it holds none; NULL when out of memory. */
static const char *scrubbed(smart_scrub_log *log, const char *v)
{
	regmatch_t m;
	size_t len, out = 0;
	const char *p = v;
	char *s;

	if (!may_hold(v) || regexec(&basic, v, 1, &m, 0) != 0)
		return v;
	/* every match is at least 13 bytes, longer than "{date}" */
	len = strlen(v);
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

/* Makes the moments of `t`'s texts and attribute values "{date}" through
 * `log`; returns how many values changed, or -1 when out of memory. */
static int scrub_tree(smart_tree *t, smart_scrub_log *log)
{
	int count = 0;

	for (uint32_t i = 0; i < t->count; i++) {
		smart_node *node = &t->nodes[i];
		const char *v;

		if (node->kind == SMART_NODE_TEXT && node->text && node->text_len >= SHORTEST) {
			if (!(v = scrubbed(log, node->text)))
				return -1;
			if (v != node->text) {
				if (smart_scrub_log_set(log, &node->text, &node->text_len, v))
					return -1;
				count++;
			}
		}
		for (uint32_t k = 0; node->kind == SMART_NODE_ELEMENT && k < node->attr_count; k++) {
			smart_attr *a = &t->attrs[node->attr_first + k];

			if (!a->value)
				continue;
			if (!(v = scrubbed(log, a->value)))
				return -1;
			if (v == a->value)
				continue;
			if (smart_scrub_log_set(log, &a->value, NULL, v))
				return -1;
			count++;
		}
	}
	return count;
}

int smart__scrub_iso_basic(smart_tree *old_tree, smart_tree *new_tree, smart_scrub_log *log,
			   smart_error *err)
{
	int got;

	pthread_once(&once, compile);
	if (compiled < 0)
		return smart_error_set(err, "the ISO 8601 basic format pattern does not compile");
	if (scrub_tree(old_tree, log) < 0 || (got = scrub_tree(new_tree, log)) < 0)
		return smart_error_oom(err);
	return got;
}
