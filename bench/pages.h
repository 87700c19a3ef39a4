/*
 * Realistic HTML pages for the benchmarks, made in-process from a fixed
 * seed: a header with navigation, sections of paragraphs, tables, lists,
 * forms and nested card grids, a footer. page_edit() then applies a given
 * share of edits of the kinds regression outputs show (text changes,
 * attribute changes, deleted, inserted, moved and reordered subtrees).
 *
 * The page is a small tree model (nesting stays below 20 levels, so the
 * recursive serialiser is safe here); pages_free releases it.
 */
#ifndef SMART_BENCH_PAGES_H
#define SMART_BENCH_PAGES_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct pnode {
	const char *tag;  /* NULL for text */
	char *text;       /* text, or the attribute string of an element */
	uint32_t parent;
	uint32_t *kids;
	uint32_t nkids, cap;
} pnode;

typedef struct page {
	pnode *n;
	uint32_t count, cap;
	uint64_t rng;
} page;

typedef struct strbuf {
	char *s;
	size_t len, cap;
} strbuf;

static void *xalloc(void *p, size_t size)
{
	p = realloc(p, size);
	if (!p) {
		fprintf(stderr, "bench: out of memory\n");
		exit(2);
	}
	return p;
}

static uint32_t rnd(page *p, uint32_t n)
{
	p->rng ^= p->rng << 13;
	p->rng ^= p->rng >> 7;
	p->rng ^= p->rng << 17;
	return (uint32_t)(p->rng % n);
}

static const char *const words[] = {
	"order", "customer", "total", "shipping", "invoice", "account", "status",
	"pending", "delivered", "the", "a", "of", "and", "for", "with", "your",
	"item", "price", "quantity", "update", "report", "error", "session", "user",
	"profile", "settings", "search", "results", "page", "next", "previous",
	"review", "product", "catalog", "category", "details", "summary", "help",
};

static char *words_text(page *p, uint32_t n)
{
	char *s = xalloc(NULL, n * 12 + 16), *w = s;

	for (uint32_t i = 0; i < n; i++) {
		if (rnd(p, 6) == 0)
			w += sprintf(w, "%s%u", i ? " " : "", rnd(p, 10000));
		else
			w += sprintf(w, "%s%s", i ? " " : "",
				     words[rnd(p, sizeof(words) / sizeof(words[0]))]);
	}
	return s;
}

static uint32_t add(page *p, uint32_t parent, const char *tag, char *text)
{
	uint32_t id = p->count;
	pnode *n;

	if (p->count == p->cap) {
		p->cap = p->cap ? p->cap * 2 : 1024;
		p->n = xalloc(p->n, p->cap * sizeof(pnode));
	}
	n = &p->n[p->count++];
	memset(n, 0, sizeof(*n));
	n->tag = tag;
	n->text = text;
	n->parent = parent;
	if (parent != UINT32_MAX) {
		pnode *q = &p->n[parent];

		if (q->nkids == q->cap) {
			q->cap = q->cap ? q->cap * 2 : 4;
			q->kids = xalloc(q->kids, q->cap * sizeof(uint32_t));
		}
		q->kids[q->nkids++] = id;
	}
	return id;
}

static char *attrs(page *p, const char *fmt, uint32_t v)
{
	char *s = xalloc(NULL, 96);

	snprintf(s, 96, fmt, v, rnd(p, 1000));
	return s;
}

static uint32_t text_el(page *p, uint32_t parent, const char *tag, uint32_t nwords)
{
	uint32_t e = add(p, parent, tag, NULL);

	add(p, e, NULL, words_text(p, nwords));
	return e;
}

static void gen_paragraph(page *p, uint32_t parent)
{
	uint32_t e = add(p, parent, "p", NULL);

	add(p, e, NULL, words_text(p, 5 + rnd(p, 20)));
	if (rnd(p, 2)) {
		uint32_t a = add(p, e, "a", attrs(p, "href=\"/item/%u?ref=%u\"", rnd(p, 500)));

		add(p, a, NULL, words_text(p, 2));
		add(p, e, NULL, words_text(p, 3 + rnd(p, 10)));
	}
	if (rnd(p, 3) == 0)
		text_el(p, e, "b", 2);
}

static void gen_table(page *p, uint32_t parent)
{
	uint32_t t = add(p, parent, "table", attrs(p, "class=\"data t%u\" data-x=\"%u\"", rnd(p, 9)));
	uint32_t cols = 3 + rnd(p, 4), rows = 5 + rnd(p, 25);
	uint32_t head = add(p, t, "tr", NULL);

	for (uint32_t c = 0; c < cols; c++)
		text_el(p, head, "th", 1);
	for (uint32_t r = 0; r < rows; r++) {
		uint32_t tr = add(p, t, "tr", attrs(p, "class=\"row%u\" id=\"r%u\"", r % 2));

		for (uint32_t c = 0; c < cols; c++)
			text_el(p, tr, "td", 1 + rnd(p, 3));
	}
}

