/*
 * Scrubbing: the rules that canonicalise volatile values in both trees of
 * a pair before they are aligned (value shapes, the clock's year and
 * pieces, captcha challenges, a moved site's links, generator metadata,
 * presentational attributes), in place and through a log that puts the
 * trees back, so that two clean runs align with no edit and every feature
 * measures what is left.
 */
#ifndef SMART_SCRUB_H
#define SMART_SCRUB_H

#include <stddef.h>
#include <stdint.h>

#include "smart/error.h"
#include "smart/shapes.h"
#include "smart/tree.h"

/* ---- scrubbing in place (scrub/) ---- */

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
 * "{yr}" in both (scrub/clock_year.c); and a form's date fields that
 * follow the clock get "{clock}" (scrub/clock_pieces.c). Returns how many
 * new values the clock explained (0 for one tree), or -1 with `err` set
 * when out of memory (the changes made so far are in the log). */
int smart_shapes_scrub(const smart_shapes *s, smart_tree *old_tree, smart_tree *new_tree,
		       smart_scrub_log *log, smart_error *err);

/* Captcha challenges (scrub/captcha.c): the values inside an element
 * whose class or id names a captcha and that holds no form control (the
 * challenge's text, its image address), and the value of a form control
 * whose name names one (a seed), become "{captcha}" in both trees, through
 * `log`: a captcha draws a new challenge for every page. Returns how many
 * of the new tree's challenges differ from the old tree's, or -1 with
 * `err` set when out of memory. */
int smart_scrub_captcha(smart_tree *old_tree, smart_tree *new_tree, smart_scrub_log *log,
			smart_error *err);

/* A site that moved between the runs (scrub/rebase.c): when two or more
 * links (href, src, action, sitemap <loc>) of the page are rewritten by
 * the same path prefix ("/css/a.css" -> "/latest/css/a.css"), every link
 * that rule explains (with the page's one consistent change of scheme and
 * host, if any) becomes "{base}" + the rest in both scrubbed trees
 * (through `log`), as does the page's own <link rel="canonical"> address
 * on its own. Pages whose link counts differ are left alone. Returns how
 * many links were rewritten, or -1 with `err` set when out of memory. */
int smart_scrub_rebase(smart_tree *old_clean, smart_tree *new_clean, smart_scrub_log *log,
		       smart_error *err);

/* Presentational attributes (scrub/presentation.c): class, style, data-*
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

/* Generator metadata (scrub/metadata.c): two HTML trees scrubbed in place
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

/* ---- the scrubbers (scrub/registry.c) ----
 *
 * Each rule is a scrubber with a name, applied in this order by one loop
 * (smart_scrub_before_align, then smart_scrub_after_align once the
 * scrubbed trees are aligned), each counting what it explained, so that
 * any of them can be turned off and its effect measured on its own
 * (`--scrubbers`, `smart eval --ablate-scrubbers`). */
typedef enum smart_scrubber_id {
	SMART_SCRUBBER_CAPTCHA,      /* captcha challenges drawn anew (captcha.c) */
	SMART_SCRUBBER_NAMES,        /* values of token-like names (names.c) */
	SMART_SCRUBBER_COPIES,       /* copies of those values elsewhere (copies.c) */
	SMART_SCRUBBER_ZONE_MENU,    /* a JSON menu of zones with their offsets (zone_menu.c) */
	SMART_SCRUBBER_UNIQID,       /* names made from the clock, PHP's uniqid (uniqid.c) */
	SMART_SCRUBBER_VALUES,       /* value shapes, measured attributes (values.c) */
	SMART_SCRUBBER_CLOCK_YEAR,   /* a bare year that follows the clock (clock_year.c) */
	SMART_SCRUBBER_CLOCK_PIECES, /* a form's date fields that follow it (clock_pieces.c) */
	SMART_SCRUBBER_REBASE,       /* a moved site's links (rebase.c) */
	SMART_SCRUBBER_METADATA,     /* generator metadata elements (metadata.c) */
	SMART_SCRUBBER_PRESENTATION, /* presentational attributes gained (presentation.c) */
	SMART_SCRUBBER_LEARNED,      /* values the learned value model calls volatile
	                              * (learned.c) */
	SMART_SCRUBBER_RESCALED,     /* numbers of one text all rescaled by one factor
	                              * (rates over another uptime; rescaled.c) */
	SMART_SCRUBBER_JSON_ORDER,   /* JSON objects' members in name order (json_order.c) */
	SMART_SCRUBBER_ELAPSED,      /* a measured time printed at a timer's precision
	                              * (elapsed.c) */
	SMART_SCRUBBER_HIDDEN_ORDER, /* the order of a run of hidden inputs (hidden_order.c) */
	SMART_SCRUBBER_ZONE_OFFSET,  /* a zone's offset, moved by daylight saving time
	                              * (zone_offset.c) */
	SMART_SCRUBBER_ISO_BASIC,    /* ISO 8601's basic date-time, 20240301T100011Z
	                              * (iso_basic.c) */
	SMART_SCRUBBER_NAMED_OFFSET, /* a number under a name that says time zone offset
				      (named_offset.c) */
	SMART_SCRUBBER_COUNT
} smart_scrubber_id;

