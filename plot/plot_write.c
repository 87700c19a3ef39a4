/*
 * Writing a set of plots into a folder (include/smart/plot.h): the folder
 * is made when missing and tried before the work that fills it, and the
 * files appear all together or not at all (temporary files, then renames).
 */
#include "smart/plot.h"

#include "smart/file.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Makes `dir` and its parents (mkdir -p). */
static int make_dirs(const char *dir, smart_error *err)
{
	size_t n = strlen(dir);
	char *path = malloc(n + 1);
	struct stat st;

	if (!path)
		return smart_error_oom(err);
	memcpy(path, dir, n + 1);
	for (size_t i = 1; i <= n; i++) {
		if (path[i] != '/' && path[i] != '\0')
			continue;
		path[i] = '\0';
		if (mkdir(path, 0777) != 0 && errno != EEXIST) {
			int e = errno;

			free(path);
			return smart_error_set(err, "%s: cannot create the folder (%s)", dir,
					       strerror(e));
		}
		path[i] = i < n ? '/' : '\0';
	}
	free(path);
	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
		return smart_error_set(err, "%s: not a folder", dir);
	return 0;
}

/* A temporary file in `dir` for `name`: its path in *tmp (caller frees),
 * its descriptor returned, or -1 with `err` set. */
static int open_temp(const char *dir, const char *name, char **tmp, smart_error *err)
{
	size_t n = strlen(dir) + strlen(name) + 16;
	int fd, w;

	*tmp = malloc(n);
	if (!*tmp)
		return smart_error_oom(err);
	w = snprintf(*tmp, n, "%s/.%s.XXXXXX", dir, name);
	assert(w > 0 && (size_t)w < n); /* mkstemp needs the whole XXXXXX */
	(void)w; /* with NDEBUG */
	fd = mkstemp(*tmp);
	if (fd < 0) {
		smart_error_set(err, "%s: cannot write there (%s)", dir, strerror(errno));
		free(*tmp);
		*tmp = NULL;
	}
	return fd;
}

int smart_plot_dir_check(const char *dir, smart_error *err)
{
	size_t n = strlen(dir) + sizeof("/.smart-plot");
	char *probe;
	int rc;

	if (make_dirs(dir, err))
		return -1;
	probe = malloc(n);
	if (!probe)
		return smart_error_oom(err);
	snprintf(probe, n, "%s/.smart-plot", dir);
	rc = smart_file_check_writable(probe, err); /* a temporary file beside it */
	free(probe);
	return rc;
}

/* Writes all of data to fd and makes it durable; 0, or errno. */
static int write_all(int fd, const char *data, size_t len)
{
	while (len) {
		ssize_t w = write(fd, data, len);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return w < 0 ? errno : EIO;
		data += w;
		len -= (size_t)w;
	}
	return fchmod(fd, 0644) || fsync(fd) ? errno : 0;
}

int smart_plot_files_write(const char *dir, const char *const *names, char *const *texts,
			   const size_t *lens, size_t n, smart_error *err)
{
	char **tmp = calloc(n ? n : 1, sizeof(*tmp));
	size_t done = 0;
	int rc = -1;

	if (!tmp)
		return smart_error_oom(err);
	if (make_dirs(dir, err))
		goto out;
	for (; done < n; done++) {
		int fd = open_temp(dir, names[done], &tmp[done], err), e;

		if (fd < 0)
			goto out;
		e = write_all(fd, texts[done], lens[done]);
		if (close(fd) && !e)
			e = errno;
		if (e) {
			smart_error_set(err, "%s/%s: cannot write (%s)", dir, names[done], strerror(e));
			done++; /* its temporary file is removed below too */
			goto out;
		}
	}
	for (size_t i = 0; i < n; i++) {
		size_t m = strlen(dir) + strlen(names[i]) + 2;
		char *path = malloc(m);

		if (!path) {
			smart_error_oom(err);
			goto out;
		}
		snprintf(path, m, "%s/%s", dir, names[i]);
		assert(tmp[i]); /* every file was written above */
		if (rename(tmp[i], path) != 0) {
			smart_error_set(err, "%s: cannot rename into place (%s)", path,
					strerror(errno));
			free(path);
			goto out;
		}
		free(path);
		free(tmp[i]);
		tmp[i] = NULL;
	}
	rc = 0;
out:
	assert(done <= n);
	for (size_t i = 0; i < done && i < n; i++)
		if (tmp[i]) {
			unlink(tmp[i]);
			free(tmp[i]);
		}
	free(tmp);
	return rc;
}
