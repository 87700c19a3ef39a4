/*
 * Reading a file that may be gzip-compressed (internal to libsmart): the
 * corpora. A file that begins with gzip's magic bytes is inflated, member
 * after member as gzip itself does; any other file is read as it is.
 *
 * Inflating is Intel's ISA-L (igzip), which does the same work as zlib's
 * gzread in about a third of the time. That matters past one machine: each
 * shard of a sharded run inflates the whole corpus to find its own records
 * (docs/shards.md), so the time to inflate is paid once per shard.
 *
 * Errors are set in `err` without the file's name: the caller knows where
 * it was (a corpus names the file and the line).
 */
#ifndef SMART_COMMON_GZIN_H
#define SMART_COMMON_GZIN_H

#include <stddef.h>
#include <sys/types.h>

#include "smart/error.h"

typedef struct smart_gzin smart_gzin;

/* Opens `path` for reading; NULL with `err` set (strerror's words) when it
 * cannot be opened or memory runs out. */
smart_gzin *smart__gzin_open(const char *path, smart_error *err);

/* Reads up to `cap` bytes of the file's content (inflated when it is
 * gzip) into `buf`. Returns how many, 0 at the end, or -1 with `err` set:
 * a read error, a corrupt or truncated gzip stream, a wrong checksum,
 * bytes after the last member that are neither another member nor zero
 * padding. */
ssize_t smart__gzin_read(smart_gzin *in, void *buf, size_t cap, smart_error *err);

void smart__gzin_close(smart_gzin *in);

#endif
