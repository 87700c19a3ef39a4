/*
 * smart — the single error-reporting convention of the library.
 *
 * Every fallible function takes a `smart_error *` as its last argument,
 * returns 0 on success and -1 on failure, and on failure has written one
 * human-readable line into the error (naming the file or object involved
 * and the cause). Only cli/ prints errors; nothing below cli/ exits.
 * The setters guarantee the one line: control characters in the formatted
 * message (a newline in a quoted piece of input) are written as \n, \r, \t
 * or \xHH.
 */
#ifndef SMART_ERROR_H
#define SMART_ERROR_H

#include <stdarg.h>
#include <stddef.h>

#define SMART_ERROR_MAX 512

typedef struct smart_error {
	char message[SMART_ERROR_MAX];
} smart_error;

/* Writes a printf-style message into `err` (which may be NULL) and returns -1,
 * so that callers can write `return smart_error_set(err, "...", ...);`. */
int smart_error_set(smart_error *err, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Like smart_error_set, with a va_list. */
int smart_error_vset(smart_error *err, const char *fmt, va_list ap);

/* Prepends "PREFIX: " to the message already in `err` (for adding the file
 * name at the level that knows it). Returns -1. */
int smart_error_prefix(smart_error *err, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Sets an out-of-memory message and returns -1. */
int smart_error_oom(smart_error *err);

/* Clears the message. */
void smart_error_clear(smart_error *err);

#endif
