/*
 * The progress line of the long commands (mutate, perturb, train, eval,
 * replay, batch classify): "what done/total (P%)  R/s  ETA M:SS", redrawn
 * in place on standard error, only when standard error is a terminal and
 * never with --quiet. The library reports through smart_progress_fn;
 * cli_progress_report is one.
 */
#ifndef SMART_CLI_PROGRESS_H
#define SMART_CLI_PROGRESS_H

#include <stddef.h>

#include "smart/progress.h"

typedef struct cli_progress {
	const char *what;  /* "pairs", "mutants", "requests" */
	int on;            /* drawing at all */
	int drawn;         /* a line is on the screen */
	double start;      /* seconds, monotonic */
	double last;       /* when the line was last drawn */
	size_t done, total;
	char note[96];     /* shown after the counts, e.g. "killed 3"; may be "" */
} cli_progress;

/* Starts a progress line about `what`; it is drawn only when standard error
 * is a terminal and `quiet` is 0. Returns the callback for the library's
 * options (cli_progress_report), or NULL when nothing is drawn: the
 * library then skips the work of a total (a pass over a corpus). */
smart_progress_fn cli_progress_start(cli_progress *p, const char *what, int quiet);

/* A smart_progress_fn (ctx: the cli_progress): redraws the line at most
 * ten times a second, and always for the last item. */
void cli_progress_report(void *ctx, size_t done, size_t total);

/* Erases the line (before other text goes to the same terminal, and at the
 * end); the next report draws it again. */
void cli_progress_clear(cli_progress *p);

#endif
