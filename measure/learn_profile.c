/*
 * Learning a volatility profile through the measuring stage: two clean
 * runs of a test are parsed, scrubbed and aligned exactly as a pair is
 * when it is classified, and what is left differing is what the profile
 * records (profile/learn.c). A profile learnt from the raw trees spoke of
 * values classifying never sees ("7.2.10" where the judge reads
 * "{version}"), and did not explain its own runs (issue 35).
 *
 * The learned scrubber is left off here: its verdict depends on the pair
 * (run 1 -> run 3 may read as volatile where run 3 -> run 1 does not), so
 * a place it hid in one pair of runs would be missing from the profile
 * when classifying meets the pair it does not explain. With it off, the
 * profile holds every place the runs vary; classifying still runs it, and
 * an edit it removes never reaches the profile's judge.
 */
#include "smart/measure.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smart/profile.h"
#include "smart/scrub.h"

/* Where the edits of one aligned pair go. */
typedef struct learner {
	smart_profile *p;
	const char *test;
} learner;

/* The measuring stage's hook: records the aligned pair. */
static int on_aligned(void *ctx, const smart_aligned_pair *pair, smart_error *err)
{
	learner *l = ctx;

	return smart_profile_learn_diff(l->p, l->test, pair->diff, err);
}

/* Learns from every two of the runs, with the scrubbers `scrubbers_off`
 * also off. */
static int learn_off(smart_profile *p, const char *test, const smart_document *runs,
		     size_t n_runs, smart_format format, unsigned scrubbers_off, smart_error *err)
{
	learner l = { p, test };

	for (size_t i = 0; i < n_runs; i++)
		for (size_t j = i + 1; j < n_runs; j++) {
			smart_measure m = { .format = format, .test = test, .align_only = 1,
					    .scrubbers_off = scrubbers_off |
							     1u << SMART_SCRUBBER_LEARNED,
					    .on_aligned = on_aligned, .on_aligned_ctx = &l };

			if (smart_measure_pair(&runs[i], &runs[j], &m, err))
				return -1;
		}
	return 0;
}

int smart_profile_learn_test(smart_profile *p, const char *test,
			     const smart_document *runs, size_t n_runs,
			     smart_format format, smart_error *err)
{
	return learn_off(p, test, runs, n_runs, format, 0, err);
}

/* As smart_profile_learn_test on two runs, with the scrubbers
 * `scrubbers_off` also off: a simulated first look learns its profile as
 * a build without the application's own rules would
 * (train/first_look_rows.c). */
int smart_profile_learn_pair_off(smart_profile *p, const char *test,
				 const smart_document runs[2], smart_format format,
				 unsigned scrubbers_off, smart_error *err)
{
	return learn_off(p, test, runs, 2, format, scrubbers_off, err);
}

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