static void gen_list(page *p, uint32_t parent)
{
	uint32_t ul = add(p, parent, "ul", NULL), n = 3 + rnd(p, 8);

	for (uint32_t i = 0; i < n; i++) {
		uint32_t li = add(p, ul, "li", NULL);

		if (rnd(p, 2)) {
			uint32_t a = add(p, li, "a", attrs(p, "href=\"/list/%u\" title=\"%u\"", i));

			add(p, a, NULL, words_text(p, 2 + rnd(p, 3)));
		} else {
			add(p, li, NULL, words_text(p, 2 + rnd(p, 6)));
		}
	}
}

static void gen_form(page *p, uint32_t parent)
{
	uint32_t f = add(p, parent, "form", attrs(p, "action=\"/submit/%u\" method=\"post\" data-k=\"%u\"", rnd(p, 50)));
	uint32_t n = 2 + rnd(p, 5);

	for (uint32_t i = 0; i < n; i++) {
		uint32_t d = add(p, f, "div", attrs(p, "class=\"field f%u\" data-k=\"%u\"", i));

		text_el(p, d, "label", 2);
		add(p, d, "input", attrs(p, "name=\"field%u\" value=\"%u\" type=\"text\"", i));
	}
	if (rnd(p, 2)) {
		uint32_t s = add(p, f, "select", attrs(p, "name=\"choice%u\" data-k=\"%u\"", n));

		for (uint32_t i = 0; i < 4; i++)
			text_el(p, s, "option", 1);
	}
	text_el(p, f, "button", 1);
}

static void gen_cards(page *p, uint32_t parent)
{
	uint32_t row = add(p, parent, "div", attrs(p, "class=\"row r%u\" data-k=\"%u\"", rnd(p, 9)));
	uint32_t n = 2 + rnd(p, 4);

	for (uint32_t i = 0; i < n; i++) {
		uint32_t col = add(p, row, "div", attrs(p, "class=\"col c%u\" data-k=\"%u\"", i));
		uint32_t card = add(p, col, "div", attrs(p, "class=\"card\" id=\"card%u-%u\"", rnd(p, 100000)));

		text_el(p, card, "h3", 3);
		gen_paragraph(p, card);
		if (rnd(p, 2))
			gen_list(p, card);
	}
}

/* A content block of a random kind. */
static void gen_block(page *p, uint32_t parent)
{
	switch (rnd(p, 6)) {
	case 0:
	case 1:
		gen_paragraph(p, parent);
		break;
	case 2:
		gen_table(p, parent);
		break;
	case 3:
		gen_list(p, parent);
		break;
	case 4:
		gen_form(p, parent);
		break;
	default:
		gen_cards(p, parent);
		break;
	}
}

/* A page of roughly `bytes` bytes of HTML (about 30 bytes per node). */
static void page_generate(page *p, size_t bytes, uint64_t seed)
{
	uint32_t html, head, body, nav, main_div, footer;
	uint32_t nodes = (uint32_t)(bytes / 31);

	memset(p, 0, sizeof(*p));
	p->rng = seed * 2654435761u + 88172645463325252ull;
	html = add(p, UINT32_MAX, "html", NULL);
	head = add(p, html, "head", NULL);
	text_el(p, head, "title", 4);
	body = add(p, html, "body", NULL);
	nav = add(p, body, "div", attrs(p, "id=\"header\" class=\"h%u\" data-k=\"%u\"", 1));
	gen_list(p, nav);
	main_div = add(p, body, "div", attrs(p, "id=\"main\" class=\"m%u\" data-k=\"%u\"", 1));
	while (p->count < nodes) {
		uint32_t sec = add(p, main_div, "div", attrs(p, "class=\"section s%u\" id=\"sec%u\"", p->count));
		uint32_t blocks = 2 + rnd(p, 6);

		text_el(p, sec, "h2", 4);
		for (uint32_t b = 0; b < blocks; b++)
			gen_block(p, rnd(p, 4) ? sec : add(p, sec, "div", attrs(p, "class=\"inner i%u\" data-k=\"%u\"", b)));
	}
	footer = add(p, body, "div", attrs(p, "id=\"footer\" data-k=\"%u\" class=\"%u\"", 0));
	gen_paragraph(p, footer);
}

static int is_inside(const page *p, uint32_t node, uint32_t ancestor)
{
	for (; node != UINT32_MAX; node = p->n[node].parent)
		if (node == ancestor)
			return 1;
	return 0;
}

