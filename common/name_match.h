/*
 * Comparing a tag or attribute name with a few fixed names, internal to
 * libsmart. The scrubbers and the severity rules ask this of every element
 * and attribute of both trees, and nearly every name differs from the
 * fixed ones at its first byte: comparing that byte inline before calling
 * strcmp (strcasecmp) saves the call, and gives the same answer.
 */
#ifndef SMART_COMMON_NAME_MATCH_H
#define SMART_COMMON_NAME_MATCH_H

#include <string.h>
#include <strings.h>

/* ASCII lower case, as strcasecmp folds in the C locale smart runs in. */
static inline unsigned char smart__ascii_lower(unsigned char c)
{
	return c >= 'A' && c <= 'Z' ? (unsigned char)(c - 'A' + 'a') : c;
}

/* strcmp(s, w) == 0, the first bytes compared first. */
static inline int smart__name_is(const char *s, const char *w)
{
	return s[0] == w[0] && strcmp(s, w) == 0;
}

/* strcasecmp(s, w) == 0, the first bytes compared first. */
static inline int smart__name_is_nocase(const char *s, const char *w)
{
	return smart__ascii_lower((unsigned char)s[0]) == smart__ascii_lower((unsigned char)w[0]) &&
	       strcasecmp(s, w) == 0;
}

/* Whether `s` is one of the NULL-ended `names` (case as written). */
static inline int smart__name_in(const char *s, const char *const *names)
{
	for (size_t i = 0; names[i]; i++)
		if (smart__name_is(s, names[i]))
			return 1;
	return 0;
}

/* The same in any ASCII case. */
static inline int smart__name_in_nocase(const char *s, const char *const *names)
{
	for (size_t i = 0; names[i]; i++)
		if (smart__name_is_nocase(s, names[i]))
			return 1;
	return 0;
}

#endif
