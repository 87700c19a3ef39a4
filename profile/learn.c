/*
 * Learning a profile from clean runs (Sprenkle et al. 2007 §4.3: run the
 * clean suite several times; whatever differs is nondeterminism): each run
 * of a test is aligned with the first by DiffX, and every edit between them
 * marks its location volatile, with the shape of the values it took.
 */
#include "smart/profile.h"

#include <fts.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smart/diffx.h"
#include "smart/file.h"

#define LEARN_MAX_FILE ((size_t)512 * 1024 * 1024)

/* Records one value (old or new side) of a varying location. */
static int record_value(smart_profile *p, const char *test, const char *loc,
			const char *value, smart_error *err)
{
	const smart_shapes *all = smart_shapes_all(err);
	unsigned found = 0;
	char *masked;
	int rc;

	if (!all)
		return -1;
	if (!value)
		return 0;
	masked = smart_shapes_mask(all, value, strlen(value), &found, err);
	if (!masked)
		return -1;
	rc = smart_profile_add(p, test, loc, masked, found, 0, err);
	free(masked);
	return rc;
}

char *smart_location_of_op(const smart_diff *d, const smart_edit_op *op)
{
	const smart_tree *t = op->old_node != SMART_NONE ? d->old_tree : d->new_tree;
	uint32_t node = op->old_node != SMART_NONE ? op->old_node : op->new_node;
	char *base, *loc;
	size_t n;

	if (op->kind == SMART_OP_INSERT || op->kind == SMART_OP_MOVE) {
		t = d->new_tree;
		node = t->nodes[op->new_node].parent;
	} else if (op->kind == SMART_OP_DELETE) {
		node = t->nodes[op->old_node].parent;
	}
	base = smart_location_of(t, node == SMART_NONE ? 0 : node);
	if (!base)
		return NULL;
	n = strlen(base) + (op->attr_name ? strlen(op->attr_name) : 0) + 4;
	loc = malloc(n);
	if (loc) {
		const char *sep = strcmp(base, "/") == 0 ? "" : "/";

		if (op->kind == SMART_OP_UPDATE)
			snprintf(loc, n, "%s", base);
		else if (op->attr_name)
			snprintf(loc, n, "%s%s@%s", base, sep, op->attr_name);
		else
			snprintf(loc, n, "%s%s*", base, sep);
	}
	free(base);
	return loc;
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
			rc = smart_profile_add(p, test, loc, NULL, 0, 0, err);
		else
			rc = record_value(p, test, loc, op->old_value, err) ||
			     record_value(p, test, loc, op->new_value, err);
		free(loc);
		if (rc)
			return -1;
	}
	return 0;
}

int smart_profile_learn_test(smart_profile *p, const char *test,
			     const char *const *docs, const size_t *lens,
			     const char *const *names, size_t n_runs,
			     smart_format format, smart_error *err)
{
	smart_tree *first;
	int rc = 0;

	if (n_runs < 2)
		return 0;
	first = smart_tree_parse(docs[0], lens[0], format, names[0], err);
	if (!first)
		return -1;
	for (size_t k = 1; k < n_runs && rc == 0; k++) {
		smart_tree *t = smart_tree_parse(docs[k], lens[k], format, names[k], err);
		smart_diff *d = t ? smart_diffx(first, t, err) : NULL;

		rc = d ? record_diff(p, test, d, err) : -1;
		smart_diff_free(d);
		smart_tree_free(t);
	}
	smart_tree_free(first);
	return rc;
}

/* ---- run folders ---- */

static int by_name(const FTSENT **a, const FTSENT **b)
{
	return strcmp((*a)->fts_name, (*b)->fts_name);
}

/* The regular files under `dir` as paths relative to it, in sorted order
 * (fts walks iteratively and does not follow symbolic links). */
static int list_files(const char *dir, char ***out, size_t *n, smart_error *err)
{
	char *argv[] = { (char *)dir, NULL };
	FTS *fts = fts_open(argv, FTS_PHYSICAL | FTS_NOCHDIR, by_name);
	FTSENT *e;
	size_t root = strlen(dir), cap = 0;

	*out = NULL;
	*n = 0;
	if (!fts)
		return smart_error_set(err, "%s: cannot list the run folder", dir);
	while ((e = fts_read(fts))) {
		char **grown;

		if (e->fts_info == FTS_DNR || e->fts_info == FTS_ERR) {
			fts_close(fts);
			return smart_error_set(err, "%s: cannot read the run folder", e->fts_path);
		}
		if (e->fts_info != FTS_F)
			continue;
		if (*n == cap) {
			cap = cap ? 2 * cap : 64;
			grown = realloc(*out, cap * sizeof(*grown));
			if (!grown) {
				fts_close(fts);
				return smart_error_oom(err);
			}
			*out = grown;
		}
		if (!((*out)[*n] = strdup(e->fts_path + root + (e->fts_path[root] == '/')))) {
			fts_close(fts);
			return smart_error_oom(err);
		}
		(*n)++;
	}
	fts_close(fts);
	return 0;
}

