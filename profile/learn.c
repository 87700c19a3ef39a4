/*
 * Learning a profile from clean runs (Sprenkle et al. 2007 §4.3: run the
 * clean suite several times; whatever differs is nondeterminism): every
 * edit between two runs of a test, aligned as the measuring stage aligns
 * them (measure/learn_profile.c), marks its location volatile, with the
 * shape of the values it took; then the places that vary in several tests
 * are generalised to all tests.
 */
#include "smart/profile.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "smart/diffx.h"

/* Length of a placeholder's name at s ("version" of "version}}"): a
 * lower-case letter, then letters, digits, '-' and '_'; 0 when none. */
static size_t placeholder_name(const char *s)
{
	size_t n = 0;

	if (s[0] < 'a' || s[0] > 'z')
		return 0;
	while ((s[n] >= 'a' && s[n] <= 'z') || (s[n] >= '0' && s[n] <= '9') || s[n] == '-' ||
	       s[n] == '_')
		n++;
	return n;
}

char *smart__profile_mask(const smart_shapes *all, const char *value, unsigned *found,
			  smart_error *err)
{
	char *m = smart_shapes_mask(all, value, strlen(value), found, err);
	size_t at = 0, i = 0;

	if (!m)
		return NULL;
	while (m[i]) {
		size_t n;

		if (m[i] == '{' && m[i + 1] == '{') { /* a literal brace, or a scrubbed placeholder */
			n = placeholder_name(m + i + 2);
			if (n && m[i + 2 + n] == '}' && m[i + 3 + n] == '}') {
				char name[32];

				if (found && n < sizeof(name)) {
					int shape;

					memcpy(name, m + i + 2, n);
					name[n] = '\0';
					shape = smart_shape_from_name(name);
					*found |= shape >= 0 ? 1u << shape : 0;
				}
				m[at++] = '{';
				memmove(m + at, m + i + 2, n);
				at += n;
				m[at++] = '}';
				i += n + 4;
			} else {
				m[at++] = m[i++];
				m[at++] = m[i++];
			}
		} else if (m[i] == '{') { /* a placeholder of the masking */
			while (m[i] && m[i] != '}')
				m[at++] = m[i++];
			if (m[i])
				m[at++] = m[i++];
		} else {
			m[at++] = m[i++];
		}
	}
	m[at] = '\0';
	return m;
}

/* The pattern of two values that differ beyond their shapes only in runs
 * of digits glued to the same words ("showAll_724124250" ->
 * "showAll_188102944": "showAll_{digits}"), or NULL: none, or out of
 * memory (*oom set). A bare number keeps no pattern. */
static char *digits_pattern(const char *m1, const char *m2, int *oom)
{
	char *d1 = smart__profile_digits(m1), *d2 = smart__profile_digits(m2);

	*oom = !d1 || !d2;
	if (*oom || strcmp(d1, d2) != 0 || !smart__profile_pattern_has_letter(d1)) {
		free(d1);
		d1 = NULL;
	}
	free(d2);
	return d1;
}

/* Records the two values of a varying location. When they are equal once
 * every shape is masked ("Generated 10:41" / "Generated 10:42"), the
 * masked value is the pattern; when they differ only in digits glued to
 * words, that form ("showAll_{digits}"); when they differ beyond shapes (a
 * rotating "featured product", free text), the place varies in content,
 * not just in tokens: what the two values share stays literal and each
 * stretch where they differ is "{*}" ("Deal of the day: {*}",
 * profile/template.c), and a place whose values share no word or shape
 * accepts any value. A value absent on one side (an attribute inserted or deleted)
 * records the other side's pattern. */
static int record_values(smart_profile *p, const char *test, const char *loc,
			 const char *old_value, const char *new_value, smart_error *err)
{
	const smart_shapes *all = smart_shapes_all(err);
	unsigned f1 = 0, f2 = 0;
	char *m1 = NULL, *m2 = NULL;
	int rc = -1;

	if (!all)
		return -1;
	if (old_value && !(m1 = smart__profile_mask(all, old_value, &f1, err)))
		goto done;
	if (new_value && !(m2 = smart__profile_mask(all, new_value, &f2, err)))
		goto done;
	if (m1 && m2 && strcmp(m1, m2) != 0) {
		int oom;
		char *d = digits_pattern(m1, m2, &oom);

		if (!d && !oom)
			d = smart__profile_template(m1, m2, &oom);
		rc = oom ? smart_error_oom(err) : smart__profile_add(p, test, loc, d, f1 | f2, 0, err);
		free(d);
	} else
		rc = smart__profile_add(p, test, loc, m1 ? m1 : m2, f1 | f2, 0, err);
done:
	free(m1);
	free(m2);
	return rc;
}

