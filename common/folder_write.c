/* Writing one file below a folder without leaving it (common/folder_write.h). */
#include "common/folder_write.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <fts.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

int smart__is_temp_name(const char *name)
{
	return strncmp(name, SMART__TEMP_PREFIX, sizeof(SMART__TEMP_PREFIX) - 1) == 0;
}

/* A fresh name for a temporary file, ".smart-tmp-PID-XXXXXXXX": the
 * process, and the clock mixed with the attempt, so that writers sharing a
 * folder seldom collide (O_EXCL or linkat's EEXIST settles it when they do). */
static void temp_name(char *buf, size_t size, unsigned attempt)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	snprintf(buf, size, "%s%ld-%08lx", SMART__TEMP_PREFIX, (long)getpid(),
		 ((unsigned long)ts.tv_nsec * 2654435761u + attempt * 40503u) & 0xffffffffu);
}

/* Says why `what` (ROOT/REL up to one component) cannot be opened as a
 * folder below `dir_fd`, naming a symbolic link as one. Returns -1. */
static int folder_refusal(int dir_fd, const char *part, const char *what, int saved,
			  smart_error *err)
{
	struct stat st;

	if (fstatat(dir_fd, part, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode))
		return smart_error_set(err, "%s: a symbolic link (not followed): "
				       "nothing is written through it", what);
	return smart_error_set(err, "%s: %s", what, strerror(saved));
}

/* Opens root and then each folder of `rel` with O_NOFOLLOW (creating the
 * missing ones when `make_folders`), leaving the last folder in w->dir_fd
 * and the file's own name in w->name. */
