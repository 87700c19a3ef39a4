/* What the files of scrub/ share (internal). */
#ifndef SMART_SCRUB_INTERNAL_H
#define SMART_SCRUB_INTERNAL_H

#include <stddef.h>

#include "smart/scrub.h"
#include "smart/tree.h"

/* Removes the attribute `name` (which it has) from element `node` of `t`,
 * its attributes saved in the log first (scrub/scrub_log.c). 0, or -1
 * when out of memory. */
int smart__scrub_remove_attribute(smart_tree *t, uint32_t node, const char *name,
				  smart_scrub_log *log);

/* ---- the walk of value-respelling scrubbers (scrub/respell.c) ---- */

/* A rule that respells one value: `value` (of `len` bytes) is a text when
 * `attr` is NULL, else the value of `attr`. It returns `value` itself to
 * keep it (the walk compares pointers, not bytes), a string of the log's
 * (smart_scrub_log_alloc) or a static one to respell it, or NULL when out
 * of memory. */
typedef const char *(*smart__scrub_respell_fn)(smart_scrub_log *log, const char *value,
					       size_t len, const smart_attr *attr, void *ctx);

/* Which values of a tree the walk offers the rule. */
#define SMART__RESPELL_TEXTS 1u
#define SMART__RESPELL_ATTRS 2u

/* Offers every text (SMART__RESPELL_TEXTS) and attribute value
 * (SMART__RESPELL_ATTRS) of `t` to `respell` and stores each value it
 * respells through `log`. Returns how many values changed, or -1 when out
 * of memory. */
int smart__scrub_respell_tree(smart_tree *t, smart_scrub_log *log, unsigned where,
			      smart__scrub_respell_fn respell, void *ctx);

/* The old tree's walk, then the new tree's: what a respelling scrubber
 * does. Returns how many of the new tree's values changed, or -1 with
 * `err` set when out of memory. */
int smart__scrub_respell_trees(smart_tree *old_tree, smart_tree *new_tree, smart_scrub_log *log,
			       unsigned where, smart__scrub_respell_fn respell, void *ctx,
			       smart_error *err);

/* ---- the clock's year (scrub/clock_year.c) ---- */

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

/* ---- the clock in a form's pieces (scrub/moments.c, clock_pieces.c) ---- */

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

/* ---- the values scrubber (scrub/values.c) ---- */

/* What scrubbing the values of one tree took out of it: the run's clock,
 * as evidence for the values that follow it (clock_year.c,
 * clock_pieces.c). */
typedef struct smart__scrub_notes {
	smart__year_set years;     /* the years the scrubbed values lost */
	smart__moment_set moments; /* the epochs and ISO date-times they lost */
} smart__scrub_notes;

/* Scrubs every value of a shape of `s` out of both trees (new_tree may be
 * NULL), with the values of measured attributes and the white space of
 * stylesheets, through `log`; notes[0] and notes[1] (zeroed by the caller)
 * receive what the old and the new tree lost. 0, or -1 with `err` set. */
int smart__scrub_values(const smart_shapes *s, smart_tree *old_tree, smart_tree *new_tree,
			smart_scrub_log *log, smart__scrub_notes notes[2], smart_error *err);

/* Whether an attribute called `name` holds a URL: href, src or action
 * (scrub/rebase_links.c; rebasing and the names scrubber's query
 * parameters read the same links). */
int smart__scrub_is_url_attribute(const char *name);

/* ---- values known by name, and their copies (scrub/names.c, copies.c) ---- */

/* Named values shorter than this are not followed into copies. */
#define SMART__COPY_MIN 8
#define SMART__NAMED_MAX 32

/* The old -> new pairs of named values of a pair of trees (borrowed from
 * the trees as parsed). */
typedef struct smart__scrub_named {
	const char *old_values[SMART__NAMED_MAX];
	const char *new_values[SMART__NAMED_MAX];
	size_t n;
} smart__scrub_named;

/* Whether a field, attribute, parameter or key called `name` (`len` bytes)
 * holds a value drawn anew for every run: an anti-forgery token, a nonce,
 * a session or request id, a timestamp. */
int smart__scrub_volatile_name(const char *name, size_t len);

/* Makes every value of a volatile name "{named}" in both trees, through
 * `log`, noting the old -> new pairs of named fields in `named`. Returns how
 * many values of the new tree were, those in which `shapes` (may be NULL)
 * find no token (the others are counted by their shapes), or -1 with `err`
 * set. */
int smart__scrub_names(smart_tree *old_tree, smart_tree *new_tree, smart_scrub_log *log,
		       const smart_shapes *shapes, smart__scrub_named *named, smart_error *err);

/* Makes every copy of a noted old value in the old tree, and of its new
 * value in the new tree, "{copy}", through `log`. Returns how many values
 * of the new tree changed by a copy in which `shapes` (may be NULL) find no
 * token (the others are counted by their shapes), or -1 with `err` set. */
