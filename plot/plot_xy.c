/*
 * The two plots over a continuous axis (include/smart/plot.h): a curve in
 * the unit square with a marked point (the precision-recall curve and its
 * cutoff), and histograms of two groups over shared bins with a vertical
 * line (the scores of inspect and ignore pairs, and the cutoff).
 */
#include "smart/plot.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"
#include "svg.h"

#define W 640
#define H 400

/* The colours of the two groups (ignore, inspect) and of the marks. */
static const char *const group_colour[2] = { "#4c78a8", "#e45756" };
#define MARK_COLOUR "#222"

/* Finishes a document, or fails for want of memory. */
static char *finish(smart__svg *s, size_t *len, smart_error *err)
{
	char *text = smart__svg_end(s, len);

	if (!text)
		smart_error_oom(err);
	return text;
}

/* Appends "x,y " to a point list; 0 or -1 when memory runs out. */
static int point(smart_strbuf *b, double x, double y, int precise)
{
	return smart__strbuf_printf(b, precise ? "%.6g,%.6g " : "%.2f,%.2f ", x, y);
}

char *smart_plot_curve_svg(const smart_plot_curve *p, size_t *len, smart_error *err)
{
	smart__svg s;
	smart__frame f = smart__frame_make(W, H, 64, 50, 24, 50);
	smart_strbuf px = { 0 }, data = { 0 };
	double last_x = -1e9, last_y = -1e9, mx, my;
	char a[32], b[32], label[160];
	int oom = 0;

	smart__svg_begin(&s, W, H, p->title);
	smart__svg_titles(&s, W, p->title, p->subtitle);
	smart__svg_axes(&s, &f, 5, 5, p->x_label, p->y_label);
	/* points closer than a quarter pixel to the last one drawn add
	 * nothing to the picture; the last point is always kept */
	for (size_t i = 0; i < p->n && !oom; i++) {
		double x = smart__axis_px(&f.x, p->x[i]), y = smart__axis_px(&f.y, p->y[i]);

		if (i + 1 < p->n && fabs(x - last_x) < 0.25 && fabs(y - last_y) < 0.25)
			continue;
		last_x = x;
		last_y = y;
		oom = point(&px, x, y, 0) || point(&data, p->x[i], p->y[i], 1);
	}
	if (oom) {
		smart__strbuf_free(&px);
		smart__strbuf_free(&data);
		smart__strbuf_free(&s.b);
		smart_error_oom(err);
		return NULL;
	}
	smart__svg_open(&s, "polyline");
	smart__svg_attr(&s, "class", "curve");
	smart__svg_attr(&s, "points", px.data ? px.data : "");
	smart__svg_attr(&s, "data-points", data.data ? data.data : "");
	smart__svg_attr(&s, "fill", "none");
	smart__svg_attr(&s, "stroke", group_colour[0]);
	smart__svg_num(&s, "stroke-width", 2);
	smart__svg_close(&s);
	smart__strbuf_free(&px);
	smart__strbuf_free(&data);
	mx = smart__axis_px(&f.x, p->mark_x);
	my = smart__axis_px(&f.y, p->mark_y);
	smart__svg_open(&s, "circle");
	smart__svg_attr(&s, "class", "mark");
	smart__svg_num(&s, "cx", mx);
	smart__svg_num(&s, "cy", my);
	smart__svg_num(&s, "r", 5);
	smart__svg_attr(&s, "data-x", smart__svg_fmt(a, sizeof(a), p->mark_x));
	smart__svg_attr(&s, "data-y", smart__svg_fmt(b, sizeof(b), p->mark_y));
	smart__svg_attr(&s, "fill", group_colour[1]);
	smart__svg_attr(&s, "stroke", MARK_COLOUR);
	smart__svg_close(&s);
	snprintf(label, sizeof(label), "%s", p->mark_label ? p->mark_label : "");
	/* the label goes inside the frame, on the side with room */
	smart__svg_text(&s, mx > (f.left + f.right) / 2 ? mx - 8 : mx + 8,
			my < f.top + 30 ? my + 18 : my - 10, mx > (f.left + f.right) / 2 ? "end" : "start",
			12, 0, label);
	return finish(&s, len, err);
}

/* Sorts doubles ascending (qsort). */
static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* The histogram's range: from the 0.5th to the 99.5th percentile of the
 * values (a few extreme scores would squash every bar into one), widened
 * to show the line; the outer bins take whatever lies beyond. */
