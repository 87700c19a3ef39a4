/*
 * SVG drawing primitives (plot/svg.h): text appended to a string buffer,
 * every string from data escaped for XML, numbers printed in the C
 * locale's plain decimal form so that any SVG reader parses them.
 */
#include "svg.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* The style every drawing shares: a system sans-serif (no font files). */
static const char style[] =
	"<style>text{font-family:sans-serif;fill:#222}</style>\n";

/* Remembers a failed append; the caller sees it at smart__svg_end. */
static void put(smart__svg *s, const char *text, size_t n)
{
	assert(text || n == 0);
	if (!s->failed && smart__strbuf_append(&s->b, text, n))
		s->failed = 1;
}

/* Appends a NUL-terminated literal. */
static void puts_(smart__svg *s, const char *text)
{
	for (size_t n = 0;; n++)
		if (!text[n]) {
			put(s, text, n);
			return;
		}
}

/* Appends text escaped for XML content or an attribute in double quotes. */
static void escaped(smart__svg *s, const char *text)
{
	if (!s->failed && smart__strbuf_escaped(&s->b, text ? text : ""))
		s->failed = 1;
}

const char *smart__svg_fmt(char *buf, size_t size, double v)
{
	if (!isfinite(v))
		v = 0;
	if (fabs(v) < 1e-12)
		v = 0; /* no "-0" or "1e-17" on a tick */
	snprintf(buf, size, "%.6g", v);
	return buf;
}

void smart__svg_begin(smart__svg *s, double w, double h, const char *title)
{
	char line[256];

	s->b = (smart_strbuf){ 0 };
	s->failed = 0;
	snprintf(line, sizeof(line),
		 "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		 "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
		 "viewBox=\"0 0 %.0f %.0f\">\n", w, h, w, h);
	puts_(s, line);
	smart__svg_open(s, "title");
	smart__svg_content(s, "title", title);
	puts_(s, "\n");
	puts_(s, style);
	smart__svg_open(s, "rect");
	smart__svg_attr(s, "width", "100%");
	smart__svg_attr(s, "height", "100%");
	smart__svg_attr(s, "fill", "#fff");
	smart__svg_close(s);
}

char *smart__svg_end(smart__svg *s, size_t *len)
{
	char *text;

	puts_(s, "</svg>\n");
	if (s->failed) {
		smart__strbuf_free(&s->b);
		return NULL;
	}
	text = s->b.data;
	*len = s->b.len;
	s->b = (smart_strbuf){ 0 };
	return text;
}

void smart__svg_open(smart__svg *s, const char *name)
{
	puts_(s, "<");
	puts_(s, name);
}

void smart__svg_attr(smart__svg *s, const char *name, const char *value)
{
	puts_(s, " ");
	puts_(s, name);
	puts_(s, "=\"");
	escaped(s, value);
	puts_(s, "\"");
}

void smart__svg_num(smart__svg *s, const char *name, double value)
{
	char buf[64];

	snprintf(buf, sizeof(buf), "%.2f", isfinite(value) ? value : 0);
	smart__svg_attr(s, name, buf);
}

void smart__svg_close(smart__svg *s)
{
	puts_(s, "/>\n");
}

void smart__svg_content(smart__svg *s, const char *name, const char *text)
{
	puts_(s, ">");
	escaped(s, text);
	puts_(s, "</");
	puts_(s, name);
	puts_(s, ">\n");
}

double smart__axis_px(const smart__axis *a, double v)
{
	double span = a->hi - a->lo;

	if (!(span > 0))
		return (a->p0 + a->p1) / 2;
	return a->p0 + (v - a->lo) / span * (a->p1 - a->p0);
}

smart__frame smart__frame_make(double w, double h, double left, double top, double right,
			       double bottom)
{
	smart__frame f = { left, top, w - right, h - bottom,
			   { 0, 1, left, w - right }, { 0, 1, h - bottom, top } };

	return f;
}

void smart__svg_text(smart__svg *s, double x, double y, const char *anchor, double size,
		     double rotate, const char *text)
{
	char buf[96];

	smart__svg_open(s, "text");
	smart__svg_num(s, "x", x);
	smart__svg_num(s, "y", y);
	smart__svg_attr(s, "text-anchor", anchor);
	smart__svg_num(s, "font-size", size);
	if (rotate != 0) {
		snprintf(buf, sizeof(buf), "rotate(%.1f %.2f %.2f)", rotate, x, y);
		smart__svg_attr(s, "transform", buf);
	}
	smart__svg_content(s, "text", text);
}

