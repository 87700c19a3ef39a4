/*
 * The pieces the change-signature files of measure/ share
 * (signature.c, signature_shape.c, signature_class.c,
 * signature_reorder.c) and their tests use; the signatures themselves
 * are public (smart/signature.h). Internal to measure/.
 */
#ifndef SMART_MEASURE_SIGNATURE_INTERNAL_H
#define SMART_MEASURE_SIGNATURE_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "smart/error.h"
#include "smart/signature.h"

#define TOKEN_MARK '\x01' /* a word masked as {token}, until shapes are masked */

/* `value` (len bytes), its no-break spaces read as spaces, with every
 * unexplained token marked (TOKEN_MARK), then every value shape masked
 * ("{date}") and the rest of each masked path dropped: what a signature's
 * shape is cut from, whole. A new string (free), or NULL with `err` set. */
char *smart__signature_mask(const char *value, size_t len, smart_error *err);

/* Copies value (len bytes) with each Unicode space separator made an
 * ASCII space (the no-break space U+00A0, the narrow no-break space U+202F
 * CLDR puts before AM and PM, the thin and figure spaces, ...: Unicode's
 * "Zs"), into a new string of *out_len bytes (free): white space to a
 * reader, so that a date written with them is masked whole. NULL when out
 * of memory (measure/signature_refine.c). */
char *smart__signature_plain_spaces(const char *value, size_t len, size_t *out_len);

/* Drops, in place from masked value s, what follows each "{path}" up to
 * the first byte no path holds (white space, a quote, a bracket): the
 * rest of a path a shape read in part ("{path}{token}/x.tmp/" ->
 * "{path}") is the path's, one shape however deep its folders go
 * (measure/signature_refine.c). */
void smart__signature_absorb_paths(char *s);

/* The shapes of an old and a new value (either may be NULL: "") into
 * s->old_shape and s->new_shape, from a little before where they first
 * differ. 0, or -1 with `err` set. */
int smart__signature_pair_shapes(const char *ov, const char *nv, smart_signature *s,
				 smart_error *err);

/* The place class of a location: its last element with its text or
 * attribute ("td/text()", "input@data-for"), or the location itself
 * ("script text"). The returned pointer is into `location`. */
const char *smart__signature_place_class(const char *location);

/* The class of update or attribute change `s` (kind and location filled)
 * from the old value `ov` to the new `nv` when, masked, they hold the
 * same words, shapes and marks, each as often, in another order (a JSON
 * object whose keys come in another order, a list printed in another
 * order): every reordering of the same content at a place of the same
 * kind is one class, whatever the order on either side. 1 with *cls
 * set, 0 when the change is not a reordering (or a value is missing),
 * -1 with `err` set when out of memory. */
int smart__signature_reorder_class(const smart_signature *s, const char *ov, const char *nv,
				   uint64_t *cls, smart_error *err);

#endif
