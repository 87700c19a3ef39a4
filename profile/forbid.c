/*
 * What a profile must never explain (smart_profile_forbid): the places a
 * fault changed. A profile an adapted model carries is learnt from a few
 * clean reruns and widened, so that a place that varied on one page
 * speaks for every page (profile/learn.c); when one of the same
 * adaptation pairs is a fault that changed that very place, the place is
 * where this application's faults show, and the widened entry would hide
 * the next fault there (docs/adaptation.md, "Never worse than none").
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* True when `loc` ends with `tail` at a step boundary ("/a/td/input/@id"
 * ends with "/input/@id"). */
static int ends_with_step(const char *loc, const char *tail)
{
	size_t n = strlen(loc), m = strlen(tail);

	return m <= n && strcmp(loc + n - m, tail) == 0 && (m == n || tail[0] == '/');
}

/* True when entry location `loc` names a place a fault changed: one of
 * the fault locations `bad[0 .. n)`, or for an anywhere location
 * ("//input/@id") one they end with. */
static int forbidden(const char *loc, char *const *bad, size_t n)
{
	for (size_t k = 0; k < n; k++)
		if (strcmp(loc, bad[k]) == 0 ||
		    (strncmp(loc, "//", 2) == 0 && ends_with_step(bad[k], loc + 1)))
			return 1;
	return 0;
}

/* Frees what entry `e` owns. */
static void entry_clear(smart_profile_entry *e)
{
	free(e->location);
	for (size_t q = 0; q < e->n_patterns; q++)
		free(e->patterns[q]);
	free(e->patterns);
}

/* Keeps the entries of v[0 .. *n) at no forbidden location (pinned ones
 * always: a tester wrote them); returns how many were dropped. */
static size_t keep_allowed(smart_profile_entry *v, size_t *n, char *const *bad, size_t n_bad)
{
	size_t kept = 0, dropped = 0;

	for (size_t j = 0; j < *n; j++) {
		if (!v[j].pinned && forbidden(v[j].location, bad, n_bad)) {
			entry_clear(&v[j]);
			dropped++;
		} else {
			v[kept++] = v[j];
		}
	}
	*n = kept;
	return dropped;
}

/* Appends every entry location of v[0 .. n) to *bad (room for them). */
static void collect(const smart_profile_entry *v, size_t n, char **bad, size_t *n_bad)
{
	for (size_t j = 0; j < n; j++)
		bad[(*n_bad)++] = v[j].location;
}

int smart_profile_forbid(smart_profile *p, const smart_profile *faults, size_t *dropped,
			 smart_error *err)
{
	size_t n_bad = faults->n_all, gone = 0;
	char **bad;

	for (size_t i = 0; i < faults->n_tests; i++)
		n_bad += faults->tests[i].n_entries;
	if (dropped)
		*dropped = 0;
	if (n_bad == 0)
		return 0;
	if (!(bad = malloc(n_bad * sizeof(*bad))))
		return smart_error_oom(err);
	n_bad = 0;
	collect(faults->all, faults->n_all, bad, &n_bad);
	for (size_t i = 0; i < faults->n_tests; i++)
		collect(faults->tests[i].entries, faults->tests[i].n_entries, bad, &n_bad);
	gone += keep_allowed(p->all, &p->n_all, bad, n_bad);
	for (size_t i = 0, kept = 0, n = p->n_tests; i < n; i++) {
		smart_profile_test *t = &p->tests[i];

		gone += keep_allowed(t->entries, &t->n_entries, bad, n_bad);
		if (t->n_entries == 0) { /* a test left with nothing: gone too */
			free(t->test);
			free(t->entries);
		} else {
			p->tests[kept++] = *t;
		}
		p->n_tests = kept;
	}
	free(bad);
	if (dropped)
		*dropped = gone;
	return smart__profile_index_rebuild(p, err);
}
