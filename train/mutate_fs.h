/*
 * The filesystem side of `smart mutate`: scratch folders, copying and
 * removing trees, listing files, rewriting a file in place. Internal to
 * train/.
 */
#ifndef SMART_TRAIN_MUTATE_FS_H
#define SMART_TRAIN_MUTATE_FS_H

#include <signal.h>
#include <stddef.h>

#include "smart/error.h"

/* A sorted list of relative paths; free with mutate_paths_free. */
typedef struct mutate_paths {
	char **items;
	size_t count;
	size_t cap;
} mutate_paths;

void mutate_paths_free(mutate_paths *paths);

/* Lists the regular files under `root` (relative paths, sorted bytewise),
 * skipping .git folders and, when `skip` is not NULL, the folder of that
 * relative path. `root` may be a symlink to a folder (followed, as the
 * scratch copy `cp -a ROOT/.` does; links below it are not); a root that is
 * no folder is an error "ROOT: not a folder". With globs, keeps only the paths some glob matches
 * (fnmatch on the path; a glob without '/' may also match the base name). */
int mutate_list_files(const char *root, const char *skip,
		      const char *const *globs, size_t glob_count,
		      mutate_paths *out, smart_error *err);

/* Creates a fresh folder "smart-mutate-PID-XXXXXX" under `tmpdir` (NULL:
 * $TMPDIR or /tmp) and returns its path (caller frees). First removes the
 * folders of earlier runs that were killed before they could clean up (our
 * uid, and their PID no longer exists). */
char *mutate_scratch_new(const char *tmpdir, smart_error *err);

/* Removes `path` and everything under it; missing is fine. */
int mutate_tree_remove(const char *path, smart_error *err);

/* Copies the contents of folder `from` into the new folder `to` with
 * modes and times kept (cp -a), so that incremental builds stay valid.
 * Fails with -1 when *stop is raised meanwhile. */
int mutate_tree_copy(const char *from, const char *to, const char *log,
		     const volatile sig_atomic_t *stop, smart_error *err);

/* Makes `root`/`rel` an empty folder (removing what was there). */
int mutate_fresh_dir(const char *root, const char *rel, smart_error *err);

/* Overwrites the file in place (keeping its inode and mode) with `len`
 * bytes of `data`. */
int mutate_write_in_place(const char *path, const char *data, size_t len,
			  smart_error *err);

/* "a/b" from "a" and "b"; caller frees; NULL when out of memory. */
char *mutate_join(const char *a, const char *b);

#endif
