/* The progress line on standard error (cli/cli_progress.h). */
#include "cli_progress.h"

#include <stdio.h>
#include <time.h>
#include <unistd.h>

/* Seconds on the monotonic clock. */
static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

smart_progress_fn cli_progress_start(cli_progress *p, const char *what, int quiet)
{
	*p = (cli_progress){ .what = what, .on = !quiet && isatty(STDERR_FILENO) };
	p->start = now();
	return p->on ? cli_progress_report : NULL;
}

/* "M:SS" (or "H:MM:SS") for a number of seconds, "?" when not known. */
static void format_duration(double s, char *buf, size_t size)
{
	unsigned long t;

	if (!(s >= 0) || s > 360000) {
		snprintf(buf, size, "?");
		return;
	}
	t = (unsigned long)(s + 0.5);
	if (t >= 3600)
		snprintf(buf, size, "%lu:%02lu:%02lu", t / 3600, t / 60 % 60, t % 60);
	else
		snprintf(buf, size, "%lu:%02lu", t / 60, t % 60);
}

void cli_progress_report(void *ctx, size_t done, size_t total)
{
	cli_progress *p = ctx;
	double t = now(), elapsed = t - p->start, rate;
	char eta[32];

	p->done = done;
	p->total = total;
	if (!p->on || (p->drawn && t - p->last < 0.1 && done != total))
		return;
	p->last = t;
	p->drawn = 1;
	rate = elapsed > 0 ? (double)done / elapsed : 0;
	if (total) {
		format_duration(rate > 0 ? (double)(total - (done < total ? done : total)) / rate : -1,
				eta, sizeof(eta));
		fprintf(stderr, "\r\033[K%s %zu/%zu (%.0f%%)  %.1f/s  ETA %s", p->what, done, total,
			100.0 * (double)done / (double)total, rate, eta);
	} else {
		format_duration(elapsed, eta, sizeof(eta));
		fprintf(stderr, "\r\033[K%s %zu  %.1f/s  elapsed %s", p->what, done, rate, eta);
	}
	if (p->note[0])
		fprintf(stderr, "  %s", p->note);
	fflush(stderr);
}

void cli_progress_clear(cli_progress *p)
{
	if (!p->drawn)
		return;
	fputs("\r\033[K", stderr);
	fflush(stderr);
	p->drawn = 0;
}
