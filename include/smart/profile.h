/*
 * Volatility profiles: where, and in what shape, the output of a clean
 * program varies from run to run (Sprenkle et al. 2007 rerun the clean
 * suite to expose nondeterminism; FragGen's "data-fluid" fragments).
 *
 * A profile is learned from two or more clean runs of the same test suite
 * (folders whose files share relative paths) or from rerun pairs, and lists
 * the aligned *locations* whose values varied — element paths with the [k]
 * positions stripped (so repeated siblings share one location), followed by
 * "/text()" (the text of such elements), "/@NAME" (an attribute), "/\*" (the
 * element's children come and go), "/\*order" (their order varies) or "/\*\*" (anything inside: a region a
 * tester pins) — each with the *patterns* its values took: the value with
 * every shape (dates, times, tokens, versions, numbers, ...) replaced by
 * "{shape}". A location without patterns accepts any value.
 *
 * The shapes themselves are smart/shapes.h; scrubbing them out of a pair
 * before alignment is smart/scrub.h.
 *
 * The JSON format is documented in docs/profile.md.
 */
#ifndef SMART_PROFILE_H
#define SMART_PROFILE_H

#include <stddef.h>

#include "smart/error.h"
#include "smart/shapes.h"
#include "smart/tree.h"

/* ---- locations (profile/location.c) ---- */

/* The location of node `node` of `t`: its path with the [k] positions
 * removed ("/html/body/div/p/text()"). A new string (free()) or NULL. */
char *smart_location_of(const smart_tree *t, uint32_t node);

/* The location an edit of `d` changes: a text or attribute value at its
 * node ("/html/body/p/text()", "/html/body/img/@src"), an insert or delete
 * at the parent's children ("/html/body/ul/\*"), a move at their order
 * ("/html/body/ul/\*order"). A new string
 * (free()) or NULL. */
struct smart_diff;
struct smart_edit_op;
char *smart_location_of_op(const struct smart_diff *d, const struct smart_edit_op *op);

/* ---- the profile (profile/profile.c) ---- */

typedef struct smart_profile_entry {
	char *location;   /* see above */
	char **patterns;  /* masked values; none: any value is volatile */
	size_t n_patterns;
	unsigned shapes;  /* shapes met in the values that varied */
	unsigned seen;    /* how many varying values were observed */
	int pinned;       /* written by a tester: kept, never re-learned */
	unsigned most;    /* the most edits one pair of runs made here; a pair
	                   * with more than twice as many is not explained by
	                   * the entry (a fault reordering a whole list where
	                   * the runs swapped two items). 0: no bound */
} smart_profile_entry;

typedef struct smart_profile_test {
	char *test;       /* relative path of the test's output */
	smart_profile_entry *entries;
	size_t n_entries;
	size_t entries_cap;       /* room allocated in entries */
} smart_profile_test;

typedef struct smart_profile {
	unsigned shapes;          /* volatile everywhere (default: built-in) */
	smart_shapes *compiled;   /* `shapes`, compiled when a loaded profile names
	                           * other than the built-in ones (which checks
	                           * them); NULL otherwise; owned. Threads match with their own copy
	                           * (smart_shapes_of_thread). */
	smart_profile_entry *all; /* locations volatile in every test */
	size_t n_all, all_cap;    /* all_cap: room allocated in all */
	smart_profile_test *tests;/* in the order first added */
	size_t n_tests, tests_cap;
	struct smart_profile_index *index; /* lookups by test and location; owned */
	char kind[16];            /* "runs" or "pairs": what it was learned from */
	size_t runs, pairs;       /* how many runs (or rerun pairs) */
} smart_profile;

/* An empty profile with the built-in shapes. Free with
 * smart_profile_free. */
smart_profile *smart_profile_new(smart_error *err);
void smart_profile_free(smart_profile *p);

/* The entries of `test` (whose name may be a path ending in the profile's
 * test name; extensions do not matter), or NULL. */
const smart_profile_test *smart_profile_find_test(const smart_profile *p,
						  const char *test);

/* True when a value change at `location` is expected noise according to
 * `entries` (n of them): an entry at that location (or a "/\*\*" region
 * containing it) accepts any value or lists the masked values given (a
 * NULL masked value — the side where the value is absent — always fits). */
int smart_profile_entries_accept(const smart_profile_entry *entries, size_t n,
				 const char *location, const char *old_masked,
				 const char *new_masked);

/* The first of `entries` that accepts the change (as
 * smart_profile_entries_accept), or NULL. */
const smart_profile_entry *smart_profile_entries_find(const smart_profile_entry *entries,
						      size_t n, const char *location,
						      const char *old_masked,
						      const char *new_masked);

/* How many edits of one pair entry `e` may explain: twice the most one
 * pair of its runs made there, or SIZE_MAX when it has no bound. */
size_t smart_profile_entry_limit(const smart_profile_entry *e);

/* The same over the profile's "all tests" entries and those of `test`. */
int smart_profile_accepts(const smart_profile *p, const char *test,
			  const char *location, const char *old_masked,
			  const char *new_masked);

