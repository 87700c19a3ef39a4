/*
 * The reformatting operators of `smart perturb` (perturb/perturb_internal.h):
 * rewrites of a page's written text that a browser or an XML reader would
 * not notice — white space between tags, attribute order, quoting,
 * self-closing forms, HTML tag case. They scan tags with a small tokenizer
 * (enough for what smart_tree_write and libxml2 write: comments, doctype,
 * PIs, raw <script>/<style> content) and copy everything else unchanged.
 */
#include "perturb_internal.h"

#include <stddef.h>
#include <gsl/gsl_randist.h>

#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define TAG_MAX_ATTRS 64

enum { TAG_START, TAG_END, TAG_OTHER };

typedef struct tag_attr {
	size_t name, name_len;   /* offsets into the text */
	size_t value, value_len; /* without quotes; value_len 0 and
	                          * has_value 0 for a bare attribute */
	char quote;              /* '"', '\'' or 0 (unquoted) */
	int has_value;
} tag_attr;

typedef struct tag {
	int kind;
	size_t start, end;       /* '<' .. past '>' */
	size_t name, name_len;
	int empty;               /* written "<x/>" */
	size_t attr_count;       /* > TAG_MAX_ATTRS: not rewritten */
	tag_attr attrs[TAG_MAX_ATTRS];
} tag;

static int name_char(char c)
{
	return c && !isspace((unsigned char)c) && c != '/' && c != '>' && c != '=';
}

/* Parses the attributes and end of a start tag from s[i]. */
static void parse_start(const char *s, size_t len, size_t i, tag *t)
{
	while (i < len) {
		tag_attr *a = &t->attrs[t->attr_count < TAG_MAX_ATTRS ? t->attr_count : 0];

		while (i < len && isspace((unsigned char)s[i]))
			i++;
		if (i < len && s[i] == '>') {
			t->end = i + 1;
			return;
		}
		if (i + 1 < len && s[i] == '/' && s[i + 1] == '>') {
			t->empty = 1;
			t->end = i + 2;
			return;
		}
		memset(a, 0, sizeof(*a));
		a->name = i;
		while (i < len && name_char(s[i]))
			i++;
		a->name_len = i - a->name;
		if (a->name_len == 0) {
			i++; /* a stray character: skip it */
			continue;
		}
		t->attr_count++;
		while (i < len && isspace((unsigned char)s[i]))
			i++;
		if (i >= len || s[i] != '=')
			continue;
		a->has_value = 1;
		for (i++; i < len && isspace((unsigned char)s[i]); i++)
			;
		if (i < len && (s[i] == '"' || s[i] == '\'')) {
			const char *q = memchr(s + i + 1, s[i], len - i - 1);

			a->quote = s[i];
			a->value = i + 1;
			a->value_len = q ? (size_t)(q - (s + i + 1)) : len - i - 1;
			i = a->value + a->value_len + 1;
		} else {
			a->value = i;
			while (i < len && !isspace((unsigned char)s[i]) && s[i] != '>')
				i++;
			a->value_len = i - a->value;
		}
	}
	t->end = len;
}

/* Finds the next tag at or after `from`; returns 0 when there is none. */
static int next_tag(const char *s, size_t len, size_t from, tag *t)
{
	const char *lt = from < len ? memchr(s + from, '<', len - from) : NULL;

	while (lt) {
		size_t i = (size_t)(lt - s);
		char c = i + 1 < len ? s[i + 1] : 0;
		const char *stop = NULL;

		memset(t, 0, offsetof(tag, attrs));
		t->start = i;
		if (isalpha((unsigned char)c)) {
			t->kind = TAG_START;
			t->name = i + 1;
			for (i++; i < len && name_char(s[i]); i++)
				;
			t->name_len = i - t->name;
			parse_start(s, len, i, t);
			return 1;
		}
		if (c == '/' || c == '!' || c == '?') {
			t->kind = c == '/' ? TAG_END : TAG_OTHER;
			t->name = i + 2;
			if (c == '!' && i + 3 < len && s[i + 2] == '-' && s[i + 3] == '-') {
				stop = memmem(s + i + 4, len - i - 4, "-->", 3);
				t->end = stop ? (size_t)(stop - s) + 3 : len;
				return 1;
			}
			stop = memchr(s + i, '>', len - i);
			t->end = stop ? (size_t)(stop - s) + 1 : len;
			for (t->name_len = 0; t->name + t->name_len < t->end &&
			     name_char(s[t->name + t->name_len]); t->name_len++)
				;
			return 1;
		}
		lt = i + 1 < len ? memchr(s + i + 1, '<', len - i - 1) : NULL;
	}
	return 0;
}