static int hist_range(const smart_plot_histogram *p, double *lo, double *hi, smart_error *err)
{
	double *v = malloc((p->n ? p->n : 1) * sizeof(*v));
	size_t m = 0;

	if (!v)
		return smart_error_oom(err);
	for (size_t i = 0; i < p->n; i++)
		if (isfinite(p->values[i]))
			v[m++] = p->values[i];
	*lo = *hi = isfinite(p->line_at) ? p->line_at : 0;
	if (m) {
		qsort(v, m, sizeof(*v), by_value);
		*lo = fmin(*lo, v[(size_t)floor(0.005 * (double)(m - 1))]);
		*hi = fmax(*hi, v[(size_t)ceil(0.995 * (double)(m - 1))]);
	}
	free(v);
	if (!(*hi - *lo > 1e-12)) {
		*lo -= 0.5;
		*hi += 0.5;
	}
	return 0;
}

/* One bar of group g over bin b (its half of the bin's width). */
static void hist_bar(smart__svg *s, const smart__frame *f, double x0, double x1, int g,
		     size_t count)
{
	char buf[32];
	double mid = (x0 + x1) / 2, y = smart__axis_px(&f->y, (double)count);

	assert(g == 0 || g == 1);
	smart__svg_rect(s, "bar", g ? mid : x0 + 0.5, y, (x1 - x0) / 2 - 0.5, f->bottom - y,
			group_colour[g]);
	smart__svg_attr(s, "data-group", g ? "1" : "0");
	snprintf(buf, sizeof(buf), "%zu", count);
	smart__svg_attr(s, "data-count", buf);
	smart__svg_close(s);
}

char *smart_plot_histogram_svg(const smart_plot_histogram *p, size_t *len, smart_error *err)
{
	size_t bins = p->bins ? p->bins : 30, *count, total[2] = { 0, 0 }, top = 1;
	smart__frame f = smart__frame_make(W, H, 64, 50, 24, 50);
	smart__svg s;
	double lo = 0, hi = 1, width, lx;
	char names[2][96], buf[32];
	const char *legend[2] = { names[0], names[1] };

	if (hist_range(p, &lo, &hi, err))
		return NULL;
	count = calloc(2 * bins, sizeof(*count));
	if (!count) {
		smart_error_oom(err);
		return NULL;
	}
	width = (hi - lo) / (double)bins;
	for (size_t i = 0; i < p->n; i++) {
		double v = isfinite(p->values[i]) ? p->values[i] : p->values[i] > 0 ? hi : lo;
		double k = floor((v - lo) / width);
		size_t b = k < 0 ? 0 : k >= (double)bins ? bins - 1 : (size_t)k;
		int g = p->group[i] ? 1 : 0;

		assert(b < bins); /* the value was clamped into the outer bins */
		count[g * bins + b]++;
		total[g]++;
	}
	for (size_t b = 0; b < 2 * bins; b++)
		if (count[b] > top)
			top = count[b];
	f.x = (smart__axis){ lo, hi, f.left, f.right };
	f.y = (smart__axis){ 0, (double)top * 1.05, f.bottom, f.top };
	smart__svg_begin(&s, W, H, p->title);
	smart__svg_titles(&s, W, p->title, p->subtitle);
	smart__svg_axes(&s, &f, 8, 5, p->x_label, "pairs");
	for (size_t b = 0; b < bins; b++) {
		double x0 = smart__axis_px(&f.x, lo + width * (double)b);
		double x1 = smart__axis_px(&f.x, lo + width * (double)(b + 1));

		for (int g = 0; g < 2; g++)
			if (count[g * bins + b])
				hist_bar(&s, &f, x0, x1, g, count[g * bins + b]);
	}
	free(count);
	lx = smart__axis_px(&f.x, p->line_at);
	smart__svg_open(&s, "line");
	smart__svg_attr(&s, "class", "cut");
	smart__svg_num(&s, "x1", lx);
	smart__svg_num(&s, "y1", f.top);
	smart__svg_num(&s, "x2", lx);
	smart__svg_num(&s, "y2", f.bottom);
	smart__svg_attr(&s, "data-x", smart__svg_fmt(buf, sizeof(buf), p->line_at));
	smart__svg_attr(&s, "stroke", MARK_COLOUR);
	smart__svg_num(&s, "stroke-width", 1.5);
	smart__svg_attr(&s, "stroke-dasharray", "5 3");
	smart__svg_close(&s);
	smart__svg_text(&s, lx + 4, f.top + 14, "start", 11, 0, p->line_label);
	for (int g = 0; g < 2; g++)
		snprintf(names[g], sizeof(names[g]), "%s (%zu)", p->group_names[g], total[g]);
	smart__svg_legend(&s, f.right - 130, f.top + 16, legend, group_colour, 2);
	return finish(&s, len, err);
}
