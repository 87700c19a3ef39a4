/* What the files of profile/ share (internal). */
#ifndef SMART_PROFILE_INTERNAL_H
#define SMART_PROFILE_INTERNAL_H

#include <regex.h>
#include <stddef.h>

#include "smart/profile.h"
#include "smart/tree.h"

/* The id that names an element in its location: an id attribute without
 * digits ("footer", "main-nav"); ids with digits are usually generated
 * ("ember123", "r:1a") and would differ between runs. NULL when none. */
const char *smart__profile_stable_id(const smart_tree *t, uint32_t node);

/* Adds (or merges into) the entry at `location` of `test` (NULL: of all
 * tests), recording `pattern` (NULL: any value) and the shapes met: how
 * learning (learn.c) and loading (profile_json.c) fill a profile. */
int smart_profile_add(smart_profile *p, const char *test, const char *location,
		      const char *pattern, unsigned shapes, int pinned,
		      smart_error *err);

/* ---- looking up tests and entries (profile/profile.c, profile_index.c) ---- */

/* Room for a test's key: longer keys are cut. */
#define PROFILE_TEST_KEY_MAX 1024

/* A test name without a leading "./" and without the extension of its
 * last component, into buf (cut to size - 1 bytes); returns its length.
 * A path names a test when their keys are equal or the path's key ends in
 * "/" and the test's key. */
size_t smart__profile_test_key(const char *name, char *buf, size_t size);

/* The entry at `location` of `test` (NULL: of all tests), or NULL. */
smart_profile_entry *smart__profile_entry_find(smart_profile *p, const char *test,
					const char *location);

/* The index of a profile: created empty with it, then told of every test
 * and entry added (0, or -1 when out of memory). `owner` is the test's
 * number + 1, or 0 for the all-tests entries. */
struct smart_profile_index *smart__profile_index_new(void);
void smart__profile_index_free(struct smart_profile_index *x);
int smart__profile_index_add_test(smart_profile *p, size_t test);
int smart__profile_index_add_entry(smart_profile *p, size_t owner, size_t entry);

/* The number of the test named exactly `name`, of the first test a path
 * names (see smart__profile_test_key), and of the entry at `location` of `owner`;
 * SIZE_MAX when there is none. */
size_t smart__profile_index_test(const smart_profile *p, const char *name);
size_t smart__profile_index_test_by_path(const smart_profile *p, const char *given);
size_t smart__profile_index_entry(const smart_profile *p, size_t owner, const char *location);

/* Builds the index again after the arrays were rearranged (learn.c). 0, or
 * -1 with `err` set when out of memory. */
int smart__profile_index_rebuild(smart_profile *p, smart_error *err);

/* ---- value shapes (profile/shapes_table.c, shapes.c, shapes_mask.c) ---- */

typedef struct shape_def {
	const char *name;
	const char *regex;
	/* NULL: every match counts. A check may read s[-1] (the text's byte
	 * or a space before the text) and s[len] (a NUL after the text). */
	int (*valid)(const char *s, size_t len);
} shape_def;

/* Whether the `len` bytes at s are a short base64 token: 12 to 15
 * characters that mix upper case, lower case and digits and switch between
 * them five times or more (shapes_table.c; shapes.c finds them without
 * the pattern). */
int smart__profile_short_token(const char *s, size_t len);

/* Every shape, in smart_shape order. */
extern const shape_def smart__profile_shapes[SMART_SHAPE_COUNT];

/* A compiled set (smart_shapes_compile). */
struct smart_shapes {
	unsigned set;
	regex_t re;
	size_t n_groups;                 /* re.re_nsub + 1 */
	int group_shape[SMART_SHAPE_COUNT]; /* the group of each shape, or -1 */
	int merge_moments; /* mask a date, clock and zone side by side as one */
};

/* False when no shape of `s` can occur in the NUL-terminated `text` (its
 * expression matches nowhere), so smart__profile_shapes_scan would find
 * no token: a quick test before masking. True may still find none (a
 * match that fails its shape's check). */
int smart__profile_shapes_any(const smart_shapes *s, const char *text);

/* False when no shape of `s` can match in `text`, by a necessary condition
 * checked without the regular expression (profile/shapes_quick.c). */
int smart__profile_shapes_may_match(const smart_shapes *s, const char *text);

