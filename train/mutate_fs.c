/* Scratch folders and file lists for `smart mutate` (train/mutate_fs.h). */
#include "mutate_fs.h"
#include "mutate_proc.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <fts.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/array.h"
#include "common/strbuf.h"

void mutate_paths_free(mutate_paths *paths)
{
	for (size_t i = 0; i < paths->count; i++)
		free(paths->items[i]);
	free(paths->items);
	memset(paths, 0, sizeof(*paths));
}

char *mutate_join(const char *a, const char *b)
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
static int paths_add(mutate_paths *out, const char *rel)
{
	if (smart_array_reserve((void **)&out->items, &out->cap, out->count, sizeof(*out->items),
				64) < 0)
		return -1;
	out->items[out->count] = strdup(rel);
	return out->items[out->count] ? (int)(out->count++, 0) : -1;
}

int mutate_list_files(const char *root, const char *skip,
		      const char *const *globs, size_t glob_count,
		      mutate_paths *out, smart_error *err)
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
		mutate_paths_free(out);
	else if (out->count > 1)
		qsort(out->items, out->count, sizeof(char *), compare_paths);
	return rc;
}

#define SCRATCH_PREFIX "smart-mutate-"

/* The pid of the run that owns scratch folder `name`
 * ("smart-mutate-PID-XXXXXX"), or 0 when the name is not of that form. */
static pid_t scratch_owner(const char *name)
{
	const char *p = name + strlen(SCRATCH_PREFIX);
	char *end;
	long pid;

	if (strncmp(name, SCRATCH_PREFIX, strlen(SCRATCH_PREFIX)) != 0 || !isdigit((unsigned char)*p))
		return 0;
	pid = strtol(p, &end, 10);
	if (*end != '-' || strlen(end + 1) != 6 || pid <= 0 || pid != (pid_t)pid)
		return 0;
	return (pid_t)pid;
}

/* Removes the scratch folders under `tmpdir` that a killed run (SIGKILL, a
 * power cut) left behind: ours by uid, named by a pid that no longer
 * exists. A folder whose owner still runs, or that another user owns, is
 * left alone; so is every name without a pid (nothing says whose it is).
 * Best effort: what cannot be removed stays. */
static void scratch_sweep(const char *tmpdir)
{
	DIR *dir = opendir(tmpdir);
	struct dirent *e;

	if (!dir)
		return;
	while ((e = readdir(dir)) != NULL) {
		pid_t owner = scratch_owner(e->d_name);
		struct stat st;
		char *path;

		if (!owner || owner == getpid())
			continue;
		if (kill(owner, 0) == 0 || errno != ESRCH)
			continue; /* alive (EPERM: alive, another user's) */
		path = mutate_join(tmpdir, e->d_name);
		if (path && lstat(path, &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == geteuid()) {
			smart_error ignored = { { 0 } };

			mutate_tree_remove(path, &ignored);
		}
		free(path);
	}
	closedir(dir);
}

char *mutate_scratch_new(const char *tmpdir, smart_error *err)
{
	char name[64], *path;

	if (!tmpdir)
		tmpdir = getenv("TMPDIR");
	if (!tmpdir || !*tmpdir)
		tmpdir = "/tmp";
	scratch_sweep(tmpdir);
	snprintf(name, sizeof(name), SCRATCH_PREFIX "%ld-XXXXXX", (long)getpid());
	path = mutate_join(tmpdir, name);
	if (!path) {
		smart_error_oom(err);
		return NULL;
	}
	if (!mkdtemp(path)) {
		smart_error_set(err, "cannot create a scratch folder in %s: %s",
				tmpdir, strerror(errno));
		free(path);
		return NULL;
	}
	return path;
}

int mutate_tree_remove(const char *path, smart_error *err)
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

/* Appends `s` to `b` in single quotes, safe for /bin/sh. */
static int shell_quote(smart_strbuf *b, const char *s)
{
	if (smart_strbuf_append(b, "'", 1) < 0)
		return -1;
	for (; *s; s++)
		if (smart_strbuf_append(b, *s == '\'' ? "'\\''" : s, *s == '\'' ? 4 : 1) < 0)
			return -1;
	return smart_strbuf_append(b, "'", 1);
}

int mutate_tree_copy(const char *from, const char *to, const char *log,
		     const volatile sig_atomic_t *stop, smart_error *err)
{
	smart_strbuf cmd = { 0 };
	mutate_proc p;
	char *src = mutate_join(from, ".");
	int rc;

	if (mkdir(to, 0700) != 0) {
		free(src);
		return smart_error_set(err, "cannot create %s: %s", to, strerror(errno));
	}
	if (!src || smart_strbuf_append(&cmd, "cp -a -- ", 9) < 0 || shell_quote(&cmd, src) < 0 ||
	    smart_strbuf_append(&cmd, " ", 1) < 0 || shell_quote(&cmd, to) < 0 ||
	    smart_strbuf_append(&cmd, "", 1) < 0) {
		free(src);
		smart_strbuf_free(&cmd);
		return smart_error_oom(err);
	}
	free(src);
	rc = mutate_proc_start(&p, cmd.data, ".", log, 0, err);
	smart_strbuf_free(&cmd);
	if (rc < 0)
		return -1;
	if (mutate_proc_wait(&p, stop) < 0)
		return smart_error_set(err, "interrupted");
	if (!mutate_proc_ok(&p)) {
		char why[200];

		mutate_log_tail(log, why, sizeof(why));
		return smart_error_set(err, "cannot copy %s to %s: %s", from, to, why);
	}
	return 0;
}

int mutate_fresh_dir(const char *root, const char *rel, smart_error *err)
{
	char *path = mutate_join(root, rel);
	int rc = 0;

	if (!path)
		return smart_error_oom(err);
	if (mutate_tree_remove(path, err) < 0) {
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

int mutate_write_in_place(const char *path, const char *data, size_t len,
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