void smart__svg_rect(smart__svg *s, const char *cls, double x, double y, double w, double h,
		     const char *fill)
{
	smart__svg_open(s, "rect");
	if (cls)
		smart__svg_attr(s, "class", cls);
	smart__svg_num(s, "x", x);
	smart__svg_num(s, "y", y);
	smart__svg_num(s, "width", w);
	smart__svg_num(s, "height", h);
	smart__svg_attr(s, "fill", fill);
}

void smart__svg_line(smart__svg *s, double x1, double y1, double x2, double y2,
		     const char *stroke, double width, const char *dash)
{
	smart__svg_open(s, "line");
	smart__svg_num(s, "x1", x1);
	smart__svg_num(s, "y1", y1);
	smart__svg_num(s, "x2", x2);
	smart__svg_num(s, "y2", y2);
	smart__svg_attr(s, "stroke", stroke);
	smart__svg_num(s, "stroke-width", width);
	if (dash)
		smart__svg_attr(s, "stroke-dasharray", dash);
	smart__svg_close(s);
}

/* A round step (1, 2 or 5 times a power of ten) giving about n ticks over
 * the span. */
static double tick_step(double span, int n)
{
	double raw, mag, r;

	assert(span > 0 && n > 0); /* axis_ticks draws no ticks otherwise */
	raw = span / n;
	mag = pow(10, floor(log10(raw)));
	r = raw / mag;
	return (r < 1.5 ? 1 : r < 3.5 ? 2 : r < 7.5 ? 5 : 10) * mag;
}

/* Ticks, grid and tick labels of one axis (vertical: the y axis). */
static void axis_ticks(smart__svg *s, const smart__frame *f, const smart__axis *a, int n,
		       int vertical)
{
	double span = a->hi - a->lo, step, v;
	char buf[32];

	if (!(span > 0) || n <= 0)
		return;
	step = tick_step(span, n);
	for (v = ceil(a->lo / step - 1e-9) * step; v <= a->hi + step * 1e-9; v += step) {
		double p = smart__axis_px(a, v);

		if (vertical) {
			smart__svg_line(s, f->left, p, f->right, p, "#e4e4e4", 1, NULL);
			smart__svg_line(s, f->left - 4, p, f->left, p, "#444", 1, NULL);
			smart__svg_text(s, f->left - 6, p + 4, "end", 11, 0,
					smart__svg_fmt(buf, sizeof(buf), v));
		} else {
			smart__svg_line(s, p, f->top, p, f->bottom, "#e4e4e4", 1, NULL);
			smart__svg_line(s, p, f->bottom, p, f->bottom + 4, "#444", 1, NULL);
			smart__svg_text(s, p, f->bottom + 16, "middle", 11, 0,
					smart__svg_fmt(buf, sizeof(buf), v));
		}
	}
}

void smart__svg_axes(smart__svg *s, const smart__frame *f, int nx, int ny,
		     const char *x_label, const char *y_label)
{
	axis_ticks(s, f, &f->x, nx, 0);
	axis_ticks(s, f, &f->y, ny, 1);
	smart__svg_rect(s, NULL, f->left, f->top, f->right - f->left, f->bottom - f->top, "none");
	smart__svg_attr(s, "stroke", "#444");
	smart__svg_close(s);
	if (x_label)
		smart__svg_text(s, (f->left + f->right) / 2, f->bottom + 34, "middle", 12, 0,
				x_label);
	if (y_label)
		smart__svg_text(s, f->left - 44, (f->top + f->bottom) / 2, "middle", 12, -90,
				y_label);
}

void smart__svg_titles(smart__svg *s, double w, const char *title, const char *subtitle)
{
	smart__svg_text(s, w / 2, 22, "middle", 15, 0, title);
	if (subtitle)
		smart__svg_text(s, w / 2, 38, "middle", 11, 0, subtitle);
}

void smart__svg_legend(smart__svg *s, double x, double y, const char *const *names,
		       const char *const *colours, size_t n)
{
	assert(n == 0 || (names && colours));
	for (size_t i = 0; i < n; i++) {
		double row = y + 16 * (double)i;

		smart__svg_rect(s, "legend", x, row - 9, 10, 10, colours[i]);
		smart__svg_close(s);
		smart__svg_text(s, x + 14, row, "start", 11, 0, names[i]);
	}
}