/* Whether `text` holds a word of the shapes that need no digit: path
 * roots, a Windows drive, zone regions and names, relative times, the
 * local host ("/tmp", "Europe/", "ago", "UTC", "localhost", ...). */
int smart__profile_digitless_word(const char *text);

/* Calls `visit` for each shape token of `text` in order, with the shape and
 * the token's [so, eo) byte range. Returns -1 when out of memory, else the
 * last non-zero return of `visit`, or 0. */
typedef int (*shape_visit)(void *ctx, int shape, size_t so, size_t eo);
int smart__profile_shapes_scan(const smart_shapes *s, const char *text, size_t len, shape_visit visit,
			void *ctx);

/* Removes the attribute `name` (which it has) from element `node` of `t`,
 * its attributes saved in the log first (profile/scrub_log.c). 0, or -1
 * when out of memory. */
int smart__scrub_remove_attribute(smart_tree *t, uint32_t node, const char *name,
				  smart_scrub_log *log);

/* ---- the clock's year (profile/clock_year.c) ---- */

/* A set of years, 1900 to 2099. */
typedef struct smart__year_set {
	unsigned char bits[25];
} smart__year_set;

/* Adds to `set` the years that scrubbing took out of a value: those that
 * start a run of digits ("2024" of 2024-03-01 or 20240301100004) in `raw`
 * and in no run of `scrubbed`. */
void smart__year_set_note_scrubbed(smart__year_set *set, const char *raw, const char *scrubbed);

/* When the years scrubbed out of the two trees show the clock moved from
 * one year to another (exactly one year only in the old tree's, one only
 * in the new's), each old value where the old year stands as a word of its
 * own, and each new value equal to it with the new year in its place,
 * get "{yr}" for it, through `log`. Returns how many new values did, or
 * -1 with `err` set when out of memory. */
int smart__scrub_clock_year(smart_tree *old_clean, smart_tree *new_clean,
			    const smart__year_set *old_years, const smart__year_set *new_years,
			    smart_scrub_log *log, smart_error *err);

/* ---- the clock in a form's pieces (profile/moments.c, clock_pieces.c) ---- */

/* A moment, as UTC fields (second -1 when it was not printed). */
typedef struct smart__moment {
	int year, month, day, hour, minute, second;
} smart__moment;

/* The distinct moments scrubbing took out of one tree, up to a bound. */
#define SMART__MOMENTS_MAX 64
typedef struct smart__moment_set {
	smart__moment at[SMART__MOMENTS_MAX];
	size_t n;
} smart__moment_set;

/* Adds to `set` the moments that scrubbing took out of a value: a Unix
 * epoch (ten digits) or an ISO date-time in `raw` whose digits `scrubbed`
 * no longer holds. */
void smart__moment_set_note_scrubbed(smart__moment_set *set, const char *raw, const char *scrubbed);

/* Whether two moments are the same to the second. */
int smart__moment_equal(const smart__moment *a, const smart__moment *b);

/* Moment `m` moved by `seconds`. */
smart__moment smart__moment_shifted(const smart__moment *m, long seconds);

/* Whether the `n` bytes at p are all digits, and the number they spell. */
int smart__all_digits(const char *p, size_t n);
int smart__digits_value(const char *p, size_t n);

/* The first whole run of digits of the text `v` that starts at or after
 * `from` (a run that began before `from` is not whole), its length in *n;
 * NULL when there is none. Walk a value's runs with
 * for (p = v; (p = smart__digit_run(v, p, &n)); p += n). */
const char *smart__digit_run(const char *v, const char *from, size_t *n);

/* When some moments were taken out of only the old tree and some out of
 * only the new one (the runs' clocks), each named form control (an
 * input's value, a select's selected option) whose value is a piece of an
 * old clock (year, month, day, minute, second) in the old tree and the
 * same piece of a new clock in the new tree -- or an hour beside such a
 * minute in the same fieldset or form -- is scrubbed in both: the value
 * becomes "{clock}", the option loses `selected`, through `log`. Returns
 * how many controls were, or -1 with `err` set when out of memory. */
int smart__scrub_clock_pieces(smart_tree *old_clean, smart_tree *new_clean,
			      const smart__moment_set *old_moments,
			      const smart__moment_set *new_moments, smart_scrub_log *log,
			      smart_error *err);

#endif
