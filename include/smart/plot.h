/*
 * Plots as standalone SVG documents (plot/, docs/plots.md): a curve with
 * one marked point, histograms of two labelled groups with a cut line,
 * grouped bars, and signed horizontal bars, drawn from plain arrays. The
 * module knows nothing of models or corpora (train/eval_plots.c turns an
 * evaluation into these). Every name from data is XML-escaped; elements
 * that stand for data carry data-* attributes (the values drawn) so that
 * a reader of the file can check the picture against the numbers. Each
 * function returns a new NUL-terminated document (the caller frees it)
 * and its length, or NULL with `err` set.
 */
#ifndef SMART_PLOT_H
#define SMART_PLOT_H

#include <stddef.h>

#include "smart/error.h"

/* A curve in the unit square (x, y in [0, 1]) with one marked point: a
 * precision-recall curve and its cutoff. */
typedef struct smart_plot_curve {
	const char *title, *subtitle;   /* subtitle may be NULL */
	const char *x_label, *y_label;
	const double *x, *y;            /* n points, drawn in this order */
	size_t n;
	double mark_x, mark_y;          /* the marked point */
	const char *mark_label;         /* its label */
} smart_plot_curve;

char *smart_plot_curve_svg(const smart_plot_curve *p, size_t *len, smart_error *err);

/* Histograms of two groups over shared bins, with a vertical line. */
typedef struct smart_plot_histogram {
	const char *title, *subtitle, *x_label;
	const double *values;           /* n values */
	const unsigned char *group;     /* n of 0 or 1 */
	size_t n;
	const char *group_names[2];
	size_t bins;                    /* 0: 30 */
	double line_at;                 /* the vertical line (a cutoff) */
	const char *line_label;
} smart_plot_histogram;

char *smart_plot_histogram_svg(const smart_plot_histogram *p, size_t *len, smart_error *err);

/* Grouped vertical bars: n_groups groups (applications) of n_series bars
 * (comparators), values in [0, 1] (F1), one group marked. */
typedef struct smart_plot_bars {
	const char *title, *subtitle, *y_label;
	const char *x_label;            /* the groups' axis title, or NULL */
	const char *const *groups;      /* n_groups names */
	size_t n_groups;
	const char *const *series;      /* n_series names (the legend) */
	size_t n_series;
	const double *values;           /* n_groups × n_series, row-major */
	size_t marked;                  /* the group to mark, or n_groups */
	const char *mark_label;
} smart_plot_bars;

char *smart_plot_bars_svg(const smart_plot_bars *p, size_t *len, smart_error *err);

/* Horizontal bars of signed values, one per name, in the order given,
 * positive and negative in two colours; `message` instead when n is 0. */
typedef struct smart_plot_hbars {
	const char *title, *subtitle, *x_label;
	const char *const *names;       /* n names */
	const double *values;           /* n values */
	size_t n;
	const char *message;            /* shown when there are no bars */
} smart_plot_hbars;

char *smart_plot_hbars_svg(const smart_plot_hbars *p, size_t *len, smart_error *err);

/* Creates folder `dir` (and its parents) when missing and checks that a
 * file can be written there, leaving nothing behind. */
int smart_plot_dir_check(const char *dir, smart_error *err);

/* Writes n files into `dir` (names[i] holding lens[i] bytes of texts[i])
 * all or none: each to a temporary file first, then all renamed into
 * place; when any write fails the temporary files are removed and no file
 * of `dir` has changed. */
int smart_plot_files_write(const char *dir, const char *const *names, char *const *texts,
			   const size_t *lens, size_t n, smart_error *err);

#endif