static int by_string(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Raises the `most` of the entries of `test` at the locations `locs` (n
 * of them, one per edit of a pair; sorted here) to how many edits this
 * pair made at each. */
static void note_most(smart_profile *p, const char *test, char **locs, size_t n)
{
	qsort(locs, n, sizeof(*locs), by_string);
	for (size_t at = 0, end; at < n; at = end) {
		smart_profile_entry *e;

		for (end = at; end < n && strcmp(locs[end], locs[at]) == 0; end++)
			;
		e = smart__profile_entry_find(p, test, locs[at]);
		if (e && end - at > e->most)
			e->most = (unsigned)(end - at < UINT32_MAX ? end - at : UINT32_MAX);
	}
}

int smart_profile_learn_diff(smart_profile *p, const char *test, const smart_diff *d,
			     smart_error *err)
{
	char **locs = calloc(d->op_count ? d->op_count : 1, sizeof(*locs));
	int rc = 0;

	if (!locs)
		return smart_error_oom(err);
	for (size_t i = 0; i < d->op_count && rc == 0; i++) {
		const smart_edit_op *op = &d->ops[i];
		char *loc = smart_location_of_op(d, op);

		if (!loc) {
			rc = smart_error_oom(err);
			break;
		}
		locs[i] = loc;
		if (op->kind == SMART_OP_INSERT || op->kind == SMART_OP_DELETE ||
		    op->kind == SMART_OP_MOVE)
			rc = smart__profile_add(p, test, loc, NULL, 0, 0, err);
		else
			rc = record_values(p, test, loc, op->old_value, op->new_value, err);
	}
	if (rc == 0)
		note_most(p, test, locs, d->op_count);
	for (size_t i = 0; i < d->op_count; i++)
		free(locs[i]);
	free(locs);
	return rc;
}

/* ---- across tests ---- */

/* Drops the per-test entries that an all-tests entry at the same location
 * now covers (its patterns are the union of theirs), and the tests left
 * without entries, so the file lists each place once. Pinned entries stay. */
static void prune_covered(smart_profile *p)
{
	size_t kept_tests = 0;

	for (size_t i = 0; i < p->n_tests; i++) {
		smart_profile_test *t = &p->tests[i];
		size_t kept = 0;

		for (size_t j = 0; j < t->n_entries; j++) {
			smart_profile_entry *e = &t->entries[j];
			int covered;

			covered = !e->pinned && smart__profile_index_entry(p, 0, e->location) != SIZE_MAX;
			if (covered) {
				free(e->location);
				for (size_t q = 0; q < e->n_patterns; q++)
					free(e->patterns[q]);
				free(e->patterns);
			} else {
				t->entries[kept++] = *e;
			}
		}
		t->n_entries = kept;
		if (kept == 0) {
			free(t->test);
			free(t->entries);
		} else {
			p->tests[kept_tests++] = *t;
		}
	}
	p->n_tests = kept_tests;
}

/* The entry at `location` of test number t, or NULL. */
static const smart_profile_entry *test_entry(const smart_profile *p, size_t t,
					     const char *location)
{
	size_t at = smart__profile_index_entry(p, t + 1, location);

	return at == SIZE_MAX ? NULL : &p->tests[t].entries[at];
}

/* Adds every pattern of entry `f` (none: any value) to the all-tests
 * entry at its location, whose bound (`most`) becomes the largest of
 * theirs (none when either has none). */
static int merge_into_all(smart_profile *p, const smart_profile_entry *f, smart_error *err)
{
	int fresh = smart__profile_index_entry(p, 0, f->location) == SIZE_MAX;
	smart_profile_entry *all;

	if (f->n_patterns == 0) {
		if (smart__profile_add(p, NULL, f->location, NULL, f->shapes, 0, err))
			return -1;
	}
	for (size_t q = 0; q < f->n_patterns; q++)
		if (smart__profile_add(p, NULL, f->location, f->patterns[q], f->shapes, 0, err))
			return -1;
	all = smart__profile_entry_find(p, NULL, f->location);
	if (all)
		all->most = fresh ? f->most
				  : !all->most || !f->most ? 0
				  : all->most > f->most ? all->most
				  : f->most;
	return 0;
}

/* True when entry `e` may speak for every page once widened: a value
 * that changes only in its shapes (a pattern), or an attribute that takes
 * any value (a random id, a token); not text or structure that changes
 * beyond shapes (a rotating banner, a template's "{*}"), which on another
 * page is as likely a fault (the hand-made applications lost faults so,
 * issue 35). */
static int widens(const smart_profile_entry *e)
{
	int templates = 0;

	for (size_t q = 0; q < e->n_patterns; q++)
		templates |= smart__profile_pattern_is_template(e->patterns[q]);
	return !e->pinned &&
	       ((e->n_patterns > 0 && !templates) || strstr(e->location, "/@") != NULL);
}

int smart_profile_widen(smart_profile *p, smart_error *err)
{
	for (size_t i = 0; i < p->n_tests; i++)
		for (size_t j = 0; j < p->tests[i].n_entries; j++)
			if (widens(&p->tests[i].entries[j]) &&
			    (merge_into_all(p, &p->tests[i].entries[j], err) ||
			     smart__profile_spread_anywhere(p, &p->tests[i].entries[j], err)))
				return -1;
	for (size_t j = 0, n = p->n_all; j < n; j++) {
		smart_profile_entry e = p->all[j]; /* p->all may grow */

		if (strncmp(e.location, "//", 2) != 0 && smart__profile_spread_anywhere(p, &e, err))
			return -1;
	}
	smart__profile_drop_unbounded_anywhere(p);
	prune_covered(p);
	return smart__profile_index_rebuild(p, err);
}

int smart_profile_generalise(smart_profile *p, smart_error *err)
{
	for (size_t i = 0; i < p->n_tests; i++) {
		for (size_t j = 0; j < p->tests[i].n_entries; j++) {
			const smart_profile_entry *e = &p->tests[i].entries[j];
			size_t in_tests = 0;

			if (smart__profile_index_entry(p, 0, e->location) != SIZE_MAX)
				continue;
			for (size_t t = 0; t < p->n_tests; t++)
				in_tests += test_entry(p, t, e->location) != NULL;
			if (in_tests < 2)
				continue;
			/* merge the patterns of every test at that location */
			for (size_t t = 0; t < p->n_tests; t++) {
				const smart_profile_entry *f = test_entry(p, t, e->location);

				if (f && merge_into_all(p, f, err))
					return -1;
			}
		}
	}
	prune_covered(p);
	return smart__profile_index_rebuild(p, err);
}
