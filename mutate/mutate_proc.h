/*
 * Running the user's build and test commands for `smart mutate`: each in
 * its own process group (so that it, and everything it starts, can be
 * killed at once on a timeout or an interrupt), with its output going to a
 * log file. Internal to mutate/.
 */
#ifndef SMART_MUTATE_PROC_H
#define SMART_MUTATE_PROC_H

#include <signal.h>
#include <stddef.h>
#include <sys/types.h>

#include "smart/error.h"

typedef struct mutate_proc {
	pid_t pid;       /* also the process group; 0 when none runs */
	double started;  /* smart__mutate_now() at the start */
	double timeout;  /* seconds; 0 for none */
	int status;      /* the wait status, once finished */
	int timed_out;   /* killed for running longer than the timeout */
} mutate_proc;

/* Seconds on the monotonic clock. */
double smart__mutate_now(void);

/* Makes this process the subreaper of its descendants (Linux), so that the
 * orphans of a killed command can be waited for; returns the old setting
 * for smart__mutate_reaper_end, which restores it. */
int smart__mutate_reaper_begin(void);
void smart__mutate_reaper_end(int old);

/* Starts `/bin/sh -c CMD` in folder `cwd`, stdin from /dev/null, stdout
 * and stderr into `log` (truncated), in a new process group, with the
 * environment `env` (NULL: this process's). */
int smart__mutate_proc_start(mutate_proc *p, const char *cmd, const char *cwd,
		      const char *log, char *const *env, double timeout, smart_error *err);

/* Checks on a started command without blocking: returns 1 when it has
 * finished (status or timed_out set; what it left running in its group is
 * killed), 0 while it runs. */
int smart__mutate_proc_poll(mutate_proc *p);

/* Kills the command's whole process group and waits until every process
 * of it is gone; no-op when none runs. */
void smart__mutate_proc_kill(mutate_proc *p);

/* Waits for a started command, polling, until it finishes (returns 0) or
 * *stop is raised (kills it, returns -1). `stop` may be NULL. */
int smart__mutate_proc_wait(mutate_proc *p, const volatile sig_atomic_t *stop);

/* True when the finished command exited with status 0 in time. */
int smart__mutate_proc_ok(const mutate_proc *p);

/* Writes the last non-empty line of the log file into buf (empty when
 * there is none), for error messages. */
void smart__mutate_log_tail(const char *log, char *buf, size_t size);

/* Sleeps a poll interval (a signal ends it early). */
void smart__mutate_nap(void);

#endif
