/* Commands in their own process groups, with timeouts (mutate/mutate_proc.h). */
#include "mutate_proc.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "smart/file.h"

extern char **environ;

double smart__mutate_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void smart__mutate_nap(void)
{
	struct timespec ts = { 0, 10 * 1000 * 1000 };

	nanosleep(&ts, NULL);
}

int smart__mutate_reaper_begin(void)
{
	int old = 0;

	if (prctl(PR_GET_CHILD_SUBREAPER, &old) != 0)
		old = 0;
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	return old;
}

void smart__mutate_reaper_end(int old)
{
	prctl(PR_SET_CHILD_SUBREAPER, old);
}

int smart__mutate_proc_start(mutate_proc *p, const char *cmd, const char *cwd,
		      const char *log, char *const *env, double timeout, smart_error *err)
{
	posix_spawnattr_t attr;
	posix_spawn_file_actions_t fa;
	sigset_t none, defaults;
	char *argv[] = { "sh", "-c", (char *)cmd, NULL };
	int rc;

	memset(p, 0, sizeof(*p));
	sigemptyset(&none);
	sigemptyset(&defaults);
	sigaddset(&defaults, SIGINT);
	sigaddset(&defaults, SIGTERM);
	sigaddset(&defaults, SIGPIPE);
	sigaddset(&defaults, SIGQUIT);
	sigaddset(&defaults, SIGHUP);
	if (posix_spawnattr_init(&attr) != 0)
		return smart_error_oom(err);
	if (posix_spawn_file_actions_init(&fa) != 0) {
		posix_spawnattr_destroy(&attr);
		return smart_error_oom(err);
	}
	rc = posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP |
				      POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
	if (!rc)
		rc = posix_spawnattr_setpgroup(&attr, 0);
	if (!rc)
		rc = posix_spawnattr_setsigmask(&attr, &none);
	if (!rc)
		rc = posix_spawnattr_setsigdefault(&attr, &defaults);
	if (!rc)
		rc = posix_spawn_file_actions_addchdir_np(&fa, cwd);
	if (!rc)
		rc = posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	if (!rc)
		rc = posix_spawn_file_actions_addopen(&fa, 1, log,
						      O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (!rc)
		rc = posix_spawn_file_actions_adddup2(&fa, 1, 2);
	if (!rc)
		rc = posix_spawn(&p->pid, "/bin/sh", &fa, &attr, argv, env ? env : environ);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&attr);
	if (rc != 0) {
		p->pid = 0;
		return smart_error_set(err, "cannot start '%s': %s", cmd, strerror(rc));
	}
	p->started = smart__mutate_now();
	p->timeout = timeout;
	return 0;
}

/* Kills the group of the finished (not yet reaped) leader and waits until
 * every process of it is gone, reaping the leader last of all or in
 * between. A killed process may still finish the system call it was in
 * (creating a file, say), so nothing may touch the slot's folder before the
 * whole group is dead; as the subreaper (smart__mutate_reaper_begin) this
 * process inherits the group's orphans and can wait for them. The group id
 * cannot be reused while a member lives, so the kill reaches no one else:
 * it is sent only while WNOHANG finds members running. */
static void reap(mutate_proc *p)
{
	int status;
	pid_t r;

	assert(p->pid > 0); /* kill(-0) would hit this process's own group */
	kill(-p->pid, SIGKILL);
	for (;;) {
		r = waitpid(-p->pid, &status, WNOHANG);
		if (r == 0) { /* members left: kill again (one may have forked) and wait */
			kill(-p->pid, SIGKILL);
			r = waitpid(-p->pid, &status, 0);
		}
		if (r == p->pid)
			p->status = status;
		if (r < 0 && errno != EINTR)
			break; /* ECHILD: none left */
	}
	p->pid = 0;
}

int smart__mutate_proc_poll(mutate_proc *p)
{
	siginfo_t info;

	if (p->pid == 0)
		return 1;
	memset(&info, 0, sizeof(info));
	if (waitid(P_PID, (id_t)p->pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
	    info.si_pid == p->pid) {
		reap(p);
		return 1;
	}
	if (p->timeout > 0 && smart__mutate_now() - p->started > p->timeout) {
		p->timed_out = 1;
		reap(p);
		return 1;
	}
	return 0;
}

void smart__mutate_proc_kill(mutate_proc *p)
{
	if (p->pid != 0)
		reap(p);
}

int smart__mutate_proc_wait(mutate_proc *p, const volatile sig_atomic_t *stop)
{
	while (!smart__mutate_proc_poll(p)) {
		if (stop && *stop) {
			smart__mutate_proc_kill(p);
			return -1;
		}
		smart__mutate_nap();
	}
	return 0;
}

int smart__mutate_proc_ok(const mutate_proc *p)
{
	return !p->timed_out && WIFEXITED(p->status) && WEXITSTATUS(p->status) == 0;
}

/* The last non-empty line of a log file, for error messages. */
void smart__mutate_log_tail(const char *log, char *buf, size_t size)
{
	char *data = NULL;
	size_t len = 0, end, start;

	assert(size > 0);
	buf[0] = '\0';
	if (smart_file_read(log, (size_t)64 << 20, &data, &len, NULL) < 0)
		return;
	end = len;
	while (end > 0 && (data[end - 1] == '\n' || data[end - 1] == '\r' ||
			   data[end - 1] == ' '))
		end--;
	start = end;
	while (start > 0 && data[start - 1] != '\n')
		start--;
	snprintf(buf, size, "%.*s", (int)(end - start), data + start);
	free(data);
}
