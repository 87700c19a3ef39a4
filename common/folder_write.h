/*
 * Writing one file below a folder without ever leaving it (internal to
 * libsmart): the baselines `smart review` accepts (docs/review.md).
 *
 * Every folder between the root and the file is opened with O_NOFOLLOW,
 * so a symbolic link inside the baseline tree can never carry a write out
 * of it: a linked folder, or a file that is itself a link, is refused with
 * one line naming it, as `smart classify` already says of the same link
 * "not followed". The file is replaced atomically: its new content goes to
 * an unnamed temporary file in the same folder (O_TMPFILE), synced, then
 * given a name that starts with SMART__TEMP_PREFIX and renamed over the
 * old file. A kill before that leaves nothing; a kill between the link
 * and the rename leaves a hidden ".smart-tmp-*" file, which every folder
 * walk of smart (classify, review, profile) skips and the next review of
 * the folder removes (smart__folder_sweep_temps).
 *
 * Writing is two steps, so that the caller can do something between the
 * content being safe on disk and the file being replaced (review appends
 * the label first: a kill then leaves at worst a label whose baseline is
 * still the old one).
 */
#ifndef SMART_COMMON_FOLDER_WRITE_H
#define SMART_COMMON_FOLDER_WRITE_H

#include <stddef.h>

#include "smart/error.h"

/* How the names of smart's temporary files begin. */
#define SMART__TEMP_PREFIX ".smart-tmp-"

/* 1 when `name` (a last path component) is one of smart's temporary files,
 * which folder walks skip without a word: a temporary file a killed writer
 * left is not a test output. */
int smart__is_temp_name(const char *name);

/* Removes, below `root` (no symbolic link followed), the temporary files
 * that writers killed between naming and renaming them left: those named
 * ".smart-tmp-PID-XXXXXXXX" whose process PID no longer exists on this
 * host. A file it cannot remove is left as it is (folder walks skip it
 * anyway). *removed counts the files removed. 0, or -1 with `err` set
 * when `root` cannot be read. */
int smart__folder_sweep_temps(const char *root, size_t *removed, smart_error *err);

/* A file being written below a folder: from smart__folder_write_begin to
 * smart__folder_write_commit or smart__folder_write_abort. */
typedef struct smart__folder_write {
	int dir_fd;        /* the folder that will hold the file */
	int fd;            /* the temporary file, written and synced */
	int named;         /* the temporary has a name (no O_TMPFILE here) */
	char name[256];    /* the file's last component */
	char tmp[64];      /* the temporary's name, when it has one */
	char where[4096];  /* root/rel, for messages */
} smart__folder_write;

/* Opens the folders of `rel` below `root` without following links
 * (creating the missing ones when `make_folders`), refuses a file there
 * that is a symbolic link or not a regular file, and writes `len` bytes
 * of `data` to a synced temporary file in its folder. `rel` is a relative
 * path without "." or ".." components. 0, or -1 with `err` set and
 * nothing left behind (folders created on the way stay). */
int smart__folder_write_begin(smart__folder_write *w, const char *root, const char *rel,
			      const char *data, size_t len, int make_folders, smart_error *err);

/* Whether smart__folder_write_begin (without making folders) would get
 * past the way to ROOT/REL, the file in the way and the folder's
 * permission to write, without writing anything: 0, or -1 with `err` set to the refusal begin would give. A
 * caller that must know an accept is refused before it labels many pairs
 * at once checks each first (review --accept-ignored). */
int smart__folder_write_check(const char *root, const char *rel, smart_error *err);

/* Puts the temporary file in the place of ROOT/REL, atomically. 0, or -1
 * with `err` set and the old file as it was. Ends the write either way. */
int smart__folder_write_commit(smart__folder_write *w, smart_error *err);

/* Ends a write that is not to be committed: the temporary file goes. */
void smart__folder_write_abort(smart__folder_write *w);

#endif
