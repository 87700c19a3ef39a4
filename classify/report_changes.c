/* The HTML report's changes view (docs/report.md "The changes view"): the
 * flagged pairs grouped by the change signatures they hold, largest group
 * first, each opening the list of its pairs. It is built from the rows
 * themselves (their data-g and data-gw attributes), once all of them are
 * in the page, so that the unsharded run and the merge of its shards write
 * the same bytes; and it is plain HTML (<details>), readable without
 * JavaScript. */
#include "smart/classify.h"

#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"
#include "report_html.h"

#define REPORT_DOCTYPE "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>smart: "

/* An attribute's value in a row's start tag, as written (escaped). */
typedef struct span {
	const char *p;
	size_t n;
} span;

/* One flagged row. */
typedef struct member {
	span i, s, app, t, g, gw;
	size_t index; /* the pair's position in the input */
	size_t group; /* after grouping: its group's size */
	size_t first; /* after grouping: its group's first position */
} member;

/* The value of attribute `name` (with its ="") in the start tag
 * [tag, end); an empty span when absent. The report escapes every value,
 * so a value holds no '"'. */
static span attr(const char *tag, const char *end, const char *name)
{
	size_t n = strlen(name);
	span out = { "", 0 };

	for (const char *p = tag; p + n < end; p++) {
		if (p[-1] == ' ' && memcmp(p, name, n) == 0) {
			const char *q = memchr(p + n, '"', (size_t)(end - p - n));

			if (q) {
				out.p = p + n;
				out.n = (size_t)(q - out.p);
			}
			return out;
		}
	}
	return out;
}

static int span_cmp(span a, span b)
{
	int c = memcmp(a.p, b.p, a.n < b.n ? a.n : b.n);

	return c ? c : (a.n > b.n) - (a.n < b.n);
}

/* By group key, then input position: a group's members together. */
static int by_key(const void *x, const void *y)
{
	const member *a = x, *b = y;
	int c = span_cmp(a->g, b->g);

	return c ? c : (a->index > b->index) - (a->index < b->index);
}

/* Largest group first; among groups of one size, the one whose first
 * pair comes first in the input; the pairs without signatures (key "")
 * last. Within a group, input order. */
static int by_size(const void *x, const void *y)
{
	const member *a = x, *b = y;

	if ((a->g.n == 0) != (b->g.n == 0))
		return a->g.n == 0 ? 1 : -1;
	if (a->group != b->group)
		return a->group < b->group ? 1 : -1;
	if (a->first != b->first)
		return a->first < b->first ? -1 : 1;
	return (a->index > b->index) - (a->index < b->index);
}

/* The flagged rows of the report text [rows, end) into *out. */
static int collect(const char *rows, const char *end, member **out, size_t *n)
{
	size_t cap = 0;

	*out = NULL;
	*n = 0;
	for (const char *p = rows; (p = strstr(p, "\n<tr id=\"r-")) && p < end; p++) {
		const char *tag = p + 1, *close = memchr(tag, '>', (size_t)(end - tag));
		member m;

		if (!close)
			break;
		if (span_cmp(attr(tag, close, "data-d=\""), (span){ "inspect", 7 }) != 0)
			continue;
		m = (member){ .i = attr(tag, close, "data-i=\""), .s = attr(tag, close, "data-s=\""),
			      .app = attr(tag, close, "data-app=\""),
			      .t = attr(tag, close, "data-t=\""), .g = attr(tag, close, "data-g=\""),
			      .gw = attr(tag, close, "data-gw=\"") };
		m.index = strtoul(m.i.p, NULL, 10);
		if (*n == cap) {
			member *grown = realloc(*out, (cap = cap ? 2 * cap : 64) * sizeof(**out));

			if (!grown)
				return -1;
			*out = grown;
		}
		(*out)[(*n)++] = m;
	}
	return 0;
}

/* Appends the section: one <details> per group, its pairs as links to
 * their rows. The members are sorted by group, largest first. */
