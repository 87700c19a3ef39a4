/* The profile data model: tests, locations, patterns (profile.h). */
#include "smart/profile.h"
#include "internal.h"

#include "common/array.h"

#include <stdint.h>
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
	p->index = smart__profile_index_new();
	if (!p->index) {
		free(p);
		smart_error_oom(err);
		return NULL;
	}
	/* The built-in shapes need no check: p->compiled stays NULL until a
	 * loaded profile names others (compiling them there checks them). A
	 * profile is made for every application learnt and every adapted
	 * model; compiling the set here was most of the cost of a small one. */
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
	smart__profile_index_free(p->index);
	free(p);
}

size_t smart__profile_test_key(const char *name, char *buf, size_t size)
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

/* The test named exactly `test`, else the first whose smart__profile_test_key is
 * that of `test` or the part of it after some '/' (a path ending in the
 * test's name). */
const smart_profile_test *smart_profile_find_test(const smart_profile *p, const char *test)
{
	size_t at;

	if (!p || !test)
		return NULL;
	at = smart__profile_index_test(p, test);
	if (at == SIZE_MAX)
		at = smart__profile_index_test_by_path(p, test);
	return at == SIZE_MAX ? NULL : &p->tests[at];
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
	/* One at a time on purpose: an entry holds at most
	 * PROFILE_MAX_PATTERNS, and the public entry has no capacity field. */
	grown = realloc(e->patterns, (e->n_patterns + 1) * sizeof(*grown));
	if (!grown)
		return smart_error_oom(err);
	e->patterns = grown;
	if (!(e->patterns[e->n_patterns] = strdup(pattern)))
		return smart_error_oom(err);
	e->n_patterns++;
	return 0;
}

/* The test named `test`, added (with no entries) when there is none; NULL
 * with `err` set when out of memory. Also gives its number, *slot. */
static smart_profile_test *test_get(smart_profile *p, const char *test, size_t *slot,
				    smart_error *err)
{
	smart_profile_test *t;

	*slot = smart__profile_index_test(p, test);
	if (*slot != SIZE_MAX)
		return &p->tests[*slot];
	if (smart__array_reserve((void **)&p->tests, &p->tests_cap, p->n_tests, sizeof(*p->tests),
				16) < 0) {
		smart_error_oom(err);
		return NULL;
	}
	t = &p->tests[p->n_tests];
	memset(t, 0, sizeof(*t));
	if (!(t->test = strdup(test))) {
		smart_error_oom(err);
		return NULL;
	}
	*slot = p->n_tests++;
	if (smart__profile_index_add_test(p, *slot) < 0) {
		smart_error_oom(err);
		return NULL;
	}
	return t;
}

int smart__profile_add(smart_profile *p, const char *test, const char *location,
		      const char *pattern, unsigned shapes, int pinned,
		      smart_error *err)
{
	smart_profile_entry **v = &p->all, *e;
	size_t *n = &p->n_all, *cap = &p->all_cap, owner = 0, at;

	if (test) {
		smart_profile_test *t = test_get(p, test, &owner, err);

		if (!t)
			return -1;
		v = &t->entries;
		n = &t->n_entries;
		cap = &t->entries_cap;
		owner++; /* 0 stands for all tests */
	}
	at = smart__profile_index_entry(p, owner, location);
	if (at == SIZE_MAX) {
		if (smart__array_reserve((void **)v, cap, *n, sizeof(**v), 16) < 0)
			return smart_error_oom(err);
		e = &(*v)[*n];
		memset(e, 0, sizeof(*e));
		if (!(e->location = strdup(location)))
			return smart_error_oom(err);
		at = (*n)++;
		if (smart__profile_index_add_entry(p, owner, at) < 0)
			return smart_error_oom(err);
	}
	e = &(*v)[at];
	if (entry_add_pattern(e, pattern, err))
		return -1;
	e->shapes |= shapes;
	e->seen++;
	e->pinned |= pinned;
	return 0;
}

smart_profile_entry *smart__profile_entry_find(smart_profile *p, const char *test, const char *location)
{
	size_t owner = 0, at;

	if (test) {
		owner = smart__profile_index_test(p, test);
		if (owner == SIZE_MAX)
			return NULL;
		owner++;
	}
	at = smart__profile_index_entry(p, owner, location);
	if (at == SIZE_MAX)
		return NULL;
	return owner ? &p->tests[owner - 1].entries[at] : &p->all[at];
}

/* Wildcard match where "{*}" in `pattern` stands for any text (the usual
 * greedy algorithm with one backtracking point) and "{digits}" for one
 * whole run of digits (internal.h). */
int smart__profile_pattern_matches(const char *pattern, const char *s)
{
	const char *star = NULL, *resume = NULL;

	while (*s) {
		if (strncmp(pattern, "{*}", 3) == 0) {
			star = pattern += 3;
			resume = s;
		} else if (strncmp(pattern, "{digits}", 8) == 0 && *s >= '0' && *s <= '9') {
			pattern += 8; /* one whole run of digits (smart__profile_digits) */
			while (*s >= '0' && *s <= '9')
				s++;
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
	/* "//input/@id": that element's attribute wherever it stands */
	if (n > 2 && entry[1] == '/') {
		size_t m = strlen(location);

		return m >= n - 1 && strcmp(location + m - (n - 1), entry + 1) == 0;
	}
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
		if (smart__profile_pattern_matches(e->patterns[i], masked))
			return 1;
	return 0;
}

const smart_profile_entry *smart_profile_entries_find(const smart_profile_entry *entries,
						      size_t n, const char *location,
						      const char *old_masked,
						      const char *new_masked)
{
	for (size_t i = 0; i < n; i++)
		if (location_matches(entries[i].location, location) &&
		    value_fits(&entries[i], old_masked) && value_fits(&entries[i], new_masked))
			return &entries[i];
	return NULL;
}

int smart_profile_entries_accept(const smart_profile_entry *entries, size_t n,
				 const char *location, const char *old_masked,
				 const char *new_masked)
{
	return smart_profile_entries_find(entries, n, location, old_masked, new_masked) != NULL;
}

/* Twice the runs' most: two runs show one draw of how much a place
 * varies, a later run may vary it a little more (issue 35). */
size_t smart_profile_entry_limit(const smart_profile_entry *e)
{
	return e->most ? 2 * (size_t)e->most : SIZE_MAX;
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
