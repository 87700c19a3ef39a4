/*
 * The two bar plots (include/smart/plot.h): grouped vertical bars with a
 * legend and one group marked (F1 per application, smart beside the
 * baselines, the worst application marked), and signed horizontal bars
 * (a model's weights).
 */
#include "smart/plot.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "svg.h"

#define W 640
#define H 400

/* Series colours, in legend order (smart first). */
static const char *const series_colour[] = { "#4c78a8", "#f58518", "#54a24b", "#b279a2",
					     "#9d755d", "#72b7b2" };
#define N_COLOURS (sizeof(series_colour) / sizeof(series_colour[0]))

/* Finishes a document, or fails for want of memory. */
static char *finish(smart__svg *s, size_t *len, smart_error *err)
{
	char *text = smart__svg_end(s, len);

	if (!text)
		smart_error_oom(err);
	return text;
}

/* One bar: a rect whose data-* attributes say what it stands for. */
static void bar(smart__svg *s, double x, double y, double w, double h, const char *fill,
		const char *group, const char *series, double value)
{
	char buf[32];

	smart__svg_rect(s, "bar", x, y, w, h, fill);
	smart__svg_attr(s, "data-group", group);
	if (series)
		smart__svg_attr(s, "data-series", series);
	smart__svg_attr(s, "data-value", smart__svg_fmt(buf, sizeof(buf), value));
	smart__svg_close(s);
}

/* A light band behind group g and its label above the frame. */
static void mark_group(smart__svg *s, const smart__frame *f, double x0, double gw,
		       const char *group, const char *label)
{
	smart__svg_rect(s, "mark", x0, f->top, gw, f->bottom - f->top, "#fde9a9");
	smart__svg_attr(s, "data-group", group);
	smart__svg_close(s);
	smart__svg_text(s, x0 + gw / 2, f->top - 4, "middle", 11, 0, label);
}

char *smart_plot_bars_svg(const smart_plot_bars *p, size_t *len, smart_error *err)
{
	size_t k = p->n_series < N_COLOURS ? p->n_series : N_COLOURS;
	smart__frame f = smart__frame_make(W, H, 56, 58, k > 1 ? 150 : 20, 84);
	double gw = (f.right - f.left) / (double)(p->n_groups ? p->n_groups : 1);
	double bw = gw * 0.8 / (double)(k ? k : 1);
	smart__svg s;

	f.y = (smart__axis){ 0, 1, f.bottom, f.top };
	smart__svg_begin(&s, W, H, p->title);
	smart__svg_titles(&s, W, p->title, p->subtitle);
	if (p->marked < p->n_groups)
		mark_group(&s, &f, f.left + gw * (double)p->marked, gw, p->groups[p->marked],
			   p->mark_label);
	smart__svg_axes(&s, &f, 0, 5, NULL, p->y_label);
	for (size_t g = 0; g < p->n_groups; g++) {
		double x0 = f.left + gw * (double)g + gw * 0.1;

		for (size_t j = 0; j < k; j++) {
			double v;

			assert(j < p->n_series && j < N_COLOURS); /* k is at most both */
			v = p->values[g * p->n_series + j];
			double y = smart__axis_px(&f.y, isfinite(v) ? fmin(fmax(v, 0), 1) : 0);

			bar(&s, x0 + bw * (double)j, y, bw, f.bottom - y, series_colour[j],
			    p->groups[g], p->series[j], v);
		}
		/* names under their group, slanted so that long ones fit */
		smart__svg_text(&s, f.left + gw * ((double)g + 0.5) + 3, f.bottom + 10, "end", 11,
				-40, p->groups[g]);
	}
	/* the x axis' title under the slanted names */
	if (p->x_label)
		smart__svg_text(&s, (f.left + f.right) / 2, H - 6, "middle", 12, 0, p->x_label);
	if (k > 1)
		smart__svg_legend(&s, f.right + 12, f.top + 10, p->series, series_colour, k);
	return finish(&s, len, err);
}

char *smart_plot_hbars_svg(const smart_plot_hbars *p, size_t *len, smart_error *err)
{
	double h = p->n ? fmax(H, 110 + 16 * (double)p->n) : H, lo = 0, hi = 0, zero;
	smart__frame f = smart__frame_make(W, h, 190, 54, 24, 50);
	smart__svg s;

	for (size_t i = 0; i < p->n; i++)
		if (isfinite(p->values[i])) {
			lo = fmin(lo, p->values[i]);
			hi = fmax(hi, p->values[i]);
		}
	if (!(hi - lo > 0))
		hi = 1;
	f.x = (smart__axis){ lo - (hi - lo) * 0.03, hi + (hi - lo) * 0.03, f.left, f.right };
	smart__svg_begin(&s, W, h, p->title);
	smart__svg_titles(&s, W, p->title, p->subtitle);
	smart__svg_axes(&s, &f, 6, 0, p->x_label, NULL);
	if (!p->n)
		smart__svg_text(&s, W / 2, h / 2, "middle", 13, 0, p->message);
	zero = smart__axis_px(&f.x, 0);
	for (size_t i = 0; i < p->n; i++) {
		double row = (f.bottom - f.top) / (double)p->n, y = f.top + row * (double)i;
		double v = isfinite(p->values[i]) ? p->values[i] : 0, x = smart__axis_px(&f.x, v);

		/* a bar at least 2 px wide, so a small weight is still seen, with
		 * its value written beyond its end */
		double w = v == 0 ? 0 : fmax(fabs(x - zero), 2), x0 = v < 0 ? zero - w : zero;
		char buf[32];

		bar(&s, x0, y + row * 0.15, w, row * 0.7, v < 0 ? "#4c78a8" : "#e45756",
		    p->names[i], NULL, p->values[i]);
		smart__svg_text(&s, f.left - 6, y + row * 0.5 + 4, "end", 11, 0, p->names[i]);
		smart__svg_text(&s, v < 0 ? x0 - 3 : x0 + w + 3, y + row * 0.5 + 4,
				v < 0 ? "end" : "start", 10, 0,
				smart__svg_fmt(buf, sizeof(buf), p->values[i]));
	}
	smart__svg_line(&s, zero, f.top, zero, f.bottom, "#444", 1, NULL);
	return finish(&s, len, err);
}
