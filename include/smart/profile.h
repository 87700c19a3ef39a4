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
 * Shapes are also the profile-free default: the built-in shapes (dates,
 * times, relative times, UUID, hex, base64 tokens, epoch timestamps) are
 * volatile wherever they occur, so a change that is only such a token is
 * discounted even without a profile. Shape matching uses POSIX extended
 * regular expressions (regex.h).
 *
 * The JSON format is documented in docs/profile.md.
 */
#ifndef SMART_PROFILE_H
#define SMART_PROFILE_H

#include <stddef.h>

#include "smart/error.h"
#include "smart/tree.h"

/* ---- value shapes (profile/shapes_table.c, shapes.c, shapes_mask.c) ---- */

typedef enum smart_shape {
	SMART_SHAPE_UUID = 0,
	SMART_SHAPE_DATE,      /* calendar dates, ISO date-times, RFC dates */
	SMART_SHAPE_TIME,      /* clock times, with seconds, am/pm, zone */
	SMART_SHAPE_RELTIME,   /* "3 days ago", "in 2 hours", "just now" */
	SMART_SHAPE_EPOCH,     /* 10- or 13-digit Unix timestamps, Julian days */
	SMART_SHAPE_HEX,       /* 8+ hex digits with a digit and a letter */
	SMART_SHAPE_BASE64,    /* 16+ base64 characters, mixed case and digits
	                        * (12+ when they also look random) */
	SMART_SHAPE_URL_QUERY, /* a URL's ?key=value&... part */
	SMART_SHAPE_PATH,      /* absolute file paths (/home/..., C:\...) */
	SMART_SHAPE_VERSION,   /* 1.2.3, v2.0, 4.3.0-beta */
	SMART_SHAPE_JWT,       /* eyJ....eyJ....sig: JSON web tokens */
	SMART_SHAPE_CUID,      /* c + 24 lower-case letters and digits (cuid) */
	SMART_SHAPE_TZNAME,    /* "(Coordinated Universal Time)", "(Central European Summer Time)" */
	SMART_SHAPE_COPYRIGHT, /* "(c) 2010-2023", "Copyright 2024", "&copy; 2019" */
	SMART_SHAPE_DURATION,  /* "0.023 s", "12ms", "9.9 days" (not "ago") */
	SMART_SHAPE_HOSTPORT,  /* localhost, 127.0.0.1, 10.0.0.7, with a port */
	SMART_SHAPE_CACHEBUST, /* ?v=3.2.1, &ver=1700000000, ?_=12345 */
	SMART_SHAPE_TIMING,    /* a number keyed as a time: "walltime":"0.055", elapsed=12 */
	SMART_SHAPE_COUNTER,   /* "534 visitors today", "Views: 1,204", "viewed 12 times" */
	SMART_SHAPE_SIZE,      /* "12.3 KB", "4 MiB", "2048 bytes" */
	SMART_SHAPE_NONCE,     /* ?_wpnonce=..., &token=..., &csrf_token=...: keyed as a secret */
	SMART_SHAPE_NUMBER,    /* integers and decimals */
	SMART_SHAPE_COUNT
} smart_shape;

/* Sets of shapes are bit masks: bit s for shape s. */
#define SMART_SHAPES_ALL ((1u << SMART_SHAPE_COUNT) - 1)
/* The shapes the volatility features call volatile everywhere without a
 * profile (features/volatility.c). */
#define SMART_SHAPES_BUILTIN                                                   \
	((1u << SMART_SHAPE_UUID) | (1u << SMART_SHAPE_DATE) |                 \
	 (1u << SMART_SHAPE_TIME) | (1u << SMART_SHAPE_RELTIME) |              \
	 (1u << SMART_SHAPE_EPOCH) | (1u << SMART_SHAPE_HEX) |                 \
	 (1u << SMART_SHAPE_BASE64))
/* The shapes scrubbed out of both trees before alignment (scrub, then
 * align): the built-in ones and those that vary between builds and hosts
 * rather than between requests. */
#define SMART_SHAPES_SCRUB                                                     \
	(SMART_SHAPES_BUILTIN | (1u << SMART_SHAPE_PATH) |                      \
	 (1u << SMART_SHAPE_VERSION) | (1u << SMART_SHAPE_JWT) |               \
	 (1u << SMART_SHAPE_CUID) | (1u << SMART_SHAPE_TZNAME) |               \
	 (1u << SMART_SHAPE_COPYRIGHT) | (1u << SMART_SHAPE_DURATION) |        \
	 (1u << SMART_SHAPE_HOSTPORT) | (1u << SMART_SHAPE_CACHEBUST) |        \
	 (1u << SMART_SHAPE_TIMING) | (1u << SMART_SHAPE_COUNTER) |             \
	 (1u << SMART_SHAPE_SIZE) | (1u << SMART_SHAPE_NONCE))

/* "date", "hex", ...; NULL past the end. */
const char *smart_shape_name(smart_shape s);

