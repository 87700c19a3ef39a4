/*
 * Filesystem helpers shared by the fault seeders (mutate/, perturb/):
 * listing the files under a folder, removing a tree, making a fresh
 * folder, rewriting a file in place, joining paths.
 */
#ifndef SMART_COMMON_FS_H
#define SMART_COMMON_FS_H

#include <stddef.h>

#include "smart/error.h"

/* A sorted list of relative paths; free with smart__fs_paths_free. */
typedef struct smart_fs_paths {
	char **items;
	size_t count;
	size_t cap;
} smart_fs_paths;

void smart__fs_paths_free(smart_fs_paths *paths);

/* Lists the regular files under `root` (relative paths, sorted bytewise),
 * skipping .git folders and, when `skip` is not NULL, the folder of that
 * relative path. `root` may be a symlink to a folder (followed, as the
 * scratch copy `cp -a ROOT/.` does; links below it are not); a root that is
 * no folder is an error "ROOT: not a folder". With globs, keeps only the paths some glob matches
 * (fnmatch on the path; a glob without '/' may also match the base name). */
int smart__fs_list_files(const char *root, const char *skip,
			const char *const *globs, size_t glob_count,
			smart_fs_paths *out, smart_error *err);

/* Removes `path` and everything under it; missing is fine. */
int smart__fs_remove_tree(const char *path, smart_error *err);

/* Makes `root`/`rel` an empty folder (removing what was there). */
int smart__fs_fresh_dir(const char *root, const char *rel, smart_error *err);

/* Overwrites the file in place (keeping its inode and mode) with `len`
 * bytes of `data`. */
int smart__fs_write_in_place(const char *path, const char *data, size_t len,
			    smart_error *err);

/* "a/b" from "a" and "b"; caller frees; NULL when out of memory. */
char *smart__fs_join(const char *a, const char *b);

#endif
