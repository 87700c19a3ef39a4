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

int review_write_locked(const char *path, const char *data, size_t len, smart_error *err)
{
	char dir[4096], tmp[4200];
	int fd, saved;

	folder_of(path, dir, sizeof(dir));
	snprintf(tmp, sizeof(tmp), "%s/" REVIEW_TEMP "XXXXXX", dir);
	fd = mkostemp(tmp, O_CLOEXEC);
	if (fd < 0)
		return smart_error_set(err, "%s: cannot write a temporary file: %s", dir,
				       strerror(errno));
	if (write_all(fd, data, len) == 0 && fchmod(fd, 0644) == 0 && fsync(fd) == 0 &&
	    close(fd) == 0) {
		fd = -1;
		if (rename(tmp, path) == 0)
			return 0;
	}
	saved = errno;
	if (fd >= 0)
		close(fd);
	unlink(tmp);
	return smart_error_set(err, "%s: cannot write: %s", path, strerror(saved));
}

int review_append_locked(const char *path, const char *line, size_t len, smart_error *err)
{
	int fd = review_lock_folder(path, err), rc;
	char *data = NULL, *all;
	size_t have;

	if (fd < 0)
		return -1;
	rc = review_read_current(path, &data, &have, err);
	all = rc == 0 ? realloc(data, have + len + 2) : NULL;
	if (rc == 0 && !all) {
		free(data);
		rc = smart_error_oom(err);
	}
	if (rc == 0) {
		/* a record cut short by an older kill keeps its line apart */
		if (have && all[have - 1] != '\n')
			all[have++] = '\n';
		memcpy(all + have, line, len);
		rc = review_write_locked(path, all, have + len, err);
		free(all);
	}
	close(fd);
	return rc;
}