static int tag_is(const char *s, const tag *t, const char *name)
{
	return t->name_len == strlen(name) &&
	       strncasecmp(s + t->name, name, t->name_len) == 0;
}

static int is_one_of(const char *s, const tag *t, const char *const *names)
{
	for (; *names; names++)
		if (tag_is(s, t, *names))
			return 1;
	return 0;
}

static const char *const void_elements[] = { "area", "base", "br", "col",
	"embed", "hr", "img", "input", "link", "meta", "param", "source",
	"track", "wbr", NULL };

static const char *const block_elements[] = { "html", "head", "body", "div",
	"p", "ul", "ol", "li", "table", "thead", "tbody", "tfoot", "tr", "td",
	"th", "caption", "section", "article", "nav", "header", "footer", "main",
	"aside", "h1", "h2", "h3", "h4", "h5", "h6", "form", "fieldset", "dl",
	"dt", "dd", "blockquote", "figure", "figcaption", "title", "meta", "link",
	"hr", "address", "details", "summary", "menu", "option", "select", NULL };

/* For HTML, the end of the raw content (script, style, ...) that follows
 * start tag t, or t->end when it has none. */
static size_t raw_end(const char *s, size_t len, const tag *t, int html)
{
	static const char *const raw[] = { "script", "style", "textarea", "title",
		"xmp", "plaintext", NULL };
	char close[16];

	if (!html || t->kind != TAG_START || t->empty || !is_one_of(s, t, raw))
		return t->end;
	assert(t->name_len + 3 <= sizeof(close)); /* one of raw[] */
	snprintf(close, sizeof(close), "</%.*s", (int)t->name_len, s + t->name);
	for (size_t i = t->end; i + strlen(close) <= len; i++)
		if (strncasecmp(s + i, close, strlen(close)) == 0)
			return i;
	return len;
}

/* The state of one rewrite pass. */
typedef struct pass {
	const char *s;
	size_t len;
	int html;
	smart_strbuf *out;
	gsl_rng *rng;
	int style;        /* the variant this pass writes */
	unsigned changes;
	int rc;           /* -1 once out of memory */
} pass;

static void put(pass *p, const char *data, size_t n)
{
	if (p->rc == 0 && n && smart__strbuf_append(p->out, data, n) < 0)
		p->rc = -1;
}

static void put_str(pass *p, const char *str)
{
	put(p, str, strlen(str));
}

/* Writes an attribute with the quote `q` (0: unquoted). */
static void put_attr(pass *p, const tag_attr *a, char q)
{
	put(p, " ", 1);
	put(p, p->s + a->name, a->name_len);
	if (!a->has_value)
		return;
	put(p, "=", 1);
	if (q)
		put(p, &q, 1);
	put(p, p->s + a->value, a->value_len);
	if (q)
		put(p, &q, 1);
}

/* Whether an HTML attribute value may go unquoted. */
static int unquotable(const char *v, size_t n)
{
	if (n == 0)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!isalnum((unsigned char)v[i]) && !strchr("-_.:", v[i]))
			return 0;
	return 1;
}

/* Rewrites one tag for the operator, or copies it. */
static void rewrite_tag(pass *p, smart_perturb_op op, const tag *t,
			const tag *next)
{
	const char *s = p->s;
	size_t order[TAG_MAX_ATTRS];
	size_t n = t->attr_count;
	int start = t->kind == TAG_START && n <= TAG_MAX_ATTRS;

	if (op == SMART_PERTURB_TAG_CASE && (t->kind == TAG_START || t->kind == TAG_END)) {
		put(p, s + t->start, t->name - t->start);
		for (size_t i = 0; i < t->name_len; i++) {
			char c = (char)(p->style == 0 || i == 0
				       ? toupper((unsigned char)s[t->name + i])
				       : s[t->name + i]);

			put(p, &c, 1);
		}
		put(p, s + t->name + t->name_len, t->end - t->name - t->name_len);
		p->changes += t->name_len > 0;
		return;
	}
	if (!start || (op == SMART_PERTURB_ATTR_ORDER && n < 2)) {
		put(p, s + t->start, t->end - t->start);
		return;
	}
	assert(n <= TAG_MAX_ATTRS);
	for (size_t i = 0; i < n; i++)
		order[i] = i;
	if (op == SMART_PERTURB_ATTR_ORDER) {
		assert(n >= 2);
		gsl_ran_shuffle(p->rng, order, n, sizeof(order[0]));
		if (order[0] == 0 && order[n - 1] == n - 1) /* keep it visible */
			for (size_t i = 0; i < n; i++)
				order[i] = n - 1 - i;
		p->changes++;
	}
	put(p, "<", 1);
	put(p, s + t->name, t->name_len);
	for (size_t i = 0; i < n; i++) {
		const tag_attr *a = &t->attrs[order[i]];
		char q = a->quote;

		if (op == SMART_PERTURB_ATTR_QUOTE && a->has_value && a->quote == '"' &&
		    !memchr(s + a->value, '\'', a->value_len)) {
			q = p->html && p->style == 1 && unquotable(s + a->value, a->value_len)
			    ? 0 : '\'';
			p->changes++;
		}
		put_attr(p, a, q);
	}
	if (op == SMART_PERTURB_SELF_CLOSE && t->empty && !p->html) {
		put(p, "></", 3); /* XML: <x/> written out as <x></x> */
		put(p, s + t->name, t->name_len);
		put(p, ">", 1);
		p->changes++;
		return;
	}
	if (op == SMART_PERTURB_SELF_CLOSE && !t->empty &&
	    ((p->html && is_one_of(s, t, void_elements)) ||
	     (!p->html && next && next->kind == TAG_END && next->start == t->end &&
	      next->name_len == t->name_len &&
	      memcmp(s + next->name, s + t->name, t->name_len) == 0))) {
		put_str(p, p->style == 0 ? "/>" : " />");
		p->changes++;
		return;
	}
	put_str(p, t->empty ? "/>" : ">");
}