/* The shape called `name`, or -1. */
int smart_shape_from_name(const char *name);

/* A compiled set of shapes. */
typedef struct smart_shapes smart_shapes;

/* Compiles the shapes of `set`. Free with smart_shapes_free. */
smart_shapes *smart_shapes_compile(unsigned set, smart_error *err);
void smart_shapes_free(smart_shapes *s);

/* The built-in set, the scrubbed set and the set of all shapes of the
 * calling thread: compiled on its first call, freed when the thread ends.
 * Each thread has its own because glibc's regexec locks the compiled
 * pattern while it runs: do not hand them to another thread. NULL with
 * `err` set when compiling failed (out of memory). */
const smart_shapes *smart_shapes_builtin(smart_error *err);
const smart_shapes *smart_shapes_scrubbed(smart_error *err); /* SMART_SHAPES_SCRUB */
const smart_shapes *smart_shapes_all(smart_error *err);
/* The same for any `set` (a profile's shapes, smart_profile.shapes). */
const smart_shapes *smart_shapes_of_thread(unsigned set, smart_error *err);

/* `text` (len bytes) with every occurrence of a shape of `s` replaced by
 * "{name}" (a literal '{' or '}' is written doubled, so a masked text never
 * contains a placeholder it did not get from a shape). A new string
 * (free()); *found, when not NULL, receives the set of shapes met. */
char *smart_shapes_mask(const smart_shapes *s, const char *text, size_t len,
			unsigned *found, smart_error *err);

/* The shape tokens of a text that smart_shapes_count_changes looks at. */
#define SMART_SHAPES_MAX_TOKENS 256

/* Compares the shape tokens of two values of one place, k-th with k-th
 * (the first SMART_SHAPES_MAX_TOKENS of each), and adds one to counts[s]
 * for each pair that differs, s the new token's shape: what a change that
 * is explained by shapes changed ("2 dates, 1 version"). Returns how many
 * differed, or -1 when out of memory. */
int smart_shapes_count_changes(const smart_shapes *s, const char *old_text,
			       const char *new_text, unsigned counts[SMART_SHAPE_COUNT]);

/* ---- scrubbing in place (profile/scrub.c, profile/scrub_log.c) ---- */

/* What scrubbing changed in the trees of a pair, so that it can be undone
 * and done again at the cost of the changes alone: each text or attribute
 * value replaced (where, and the value before), and each element's
 * attributes before one was removed. It owns the scrubbed strings, so it
 * is freed after the trees are done with them (undo first: the trees then
 * no longer point into it). */
typedef struct smart_scrub_log smart_scrub_log;

/* A new, empty log, or NULL with `err` set when out of memory. */
smart_scrub_log *smart_scrub_log_new(smart_error *err);
void smart_scrub_log_free(smart_scrub_log *log);

/* How many changes the log holds. */
size_t smart_scrub_log_count(const smart_scrub_log *log);

/* `size` bytes that live as long as the log, for a scrubbed string; NULL
 * when out of memory. */
char *smart_scrub_log_alloc(smart_scrub_log *log, size_t size);

/* Sets *slot (a node's text or an attribute's value) to `value`, and
 * *len_slot, when not NULL, to its length, recording what they held. 0,
 * or -1 when out of memory (then nothing changed). */
int smart_scrub_log_set(smart_scrub_log *log, const char **slot, uint32_t *len_slot,
			const char *value);

/* Records the attributes of element `node` of `t` before the caller
 * removes some of them (attributes may only be removed, never added). 0,
 * or -1 when out of memory. */
int smart_scrub_log_save_attrs(smart_scrub_log *log, smart_tree *t, uint32_t node);

/* Puts back everything the log recorded, newest first, so that the trees
 * are again exactly as parsed; redo scrubs them again. Each does nothing
 * when the trees are already in that state. */
void smart_scrub_log_undo(smart_scrub_log *log);
void smart_scrub_log_redo(smart_scrub_log *log);

/* Replaces, in the trees themselves, the shapes of `s` in every text and
 * attribute value by their placeholders ("Updated {date} {time}"),
 * recording each change in `log`: for aligning two runs without their
 * volatile values (scrub, then align). `new_tree` may be NULL (one tree).
 * With both trees, a year standing on its own that follows the clock is
 * scrubbed too: when the dates scrubbed out of the two trees moved from
 * one year to another, a value that differs from one of the other tree
 * only in that year ("2024 marks another season" -> "2025 ...") gets
 * "{yr}" in both (profile/clock_year.c); and a form's date fields that
 * follow the clock get "{clock}" (profile/clock_pieces.c). Returns how many
 * new values the clock explained (0 for one tree), or -1 with `err` set
 * when out of memory (the changes made so far are in the log). */
int smart_shapes_scrub(const smart_shapes *s, smart_tree *old_tree, smart_tree *new_tree,
		       smart_scrub_log *log, smart_error *err);