int smart__scrub_copies(smart_tree *old_tree, smart_tree *new_tree, smart_scrub_log *log,
			const smart_shapes *shapes, const smart__scrub_named *named,
			smart_error *err);

/* ---- JSON objects' member order (scrub/json_order.c) ---- */

/* Writes every JSON object of an HTML tree's scripts, and every attribute
 * value that is JSON as a whole, again with each object's members sorted
 * by name and no white space, in both trees through `log`. Returns how
 * many of the new tree's values had members out of order, or -1 with
 * `err` set when out of memory. */
int smart__scrub_json_order(smart_tree *old_tree, smart_tree *new_tree, smart_scrub_log *log,
			    smart_error *err);

/* ---- measured times (scrub/elapsed.c) ---- */

/* Makes each number of at most three whole digits and four or more
 * decimals, in a text that speaks of time, "{elapsed}" in both trees
 * through `log`. Returns how many of the new tree's texts changed, or -1
 * with `err` set when out of memory. */
int smart__scrub_elapsed(smart_tree *old_tree, smart_tree *new_tree, smart_scrub_log *log,
			 smart_error *err);

/* ---- hidden inputs' order (scrub/hidden_order.c) ---- */

/* Writes each run of two or more sibling <input type="hidden"> elements
 * (white space between them aside) whose attributes have the same names
 * in the same order in one order, in both HTML trees through `log`: the
 * elements keep their places and take the run's attribute values sorted.
 * Returns how many of the new tree's runs changed order, or -1 with `err`
 * set when out of memory. */
int smart__scrub_hidden_order(smart_tree *old_tree, smart_tree *new_tree, smart_scrub_log *log,
			      smart_error *err);

/* ---- zones' offsets (scrub/zone_offset.c) ---- */

/* Makes the offset of each text that is only a zone's name and its offset
 * from UTC, in either order ("{tzname} -0500", "(UTC+01:00) Europe/Berlin",
 * "EST5EDT -0400"), "{offset}" in both trees through `log`. Returns how
 * many of the new tree's texts changed, or -1 with `err` set. */
int smart__scrub_zone_offset(smart_tree *old_tree, smart_tree *new_tree, smart_scrub_log *log,
			     smart_error *err);

/* ---- ISO 8601's basic format (scrub/iso_basic.c) ---- */

/* Makes each date-time in ISO 8601's basic format (20240301T100011Z,
 * 20240301T1000+0100) "{date}" in the texts and attribute values of both
 * trees through `log`. Returns how many of the new tree's values changed,
 * or -1 with `err` set. */
int smart__scrub_iso_basic(smart_tree *old_tree, smart_tree *new_tree, smart_scrub_log *log,
			   smart_error *err);

/* ---- zone offsets known by their names (scrub/named_offset.c) ---- */

/* Whether the `len` bytes at `name` name a time zone's offset: "offset"
 * and one of tz, zone, utc, gmt once lower-cased without '_', '-', '.'
 * and '$' (PHP_TZ_OFFSET, utcOffset, data-tz-offset). */
int smart__scrub_offset_name(const char *name, size_t len);

/* Makes each offset (a number of at most 50400, or +hh:mm) assigned with
 * '=' or ':' to a name smart__scrub_offset_name accepts, in texts and
 * attribute values, and the whole value of an attribute of such a name,
 * "{offset}" in both trees through `log`. Returns how many of the new
 * tree's values changed, or -1 with `err` set. */
int smart__scrub_named_offset(smart_tree *old_tree, smart_tree *new_tree, smart_scrub_log *log,
			      smart_error *err);

/* ---- menus of time zones given as JSON (scrub/zone_menu.c) ---- */

/* Writes each attribute value that is a JSON array at least three of
 * whose entries hold an offset from UTC ("(UTC+01:00)") with every such
 * offset "{offset}" and its entries in the order of their text, in both
 * trees through `log`. Returns how many of the new tree's values it
 * wrote, or -1 with `err` set. */
int smart__scrub_zone_menu(smart_tree *old_tree, smart_tree *new_tree, smart_scrub_log *log,
			   smart_error *err);

/* ---- names made from the clock (scrub/uniqid.c) ---- */

/* Makes each PHP uniqid (13 lower-case hex digits whose first eight are
 * seconds between 2001 and 2038 and last five microseconds, with 8 to 10
 * digits of more entropy or not), alone or after a prefix that is not hex,
 * "{uniqid}" in the texts and attribute values of both trees through
 * `log`. Returns how many of the new tree's values changed, or -1 with
 * `err` set. */
int smart__scrub_uniqid(smart_tree *old_tree, smart_tree *new_tree, smart_scrub_log *log,
			smart_error *err);

/* Whether the `len` bytes of `v` hold a run of 13 lower-case hex digits,
 * where a uniqid may be (uniqid.c's quick test, exposed for its test). */
int smart__scrub_uniqid_may_hold(const char *v, size_t len);

#endif
