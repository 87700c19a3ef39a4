/* The HTML report's changes view (docs/report.md "The changes view"): the
 * flagged pairs grouped as `smart review --by-change` meets them
 * (smart/change_group.h: the groups of a reviewer accepting each whole),
 * each opening the list of its pairs. It is built from the rows
 * themselves (their data-c and data-gw attributes), once all of them are
 * in the page, so that the unsharded run and the merge of its shards write
 * the same bytes; and it is plain HTML (<details>), readable without
 * JavaScript. */
#include "smart/classify.h"

#include "smart/change_group.h"
#include "smart/signature.h"

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
	span i, s, app, t, c, gw;
	size_t index; /* the pair's position in the input */
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
			      .t = attr(tag, close, "data-t=\""), .c = attr(tag, close, "data-c=\""),
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

/* The changes of the rows, as grouping reads them. */
typedef struct changes {
	smart_group_pair *p;
	uint64_t *ids, *cls;
} changes;

/* Reads each member's data-c ("id.class ...") into c; a set cut short
 * (a "+" in it) holds no change to group by, as one without signatures.
 * 0, or -1 when out of memory. */
static int read_changes(const member *m, size_t n, changes *c)
{
	size_t total = 0, at = 0;

	for (size_t i = 0; i < n; i++) /* at most one change per space, and one */
		for (size_t k = 0; k <= m[i].c.n; k++)
			total += k == m[i].c.n || m[i].c.p[k] == ' ';
	c->p = calloc(n ? n : 1, sizeof(*c->p));
	c->ids = malloc((total + 1) * sizeof(*c->ids));
	c->cls = malloc((total + 1) * sizeof(*c->cls));
	if (!c->p || !c->ids || !c->cls)
		return -1;
	for (size_t i = 0; i < n; i++) {
		const char *p = m[i].c.p, *end = p + m[i].c.n;

		c->p[i] = (smart_group_pair){ c->ids + at, c->cls + at, 0 };
		if (memchr(p, '+', (size_t)(end - p)))
			continue; /* cut short: not grouped */
		while (p < end) {
			char *e;

			c->ids[at] = strtoull(p, &e, 16);
			c->cls[at] = *e == '.' ? strtoull(e + 1, &e, 16) : c->ids[at];
			if (e == p) /* not hex: nothing more to read */
				break;
			p = e;
			at++;
			c->p[i].n++;
			while (p < end && *p == ' ')
				p++;
		}
	}
	return 0;
}

/* Line k of a row's data-gw (the words of its k-th change). */
static span words_of(span gw, size_t k)
{
	const char *p = gw.p, *end = gw.p + gw.n;

	for (; k > 0 && p < end; k--) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));

		p = nl ? nl + 1 : end;
	}
	{
		const char *nl = memchr(p, '\n', (size_t)(end - p));

		return (span){ p, (size_t)((nl ? nl : end) - p) };
	}
}

/* Appends one group: its count, its change in words (the first pair's
 * change of the class, and how many more it holds), its pairs as links to
 * their rows. g NULL: the pairs without signatures. */
static int write_group(smart_strbuf *b, const member *m, const changes *c,
		       const smart_change_group *g, const size_t *none, size_t n_none)
{
	const size_t *pairs = g ? g->members : none;
	size_t n = g ? g->n_settled : n_none, k = 0;
	char key[17] = "";
	span w = { "", 0 };
	int bad;

	if (g) {
		const smart_group_pair *first = &c->p[g->members[0]];

		while (k + 1 < first->n && first->classes[k] != g->key)
			k++;
		w = words_of(m[g->members[0]].gw, k);
		smart_signature_id_text(g->key, key);
	}
	bad = smart__strbuf_printf(b, "<details class=\"group\" data-g=\"%s\" data-count=\"%zu\">"
				   "<summary><b class=\"count\">%zu %s</b> <span class=\"gw\">%.*s",
				   key, n, n, n == 1 ? "pair" : "pairs", (int)w.n, w.p);
	if (!bad && g && g->n_key > 1)
		bad = smart__strbuf_printf(b, " (%zu alike changes)", g->n_key);
	if (!bad && g && g->n_changes > g->n_key)
		bad = smart__strbuf_printf(b, "; and %zu other %s", g->n_changes - g->n_key,
					   g->n_changes - g->n_key == 1 ? "change" : "changes");
	if (!bad && !g)
		bad = smart__strbuf_printf(b, "not grouped: no change signature (a rule decided, or "
					   "a file is on one side only), or more changes than a "
					   "signature set keeps");
	bad = bad || smart__strbuf_printf(b, "</span></summary><ol>");
	for (size_t j = 0; !bad && j < n; j++) {
		const member *x = &m[pairs[j]];

		bad = smart__strbuf_printf(b, "<li><a href=\"#r-%.*s\" data-open=\"%.*s\">"
					   "%.*s%s%.*s</a> <span class=\"score\">%.*s</span></li>",
					   (int)x->i.n, x->i.p, (int)x->i.n, x->i.p, (int)x->app.n,
					   x->app.p, x->app.n ? "/" : "", (int)x->t.n, x->t.p,
					   (int)x->s.n, x->s.p);
	}
	return bad || smart__strbuf_printf(b, "</ol></details>\n");
}

/* Appends the section: one <details> per group of the plan, then the
 * pairs without signatures. */
static int write_section(smart_strbuf *b, const member *m, size_t n, const changes *c,
			 const smart_change_group *g, size_t groups)
{
	size_t *none = malloc((n ? n : 1) * sizeof(*none)), n_none = 0;
	int bad = !none || smart__strbuf_printf(b, "<section id=\"changes\"><h2>Changes</h2>\n");

	for (size_t i = 0; i < n; i++)
		if (c->p[i].n == 0)
			none[n_none++] = i;
	if (!bad && n == 0)
		bad = smart__strbuf_printf(b, "<p>No pair is flagged: no change to decide.</p>");
	else if (!bad)
		bad = smart__strbuf_printf(b, "<p>%zu flagged %s in %zu %s, as <code>smart review "
					   "--by-change</code> meets them (docs/review.md): the "
					   "class of changes most pairs hold first; accepting a "
					   "group's changes ignores every pair of it. Open a group "
					   "for its pairs; a pair for its view.</p>\n",
					   n, n == 1 ? "pair" : "pairs", groups + (n_none > 0),
					   groups + (n_none > 0) == 1 ? "group" : "groups");
	for (size_t k = 0; !bad && n && k < groups; k++)
		bad = write_group(b, m, c, &g[k], NULL, 0);
	if (!bad && n_none)
		bad = write_group(b, m, c, NULL, none, n_none);
	free(none);
	return bad || smart__strbuf_printf(b, "</section>");
}

int smart_html_report_fill_changes(char **text, size_t *len, smart_error *err)
{
	char *t = *text, *mark, *rows;
	member *m = NULL;
	changes c = { 0 };
	smart_change_group *g = NULL;
	size_t n = 0, groups = 0, skip = strlen(SMART__REPORT_CHANGES_MARK);
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
		bad = read_changes(m, n, &c) ||
		      smart_change_groups_plan(&(smart_group_input){ c.p, n, NULL, NULL, NULL },
					       &g, &groups, err);
	if (!bad)
		bad = smart__strbuf_append(&out, t, (size_t)(mark - t)) ||
		      write_section(&out, m, n, &c, g, groups) ||
		      smart__strbuf_append(&out, mark + skip, *len - (size_t)(mark - t) - skip);
	smart_change_groups_free(g, groups);
	free(c.p);
	free(c.ids);
	free(c.cls);
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
