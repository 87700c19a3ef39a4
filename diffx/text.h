/*
 * Text clean-up used while building trees: valid UTF-8 everywhere, and white
 * space as a browser displays it. Internal to libsmart (not in
 * include/smart.h); compare/ and train/ include it as "diffx/text.h".
 */
#ifndef SMART_DIFFX_TEXT_H
#define SMART_DIFFX_TEXT_H

#include <stddef.h>

typedef struct text_buf {
	char *data;
	size_t len;
	size_t cap;
} text_buf;

/* Appends `len` bytes; returns -1 when out of memory. */
int text_buf_append(text_buf *buf, const char *s, size_t len);

/* Frees the buffer's storage and empties it. */
void text_buf_release(text_buf *buf);

/* Rewrites `in` into `out` (appending) with every invalid UTF-8 sequence
 * replaced by U+FFFD, and, when `collapse` is set, runs of ASCII white space
 * turned into one space and leading/trailing white space removed.
 * Returns -1 when out of memory. */
int text_clean(text_buf *out, const char *in, size_t len, int collapse);

/* True when all `len` bytes of `s` are valid UTF-8. */
int text_is_valid_utf8(const char *s, size_t len);

/* True when `s` holds nothing but ASCII white space. */
int text_is_blank(const char *s, size_t len);

#endif
