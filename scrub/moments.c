/*
 * The moments scrubbing took out of a tree (scrub/internal.h): the Unix
 * epochs and ISO date-times among the values it replaced, as UTC fields.
 * Those that one tree of a pair lost and the other did not are that run's
 * clock, the evidence for values that follow it (scrub/clock_pieces.c).
 */
#include "smart/scrub.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "internal.h"

int smart__moment_equal(const smart__moment *a, const smart__moment *b)
{
	return a->year == b->year && a->month == b->month && a->day == b->day &&
	       a->hour == b->hour && a->minute == b->minute && a->second == b->second;
}

static void moment_add(smart__moment_set *set, const smart__moment *m)
{
	for (size_t i = 0; i < set->n; i++)
		if (smart__moment_equal(&set->at[i], m))
			return;
	if (set->n < SMART__MOMENTS_MAX)
		set->at[set->n++] = *m;
}

/* The number the `n` digits at p spell. */
int smart__digits_value(const char *p, size_t n)
{
	int v = 0;

	for (size_t i = 0; i < n; i++)
		v = v * 10 + (p[i] - '0');
	return v;
}

/* Whether the `n` bytes at p are digits (stopping at a NUL). */
int smart__all_digits(const char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!isdigit((unsigned char)p[i]))
			return 0;
	return 1;
}

const char *smart__digit_run(const char *v, const char *from, size_t *n)
{
	for (const char *p = from; *p; p++) {
		if (!isdigit((unsigned char)*p) || (p > v && isdigit((unsigned char)p[-1])))
			continue;
		for (*n = 0; isdigit((unsigned char)p[*n]);)
			(*n)++;
		return p;
	}
	return NULL;
}

/* An ISO date-time at p ("2024-07-15T16:42:17" or "2024-07-15 16:42"),
 * into *m; 0 when there is none. Each test reads no further than the
 * digits before it found, so a shorter text ends it. */
static int iso_moment(const char *p, smart__moment *m)
{
	const int digits = smart__all_digits(p, 4) && p[4] == '-' && smart__all_digits(p + 5, 2) &&
			   p[7] == '-' && smart__all_digits(p + 8, 2) &&
			   (p[10] == 'T' || p[10] == ' ') && smart__all_digits(p + 11, 2) &&
			   p[13] == ':' && smart__all_digits(p + 14, 2);

	if (!digits)
		return 0;
	*m = (smart__moment){ smart__digits_value(p, 4),      smart__digits_value(p + 5, 2),
			      smart__digits_value(p + 8, 2),  smart__digits_value(p + 11, 2),
			      smart__digits_value(p + 14, 2), -1 };
	if (p[16] == ':' && smart__all_digits(p + 17, 2))
		m->second = smart__digits_value(p + 17, 2);
	return 1;
}

/* A Unix epoch in seconds: ten digits from 1 (2001-2286) standing alone. */
static int epoch_moment(const char *v, const char *p, smart__moment *m)
{
	struct tm tm;
	time_t t;

	if (p[0] != '1' || !smart__all_digits(p, 10) || isdigit((unsigned char)p[10]) ||
	    (p > v && isdigit((unsigned char)p[-1])))
		return 0;
	t = (time_t)strtoll(p, NULL, 10);
	if (!gmtime_r(&t, &tm))
		return 0;
	*m = (smart__moment){ tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
			      tm.tm_hour, tm.tm_min, tm.tm_sec };
	return 1;
}

void smart__moment_set_note_scrubbed(smart__moment_set *set, const char *raw, const char *scrubbed)
{
	for (const char *p = raw; *p; p++) {
		smart__moment m;
		size_t len;

		if (!isdigit((unsigned char)*p) || (p > raw && isdigit((unsigned char)p[-1])))
			continue;
		if (epoch_moment(raw, p, &m))
			len = 10;
		else if (iso_moment(p, &m))
			len = 16;
		else
			continue;
		/* taken out: the scrubbed value no longer holds its digits */
		if (!memmem(scrubbed, strlen(scrubbed), p, len))
			moment_add(set, &m);
	}
}

/* Moment `m` moved by `seconds`. */
smart__moment smart__moment_shifted(const smart__moment *m, long seconds)
{
	struct tm tm = { .tm_year = m->year - 1900, .tm_mon = m->month - 1, .tm_mday = m->day,
			 .tm_hour = m->hour, .tm_min = m->minute };
	time_t t = timegm(&tm) + seconds;
	smart__moment out = *m;

	if (gmtime_r(&t, &tm))
		out = (smart__moment){ tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
				       tm.tm_hour, tm.tm_min, m->second };
	return out;
}
