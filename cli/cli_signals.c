/*
 * Stopping long commands cleanly. `mutate` and `perturb` run for minutes to
 * hours; a Ctrl-C, a `kill`, a closed terminal (SIGHUP) or Ctrl-\ (SIGQUIT)
 * must still remove their scratch copies and write nothing, so these four
 * signals only raise a flag that the library polls between steps.
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const int stop_signals[CLI_STOP_SIGNALS] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };

/* The signal that asked us to stop; only the handler writes it. */
static volatile sig_atomic_t stop_requested;

static void on_stop_signal(int sig)
{
	stop_requested = sig;
}

const volatile sig_atomic_t *cli_stop_signals_catch(cli_stop_handlers *saved)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_stop_signal;
	sigemptyset(&sa.sa_mask);
	stop_requested = 0;
	for (int i = 0; i < CLI_STOP_SIGNALS; i++)
		sigaction(stop_signals[i], &sa, &saved->old[i]);
	return &stop_requested;
}

int cli_stop_signals_release(const cli_stop_handlers *saved, const char *command)
{
	for (int i = 0; i < CLI_STOP_SIGNALS; i++)
		sigaction(stop_signals[i], &saved->old[i], NULL);
	if (!stop_requested)
		return 0;
	fprintf(stderr, "smart: %s interrupted by signal %d; nothing written\n", command,
		(int)stop_requested);
	return 128 + (int)stop_requested;
}
