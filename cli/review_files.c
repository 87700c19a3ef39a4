/*
 * The files of .smart/ that reviews write (docs/review.md "Writing
 * .smart/"): the labels and the accepted changes. Every writer locks the
 * folder (flock on the folder itself), reads the file as it is now,
 * writes what it becomes to a temporary file beside it
 * (".smart-tmp-review-XXXXXX", which every folder walk of smart skips),
 * syncs it and renames it over the file. A writer killed at any point
 * leaves the file whole, as it was or as it became, and at worst its
 * temporary file -- which the next writer, holding the lock, removes: no
 * other review writes one while the lock is held, so a temporary found
 * then is no one's.
 */
#include <assert.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "review.h"

#define REVIEW_TEMP ".smart-tmp-review-" /* common/folder_write.h's prefix, and whose */
#define REVIEW_MAX_FILE ((size_t)1 << 32) /* bytes of a file read back */

/* The folder holding `path` into dir. */
static void folder_of(const char *path, char *dir, size_t size)
{
	const char *slash = strrchr(path, '/');

	snprintf(dir, size, "%.*s", slash ? (int)(slash - path + (slash == path)) : 1,
		 slash ? path : ".");
}

/* Removes the temporary files a killed review left in `dir`; the caller
 * holds the folder's lock. */
static void sweep(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int fd = d ? dirfd(d) : -1;

	while (d && (e = readdir(d)))
		if (strncmp(e->d_name, REVIEW_TEMP, strlen(REVIEW_TEMP)) == 0)
			unlinkat(fd, e->d_name, 0);
	if (d)
		closedir(d);
}

int review_lock_folder(const char *path, smart_error *err)
{
	char dir[4096];
	int fd;

	folder_of(path, dir, sizeof(dir));
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return smart_error_set(err, "%s: cannot open the folder: %s", dir, strerror(errno));
	while (flock(fd, LOCK_EX) != 0) {
		if (errno != EINTR) {
			close(fd);
			return smart_error_set(err, "%s: cannot lock the folder: %s", dir,
					       strerror(errno));
		}
	}
	sweep(dir);
	return fd;
}

int review_read_current(const char *path, char **data, size_t *len, smart_error *err)
{
	struct stat st;

	*data = NULL;
	*len = 0;
	if (lstat(path, &st) != 0)
		return errno == ENOENT ? 0 : smart_error_set(err, "%s: %s", path, strerror(errno));
	if (S_ISLNK(st.st_mode))
		return smart_error_set(err, "%s: a symbolic link, not written through (put a file "
				       "in its place)", path);
	return smart_file_read(path, REVIEW_MAX_FILE, data, len, err);
}

/* Writes all of data to fd; -1 with errno set. */
static int write_all(int fd, const char *data, size_t len)
{
	while (len > 0) {
		ssize_t n = write(fd, data, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		data += n;
		len -= (size_t)n;
	}
	return 0;
}

/* Opens a new temporary file beside `path` into w (its name in w->tmp).
 * 0, or -1 with `err` set. */
static int temp_open(review_rewrite *w, const char *path, smart_error *err)
{
	char dir[4096];

	folder_of(path, dir, sizeof(dir));
	snprintf(w->tmp, sizeof(w->tmp), "%s/" REVIEW_TEMP "XXXXXX", dir);
	snprintf(w->path, sizeof(w->path), "%s", path);
	w->fd = mkostemp(w->tmp, O_CLOEXEC);
	if (w->fd < 0)
		return smart_error_set(err, "%s: cannot write a temporary file: %s", dir,
				       strerror(errno));
	return 0;
}

/* Syncs w's temporary file and renames it over the file; on failure it
 * is removed. Either way the temporary is closed. 0, or -1 with `err`. */
static int temp_commit(review_rewrite *w, smart_error *err)
{
	int saved, fd = w->fd;

	w->fd = -1;
	if (fchmod(fd, 0644) == 0 && fsync(fd) == 0 && close(fd) == 0) {
		fd = -1;
		if (rename(w->tmp, w->path) == 0)
			return 0;
	}
	saved = errno;
	if (fd >= 0)
		close(fd);
	unlink(w->tmp);
	return smart_error_set(err, "%s: cannot write: %s", w->path, strerror(saved));
}

int review_write_locked(const char *path, const char *data, size_t len, smart_error *err)
{
	review_rewrite w = { .lock = -1, .fd = -1 };

	if (temp_open(&w, path, err))
		return -1;
	if (write_all(w.fd, data, len) != 0) {
		int saved = errno;

		review_rewrite_abort(&w);
		return smart_error_set(err, "%s: cannot write: %s", path, strerror(saved));
	}
	return temp_commit(&w, err);
}

/* The rewrite's first step: the folder locked, and the file as it is now
 * copied to the temporary (a record cut short by an older kill ended with
 * a newline, so that it keeps its line apart). */
int review_rewrite_begin(review_rewrite *w, const char *path, smart_error *err)
{
	char *data = NULL;
	size_t have = 0;

	w->fd = -1;
	w->lock = review_lock_folder(path, err);
	if (w->lock < 0)
		return -1;
	if (review_read_current(path, &data, &have, err) || temp_open(w, path, err) ||
	    review_rewrite_add(w, data, have, err) ||
	    (have && data[have - 1] != '\n' && review_rewrite_add(w, "\n", 1, err))) {
		free(data);
		review_rewrite_abort(w);
		return -1;
	}
	free(data);
	return 0;
}

int review_rewrite_add(review_rewrite *w, const char *data, size_t len, smart_error *err)
{
	assert(w->fd >= 0);
	if (write_all(w->fd, data, len) != 0)
		return smart_error_set(err, "%s: cannot write: %s", w->path, strerror(errno));
	return 0;
}

int review_rewrite_commit(review_rewrite *w, smart_error *err)
{
	int rc = temp_commit(w, err);

	close(w->lock);
	w->lock = -1;
	return rc;
}

void review_rewrite_abort(review_rewrite *w)
{
	if (w->fd >= 0) {
		close(w->fd);
		unlink(w->tmp);
	}
	if (w->lock >= 0)
		close(w->lock);
	w->fd = w->lock = -1;
}

int review_append_locked(const char *path, const char *line, size_t len, smart_error *err)
{
	review_rewrite w;

	if (review_rewrite_begin(&w, path, err))
		return -1;
	if (review_rewrite_add(&w, line, len, err)) {
		review_rewrite_abort(&w);
		return -1;
	}
	return review_rewrite_commit(&w, err);
}
