/*
 * The scrubbers by name (include/smart/scrub.h): reading a `--scrubbers`
 * list or a model's provenance into the mask of scrubbers turned off, and
 * writing a mask back as names. Every name comes from the registry
 * (scrub/registry.c, smart_scrubber_name), so that a scrubber added
 * there is known here, and in the error that lists the known names,
 * without another edit.
 */
#include "smart/scrub.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

int smart_scrubber_from_name(const char *name)
{
	for (int id = 0; id < SMART_SCRUBBER_COUNT; id++)
		if (strcmp(smart_scrubber_name(id), name) == 0)
			return id;
	return -1;
}

/* The id named by the `len` bytes at `word`, or -1. */
static int scrubber_from_word(const char *word, size_t len)
{
	for (int id = 0; id < SMART_SCRUBBER_COUNT; id++) {
		const char *name = smart_scrubber_name(id);

		if (strlen(name) == len && memcmp(name, word, len) == 0)
			return id;
	}
	return -1;
}

/* Every scrubber's name in the registry's order, ", "-separated, into buf
 * (cut to size - 1): the "known:" list of an unknown name's error, read
 * from the table itself so that it cannot go stale. */
static void known_names(char *buf, size_t size)
{
	size_t used = 0;

	assert(size > 0);
	buf[0] = '\0';
	for (int id = 0; id < SMART_SCRUBBER_COUNT && used < size; id++) {
		int n = snprintf(buf + used, size - used, "%s%s", id ? ", " : "",
				 smart_scrubber_name(id));

		if (n < 0)
			break;
		used += (size_t)n;
	}
}

/* The mask of the scrubbers a comma-separated list names, each word
 * optionally after a '-' (*minus: whether they were, -1 when the words
 * disagree). 0, or -1 with `err` naming a word it does not know and
 * every name it would have known. */
static int named_scrubbers(const char *list, unsigned *named, int *minus, smart_error *err)
{
	*named = 0;
	*minus = 2; /* no word yet */
	for (const char *p = list;;) {
		int neg = *p == '-';
		size_t len = strcspn(p + neg, ",");
		int id = scrubber_from_word(p + neg, len);

		if (id < 0) {
			char known[400]; /* within SMART_ERROR_MAX with the rest */

			known_names(known, sizeof(known));
			return smart_error_set(err, "no scrubber called '%.*s' (known: %s)",
					       (int)(len > 64 ? 64 : len), p + neg, known);
		}
		*minus = *minus == 2 || *minus == neg ? neg : -1;
		*named |= 1u << id;
		p += neg + len;
		if (!*p)
			return 0;
		p++;
	}
}

int smart_scrubbers_parse(const char *list, unsigned *off, smart_error *err)
{
	const unsigned all = (1u << SMART_SCRUBBER_COUNT) - 1;
	unsigned named;
	int minus;

	if (strcmp(list, "all") == 0 || strcmp(list, "none") == 0) {
		*off = strcmp(list, "all") == 0 ? 0 : all;
		return 0;
	}
	if (named_scrubbers(list, &named, &minus, err))
		return smart_error_prefix(err, "--scrubbers");
	if (minus < 0)
		return smart_error_set(err, "--scrubbers: either names (only these) or -names "
				       "(all but these), not both");
	*off = minus ? named : all & ~named;
	return 0;
}

int smart_scrubbers_off_parse(const char *names, unsigned *off, smart_error *err)
{
	int minus;

	*off = 0;
	if (!*names)
		return 0;
	if (named_scrubbers(names, off, &minus, err))
		return -1;
	return minus ? smart_error_set(err, "'%s': scrubbers turned off are named without '-'",
				       names)
		     : 0;
}

size_t smart_scrubbers_format(unsigned off, char *buf, size_t size)
{
	size_t used = 0;

	assert(size > 0);
	buf[0] = '\0';
	for (int id = 0; id < SMART_SCRUBBER_COUNT; id++) {
		int n;

		if (!(off & (1u << id)))
			continue;
		n = snprintf(buf + used, size - used, "%s%s", used ? "," : "",
			     smart_scrubber_name(id));
		if (n < 0 || (size_t)n >= size - used) {
			buf[used] = '\0';
			break;
		}
		used += (size_t)n;
	}
	return used;
}
