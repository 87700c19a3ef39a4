/*
 * The strict reading of one corpus record's JSON (internal to libsmart),
 * checked before cJSON parses it (docs/corpus-format.md).
 *
 * cJSON accepts more than one meaning for some texts, and two tools then
 * read two different records: with a key given twice cJSON keeps the
 * first, Python's json the last; "\u0000" ends a cJSON string, so a
 * document was silently cut there; bytes after the object and invalid or
 * overlong UTF-8 pass unseen. One linear pass over the line refuses each
 * of them (and anything else RFC 8259 does not allow), so that a record
 * smart reads means one thing.
 */
#ifndef SMART_CORPUS_JSON_STRICT_H
#define SMART_CORPUS_JSON_STRICT_H

#include <stddef.h>

#include "smart/error.h"

/* 0 when the `len` bytes of `text` are one JSON value, with white space
 * around it only, whose strings are valid UTF-8 (no overlong forms, no
 * surrogates, no unpaired \uD800-\uDFFF escapes) without "\u0000", and
 * whose objects never repeat a key (compared after unescaping). Otherwise
 * -1 with `err` saying what was found and at which byte (counted from 1);
 * the caller prefixes FILE:LINE. */
int smart__json_check_strict(const char *text, size_t len, smart_error *err);

/* The length of the string value of top-level key `key` of the JSON
 * object `text` once decoded (escapes resolved), found by the same
 * scanner; SIZE_MAX when the text is not a strict object or has no such
 * string. For checks that a reader kept a whole document (fuzz/). */
size_t smart__json_string_length(const char *text, size_t len, const char *key);

#endif