/* Every scrubber on (a mask of scrubbers turned off). */
#define SMART_SCRUBBERS_ALL_ON 0u

/* A scrubber's name ("captcha", "values", ...) and one line saying what it
 * explains; NULL for an id out of range. */
const char *smart_scrubber_name(int id);
const char *smart_scrubber_summary(int id);

/* 1 when the scrubber runs after the alignment (on its edits), 0 when
 * before it or for an id out of range. */
int smart_scrubber_after_align(int id);

/* The applications (the corpora's "app" names) whose false alarms the
 * scrubber was written from, comma-separated ("rt", "shop,blog,..."),
 * "" for a rule written from frameworks' documentation or general
 * knowledge; NULL for an id out of range (docs/first-look.md, "Simulated
 * first looks"). */
const char *smart_scrubber_read_from(int id);

/* The mask (1u << id) of the scrubbers read from application `app`: what
 * a simulated first look of `app` turns off. 0 for an application no rule
 * was read from, an unknown name, "" or NULL. */
unsigned smart_scrubbers_read_from_app(const char *app);

/* The id of the scrubber called `name`, or -1. */
int smart_scrubber_from_name(const char *name);

/* Reads a --scrubbers list into the mask of scrubbers turned off (bit
 * 1u << id): "all" or "none"; names ("values,rebase": only these on); or
 * names each after a '-' ("-captcha,-rebase": all but these). 0, or -1
 * with `err` naming the word it does not know. */
int smart_scrubbers_parse(const char *list, unsigned *off, smart_error *err);

/* The reverse of smart_scrubbers_format: the mask of the scrubbers a
 * comma-separated list of names turns off ("" none), as a model's
 * provenance records them. 0, or -1 with `err` naming an unknown one. */
int smart_scrubbers_off_parse(const char *names, unsigned *off, smart_error *err);

/* The names of the scrubbers turned off in `off`, comma-separated, into
 * buf ("" when none); returns the length written (cut to size - 1). */
size_t smart_scrubbers_format(unsigned off, char *buf, size_t size);

/* One scrubbing of a pair: the trees as measured, how to put them back,
 * and what each scrubber explained. Zero it, set `off`, then call
 * smart_scrub_before_align, align p.old_clean with p.new_clean, call
 * smart_scrub_after_align; smart_scrub_pass_free puts the parsed trees
 * back and frees the rest. */
typedef struct smart_scrub_pass {
	unsigned off;              /* in: the scrubbers turned off (1u << id) */
	smart_scrubbed_pair p;     /* out: the trees to align */
	smart_scrub_log *log;      /* out: what scrubbing changed */
	unsigned explained[SMART_SCRUBBER_COUNT]; /* out: per scrubber, how many
	                            * values, links or elements it explained;
	                            * the values scrubber counts none here (its
	                            * tokens are counted per shape once the pair
	                            * is aligned: smart_shapes_count_discounted) */
	const smart_shapes *shapes; /* in: the shapes of the values scrubber */
	const struct smart_value_model *values; /* in: the learned scrubber's value
	                            * model; NULL: smart_value_model_default() */
	struct smart__scrub_notes *notes; /* internal: the clock the values lost */
	struct smart__scrub_named *named; /* internal: named values, for copies */
} smart_scrub_pass;

/* Runs the scrubbers that come before alignment, in order, on the parsed
 * trees (scrubbed in place; s->p names the trees to align). 0, or -1 with
 * `err` set when out of memory. */
int smart_scrub_before_align(smart_scrub_pass *s, smart_tree *old_tree, smart_tree *new_tree,
			     smart_error *err);

/* Runs the scrubbers that come after alignment on `d` (the alignment of
 * s->p.old_clean with s->p.new_clean, changed in place). 0, or -1. */
