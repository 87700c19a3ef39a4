/*
 * Text clean-up: valid UTF-8 everywhere, and white space as a browser
 * displays it, written into a smart_strbuf (common/strbuf.h). Internal to
 * libsmart (not in include/smart.h): diffx/ cleans the text of the trees it
 * builds with it, compare/sprenkle.c the text its comparators see, and
 * corpus/pair_write.c the documents the fault seeders record.
 */
#ifndef SMART_COMMON_TEXT_H
#define SMART_COMMON_TEXT_H

#include <stddef.h>

#include "common/strbuf.h"

/* Rewrites `in` into `out` (appending) with every invalid UTF-8 sequence
 * replaced by U+FFFD, and, when `collapse` is set, runs of ASCII white space
 * turned into one space and leading/trailing white space removed.
 * Returns -1 when out of memory. */
int smart__text_clean(smart_strbuf *out, const char *in, size_t len, int collapse);

/* True when smart__text_clean would write `in` back unchanged: valid
 * UTF-8 and, with `collapse`, no white space at either end and none but
 * single spaces between words; the caller may then use `in` as it is. */
int smart__text_is_clean(const char *in, size_t len, int collapse);

/* True when all `len` bytes of `s` are valid UTF-8. */
int smart__text_is_valid_utf8(const char *s, size_t len);

/* True when `s` holds nothing but ASCII white space. */
int smart__text_is_blank(const char *s, size_t len);

#endif
