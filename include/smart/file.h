/*
 * Whole-file reading and atomic writing, shared by every module that touches
 * the filesystem (trees, corpora, models).
 */
#ifndef SMART_FILE_H
#define SMART_FILE_H

#include <stddef.h>

#include "smart/error.h"

/* Reads all of `path` into a new NUL-terminated buffer (*data, owned by the
 * caller, free()) of *len bytes. Refuses files larger than `max_bytes`. */
int smart_file_read(const char *path, size_t max_bytes, char **data,
		    size_t *len, smart_error *err);

/* Writes `len` bytes to `path` atomically: a temporary file in the same
 * folder, fsync, then rename, so a reader never sees a partial file and a
 * failure leaves any previous file untouched. When `path` names something
 * that is not a regular file (a device such as /dev/stdout, a FIFO, a
 * symlink), that is written in place instead: renaming over it would
 * replace the device or the link. */
int smart_file_write_atomic(const char *path, const char *data, size_t len,
			    smart_error *err);

/* Fails, with the message smart_file_write_atomic would give, when `path`
 * cannot be written (no such folder, not writable, a directory), so that a
 * long run stops before its work rather than at its end. Leaves nothing
 * behind. */
int smart_file_check_writable(const char *path, smart_error *err);

/* The last component of `path`, trailing slashes aside ("runs/app/" ->
 * "app", "/" -> "/"), copied into `buf` (cut to `size` bytes); returns buf.
 * An application given only by its folder is named this way. */
char *smart_file_last_name(const char *path, char *buf, size_t size);

#endif
