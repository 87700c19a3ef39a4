/* Scratch copies of the application for `smart mutate` (mutate/mutate_scratch.h). */
#include "mutate_scratch.h"
#include "mutate_proc.h"

#include <assert.h>
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/fs.h"
#include "common/strbuf.h"

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
		path = smart__fs_join(tmpdir, e->d_name);
		if (path && lstat(path, &st) == 0 && S_ISDIR(st.st_mode) && st.st_uid == geteuid()) {
			smart_error ignored = { { 0 } };

			smart__fs_remove_tree(path, &ignored);
		}
		free(path);
	}
	closedir(dir);
}

char *smart__mutate_scratch_new(const char *tmpdir, smart_error *err)
{
	char name[64], *path;
	int w;

	if (!tmpdir)
		tmpdir = getenv("TMPDIR");
	if (!tmpdir || !*tmpdir)
		tmpdir = "/tmp";
	scratch_sweep(tmpdir);
	w = snprintf(name, sizeof(name), SCRATCH_PREFIX "%ld-XXXXXX", (long)getpid());
	assert(w > 0 && (size_t)w < sizeof(name)); /* mkdtemp needs the whole XXXXXX */
	(void)w; /* with NDEBUG */
	path = smart__fs_join(tmpdir, name);
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

char **smart__mutate_child_env(const char *tmp, smart_error *err)
{
	extern char **environ;
	size_t n = 0, k = 0;
	char **env;

	while (environ[n])
		n++;
	env = calloc(n + 2, sizeof(*env));
	if (!env) {
		smart_error_oom(err);
		return NULL;
	}
	for (size_t i = 0; i < n; i++)
		if (strncmp(environ[i], "TMPDIR=", 7) != 0 && !(env[k++] = strdup(environ[i])))
			goto oom;
	assert(k <= n); /* env has n + 2 places: k, and the NULL after it */
	if (!(env[k] = malloc(strlen(tmp) + 8)))
		goto oom;
	strcpy(env[k], "TMPDIR=");
	strcat(env[k], tmp);
	return env;
oom:
	smart__mutate_child_env_free(env);
	smart_error_oom(err);
	return NULL;
}

void smart__mutate_child_env_free(char **env)
{
	for (size_t i = 0; env && env[i]; i++)
		free(env[i]);
	free(env);
}

/* Appends `s` to `b` in single quotes, safe for /bin/sh. */
static int shell_quote(smart_strbuf *b, const char *s)
{
	if (smart__strbuf_append(b, "'", 1) < 0)
		return -1;
	for (; *s; s++)
		if (smart__strbuf_append(b, *s == '\'' ? "'\\''" : s, *s == '\'' ? 4 : 1) < 0)
			return -1;
	return smart__strbuf_append(b, "'", 1);
}

int smart__mutate_tree_copy(const char *from, const char *to, const char *log,
		     const volatile sig_atomic_t *stop, smart_error *err)
{
	smart_strbuf cmd = { 0 };
	mutate_proc p;
	char *src = smart__fs_join(from, ".");
	int rc;

	if (mkdir(to, 0700) != 0) {
		free(src);
		return smart_error_set(err, "cannot create %s: %s", to, strerror(errno));
	}
	if (!src || smart__strbuf_append(&cmd, "cp -a -- ", 9) < 0 || shell_quote(&cmd, src) < 0 ||
	    smart__strbuf_append(&cmd, " ", 1) < 0 || shell_quote(&cmd, to) < 0 ||
	    smart__strbuf_append(&cmd, "", 1) < 0) {
		free(src);
		smart__strbuf_free(&cmd);
		return smart_error_oom(err);
	}
	free(src);
	rc = smart__mutate_proc_start(&p, cmd.data, ".", log, NULL, 0, err);
	smart__strbuf_free(&cmd);
	if (rc < 0)
		return -1;
	if (smart__mutate_proc_wait(&p, stop) < 0)
		return smart_error_set(err, "interrupted");
	if (!smart__mutate_proc_ok(&p)) {
		char why[200];

		smart__mutate_log_tail(log, why, sizeof(why));
		return smart_error_set(err, "cannot copy %s to %s: %s", from, to, why);
	}
	return 0;
}