/* Whether white space may go between tags a and b (adjacent in the text):
 * in XML anywhere between two tags, in HTML when one of them belongs to a
 * block element (white space next to a block boundary is not rendered). */
static int may_indent(const pass *p, const tag *a, const tag *b)
{
	if (a->end != b->start || a->kind == TAG_OTHER || b->kind == TAG_OTHER)
		return 0;
	return !p->html || is_one_of(p->s, a, block_elements) ||
	       is_one_of(p->s, b, block_elements);
}

int smart__perturb_format(const char *text, size_t len, smart_format format,
		   smart_perturb_op op, gsl_rng *rng, smart_strbuf *out, char **where)
{
	static const char *const indents[] = { "  ", "    ", "\t", " " };
	static const char *const names[][2] = {
		[SMART_PERTURB_REINDENT] = { "indented", "indented" },
		[SMART_PERTURB_ATTR_ORDER] = { "attributes reordered", "attributes reordered" },
		[SMART_PERTURB_ATTR_QUOTE] = { "single quotes", "unquoted where possible" },
		[SMART_PERTURB_SELF_CLOSE] = { "self-closing forms swapped", "self-closing forms swapped" },
		[SMART_PERTURB_TAG_CASE] = { "upper case", "capitalised" },
	};
	pass p = { text, len, format != SMART_FORMAT_XML, out, rng, 0, 0, 0 };
	tag cur, nxt;
	int have = next_tag(text, len, 0, &cur), depth = 0, in_pre = 0;
	size_t pos = 0;
	const char *unit;

	assert(smart_perturb_op_is_format(op)); /* names[] is indexed by op */
	*where = NULL;
	if (op == SMART_PERTURB_TAG_CASE && !p.html)
		return 0; /* XML names are case-sensitive */
	p.style = (int)gsl_rng_uniform_int(rng, 2);
	unit = indents[gsl_rng_uniform_int(rng, 4)];
	while (have && p.rc == 0) {
		size_t after = raw_end(text, len, &cur, p.html);
		int more = next_tag(text, len, after, &nxt);

		assert(pos <= cur.start && cur.end <= after && after <= len);
		put(&p, text + pos, cur.start - pos);
		rewrite_tag(&p, op, &cur, more ? &nxt : NULL);
		if (cur.kind == TAG_START && tag_is(text, &cur, "pre"))
			in_pre++;
		if (cur.kind == TAG_END && tag_is(text, &cur, "pre") && in_pre)
			in_pre--;
		if (cur.kind == TAG_START && !cur.empty &&
		    !(p.html && is_one_of(text, &cur, void_elements)))
			depth++;
		if (more && nxt.kind == TAG_END && depth > 0)
			depth--;
		put(&p, text + cur.end, after - cur.end);
		if (op == SMART_PERTURB_REINDENT && more && !in_pre &&
		    may_indent(&p, &cur, &nxt)) {
			put(&p, "\n", 1);
			for (int d = 0; d < depth; d++)
				put_str(&p, unit);
			p.changes++;
		}
		pos = after;
		cur = nxt;
		have = more;
	}
	put(&p, text + pos, len - pos);
	if (p.rc < 0)
		return -1;
	if (p.changes == 0)
		return 0;
	if (op == SMART_PERTURB_REINDENT)
		return asprintf(where, "indented by '%s'", unit[0] == '\t' ? "\\t" : unit) < 0 ? -1 : 1;
	*where = strdup(names[op][op == SMART_PERTURB_ATTR_QUOTE && !p.html ? 0 : p.style]);
	return *where ? 1 : -1;
}
