/*
 * The drawing primitives of plot/ (internal to the module): an SVG
 * document built in memory, elements opened and given attributes one at a
 * time (strings XML-escaped, numbers in plain decimal), and the few shapes
 * the plots are made of: axes with ticks and labels, polylines, rects,
 * lines, circles and text. No fonts, scripts or links: the file stands
 * alone. A failed allocation is remembered and reported once at the end.
 */
#ifndef SMART_PLOT_SVG_H
#define SMART_PLOT_SVG_H

#include <stddef.h>

#include "common/strbuf.h"

/* The drawing and its state. */
typedef struct smart__svg {
	smart_strbuf b;
	int failed; /* an allocation failed: the text is incomplete */
} smart__svg;

/* A linear axis: data values lo..hi onto pixels p0..p1 (p1 < p0 for y). */
typedef struct smart__axis {
	double lo, hi, p0, p1;
} smart__axis;

/* The plot area inside the canvas and the axes that map into it. */
typedef struct smart__frame {
	double left, top, right, bottom;
	smart__axis x, y;
} smart__frame;

/* Starts a document of w × h pixels with its <title> and a white ground. */
void smart__svg_begin(smart__svg *s, double w, double h, const char *title);

/* Closes the document; returns its text (the caller frees it) and length,
 * or NULL when memory ran out. */
char *smart__svg_end(smart__svg *s, size_t *len);

/* "<NAME", then attributes, then smart__svg_close ("/>") or
 * smart__svg_content (">TEXT</NAME>"). */
void smart__svg_open(smart__svg *s, const char *name);
void smart__svg_attr(smart__svg *s, const char *name, const char *value);
void smart__svg_num(smart__svg *s, const char *name, double value);
void smart__svg_close(smart__svg *s);
void smart__svg_content(smart__svg *s, const char *name, const char *text);

/* Where a data value falls on the axis, in pixels. */
double smart__axis_px(const smart__axis *a, double v);

/* A frame for a canvas of w × h with the given margins; the axes'
 * ranges are set by the caller. */
smart__frame smart__frame_make(double w, double h, double left, double top, double right,
			       double bottom);

/* The frame's box, grid lines, ticks and tick labels (about `nx` and `ny`
 * ticks at round values; ny 0: no y axis drawn), and the axis labels. */
void smart__svg_axes(smart__svg *s, const smart__frame *f, int nx, int ny,
		     const char *x_label, const char *y_label);

/* A title centred above the frame, and a smaller subtitle below it (NULL:
 * none). */
void smart__svg_titles(smart__svg *s, double w, const char *title, const char *subtitle);

/* Text at (x, y) in pixels: anchor "start", "middle" or "end"; rotate in
 * degrees about the anchor (0: none). */
void smart__svg_text(smart__svg *s, double x, double y, const char *anchor, double size,
		     double rotate, const char *text);

/* Opens a rect of class `cls` (NULL: none) with its box and fill; the
 * caller may add attributes, then calls smart__svg_close. */
void smart__svg_rect(smart__svg *s, const char *cls, double x, double y, double w, double h,
		     const char *fill);

/* A line segment in pixels. */
void smart__svg_line(smart__svg *s, double x1, double y1, double x2, double y2,
		     const char *stroke, double width, const char *dash);

/* A legend: coloured squares and their names, one under another from (x, y). */
void smart__svg_legend(smart__svg *s, double x, double y, const char *const *names,
		       const char *const *colours, size_t n);

/* "%.6g" of v into buf (a tick label or an attribute value). */
const char *smart__svg_fmt(char *buf, size_t size, double v);

#endif
