/* File lists, tree removal and in-place writes for the fault seeders (common/fs.h). */
#include "fs.h"

#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <fts.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/array.h"

void smart__fs_paths_free(smart_fs_paths *paths)
{
	for (size_t i = 0; i < paths->count; i++)
		free(paths->items[i]);
	free(paths->items);
	memset(paths, 0, sizeof(*paths));
}

char *smart__fs_join(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	char *s = malloc(la + lb + 2);

	if (!s)
		return NULL;
	memcpy(s, a, la);
	s[la] = '/';
	memcpy(s + la + 1, b, lb + 1);
	return s;
}

/* Whether a relative path is selected by the globs (all when none). */
static int selected(const char *rel, const char *const *globs, size_t n)
{
	const char *base = strrchr(rel, '/');

	base = base ? base + 1 : rel;
	if (n == 0)
		return 1;
	for (size_t i = 0; i < n; i++)
		if (fnmatch(globs[i], rel, 0) == 0 ||
		    (!strchr(globs[i], '/') && fnmatch(globs[i], base, 0) == 0))
			return 1;
	return 0;
}

static int compare_paths(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Appends a copy of `rel` to the list. */
static int paths_add(smart_fs_paths *out, const char *rel)
{
	if (smart__array_reserve((void **)&out->items, &out->cap, out->count, sizeof(*out->items),
				64) < 0)
		return -1;
	out->items[out->count] = strdup(rel);
	return out->items[out->count] ? (int)(out->count++, 0) : -1;
}

int smart__fs_list_files(const char *root, const char *skip,
			const char *const *globs, size_t glob_count,
			smart_fs_paths *out, smart_error *err)
{
	char *argv[] = { (char *)root, NULL };
	size_t rootlen = strlen(root);
	FTS *fts = fts_open(argv, FTS_PHYSICAL | FTS_COMFOLLOW | FTS_NOCHDIR, NULL);
	FTSENT *e;
	int rc = 0;

	if (!fts)
		return smart_error_set(err, "%s: %s", root, strerror(errno));
	while (rc == 0 && (e = fts_read(fts)) != NULL) {
		const char *rel = e->fts_path + rootlen;

		while (*rel == '/')
			rel++;
		if (e->fts_info == FTS_D && e->fts_level > 0 &&
		    (strcmp(e->fts_name, ".git") == 0 ||
		     (skip && strcmp(rel, skip) == 0)))
			fts_set(fts, e, FTS_SKIP);
		else if (e->fts_info == FTS_DNR || e->fts_info == FTS_ERR ||
			 (e->fts_info == FTS_NS && e->fts_level == 0))
			rc = smart_error_set(err, "%s: %s", e->fts_path,
					     strerror(e->fts_errno));
		else if (e->fts_level == 0 && e->fts_info != FTS_D && e->fts_info != FTS_DP)
			rc = smart_error_set(err, "%s: not a folder", root);
		else if (e->fts_info == FTS_F && selected(rel, globs, glob_count) &&
			 paths_add(out, rel) < 0)
			rc = smart_error_oom(err);
	}
	fts_close(fts);
	if (rc < 0)
		smart__fs_paths_free(out);
	else if (out->count > 1)
		qsort(out->items, out->count, sizeof(char *), compare_paths);
	return rc;
}

int smart__fs_remove_tree(const char *path, smart_error *err)
{
	char *argv[] = { (char *)path, NULL };
	FTS *fts;
	FTSENT *e;
	int rc = 0;

	if (access(path, F_OK) != 0)
		return 0;
	fts = fts_open(argv, FTS_PHYSICAL | FTS_NOCHDIR, NULL);
	if (!fts)
		return smart_error_set(err, "%s: %s", path, strerror(errno));
	while ((e = fts_read(fts)) != NULL) {
		int r = 0;

		switch (e->fts_info) {
		case FTS_D:
			chmod(e->fts_accpath, 0700); /* read-only folders too */
			continue;
		case FTS_DP:
			r = rmdir(e->fts_accpath);
			break;
		case FTS_DC:
		case FTS_DNR:
		case FTS_ERR:
			continue;
		default:
			r = unlink(e->fts_accpath);
			break;
		}
		if (r != 0 && errno != ENOENT && rc == 0)
			rc = smart_error_set(err, "cannot remove %s: %s",
					     e->fts_path, strerror(errno));
	}
	fts_close(fts);
	return rc;
}

int smart__fs_fresh_dir(const char *root, const char *rel, smart_error *err)
{
	char *path = smart__fs_join(root, rel);
	int rc = 0;

	if (!path)
		return smart_error_oom(err);
	if (smart__fs_remove_tree(path, err) < 0) {
		free(path);
		return -1;
	}
	/* mkdir -p, component by component below root */
	for (char *p = path + strlen(root) + 1;; p++) {
		if (*p == '/' || *p == '\0') {
			char c = *p;

			*p = '\0';
			if (mkdir(path, 0755) != 0 && errno != EEXIST)
				rc = smart_error_set(err, "cannot create %s: %s", path,
						     strerror(errno));
			*p = c;
			if (c == '\0' || rc < 0)
				break;
		}
	}
	free(path);
	return rc;
}

int smart__fs_write_in_place(const char *path, const char *data, size_t len,
			    smart_error *err)
{
	int fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
	size_t done = 0;

	if (fd < 0)
		return smart_error_set(err, "%s: %s", path, strerror(errno));
	while (done < len) {
		ssize_t n = write(fd, data + done, len - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int saved = errno;

			close(fd);
			return smart_error_set(err, "%s: %s", path, strerror(saved));
		}
		done += (size_t)n;
	}
	if (close(fd) != 0)
		return smart_error_set(err, "%s: %s", path, strerror(errno));
	return 0;
}