/* Captcha challenges (profile/captcha.c): the values inside an element
 * whose class or id names a captcha and that holds no form control (the
 * challenge's text, its image address), and the value of a form control
 * whose name names one (a seed), become "{captcha}" in both trees, through
 * `log`: a captcha draws a new challenge for every page. Returns how many
 * of the new tree's challenges differ from the old tree's, or -1 with
 * `err` set when out of memory. */
int smart_scrub_captcha(smart_tree *old_tree, smart_tree *new_tree, smart_scrub_log *log,
			smart_error *err);

/* A site that moved between the runs (profile/rebase.c): when two or more
 * links (href, src, action, sitemap <loc>) of the page are rewritten by
 * the same path prefix ("/css/a.css" -> "/latest/css/a.css"), every link
 * that rule explains (with the page's one consistent change of scheme and
 * host, if any) becomes "{base}" + the rest in both scrubbed trees
 * (through `log`), as does the page's own <link rel="canonical"> address
 * on its own. Pages whose link counts differ are left alone. Returns how
 * many links were rewritten, or -1 with `err` set when out of memory. */
int smart_scrub_rebase(smart_tree *old_clean, smart_tree *new_clean, smart_scrub_log *log,
		       smart_error *err);

/* Presentational attributes (profile/presentation.c): class, style, data-*
 * and HTML's layout attributes (width, height, align, valign, bgcolor,
 * border, cellpadding, cellspacing), whose effect depends on style sheets
 * and scripts the pair does not carry. */
int smart_presentation_attribute(const char *name);

/* After aligning two scrubbed HTML trees (d aligns them; new_clean is
 * d->new_tree): removes from new_clean every presentational attribute that
 * an element gained (an attribute insert of d), through `log`, and its
 * insert from d, so that d is the alignment of what is left; changed and
 * removed ones stay. Returns how many it removed (0 for XML), or -1 with
 * `err` set when out of memory (d is then as it was). */
struct smart_diff;
int smart_scrub_added_presentation(smart_tree *new_clean, struct smart_diff *d,
				   smart_scrub_log *log, smart_error *err);

/* The scrubbed trees of a pair: the parsed trees themselves, scrubbed in
 * place, or, when they are no longer node for node the parsed trees,
 * copies of them and the map back. */
typedef struct smart_scrubbed_pair {
	smart_tree *old_clean, *new_clean;
	uint32_t *old_raw_of, *new_raw_of; /* copy node -> raw node; NULL: no copy */
} smart_scrubbed_pair;

/* Generator metadata (profile/metadata.c): two HTML trees scrubbed in place
 * (s->old_clean, s->new_clean; `log` recorded how) are replaced by copies
 * without their <meta name="generator|date|created|modified"> elements
 * (smart_tree_prune: they borrow the trees' and the log's strings), and
 * s->old_raw_of / s->new_raw_of (free()) map each node of a copy to its
 * node in the tree; both stay NULL when there was nothing to leave out (or
 * the trees are XML). Returns how many such elements differed (present on
 * one side only, or with another content as printed: the log is undone
 * for the comparison), or -1 with `err` set when out of memory. */
int smart_scrub_metadata(smart_scrubbed_pair *s, smart_scrub_log *log, smart_error *err);

/* What scrubbing explained away: for every pair of nodes `old_to_new`
 * matches (an alignment of the scrubbed trees, in the raw trees' node
 * numbers), each shape token whose raw value changed adds one to
 * counts[shape]. Returns the total, or -1 when out of memory. */
int smart_shapes_count_discounted(const smart_shapes *s, const smart_tree *old_raw,
				  const smart_tree *new_raw, const uint32_t *old_to_new,
				  unsigned counts[SMART_SHAPE_COUNT]);

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
} smart_profile_entry;

typedef struct smart_profile_test {
	char *test;       /* relative path of the test's output */
	smart_profile_entry *entries;
	size_t n_entries;
	size_t entries_cap;       /* room allocated in entries */
} smart_profile_test;

typedef struct smart_profile {
	unsigned shapes;          /* volatile everywhere (default: built-in) */
	smart_shapes *compiled;   /* `shapes`, compiled when loaded (which checks them);
	                           * owned. Threads match with their own copy
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
	char **new_masked;    /* the volatile shapes masked; NULL otherwise */
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

/* Learns from the documents of one test in two or more clean runs
 * (runs[i]; their names for errors): every run is aligned with the first
 * by DiffX and what differs is recorded under `test`. */
int smart_profile_learn_test(smart_profile *p, const char *test,
			     const smart_document *runs, size_t n_runs,
			     smart_format format, smart_error *err);

/* Learns from two or more runs (folders or archives, see smart_run_open):
 * every file present in at least two of them is a test. */
int smart_profile_learn_runs(smart_profile *p, const char *const *dirs,
			     size_t n_dirs, smart_format format, smart_error *err);

/* After the tests are learned: a location that varied in at least two
 * tests becomes an entry of all tests (its patterns merged). */
int smart_profile_generalise(smart_profile *p, smart_error *err);

#endif