static void detach(page *p, uint32_t node)
{
	pnode *q = &p->n[p->n[node].parent];

	for (uint32_t i = 0; i < q->nkids; i++)
		if (q->kids[i] == node) {
			memmove(q->kids + i, q->kids + i + 1, (q->nkids - i - 1) * sizeof(uint32_t));
			q->nkids--;
			break;
		}
	p->n[node].parent = UINT32_MAX;
}

static void attach(page *p, uint32_t node, uint32_t parent, uint32_t at)
{
	pnode *q = &p->n[parent];

	if (q->nkids == q->cap) {
		q->cap = q->cap ? q->cap * 2 : 4;
		q->kids = xalloc(q->kids, q->cap * sizeof(uint32_t));
	}
	if (at > q->nkids)
		at = q->nkids;
	memmove(q->kids + at + 1, q->kids + at, (q->nkids - at) * sizeof(uint32_t));
	q->kids[at] = node;
	q->nkids++;
	p->n[node].parent = parent;
}

/* A random element below <body>'s children, still attached to the page. */
static uint32_t pick_element(page *p)
{
	for (;;) {
		uint32_t e = 8 + rnd(p, p->count - 8);

		if (p->n[e].tag && p->n[e].parent != UINT32_MAX && is_inside(p, e, 0) &&
		    strcmp(p->n[e].tag, "html") != 0)
			return e;
	}
}

/* Applies edits to about `percent` % of the elements. */
static void page_edit(page *p, double percent)
{
	uint32_t edits = (uint32_t)(p->count * percent / 100.0) + 1;

	for (uint32_t k = 0; k < edits; k++) {
		uint32_t e = pick_element(p), kind = rnd(p, 10);
		pnode *n = &p->n[e];

		if (kind < 4) { /* text change */
			for (uint32_t i = 0; i < n->nkids; i++)
				if (!p->n[n->kids[i]].tag) {
					free(p->n[n->kids[i]].text);
					p->n[n->kids[i]].text = words_text(p, 3 + rnd(p, 8));
					break;
				}
		} else if (kind < 6) { /* attribute change */
			free(n->text);
			n->text = attrs(p, "class=\"changed%u\" data-v=\"%u\"", k);
		} else if (kind == 6) { /* delete */
			detach(p, e);
		} else if (kind == 7) { /* insert a new block */
			uint32_t before = p->count;

			gen_block(p, e);
			if (p->n[e].nkids > 1 && p->count > before) {
				uint32_t fresh = p->n[e].kids[p->n[e].nkids - 1];

				detach(p, fresh);
				attach(p, fresh, e, rnd(p, p->n[e].nkids + 1));
			}
		} else if (kind == 8) { /* move under another element */
			uint32_t to = pick_element(p);

			const char *t = p->n[to].tag;

			if (!is_inside(p, to, e) &&
			    (!strcmp(t, "div") || !strcmp(t, "li") || !strcmp(t, "td") || !strcmp(t, "form"))) {
				detach(p, e);
				attach(p, e, to, rnd(p, p->n[to].nkids + 1));
			}
		} else if (n->parent != UINT32_MAX && p->n[n->parent].nkids > 1) { /* reorder */
			uint32_t parent = n->parent;

			detach(p, e);
			attach(p, e, parent, rnd(p, p->n[parent].nkids + 1));
		}
	}
}

static void sb_put(strbuf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		b->cap = (b->len + n + 1) * 2;
		b->s = xalloc(b->s, b->cap);
	}
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

static void sb_puts(strbuf *b, const char *s)
{
	sb_put(b, s, strlen(s));
}

static void serialise(const page *p, uint32_t node, strbuf *out)
{
	const pnode *n = &p->n[node];

	if (!n->tag) {
		sb_puts(out, n->text);
		return;
	}
	sb_puts(out, "<");
	sb_puts(out, n->tag);
	if (n->text) {
		sb_puts(out, " ");
		sb_puts(out, n->text);
	}
	sb_puts(out, ">");
	if (strcmp(n->tag, "input") == 0)
		return; /* void element */
	for (uint32_t i = 0; i < n->nkids; i++) {
		serialise(p, n->kids[i], out);
		if (p->n[n->kids[i]].tag && n->nkids > 1)
			sb_puts(out, "\n");
	}
	sb_puts(out, "</");
	sb_puts(out, n->tag);
	sb_puts(out, ">");
}

/* The page as HTML text (a new string). */
static char *page_html(const page *p, size_t *len)
{
	strbuf b = { 0 };

	sb_puts(&b, "<!DOCTYPE html>\n");
	serialise(p, 0, &b);
	sb_puts(&b, "\n");
	*len = b.len;
	return b.s;
}

static void page_free(page *p)
{
	for (uint32_t i = 0; i < p->count; i++) {
		free(p->n[i].kids);
		free(p->n[i].text);
	}
	free(p->n);
}

#endif