static int open_folders(smart__folder_write *w, const char *root, const char *rel,
			int make_folders, smart_error *err)
{
	const char *p = rel;
	int fd = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0)
		return smart_error_set(err, "%s: %s", root, strerror(errno));
	for (;;) {
		const char *slash = strchr(p, '/');
		size_t n = slash ? (size_t)(slash - p) : strlen(p);
		char part[256], what[4096];
		int next;

		snprintf(what, sizeof(what), "%s/%.*s", root, (int)(p + n - rel), rel);
		if (n == 0 || n >= sizeof(part) || (n == 1 && p[0] == '.') ||
		    (n == 2 && p[0] == '.' && p[1] == '.')) {
			close(fd);
			return smart_error_set(err, "%s: not a plain relative path below the folder",
					       what);
		}
		memcpy(part, p, n);
		part[n] = '\0';
		if (!slash) {
			memcpy(w->name, part, n + 1);
			break;
		}
		next = openat(fd, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (next < 0 && errno == ENOENT && make_folders) {
			if (mkdirat(fd, part, 0777) != 0 && errno != EEXIST) {
				int saved = errno;

				close(fd);
				return smart_error_set(err, "%s: cannot create the folder: %s", what,
						       strerror(saved));
			}
			next = openat(fd, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		}
		if (next < 0) {
			folder_refusal(fd, part, what, errno, err);
			close(fd);
			return -1;
		}
		close(fd);
		fd = next;
		p = slash + 1;
	}
	w->dir_fd = fd;
	return 0;
}

/* Refuses a file in the way that a rename must not replace: a symbolic
 * link (the baseline would silently stop being where it pointed), a
 * folder, a device or a FIFO. A missing file is fine. */
static int check_target(const smart__folder_write *w, smart_error *err)
{
	struct stat st;

	if (fstatat(w->dir_fd, w->name, &st, AT_SYMLINK_NOFOLLOW) != 0)
		return errno == ENOENT ? 0 : smart_error_set(err, "%s: %s", w->where, strerror(errno));
	if (S_ISLNK(st.st_mode))
		return smart_error_set(err, "%s: a symbolic link (not followed): it is neither "
				       "written through nor replaced", w->where);
	if (!S_ISREG(st.st_mode))
		return smart_error_set(err, "%s: not a regular file", w->where);
	return 0;
}

/* Opens the temporary file: unnamed (O_TMPFILE) when the filesystem and
 * /proc allow it, so that a kill leaves nothing; else named, O_EXCL. */
static int open_temp(smart__folder_write *w, smart_error *err)
{
	if (access("/proc/self/fd", X_OK) == 0) {
		w->fd = openat(w->dir_fd, ".", O_TMPFILE | O_WRONLY | O_CLOEXEC, 0644);
		if (w->fd >= 0)
			return 0;
		if (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL)
			return smart_error_set(err, "%s: cannot create a temporary file: %s",
					       w->where, strerror(errno));
	}
	for (unsigned attempt = 0; attempt < 100; attempt++) {
		temp_name(w->tmp, sizeof(w->tmp), attempt);
		w->fd = openat(w->dir_fd, w->tmp,
			       O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
		if (w->fd >= 0) {
			w->named = 1;
			return 0;
		}
		if (errno != EEXIST)
			break;
	}
	return smart_error_set(err, "%s: cannot create a temporary file: %s", w->where,
			       strerror(errno));
}

/* Writes all `len` bytes, retrying short writes; -1 with errno set. */
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

/* The way to ROOT/REL opened (folders without following links) and the
 * file in the way checked, into w: what a write begins with, and all a
 * check does. 0, or -1 with `err` set (w then holds nothing). */
static int open_place(smart__folder_write *w, const char *root, const char *rel,
		      int make_folders, smart_error *err)
{
	memset(w, 0, sizeof(*w));
	w->dir_fd = w->fd = -1;
	snprintf(w->where, sizeof(w->where), "%s/%s", root, rel);
	if (open_folders(w, root, rel, make_folders, err) || check_target(w, err)) {
		smart__folder_write_abort(w);
		return -1;
	}
	return 0;
}

int smart__folder_write_check(const char *root, const char *rel, smart_error *err)
{
	smart__folder_write w;

	int rc = 0;

	if (open_place(&w, root, rel, 0, err))
		return -1;
	/* the temporary file needs a folder it may write to */
	if (faccessat(w.dir_fd, ".", W_OK, AT_EACCESS) != 0)
		rc = smart_error_set(err, "%s: cannot create a temporary file: %s", w.where,
				     strerror(errno));
	smart__folder_write_abort(&w);
	return rc;
}

int smart__folder_write_begin(smart__folder_write *w, const char *root, const char *rel,
			      const char *data, size_t len, int make_folders, smart_error *err)
{
	if (open_place(w, root, rel, make_folders, err))
		return -1;
	if (open_temp(w, err)) {
		smart__folder_write_abort(w);
		return -1;
	}
	if (write_all(w->fd, data, len) != 0 || fchmod(w->fd, 0644) != 0 || fsync(w->fd) != 0) {
		smart_error_set(err, "%s: cannot write: %s", w->where, strerror(errno));
		smart__folder_write_abort(w);
		return -1;
	}
	return 0;
}

/* Gives the unnamed temporary file a name in its folder (linkat through
 * /proc/self/fd: AT_EMPTY_PATH would need a capability). */
static int name_temp(smart__folder_write *w, smart_error *err)
{
	char proc[64];

	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", w->fd);
	for (unsigned attempt = 0; attempt < 100; attempt++) {
		temp_name(w->tmp, sizeof(w->tmp), attempt);
		if (linkat(AT_FDCWD, proc, w->dir_fd, w->tmp, AT_SYMLINK_FOLLOW) == 0) {
			w->named = 1;
			return 0;
		}
		if (errno != EEXIST)
			break;
	}
	return smart_error_set(err, "%s: cannot write: %s", w->where, strerror(errno));
}

int smart__folder_write_commit(smart__folder_write *w, smart_error *err)
{
	int rc = 0;

	assert(w->dir_fd >= 0 && w->fd >= 0);
	if (!w->named && name_temp(w, err))
		rc = -1;
	else if (renameat(w->dir_fd, w->tmp, w->dir_fd, w->name) != 0)
		rc = smart_error_set(err, "%s: cannot write: %s", w->where, strerror(errno));
	else
		w->named = 0; /* the temporary is the file now */
	if (rc == 0)
		(void)fsync(w->dir_fd); /* durability of the rename; it is done either way */
	smart__folder_write_abort(w);
	return rc;
}

void smart__folder_write_abort(smart__folder_write *w)
{
	if (w->named && w->dir_fd >= 0)
		unlinkat(w->dir_fd, w->tmp, 0);
	if (w->fd >= 0)
		close(w->fd);
	if (w->dir_fd >= 0)
		close(w->dir_fd);
	w->fd = w->dir_fd = -1;
	w->named = 0;
}

/* The process that named the temporary file `name` (".smart-tmp-PID-
 * XXXXXXXX", as temp_name makes them), or 0 when the name is not of that
 * form (common/file.c's mkstemp names carry no process). */
static long temp_owner(const char *name)
{
	const char *p = name + sizeof(SMART__TEMP_PREFIX) - 1;
	char *end;
	long pid;
	size_t hex;

	if (!smart__is_temp_name(name) || *p < '1' || *p > '9')
		return 0;
	pid = strtol(p, &end, 10);
	if (*end != '-')
		return 0;
	hex = strspn(end + 1, "0123456789abcdef");
	return hex == 8 && end[1 + hex] == '\0' ? pid : 0;
}

/* Walks `root` without following links and removes the temporaries of
 * writers that are gone (common/folder_write.h), so that the instant
 * between naming a temporary and renaming it leaves nothing for good. */
int smart__folder_sweep_temps(const char *root, size_t *removed, smart_error *err)
{
	char *const paths[] = { (char *)root, NULL };
	FTS *fts = fts_open(paths, FTS_PHYSICAL | FTS_NOCHDIR, NULL);
	FTSENT *e;

	*removed = 0;
	if (!fts)
		return smart_error_set(err, "%s: %s", root, strerror(errno));
	while ((e = fts_read(fts)) != NULL) {
		long pid;

		if (e->fts_level == 0 && (e->fts_info == FTS_NS || e->fts_info == FTS_ERR ||
					  e->fts_info == FTS_DNR)) {
			smart_error_set(err, "%s: %s", root, strerror(e->fts_errno));
			fts_close(fts);
			return -1;
		}
		if (e->fts_info != FTS_F || (pid = temp_owner(e->fts_name)) <= 0 ||
		    pid == (long)getpid() || kill((pid_t)pid, 0) == 0 || errno != ESRCH)
			continue;
		if (unlink(e->fts_accpath) == 0)
			(*removed)++;
	}
	fts_close(fts);
	return 0;
}
