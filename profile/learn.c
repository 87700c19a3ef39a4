/*
 * Learning a profile from clean runs (Sprenkle et al. 2007 §4.3: run the
 * clean suite several times; whatever differs is nondeterminism): each run
 * of a test is aligned with the first by DiffX, and every edit between them
 * marks its location volatile, with the shape of the values it took.
 */
#include "smart/profile.h"
#include "internal.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "smart/diffx.h"

/* Records the two values of a varying location. When they are equal once
 * every shape is masked ("Generated 10:41" / "Generated 10:42"), the
 * masked value is the pattern; when they differ beyond shapes (a rotating
 * "featured product", free text), the place varies in content, not just in
 * tokens, and accepts any value. A value absent on one side (an attribute
 * inserted or deleted) records the other side's pattern. */
static int record_values(smart_profile *p, const char *test, const char *loc,
			 const char *old_value, const char *new_value, smart_error *err)
{
	const smart_shapes *all = smart_shapes_all(err);
	unsigned f1 = 0, f2 = 0;
	char *m1 = NULL, *m2 = NULL;
	int rc = -1;

	if (!all)
		return -1;
	if (old_value && !(m1 = smart_shapes_mask(all, old_value, strlen(old_value), &f1, err)))
		goto done;
	if (new_value && !(m2 = smart_shapes_mask(all, new_value, strlen(new_value), &f2, err)))
		goto done;
	if (m1 && m2 && strcmp(m1, m2) != 0)
		rc = smart__profile_add(p, test, loc, NULL, f1 | f2, 0, err);
	else
		rc = smart__profile_add(p, test, loc, m1 ? m1 : m2, f1 | f2, 0, err);
done:
	free(m1);
	free(m2);
	return rc;
}

/* Every edit of `d` marks its location. */
static int record_diff(smart_profile *p, const char *test, const smart_diff *d,
		       smart_error *err)
{
	for (size_t i = 0; i < d->op_count; i++) {
		const smart_edit_op *op = &d->ops[i];
		char *loc = smart_location_of_op(d, op);
		int rc;

		if (!loc)
			return smart_error_oom(err);
		if (op->kind == SMART_OP_INSERT || op->kind == SMART_OP_DELETE ||
		    op->kind == SMART_OP_MOVE)
			rc = smart__profile_add(p, test, loc, NULL, 0, 0, err);
		else
			rc = record_values(p, test, loc, op->old_value, op->new_value, err);
		free(loc);
		if (rc)
			return -1;
	}
	return 0;
}

int smart_profile_learn_test(smart_profile *p, const char *test,
			     const smart_document *runs, size_t n_runs,
			     smart_format format, smart_error *err)
{
	smart_tree *first;
	int rc = 0;

	if (n_runs < 2)
		return 0;
	first = smart_tree_parse(runs[0].data, runs[0].len, format, runs[0].name, err);
	if (!first)
		return -1;
	for (size_t k = 1; k < n_runs && rc == 0; k++) {
		smart_tree *t = smart_tree_parse(runs[k].data, runs[k].len, format, runs[k].name,
						 err);
		smart_diff *d = t ? smart_diffx(first, t, err) : NULL;

		rc = d ? record_diff(p, test, d, err) : -1;
		smart_diff_free(d);
		smart_tree_free(t);
	}
	smart_tree_free(first);
	return rc;
}

/* ---- runs ---- */

/* Reads the test `rel` from every run that has it and learns from them. */
static int learn_file(smart_profile *p, smart_run *const *runs, const char *const *paths,
		      size_t n_runs, const char *rel, smart_format format, smart_error *err)
{
	char **docs = calloc(n_runs, sizeof(*docs)), **names = calloc(n_runs, sizeof(*names));
	size_t *lens = calloc(n_runs, sizeof(*lens)), got = 0;
	smart_document *pages = calloc(n_runs, sizeof(*pages));
	int rc = -1;

	if (!docs || !names || !lens || !pages) {
		smart_error_oom(err);
		goto done;
	}
	for (size_t k = 0; k < n_runs; k++) {
		size_t len = strlen(paths[k]) + strlen(rel) + 2;
		int found;

		names[got] = malloc(len);
		if (!names[got]) {
			smart_error_oom(err);
			goto done;
		}
		snprintf(names[got], len, "%s/%s", paths[k], rel);
		found = smart_run_read(runs[k], rel, &docs[got], &lens[got], err);
		if (found < 0)
			goto done;
		got += found; /* a test missing from a run is left out of it */
	}
	for (size_t k = 0; k < got; k++)
		pages[k] = (smart_document){ docs[k], lens[k], names[k] };
	rc = smart_profile_learn_test(p, rel, pages, got, format, err);
done:
	for (size_t k = 0; k < n_runs; k++) {
		free(docs ? docs[k] : NULL);
		free(names ? names[k] : NULL);
	}
	free(docs);
	free(names);
	free(lens);
	free(pages);
	return rc;
}

int smart_profile_learn_runs(smart_profile *p, const char *const *dirs,
			     size_t n_dirs, smart_format format, smart_error *err)
{
	smart_run **runs;
	int rc = 0;

	if (n_dirs < 2)
		return smart_error_set(err, "a profile needs at least two runs (got %zu)", n_dirs);
	runs = calloc(n_dirs, sizeof(*runs));
	if (!runs)
		return smart_error_oom(err);
	for (size_t k = 0; k < n_dirs && rc == 0; k++)
		if (!(runs[k] = smart_run_open(dirs[k], err)))
			rc = -1;
	if (rc == 0 && smart_run_count(runs[0]) == 0)
		rc = smart_error_set(err, "%s: no test outputs in the run", dirs[0]);
	for (size_t i = 0; rc == 0 && i < smart_run_count(runs[0]); i++)
		rc = learn_file(p, runs, dirs, n_dirs, smart_run_name(runs[0], i), format, err);
	for (size_t k = 0; k < n_dirs; k++)
		smart_run_close(runs[k]);
	free(runs);
	if (rc == 0) {
		snprintf(p->kind, sizeof(p->kind), "runs");
		p->runs += n_dirs;
		rc = smart_profile_generalise(p, err);
	}
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

				if (!f)
					continue;
				if (f->n_patterns == 0 &&
				    smart__profile_add(p, NULL, f->location, NULL, f->shapes, 0, err))
					return -1;
				for (size_t q = 0; q < f->n_patterns; q++)
					if (smart__profile_add(p, NULL, f->location, f->patterns[q],
							      f->shapes, 0, err))
						return -1;
			}
		}
	}
	prune_covered(p);
	return smart__profile_index_rebuild(p, err);
}
