/* What the two files of the strict JSON reading share (corpus/json_strict.c,
 * json_string.c): the scanner over one record's text. */
#ifndef SMART_CORPUS_JSON_SCAN_H
#define SMART_CORPUS_JSON_SCAN_H

#include <stddef.h>

#include "smart/error.h"

/* A key of an object still open: its decoded bytes in scanner.keys. */
typedef struct key_span {
	size_t off, len;    /* in scanner.keys */
	size_t byte;        /* where it starts in the text */
	const char *at;     /* scanner.keys + off, set while checking */
} key_span;

typedef struct scanner {
	const unsigned char *text, *p, *end;
	smart_error *err;
	char *keys;         /* the decoded keys of the objects open */
	size_t keys_len, keys_cap;
	key_span *spans;
	size_t n_spans, spans_cap;
	const char *want;   /* smart__json_string_length: the key sought */
	size_t found;       /* its string value's decoded length */
} scanner;

/* Sets `what`, at the byte `at` of the text, and returns -1. */
int smart__json_fail(scanner *s, const unsigned char *at, const char *what);

/* Appends decoded key bytes to s->keys. 0, or -1 when out of memory. */
int smart__json_keep_bytes(scanner *s, const void *bytes, size_t n);

/* Scans the string at s->p (its opening quote), checking its UTF-8 and
 * escapes; with `keep`, its decoded bytes are appended to s->keys;
 * *decoded receives their count. 0, or -1 with the error set. */
int smart__json_scan_string(scanner *s, int keep, size_t *decoded);

#endif
