/*
 * A growable string (internal to libsmart): reports built in memory before
 * they are written atomically, text cleaned while building trees
 * (common/text.h), commands and records put together. Functions return 0,
 * or -1 when memory runs out.
 */
#ifndef SMART_COMMON_STRBUF_H
#define SMART_COMMON_STRBUF_H

#include <stddef.h>

typedef struct smart_strbuf {
	char *data; /* NUL-terminated once anything was appended; owned */
	size_t len, cap;
} smart_strbuf;

int smart__strbuf_append(smart_strbuf *b, const char *s, size_t n);
int smart__strbuf_printf(smart_strbuf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Appends text escaped for XML/HTML content and attribute values; control
 * characters XML 1.0 forbids become '?'. */
int smart__strbuf_escaped(smart_strbuf *b, const char *s);
void smart__strbuf_free(smart_strbuf *b);

/* A new NUL-terminated copy of the `n` bytes at `s`, which may hold NUL
 * bytes (strndup would stop there): a document kept past its reader's
 * buffer, or handed to an API that wants a C string. NULL when out of
 * memory; the caller frees it. */
char *smart__strbuf_copy(const char *s, size_t n);

#endif