/* Total entries (all tests and per test). */
size_t smart_profile_entry_count(const smart_profile *p);

/* ---- judging a pair's edits (profile/judge.c) ---- */

/* What the profile and the value shapes make of each edit of a pair. */
typedef struct smart_edit_verdicts {
	unsigned char *noise; /* per edit of the diff: 1 = expected noise */
	char **old_masked;    /* per edit: a stable text update's values with */
	char **new_masked;    /* the volatile shapes masked (also an update an
	                       * entry with a bound explained); NULL otherwise */
	size_t n;             /* the diff's op_count */
} smart_edit_verdicts;

/* Judges every edit of `d` (the alignment of the scrubbed trees) against
 * the profile `p` (NULL: the built-in value shapes only) and its entries
 * for `test` (NULL: none). 0, or -1 with `err` set and *out empty. Free
 * with smart_edit_verdicts_free. */
int smart_profile_judge(const smart_profile *p, const char *test, const struct smart_diff *d,
			smart_edit_verdicts *out, smart_error *err);

void smart_edit_verdicts_free(smart_edit_verdicts *v);

/* ---- normalising (profile/normalize.c) ---- */

/* A copy of `t` in which every volatile text and attribute value is
 * replaced by its pattern: "{*}" where the profile accepts any value, the
 * value with every shape masked where a pattern fits, and elsewhere the
 * value with the profile's everywhere-shapes masked. Aligning two such
 * copies shows only what is not noise. The copy borrows the strings of `t`
 * (t must outlive it); free it with smart_tree_free. */
smart_tree *smart_profile_normalize(const smart_profile *p, const char *test,
				    const smart_tree *t, smart_error *err);

/* ---- files (profile/profile_json.c) ---- */

/* The profile as a new, indented JSON string (free()). */
char *smart_profile_to_json(const smart_profile *p, smart_error *err);

/* Parses and validates a profile; `source` names it in errors. */
smart_profile *smart_profile_from_json(const char *json, size_t len,
				       const char *source, smart_error *err);

int smart_profile_save(const smart_profile *p, const char *path, smart_error *err);
smart_profile *smart_profile_load(const char *path, smart_error *err);

/* ---- runs (profile/runs.c) ---- */

/* The outputs of one run of a suite: a folder, or a tar archive (plain,
 * .tar.gz, .tgz, .tar.xz, .tar.bz2; read whole into memory, refused as
 * soon as an entry, the archive or all archives open at once would
 * inflate past their caps, README "Limits"). Free with smart_run_close. */
typedef struct smart_run smart_run;
smart_run *smart_run_open(const char *path, smart_error *err);
void smart_run_close(smart_run *r);

/* The files of the run, by relative path in sorted order ("./" dropped). */
size_t smart_run_count(const smart_run *r);
const char *smart_run_name(const smart_run *r, size_t i);

/* Reads the file `rel` into a new NUL-terminated buffer: 1, or 0 when the
 * run has no such file, or -1 with `err` set. */
int smart_run_read(const smart_run *r, const char *rel, char **data, size_t *len,
		   smart_error *err);

/* True when a file name looks like a run archive (.tar, .tar.gz, ...). */
int smart_run_is_archive_name(const char *name);

/* ---- learning (profile/learn.c) ---- */

/* Learns from one aligned pair of clean runs of `test` (d's trees as
 * the measuring stage aligned them, scrubbed): every edit marks its
 * location. Learning from documents and run folders goes through the
 * measuring stage, so that the profile holds what classifying sees
 * (smart_profile_learn_test, smart_profile_learn_runs in smart/measure.h). */
int smart_profile_learn_diff(smart_profile *p, const char *test, const struct smart_diff *d,
			     smart_error *err);

/* After the tests are learned: a location that varied in at least two
 * tests becomes an entry of all tests (its patterns merged). */
int smart_profile_generalise(smart_profile *p, smart_error *err);

/* Makes entries of a test entries of all tests, their patterns merged:
 * for a profile learnt from a few pairs of an application (adaptation),
 * which cannot show a place varying in two pages, a place that varied in
 * one of its pages is taken to vary in every page that has it (a session
 * token of the login form, a random checkbox id) -- when its values
 * changed only in their shapes, or it is an attribute. Text and structure
 * that changed beyond shapes, and pinned entries, stay with their test. */
int smart_profile_widen(smart_profile *p, smart_error *err);

/* ---- what a profile must not explain (profile/forbid.c) ---- */

/* Drops from `p` every entry (of all tests, anywhere or of one test; not
 * a pinned one) at a location `faults` holds -- a profile learnt from
 * pairs labelled inspect, so the places their faults changed -- and, for
 * an anywhere location ("//input/@id"), at a location ending so. Used by
 * adaptation: a place a labelled fault changed is never explained by the
 * profile its clean reruns taught. *dropped (may be NULL) gets how many
 * entries went. 0, or -1 with `err` set. */
int smart_profile_forbid(smart_profile *p, const smart_profile *faults, size_t *dropped,
			 smart_error *err);

#endif
