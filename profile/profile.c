/* The profile data model: tests, locations, patterns (profile.h). */
#include "smart/profile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* A location keeps at most this many patterns; past it, any value. */
#define PROFILE_MAX_PATTERNS 8

smart_profile *smart_profile_new(smart_error *err)
{
	smart_profile *p = calloc(1, sizeof(*p));

	if (!p) {
		smart_error_oom(err);
		return NULL;
	}
	p->shapes = SMART_SHAPES_BUILTIN;
	p->compiled = smart_shapes_compile(p->shapes, err);
	if (!p->compiled) {
		free(p);
		return NULL;
	}
	snprintf(p->kind, sizeof(p->kind), "runs");
	return p;
}

static void entry_clear(smart_profile_entry *e)
{
	free(e->location);
	for (size_t i = 0; i < e->n_patterns; i++)
		free(e->patterns[i]);
	free(e->patterns);
}

static void entries_free(smart_profile_entry *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		entry_clear(&v[i]);
	free(v);
}

void smart_profile_free(smart_profile *p)
{
	if (!p)
		return;
	entries_free(p->all, p->n_all);
	for (size_t i = 0; i < p->n_tests; i++) {
		free(p->tests[i].test);
		entries_free(p->tests[i].entries, p->tests[i].n_entries);
	}
	free(p->tests);
	smart_shapes_free(p->compiled);
	free(p);
}

/* A test name without a leading "./" and without the extension of its
 * last component, into buf; returns its length. */
static size_t test_key(const char *name, char *buf, size_t size)
{
	const char *slash, *dot;
	size_t n;

	while (name[0] == '.' && name[1] == '/')
		name += 2;
	slash = strrchr(name, '/');
	dot = strrchr(slash ? slash : name, '.');
	n = dot && dot != (slash ? slash + 1 : name) ? (size_t)(dot - name) : strlen(name);
	if (n >= size)
		n = size - 1;
	memcpy(buf, name, n);
	buf[n] = '\0';
	return n;
}

/* True when `given` (a corpus test name or a file path) names the
 * profile's `test`: the same after test_key, or a path ending in it. */
static int test_matches(const char *test, const char *given)
{
	char a[1024], b[1024];
	size_t na = test_key(test, a, sizeof(a)), nb = test_key(given, b, sizeof(b));

	if (na == nb)
		return strcmp(a, b) == 0;
	return nb > na && b[nb - na - 1] == '/' && strcmp(b + nb - na, a) == 0;
}

const smart_profile_test *smart_profile_find_test(const smart_profile *p, const char *test)
{
	if (!p || !test)
		return NULL;
	for (size_t i = 0; i < p->n_tests; i++)
		if (strcmp(p->tests[i].test, test) == 0)
			return &p->tests[i];
	for (size_t i = 0; i < p->n_tests; i++)
		if (test_matches(p->tests[i].test, test))
			return &p->tests[i];
	return NULL;
}

/* Adds `pattern` to an entry: NULL makes it accept any value (for good),
 * as does a location whose values took too many forms to list. */
static int entry_add_pattern(smart_profile_entry *e, const char *pattern, smart_error *err)
{
	char **grown;

	if (e->n_patterns == 0 && e->seen > 0)
		return 0; /* already any value */
	if (!pattern || e->n_patterns == PROFILE_MAX_PATTERNS) {
		for (size_t i = 0; i < e->n_patterns; i++)
			free(e->patterns[i]);
		free(e->patterns);
		e->patterns = NULL;
		e->n_patterns = 0;
		return 0;
	}
	for (size_t i = 0; i < e->n_patterns; i++)
		if (strcmp(e->patterns[i], pattern) == 0)
			return 0;
	grown = realloc(e->patterns, (e->n_patterns + 1) * sizeof(*grown));
	if (!grown)
		return smart_error_oom(err);
	e->patterns = grown;
	if (!(e->patterns[e->n_patterns] = strdup(pattern)))
		return smart_error_oom(err);
	e->n_patterns++;
	return 0;
}