int smart_scrub_after_align(smart_scrub_pass *s, struct smart_diff *d, smart_error *err);

/* Puts the parsed trees back (the log undone) and frees what the pass
 * made; the pass is zeroed but for `off`. */
void smart_scrub_pass_free(smart_scrub_pass *s);

/* ---- the learned value model (scrub/learned.c, learned_features.c) ----
 *
 * Where no rule explained a value that changed between two aligned nodes
 * (a text update, an attribute's new value), a linear model of the pair
 * of values and of where it stands (element, attribute or field name,
 * visible or not, inside a script or not) says whether such a change is
 * what clean reruns do (volatile) or what seeded faults do at places clean
 * reruns never change (meaningful). The model is trained from the shipped
 * corpora (train/value_model.c, `smart value-model`) and compiled into the
 * library; docs/features.md describes the features. */

/* The features of a value pair, in order (smart_value_feature_name). */
#define SMART_VALUE_FEATURE_COUNT 38

/* Where a changed value stands, read from the (old, scrubbed) tree. */
typedef struct smart_value_context {
	const char *element;   /* the element holding the value (lower case in HTML) */
	const char *attribute; /* the attribute's name; NULL for a text node */
	const char *field;     /* the element's name= or id=, or NULL */
	int visible;           /* a reader sees it: text outside script, style and
	                        * head, or an alt, title, placeholder, label, or a
	                        * shown input's value */
	int in_script;         /* inside <script> or an on* handler */
	int hidden_input;      /* the value of <input type="hidden"> */
	int url;               /* a link: href, src or action */
} smart_value_context;

/* A linear model over the features: score = intercept + weights . features,
 * near 1 for a meaningful change and near 0 for a volatile one (least
 * squares on 0/1 labels); a value scoring below `cutoff` is volatile.
 * n_features 0: no model (the learned scrubber explains nothing). */
typedef struct smart_value_model {
	size_t n_features;
	double weights[SMART_VALUE_FEATURE_COUNT];
	double intercept;
	double cutoff;
} smart_value_model;

/* The name of value feature `i` (< SMART_VALUE_FEATURE_COUNT), or NULL. */
const char *smart_value_feature_name(size_t i);

/* The context of a value of node `node` of `t`: its text when `attribute`
 * is NULL (node is a text node), else that attribute of element `node`. */
void smart_value_context_of(const smart_tree *t, uint32_t node, const char *attribute,
			    smart_value_context *c);

/* The features of the change old_value -> new_value at `c`, into
 * out[SMART_VALUE_FEATURE_COUNT]. */
void smart_value_features(const char *old_value, const char *new_value,
			  const smart_value_context *c, double *out);

/* Whether the learned scrubber judges a change with these features at
 * all: only one a reader does not see, whose changed part is a single
 * token (no white space) -- an id, a token, a counter in an attribute or
 * a script. A visible word or a changed sentence is left to the features
 * whatever it looks like: a fault shows there, and no clean rerun of the
 * corpora changes one that a rule did not explain. */
int smart_value_judged(const double *features);

/* The score of a feature vector under `m` (see smart_value_model). */
double smart_value_score(const smart_value_model *m, const double *features);

/* The value model trained from the shipped corpora at build time (its
 * n_features is 0 in the bootstrap build that trains it). */
const smart_value_model *smart_value_model_default(void);

/* After aligning two scrubbed trees (d aligns them): every text update and
 * changed attribute value of d that `m` calls volatile becomes "{learned}"
 * in both trees, through `log`, and its edit leaves d. Returns how many,
 * or -1 with `err` set when out of memory (d is then as it was). */
int smart_scrub_learned(smart_tree *old_clean, smart_tree *new_clean, struct smart_diff *d,
			const smart_value_model *m, smart_scrub_log *log, smart_error *err);

/* After aligning two scrubbed trees (d aligns them): when the text updates
 * of d that differ only in their numbers agree on one factor other than 1
 * (within the rounding of every printed digit), and two or more numbers of
 * different old values are precise enough to show it, every number of
 * those updates becomes "{rescaled}" in both trees, through `log`, and
 * their edits leave d: rates and averages a run computed over another
 * time base. Returns how many updates, or -1 with `err` set when out of
 * memory (d is then as it was). */
int smart_scrub_rescaled(smart_tree *old_clean, smart_tree *new_clean, struct smart_diff *d,
			 smart_scrub_log *log, smart_error *err);

#endif