static void free_list(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

/* Reads the test `rel` from every run that has it and learns from them. */
static int learn_file(smart_profile *p, const char *const *dirs, size_t n_dirs,
		      const char *rel, smart_format format, smart_error *err)
{
	char **docs = calloc(n_dirs, sizeof(*docs)), **names = calloc(n_dirs, sizeof(*names));
	size_t *lens = calloc(n_dirs, sizeof(*lens)), got = 0;
	int rc = -1;

	if (!docs || !names || !lens) {
		smart_error_oom(err);
		goto done;
	}
	for (size_t k = 0; k < n_dirs; k++) {
		size_t len = strlen(dirs[k]) + strlen(rel) + 2;
		FILE *f;

		names[got] = malloc(len);
		if (!names[got]) {
			smart_error_oom(err);
			goto done;
		}
		snprintf(names[got], len, "%s/%s", dirs[k], rel);
		f = fopen(names[got], "rb");
		if (!f)
			continue; /* the test is missing from this run */
		fclose(f);
		if (smart_file_read(names[got], LEARN_MAX_FILE, &docs[got], &lens[got], err))
			goto done;
		got++;
	}
	rc = smart_profile_learn_test(p, rel, (const char *const *)docs, lens,
				      (const char *const *)names, got, format, err);
done:
	for (size_t k = 0; k < n_dirs; k++) {
		free(docs ? docs[k] : NULL);
		free(names ? names[k] : NULL);
	}
	free(docs);
	free(names);
	free(lens);
	return rc;
}

int smart_profile_learn_runs(smart_profile *p, const char *const *dirs,
			     size_t n_dirs, smart_format format, smart_error *err)
{
	char **files;
	size_t n;
	int rc = 0;

	if (n_dirs < 2)
		return smart_error_set(err, "a profile needs at least two runs (got %zu)", n_dirs);
	if (list_files(dirs[0], &files, &n, err))
		return -1;
	if (n == 0)
		rc = smart_error_set(err, "%s: no test outputs in the run folder", dirs[0]);
	for (size_t i = 0; i < n && rc == 0; i++)
		rc = learn_file(p, dirs, n_dirs, files[i], format, err);
	free_list(files, n);
	if (rc == 0) {
		snprintf(p->kind, sizeof(p->kind), "runs");
		p->runs += n_dirs;
		rc = smart_profile_generalise(p, err);
	}
	return rc;
}

/* ---- across tests ---- */

int smart_profile_generalise(smart_profile *p, smart_error *err)
{
	for (size_t i = 0; i < p->n_tests; i++) {
		for (size_t j = 0; j < p->tests[i].n_entries; j++) {
			const smart_profile_entry *e = &p->tests[i].entries[j];
			size_t in_tests = 0;
			int done = 0;

			for (size_t k = 0; k < p->n_all && !done; k++)
				done = strcmp(p->all[k].location, e->location) == 0;
			if (done)
				continue;
			for (size_t t = 0; t < p->n_tests; t++)
				for (size_t m = 0; m < p->tests[t].n_entries; m++)
					in_tests += strcmp(p->tests[t].entries[m].location,
							   e->location) == 0;
			if (in_tests < 2)
				continue;
			/* merge the patterns of every test at that location */
			for (size_t t = 0; t < p->n_tests; t++)
				for (size_t m = 0; m < p->tests[t].n_entries; m++) {
					const smart_profile_entry *f = &p->tests[t].entries[m];

					if (strcmp(f->location, e->location) != 0)
						continue;
					if (f->n_patterns == 0 &&
					    smart_profile_add(p, NULL, f->location, NULL, f->shapes, 0, err))
						return -1;
					for (size_t q = 0; q < f->n_patterns; q++)
						if (smart_profile_add(p, NULL, f->location, f->patterns[q],
								      f->shapes, 0, err))
							return -1;
				}
		}
	}
	return 0;
}
