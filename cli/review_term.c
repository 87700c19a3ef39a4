/*
 * The terminal of an interactive review (cli/review.h): standard input in
 * raw mode, one key at a time without echo, always put back as it was, on
 * a normal exit and on SIGINT, SIGTERM and SIGHUP, which then end the
 * process as they would have, and while Ctrl-Z (SIGTSTP) has it stopped; and the pager or browser run with the
 * terminal in its normal mode meanwhile.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include "review.h"

static const int restore_signals[] = { SIGINT, SIGTERM, SIGHUP };
#define N_RESTORE (sizeof(restore_signals) / sizeof(restore_signals[0]))

static struct termios saved_mode;     /* standard input's mode before */
static volatile sig_atomic_t raw_on;  /* 1 while saved_mode must be restored */
static struct sigaction old_actions[N_RESTORE], old_tstp;

/* Colour only for a person: stdout a terminal, and NO_COLOR (no-color.org)
 * unset or empty. */
int review_colour_wanted(void)
{
	const char *no_colour = getenv("NO_COLOR");

	return isatty(STDOUT_FILENO) && (!no_colour || !*no_colour);
}

/* The handler of the signals that end a review: the terminal restored
 * (tcsetattr is async-signal-safe), then the signal delivered again with
 * its default action, so the shell sees the process killed by it. */
static void on_signal(int sig)
{
	if (raw_on)
		tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved_mode);
	raw_on = 0;
	signal(sig, SIG_DFL);
	raise(sig);
}

static int set_raw(int when);

/* Ctrl-Z: the terminal restored while the review is stopped, and raw
 * again once the shell continues it (`fg`). */
static void on_tstp(int sig)
{
	int saved_errno = errno;
	sigset_t tstp;

	if (raw_on)
		tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved_mode);
	signal(sig, SIG_DFL);
	raise(sig);
	sigemptyset(&tstp);
	sigaddset(&tstp, sig);
	sigprocmask(SIG_UNBLOCK, &tstp, NULL); /* stops here until SIGCONT */
	signal(sig, on_tstp);
	if (raw_on)
		set_raw(TCSANOW); /* keys typed after `fg` are meant for the review */
	errno = saved_errno;
}

/* Raw mode: no line editing, no echo, a read returns each key; signals
 * from the keyboard (Ctrl-C) stay on, and their handler restores. `when`:
 * TCSAFLUSH drops what was typed before (while smart was classifying, or
 * a pager ran: a stray 'a' must not accept a pair unseen), TCSANOW keeps it. */
static int set_raw(int when)
{
	struct termios raw = saved_mode;

	raw.c_lflag &= ~(tcflag_t)(ICANON | ECHO);
	raw.c_cc[VMIN] = 1;
	raw.c_cc[VTIME] = 0;
	return tcsetattr(STDIN_FILENO, when, &raw);
}

/* Saves the mode, installs the restoring handlers, then goes raw. */
int review_term_enter(smart_error *err)
{
	struct sigaction sa;

	if (tcgetattr(STDIN_FILENO, &saved_mode) != 0)
		return smart_error_set(err, "standard input: cannot read the terminal's mode: %s",
				       strerror(errno));
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < N_RESTORE; i++)
		sigaction(restore_signals[i], &sa, &old_actions[i]);
	sa.sa_handler = on_tstp;
	sigaction(SIGTSTP, &sa, &old_tstp);
	raw_on = 1;
	if (set_raw(TCSAFLUSH) != 0) {
		int saved = errno;

		review_term_leave();
		return smart_error_set(err, "standard input: cannot put the terminal in raw mode: %s",
				       strerror(saved));
	}
	return 0;
}

/* The mode and the handlers as they were before review_term_enter. */
void review_term_leave(void)
{
	if (raw_on)
		tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved_mode);
	raw_on = 0;
	for (size_t i = 0; i < N_RESTORE; i++)
		sigaction(restore_signals[i], &old_actions[i], NULL);
	sigaction(SIGTSTP, &old_tstp, NULL);
}

/* One byte from the terminal; the end of input quits. */
int review_term_key(void)
{
	unsigned char c;
	ssize_t got;

	do
		got = read(STDIN_FILENO, &c, 1);
	while (got < 0 && errno == EINTR);
	return got == 1 ? c : 'q';
}

/* Runs `command "$1"` through the shell, $1 being `file`, as system(3)
 * would: the terminal in its normal mode, and Ctrl-C meant for the child
 * (a pager) not ending the review. */
int review_term_run(const char *command, const char *file)
{
	struct sigaction ignore, old_int, old_quit;
	size_t len = strlen(command) + sizeof(" \"$1\"");
	char *script = malloc(len);
	int status = -1, was_raw = raw_on;
	pid_t pid;

	if (!script)
		return -1;
	snprintf(script, len, "%s \"$1\"", command);
	memset(&ignore, 0, sizeof(ignore));
	ignore.sa_handler = SIG_IGN;
	sigemptyset(&ignore.sa_mask);
	sigaction(SIGINT, &ignore, &old_int);
	sigaction(SIGQUIT, &ignore, &old_quit);
	if (was_raw)
		tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved_mode);
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		signal(SIGINT, SIG_DFL);
		signal(SIGQUIT, SIG_DFL);
		execl("/bin/sh", "sh", "-c", script, "sh", file, (char *)NULL);
		_exit(127);
	}
	if (pid > 0) {
		while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
			;
		status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
	}
	if (was_raw)
		set_raw(TCSAFLUSH);
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGQUIT, &old_quit, NULL);
	free(script);
	return status;
}
