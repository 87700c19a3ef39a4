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
int smart__profile_add(smart_profile *p, const char *test, const char *location,
		      const char *pattern, unsigned shapes, int pinned,
		      smart_error *err);

/* A value masked for a profile's patterns (learning, judging and
 * normalising alike): every shape of `all` masked ("{version}"), and a
 * placeholder the scrubbing already wrote into the value (the text
 * "{version}", which masking alone reads as "{{version}}") read as that
 * placeholder again, so that a profile's pattern reads as a person would
 * write it and fits a value whether or not a scrubber masked it first.
 * `found` (may be NULL) gains the shapes met. A new string, or NULL with
 * `err` set. */
/* `masked` (a value masked by smart__profile_mask) with every run of
 * ASCII digits left written as "{digits}" ("showAll_724" ->
 * "showAll_{digits}"), the form of a random number glued to a name,
 * which no shape reads as a number; a pattern's "{digits}" matches one
 * such run. A new string, or NULL when out of memory. */
char *smart__profile_digits(const char *masked);

/* True when pattern `pat` holds a letter outside its "{shape}"
 * placeholders ("showAll_{digits}"): a value of its own form, not any
 * number or token. */
int smart__profile_pattern_has_letter(const char *pat);

/* Adds entry `e`'s patterns at its anywhere location ("//input/@id" of
 * ".../td/input/@id": its element and attribute wherever they stand) when
 * it has one: an attribute (not text, not structure, not pinned) whose
 * values kept their form and whose every pattern holds a letter of its
 * own ("showAll_{digits}", not a bare "{number}"). profile/anywhere.c. */
int smart__profile_spread_anywhere(smart_profile *p, const smart_profile_entry *e,
				   smart_error *err);

/* Drops the anywhere entries that came to accept any value (past the
 * patterns a location keeps): an element's attribute anywhere in the
 * application taking any value would explain faults too. The index is
 * the caller's to rebuild. */
void smart__profile_drop_unbounded_anywhere(smart_profile *p);

char *smart__profile_mask(const smart_shapes *all, const char *value, unsigned *found,
			  smart_error *err);

/* The template of two masked values that differ beyond their shapes
 * (profile/template.c): what they share, in order, literally, and each
 * stretch where they differ as "{*}" ("Deal of the day: {*}"), so that a
 * place whose runs varied in part of its text does not accept any text.
 * NULL when they share no word or placeholder (the place then accepts
 * any value), or out of memory (*oom set). */
char *smart__profile_template(const char *m1, const char *m2, int *oom);

/* True when masked value `s` fits pattern `pat` ("{*}" any text,
 * "{digits}" one run of digits, the rest literally; profile/profile.c). */
int smart__profile_pattern_matches(const char *pat, const char *s);

/* True when pattern `pat` is such a template (holds "{*}"): a value that
 * varied beyond its shapes, which widening does not spread to other
 * pages. */
int smart__profile_pattern_is_template(const char *pat);

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

#endif