static int write_section(smart_strbuf *b, const member *m, size_t n, size_t groups)
{
	int bad = smart__strbuf_printf(b, "<section id=\"changes\"><h2>Changes</h2>\n");

	if (!bad && n == 0)
		return smart__strbuf_printf(b, "<p>No pair is flagged: no change to decide.</p>"
					    "</section>");
	if (!bad)
		bad = smart__strbuf_printf(b, "<p>%zu flagged %s in %zu %s, by the changes "
					   "scrubbing left (docs/signatures.md), the largest group "
					   "first: one decision can settle a group. Open a group for "
					   "its pairs; a pair for its view.</p>\n",
					   n, n == 1 ? "pair" : "pairs", groups,
					   groups == 1 ? "group" : "groups");
	for (size_t i = 0; !bad && i < n;) {
		size_t k = m[i].group;

		bad = smart__strbuf_printf(b, "<details class=\"group\" data-g=\"%.*s\" "
					   "data-count=\"%zu\"><summary><b class=\"count\">%zu %s"
					   "</b> <span class=\"gw\">%.*s</span></summary><ol>",
					   (int)m[i].g.n, m[i].g.p, k, k, k == 1 ? "pair" : "pairs",
					   (int)(m[i].g.n ? m[i].gw.n : 0), m[i].gw.p) ||
		      (m[i].g.n == 0 &&
		       smart__strbuf_printf(b, "no change signature: a rule decided, or a file "
					   "is on one side only"));
		for (size_t j = i; !bad && j < i + k; j++)
			bad = smart__strbuf_printf(b, "<li><a href=\"#r-%.*s\" data-open=\"%.*s\">"
						   "%.*s%s%.*s</a> <span class=\"score\">%.*s</span>"
						   "</li>",
						   (int)m[j].i.n, m[j].i.p, (int)m[j].i.n, m[j].i.p,
						   (int)m[j].app.n, m[j].app.p, m[j].app.n ? "/" : "",
						   (int)m[j].t.n, m[j].t.p, (int)m[j].s.n, m[j].s.p);
		bad = bad || smart__strbuf_printf(b, "</ol></details>\n");
		i += k;
	}
	return bad || smart__strbuf_printf(b, "</section>");
}

/* Groups the members (sorted by key): each learns its group's size;
 * returns the number of groups, then sorts them largest first. */
static size_t group(member *m, size_t n)
{
	size_t groups = 0;

	if (n == 0)
		return 0;
	qsort(m, n, sizeof(*m), by_key);
	for (size_t i = 0, j; i < n; i = j, groups++) {
		for (j = i; j < n && span_cmp(m[j].g, m[i].g) == 0; j++)
			;
		for (size_t k = i; k < j; k++) {
			m[k].group = j - i;
			m[k].first = m[i].index;
		}
	}
	qsort(m, n, sizeof(*m), by_size);
	return groups;
}

int smart_html_report_fill_changes(char **text, size_t *len, smart_error *err)
{
	char *t = *text, *mark, *rows;
	member *m = NULL;
	size_t n = 0, skip = strlen(SMART__REPORT_CHANGES_MARK);
	smart_strbuf out = { 0 };
	int bad;

	if (*len < sizeof(REPORT_DOCTYPE) || memcmp(t, REPORT_DOCTYPE, sizeof(REPORT_DOCTYPE) - 1))
		return 0;
	rows = strstr(t, "<tbody>\n");
	mark = strstr(t, SMART__REPORT_CHANGES_MARK);
	if (!rows || !mark || mark > rows)
		return 0; /* not a report, or filled already */
	bad = collect(rows + 6, t + *len, &m, &n);
	if (!bad)
		bad = smart__strbuf_append(&out, t, (size_t)(mark - t)) ||
		      write_section(&out, m, n, group(m, n)) ||
		      smart__strbuf_append(&out, mark + skip, *len - (size_t)(mark - t) - skip);
	free(m);
	if (bad) {
		smart__strbuf_free(&out);
		return smart_error_oom(err);
	}
	free(*text);
	*text = out.data;
	*len = out.len;
	return 0;
}
