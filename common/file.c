/* Whole-file reading and atomic writing, and naming by a path's last
 * component (include/smart/file.h). */
#include "smart/file.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/array.h"
#include "common/folder_write.h"

int smart_file_read(const char *path, size_t max_bytes, char **data,
		    size_t *len, smart_error *err)
{
	struct stat st;
	char *buf;
	size_t used = 0, cap;
	int fd;

	*data = NULL;
	*len = 0;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return smart_error_set(err, "%s: %s", path, strerror(errno));
	if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
		close(fd);
		return smart_error_set(err, "%s: is a directory", path);
	}
	/* Pipes and /proc files report size 0, so grow as needed. */
	cap = (st.st_size > 0 ? (size_t)st.st_size : 4096) + 1;
	buf = malloc(cap);
	if (!buf) {
		close(fd);
		return smart_error_set(err, "%s: out of memory", path);
	}
	for (;;) {
		ssize_t n;

		if (used + 1 >= cap) {
			if (cap > max_bytes + 1) {
				free(buf);
				close(fd);
				return smart_error_set(err,
					"%s: larger than the limit of %zu bytes",
					path, max_bytes);
			}
			/* Full (used + 1 == cap): doubles the buffer. */
			if (smart__array_reserve((void **)&buf, &cap, used + 1, 1, 4096)) {
				free(buf);
				close(fd);
				return smart_error_set(err, "%s: out of memory", path);
			}
		}
		n = read(fd, buf + used, cap - used - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int saved = errno;

			free(buf);
			close(fd);
			return smart_error_set(err, "%s: %s", path, strerror(saved));
		}
		if (n == 0)
			break;
		used += (size_t)n;
	}
	close(fd);
	if (used > max_bytes) {
		free(buf);
		return smart_error_set(err, "%s: larger than the limit of %zu bytes",
				       path, max_bytes);
	}
	buf[used] = '\0';
	*data = buf;
	*len = used;
	return 0;
}

enum { OUTPUT_FILE = 0, OUTPUT_SPECIAL = 1 };

/* What an output path names: OUTPUT_FILE (nothing yet, or a regular file:
 * written by renaming a temporary file over it), OUTPUT_SPECIAL (a device,
 * FIFO or symlink: written in place), or -1 with err set (a directory). */
static int output_kind(const char *path, smart_error *err)
{
	struct stat st;

	if (lstat(path, &st) != 0 || S_ISREG(st.st_mode))
		return OUTPUT_FILE;
	if (S_ISDIR(st.st_mode))
		return smart_error_set(err, "%s: cannot write: Is a directory", path);
	return OUTPUT_SPECIAL;
}

/* Creates the temporary file that an atomic write renames into place, in
 * the folder of `path` and named as every folder walk of smart skips
 * (".smart-tmp-XXXXXX", common/folder_write.h), so that one a kill leaves
 * behind is never taken for an output; *tmp (malloc'd, the caller frees
 * it) is its name. Returns its descriptor, or -1 with err set. */
static int temp_beside(const char *path, char **tmp, smart_error *err)
{
	const char *slash = strrchr(path, '/');
	int dir_len = slash ? (int)(slash - path + 1) : 0;
	size_t size = (size_t)dir_len + sizeof(SMART__TEMP_PREFIX) + 8;
	int fd;

	*tmp = malloc(size);
	if (!*tmp)
		return smart_error_set(err, "%s: out of memory", path);
	snprintf(*tmp, size, "%.*s%sXXXXXX", dir_len, path, SMART__TEMP_PREFIX);
	fd = mkstemp(*tmp);
	if (fd < 0) {
		smart_error_set(err, "%s: cannot create temporary file: %s", path,
				strerror(errno));
		free(*tmp);
		*tmp = NULL;
	}
	return fd;
}

/* Writes all `len` bytes to `fd`, retrying short writes; -1 with errno set
 * on failure. */
static int write_all(int fd, const char *data, size_t len)
{
	size_t done = 0;

	while (done < len) {
		ssize_t n = write(fd, data + done, len - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -1;
		done += (size_t)n;
	}
	return 0;
}

/* Writes `len` bytes into what `path` already names when that is no regular
 * file (a device such as /dev/stdout or /dev/null, a FIFO, a symlink): in
 * place, truncating, since renaming a temporary file over it would replace
 * the device or the link itself. */
static int write_in_place(const char *path, const char *data, size_t len,
			  smart_error *err)
{
	int fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);

	if (fd < 0)
		return smart_error_set(err, "%s: cannot write: %s", path, strerror(errno));
	if (write_all(fd, data, len) < 0) {
		int saved = errno;

		close(fd);
		return smart_error_set(err, "%s: cannot write: %s", path, strerror(saved));
	}
	if (close(fd) != 0)
		return smart_error_set(err, "%s: cannot write: %s", path, strerror(errno));
	return 0;
}

int smart_file_write_atomic(const char *path, const char *data, size_t len,
			    smart_error *err)
{
	char *tmp;
	int fd, kind = output_kind(path, err);

	if (kind < 0)
		return -1;
	if (kind == OUTPUT_SPECIAL)
		return write_in_place(path, data, len, err);
	fd = temp_beside(path, &tmp, err);
	if (fd < 0)
		return -1;
	if (write_all(fd, data, len) < 0 || fchmod(fd, 0644) != 0 || fsync(fd) != 0)
		goto fail;
	if (close(fd) != 0) {
		fd = -1;
		goto fail;
	}
	fd = -1;
	if (rename(tmp, path) != 0)
		goto fail;
	free(tmp);
	return 0;
fail:
	smart_error_set(err, "%s: cannot write: %s", path, strerror(errno));
	if (fd >= 0)
		close(fd);
	unlink(tmp);
	free(tmp);
	return -1;
}

int smart_file_check_writable(const char *path, smart_error *err)
{
	char *tmp;
	int fd, kind = output_kind(path, err);

	if (kind < 0)
		return -1;
	if (kind == OUTPUT_SPECIAL) {
		if (access(path, W_OK) != 0)
			return smart_error_set(err, "%s: cannot write: %s", path, strerror(errno));
		return 0;
	}
	fd = temp_beside(path, &tmp, err); /* as smart_file_write_atomic will */
	if (fd < 0)
		return -1;
	close(fd);
	unlink(tmp);
	free(tmp);
	return 0;
}

char *smart_file_last_name(const char *path, char *buf, size_t size)
{
	size_t end = strlen(path), start;

	assert(size > 0);
	while (end > 1 && path[end - 1] == '/')
		end--;
	start = end;
	while (start > 0 && path[start - 1] != '/')
		start--;
	if (start == end) /* "/" itself */
		start = 0;
	snprintf(buf, size, "%.*s", (int)(end - start), path + start);
	return buf;
}