int smart_profile_add(smart_profile *p, const char *test, const char *location,
		      const char *pattern, unsigned shapes, int pinned,
		      smart_error *err)
{
	smart_profile_entry **v = &p->all, *e = NULL;
	size_t *n = &p->n_all;

	if (test) {
		smart_profile_test *t = NULL;

		for (size_t i = 0; i < p->n_tests && !t; i++)
			if (strcmp(p->tests[i].test, test) == 0)
				t = &p->tests[i];
		if (!t) {
			smart_profile_test *grown = realloc(p->tests, (p->n_tests + 1) * sizeof(*grown));

			if (!grown)
				return smart_error_oom(err);
			p->tests = grown;
			t = &p->tests[p->n_tests];
			memset(t, 0, sizeof(*t));
			if (!(t->test = strdup(test)))
				return smart_error_oom(err);
			p->n_tests++;
		}
		v = &t->entries;
		n = &t->n_entries;
	}
	for (size_t i = 0; i < *n && !e; i++)
		if (strcmp((*v)[i].location, location) == 0)
			e = &(*v)[i];
	if (!e) {
		smart_profile_entry *grown = realloc(*v, (*n + 1) * sizeof(*grown));

		if (!grown)
			return smart_error_oom(err);
		*v = grown;
		e = &grown[*n];
		memset(e, 0, sizeof(*e));
		if (!(e->location = strdup(location)))
			return smart_error_oom(err);
		(*n)++;
	}
	if (entry_add_pattern(e, pattern, err))
		return -1;
	e->shapes |= shapes;
	e->seen++;
	e->pinned |= pinned;
	return 0;
}

/* Wildcard match where "{*}" in `pattern` stands for any text (the usual
 * greedy algorithm with one backtracking point). */
static int pattern_matches(const char *pattern, const char *s)
{
	const char *star = NULL, *resume = NULL;

	while (*s) {
		if (strncmp(pattern, "{*}", 3) == 0) {
			star = pattern += 3;
			resume = s;
		} else if (*pattern == *s) {
			pattern++;
			s++;
		} else if (star) {
			pattern = star;
			s = ++resume;
		} else {
			return 0;
		}
	}
	while (strncmp(pattern, "{*}", 3) == 0)
		pattern += 3;
	return *pattern == '\0';
}

static int location_matches(const char *entry, const char *location)
{
	size_t n = strlen(entry);

	if (strcmp(entry, location) == 0)
		return 1;
	/* "/x/\*\*": the element at /x and everything inside it */
	if (n >= 3 && strcmp(entry + n - 3, "/**") == 0)
		return strncmp(entry, location, n - 2) == 0 ||
		       (strncmp(entry, location, n - 3) == 0 && location[n - 3] == '\0');
	return 0;
}

static int value_fits(const smart_profile_entry *e, const char *masked)
{
	if (!masked || e->n_patterns == 0)
		return 1;
	for (size_t i = 0; i < e->n_patterns; i++)
		if (pattern_matches(e->patterns[i], masked))
			return 1;
	return 0;
}

int smart_profile_entries_accept(const smart_profile_entry *entries, size_t n,
				 const char *location, const char *old_masked,
				 const char *new_masked)
{
	for (size_t i = 0; i < n; i++)
		if (location_matches(entries[i].location, location) &&
		    value_fits(&entries[i], old_masked) && value_fits(&entries[i], new_masked))
			return 1;
	return 0;
}

int smart_profile_accepts(const smart_profile *p, const char *test,
			  const char *location, const char *old_masked,
			  const char *new_masked)
{
	const smart_profile_test *t;

	if (!p)
		return 0;
	if (smart_profile_entries_accept(p->all, p->n_all, location, old_masked, new_masked))
		return 1;
	t = smart_profile_find_test(p, test);
	return t && smart_profile_entries_accept(t->entries, t->n_entries, location, old_masked,
						 new_masked);
}

size_t smart_profile_entry_count(const smart_profile *p)
{
	size_t n = p->n_all;

	for (size_t i = 0; i < p->n_tests; i++)
		n += p->tests[i].n_entries;
	return n;
}
