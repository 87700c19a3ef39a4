/*
 * Change signatures: each residual change of a pair (an edit operation
 * scrubbing left, include/smart/measure.h) said the way it recurs across
 * pages and runs, so that the pairs holding the same change can be
 * grouped and decided once (docs/signatures.md). A signature is the
 * change's kind, its location with the positions dropped
 * ("/html/body/form/input@value", "script text") and its old and new
 * values reduced to their shapes ("{hex}", "Error: could not load
 * {token}"); its id is a hash of those four, the same on every run and
 * machine.
 */
#ifndef SMART_SIGNATURE_H
#define SMART_SIGNATURE_H

#include <stddef.h>
#include <stdint.h>

#include "smart/diffx.h"
#include "smart/error.h"
#include "smart/measure.h"

#define SMART_SIGNATURE_LOCATION 160 /* bytes of a location, NUL included */
#define SMART_SIGNATURE_VALUE 72     /* bytes of a value's shape, NUL included */
#define SMART_SIGNATURES_MAX 32      /* distinct signatures kept per pair */
#define SMART_SIGNATURES_OPS 512     /* edit operations read per pair */

/* One residual change, as it recurs. */
typedef struct smart_signature {
	uint64_t id;                  /* hash of kind, location, old and new */
	uint64_t class_id;            /* the changes grouped with it (smart/change_group.h):
	                               * its id, or one key for every change of its class
	                               * (smart_signature_class) */
	smart_op_kind kind;
	char location[SMART_SIGNATURE_LOCATION];
	char old_shape[SMART_SIGNATURE_VALUE]; /* "" when the kind has none */
	char new_shape[SMART_SIGNATURE_VALUE];
	unsigned count;               /* operations of the pair with this signature */
} smart_signature;

/* The distinct signatures of one pair, in the order their first
 * operation comes in the edit script. */
typedef struct smart_signature_set {
	smart_signature items[SMART_SIGNATURES_MAX];
	size_t n;
	size_t ops;      /* the pair's residual operations, all of them */
	int truncated;   /* 1 when more distinct signatures (or operations)
	                  * than kept: the set stands for its first ones, and
	                  * its key differs from an untruncated set's */
} smart_signature_set;

/* `value` (len bytes) reduced to its shape into out (always terminated,
 * cut at a UTF-8 boundary with "..." when longer than `size`): every value
 * shape masked ("{date}", "{number}", smart/shapes.h), then each word that
 * mixes letters and digits and is six or more long, which no shape
 * explained, masked as "{token}", and runs of white space made one space.
 * 0, or -1 with `err` set when out of memory. */
int smart_signature_shape(const char *value, size_t len, char *out, size_t size,
			  smart_error *err);

/* The location of `node` in `t` with positions dropped:
 * "/html/body/div/p/text()", an attribute as ".../input@value" (attr
 * not NULL), the text of a script or style element as "script text" or
 * "style text" (wherever the element is). Always terminated. */
void smart_signature_location(const smart_tree *t, uint32_t node, const char *attr, char *out,
			      size_t size);

/* The signatures of the aligned pair's edit script (its first
 * SMART_SIGNATURES_OPS operations) into *out. 0, or -1 with `err` set. */
int smart_signatures_of_aligned(const smart_aligned_pair *p, smart_signature_set *out,
				smart_error *err);

/* Called for each operation k of an aligned pair's script with its
 * signature (smart_signatures_each). Non-zero stops the walk and is
 * returned (with `err` set when -1). */
typedef int (*smart_signature_op_fn)(void *ctx, const smart_diff *d, size_t k,
				     const smart_signature *s, smart_error *err);

/* Calls `fn` for each of the first SMART_SIGNATURES_OPS operations of the
 * aligned pair with its signature, the scrubbed values put back as the
 * documents hold them meanwhile (the scrub log undone, then redone), so
 * that a caller shows the text a person reads (`smart review --by-change`
 * highlights the change in it). 0, or what `fn` returned. */
int smart_signatures_each(const smart_aligned_pair *p, smart_signature_op_fn fn, void *ctx,
			  smart_error *err);

/* The text of the subtree of `node` (its text nodes, joined by one space,
 * about `size` - 2 bytes of them), after "<tag>" when it is an element: what an
 * inserted or deleted part says. Returns the length; out is terminated. */
size_t smart_signature_subtree_text(const smart_tree *t, uint32_t node, char *out, size_t size);

/* A smart_aligned_fn for smart_measure.on_aligned: ctx is the
 * smart_signature_set to fill. */
int smart_signatures_collect(void *ctx, const smart_aligned_pair *p, smart_error *err);

/* The class of signature `s` (its kind, location and shapes filled):
 * the key under which a review decides it together with alike changes.
 * An update or attribute change whose old and new values are each nothing
 * but times ("{date}", "{time}", "{reltime}", "{duration}", AM and PM) is
 * one class with every such change of its kind wherever it is: the clock
 * read again.
 * A value that differs only inside its masked shapes ("{number}" ->
 * "{number}": an update or attribute change whose old and new shapes are
 * the same and hold a shape) is one class with every such change of the
 * same shape at a place of the same kind -- the last element, and its
 * text or attribute ("td/text()", "input@data-for") -- wherever that
 * element sits; an update or attribute change whose old and new values
 * are each nothing but masked shapes, different ones ("{reltime}" ->
 * "{duration}"), is one class with the same change of shapes wherever it
 * is; an update or attribute change whose old and new values are each a
 * drawing of marks (ASCII punctuation and white space only, four marks or
 * more: an ASCII-art captcha) is one class with every such change at a
 * place of the same kind; an inserted or deleted element holding nothing but masked
 * values ("<code> {date}") is one class with every such insert (delete)
 * of the same values, whatever its tag and place. Any other change is a
 * class of its own: its id. */
uint64_t smart_signature_class(const smart_signature *s);

/* What accepting signature `s` (class_id set) remembers: its class,
 * except for the clock read again, whose class groups every time -> time
 * change of its kind wherever it is (one decision for a reviewer) but is
 * remembered only at the kind of place it was accepted at (the last
 * element and its text or attribute, "td/text()"): a clock accepted in a
 * page's footer and history must not ignore a later run's due date
 * changed in a form (docs/review.md). */
uint64_t smart_signature_accept_class(const smart_signature *s);

/* The places the class of signature `s` (class_id set) covers: its
 * location when the class is the change itself, the last element of its
 * place with its text or attribute ("td/text()") for a value of the same
 * shape, a drawing or reordered, "*" (any place) for an element holding only shapes
 * or a value printed in other shapes; for the clock read again, what
 * accepting it remembers (smart_signature_accept_class): the last
 * element of its place. Points into `s` or is static. */
const char *smart_signature_class_place(const smart_signature *s);

/* The id as 16 hex digits into out (17 bytes). */
void smart_signature_id_text(uint64_t id, char out[17]);

/* The group key of a set: a hash of its ids in ascending order, so that
 * two pairs holding the same signatures, in any order and any number of
 * times, have the same key. */
uint64_t smart_signature_set_key(const smart_signature_set *s);

#endif
