/*
 * The change operators of `smart perturb` (train/perturb_internal.h), made
 * on libxml2's document of a page: attribute, tag, subtree and text
 * operators after FragGen's Table VIII, plus the date change.
 *
 * Only visible content takes part: in HTML the body's descendants (not
 * html, head, body themselves, nor script/style contents); in XML every
 * element below the root. Walks are iterative, as documents nest deep.
 */
#include "perturb_internal.h"

#include <ctype.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/array.h"

typedef struct node_list {
	xmlNodePtr *items;
	size_t count;
	size_t cap;
} node_list;

static int list_add(node_list *l, xmlNodePtr n)
{
	if (smart_array_reserve((void **)&l->items, &l->cap, l->count, sizeof(*l->items), 64) < 0)
		return -1;
	l->items[l->count++] = n;
	return 0;
}

static int named(xmlNodePtr n, const char *name)
{
	return n->name && xmlStrcasecmp(n->name, BAD_CAST name) == 0;
}

/* Elements whose content is not visible text. */
static int is_raw(xmlNodePtr n)
{
	return named(n, "script") || named(n, "style") || named(n, "noscript") ||
	       named(n, "template");
}

/* Where the operators may act: HTML's body (or the root when there is
 * none), XML's root element. */
static xmlNodePtr scope_of(xmlDocPtr doc, smart_format format)
{
	xmlNodePtr root = xmlDocGetRootElement(doc);

	if (!root || format == SMART_FORMAT_XML)
		return root;
	for (xmlNodePtr c = root->children; c; c = c->next)
		if (c->type == XML_ELEMENT_NODE && named(c, "body"))
			return c;
	return root;
}

/* Lists, in document order, the elements (or, with `texts`, the non-blank
 * text nodes) strictly inside the scope, outside raw-text elements. */
static int collect(xmlDocPtr doc, smart_format format, int texts, node_list *out)
{
	xmlNodePtr scope = scope_of(doc, format), n;

	if (!scope)
		return 0;
	n = scope->children;
	while (n) {
		int descend = 0;

		if (n->type == XML_ELEMENT_NODE && !is_raw(n)) {
			if (!texts && list_add(out, n) < 0)
				return -1;
			descend = n->children != NULL;
		} else if (texts && (n->type == XML_TEXT_NODE ||
				     n->type == XML_CDATA_SECTION_NODE) &&
			   n->content && !xmlIsBlankNode(n)) {
			if (list_add(out, n) < 0)
				return -1;
		}
		if (descend) {
			n = n->children;
			continue;
		}
		while (n != scope && !n->next)
			n = n->parent;
		n = n == scope ? NULL : n->next;
	}
	return 0;
}

static xmlNodePtr pick(const node_list *l, gsl_rng *rng)
{
	return l->count ? l->items[gsl_rng_uniform_int(rng, l->count)] : NULL;
}

/* "PATH" or "PATH SUFFIX" for the note (caller frees). */
static char *where_of(xmlNodePtr n, const char *suffix)
{
	xmlChar *path = xmlGetNodePath(n);
	char *w = NULL;

	if (!path)
		return NULL;
	if (asprintf(&w, "%s%s%s", (const char *)path, suffix ? " " : "",
		     suffix ? suffix : "") < 0)
		w = NULL;
	xmlFree(path);
	return w;
}

/* The n-th attribute of an element. */
static xmlAttrPtr nth_attr(xmlNodePtr e, size_t k)
{
	xmlAttrPtr a = e->properties;

	while (a && k-- > 0)
		a = a->next;
	return a;
}

static size_t attr_count(xmlNodePtr e)
{
	size_t n = 0;

	for (xmlAttrPtr a = e->properties; a; a = a->next)
		n++;
	return n;
}

/* Attribute operators: delete one, change one's value (FragGen appends
 * "Mut"), or add one the element lacks. */
static int attr_op(const node_list *els, smart_perturb_op op, gsl_rng *rng,
		   char **where)
{
	static const char *const added[] = { "title", "class", "id", "data-mut" };
	node_list with = { 0 };
	xmlNodePtr e;
	xmlAttrPtr a;
	char label[160];
	int rc = 0;

	if (op == SMART_PERTURB_ATTR_ADD) {
		size_t start = gsl_rng_uniform_int(rng, 4);

		e = pick(els, rng);
		for (size_t i = 0; e && i < 4; i++) {
			const char *name = added[(start + i) % 4];

			if (!xmlHasProp(e, BAD_CAST name)) {
				if (!xmlSetProp(e, BAD_CAST name, BAD_CAST "mut"))
					return -1;
				snprintf(label, sizeof(label), "@%s", name);
				*where = where_of(e, label);
				return *where ? 1 : -1;
			}
		}
		return 0;
	}
	for (size_t i = 0; i < els->count; i++)
		if (els->items[i]->properties && list_add(&with, els->items[i]) < 0) {
			free(with.items);
			return -1;
		}
	e = pick(&with, rng);
	free(with.items);
	if (!e)
		return 0;
	a = nth_attr(e, gsl_rng_uniform_int(rng, attr_count(e)));
	snprintf(label, sizeof(label), "@%s", (const char *)a->name);
	*where = where_of(e, label);
	if (!*where)
		return -1;
	if (op == SMART_PERTURB_ATTR_DELETE) {
		xmlRemoveProp(a);
		return 1;
	}
	{
		xmlChar *v = xmlNodeListGetString(e->doc, a->children, 1);
		size_t n = v ? strlen((const char *)v) : 0;
		char *nv = malloc(n + 4);

		if (nv) {
			memcpy(nv, v ? (const char *)v : "", n);
			memcpy(nv + n, n ? "Mut" : "mut", 4);
			rc = xmlSetNsProp(e, a->ns, a->name, BAD_CAST nv) ? 1 : -1;
		} else {
			rc = -1;
		}
		free(nv);
		xmlFree(v);
	}
	return rc;
}

/* A similar HTML tag for `name`, or NULL (FragGen: h1 -> h2 and so on). */
static const char *similar_tag(const char *name, gsl_rng *rng)
{
	static const char *const pairs[][2] = {
		{ "span", "em" }, { "em", "strong" }, { "strong", "b" },
		{ "b", "i" }, { "i", "b" }, { "p", "div" }, { "div", "section" },
		{ "section", "div" }, { "ul", "ol" }, { "ol", "ul" },
		{ "td", "th" }, { "th", "td" }, { "dt", "dd" }, { "dd", "dt" },
		{ "code", "kbd" }, { "small", "sub" }, { "a", "span" },
	};
	static const char *const heads[] = { "h1", "h2", "h3", "h4", "h5", "h6" };

	for (int h = 0; h < 6; h++)
		if (strcmp(name, heads[h]) == 0)
			return heads[h == 0 ? 1 : h == 5 ? 4 :
				     h + (gsl_rng_uniform_int(rng, 2) ? 1 : -1)];
	for (size_t i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++)
		if (strcmp(name, pairs[i][0]) == 0)
			return pairs[i][1];
	return NULL;
}

/* Renames an element to a similar tag: HTML by the table above, XML to
 * another element name of the same document. */
static int rename_op(const node_list *els, smart_format format, gsl_rng *rng,
		     char **where)
{
	node_list ok = { 0 };
	xmlNodePtr e;
	const char *to = NULL;
	char label[160];

	for (size_t i = 0; i < els->count; i++) {
		xmlNodePtr c = els->items[i];
		int fits = format == SMART_FORMAT_XML ||
			   similar_tag((const char *)c->name, rng) != NULL;

		if (fits && list_add(&ok, c) < 0) {
			free(ok.items);
			return -1;
		}
	}
	e = pick(&ok, rng);
	free(ok.items);
	if (!e)
		return 0;
	if (format == SMART_FORMAT_XML) {
		for (int tries = 0; tries < 16 && !to; tries++) {
			xmlNodePtr o = pick(els, rng);

			if (!xmlStrEqual(o->name, e->name))
				to = (const char *)o->name;
		}
		if (!to)
			return 0;
	} else {
		to = similar_tag((const char *)e->name, rng);
	}
	snprintf(label, sizeof(label), "-> %s", to);
	*where = where_of(e, label);
	if (!*where)
		return -1;
	xmlNodeSetName(e, BAD_CAST to);
	return 1;
}

/* Whether `a` is `n` or one of its ancestors. */
static int contains(xmlNodePtr a, xmlNodePtr n)
{
	for (; n; n = n->parent)
		if (n == a)
			return 1;
	return 0;
}

/* Subtree and tag-structure operators on one element. */
static int structure_op(xmlDocPtr doc, const node_list *els,
			smart_perturb_op op, gsl_rng *rng, char **where)
{
	xmlNodePtr e = pick(els, rng), t = NULL, copy;

	if (!e)
		return 0;
	if (op == SMART_PERTURB_SUBTREE_MOVE) {
		for (int tries = 0; tries < 16 && !t; tries++) {
			t = pick(els, rng);
			if (contains(e, t) || t == e->next || t == e->prev)
				t = NULL;
		}
		if (!t)
			return 0;
	}
	*where = where_of(e, NULL);
	if (!*where)
		return -1;
	switch (op) {
	case SMART_PERTURB_TAG_UNWRAP:
		while (e->children) {
			xmlNodePtr c = e->children;

			xmlUnlinkNode(c);
			if (!xmlAddPrevSibling(e, c))
				xmlFreeNode(c);
		}
		/* the emptied element goes, as in a delete */
		/* fall through */
	case SMART_PERTURB_SUBTREE_DELETE:
		xmlUnlinkNode(e);
		xmlFreeNode(e);
		return 1;
	case SMART_PERTURB_SUBTREE_DUPLICATE:
		copy = xmlDocCopyNode(e, doc, 1);
		if (!copy)
			return -1;
		if (!xmlAddNextSibling(e, copy)) {
			xmlFreeNode(copy);
			return -1;
		}
		return 1;
	default: /* move, before or after the target */
		xmlUnlinkNode(e);
		if (gsl_rng_uniform_int(rng, 2))
			xmlAddNextSibling(t, e);
		else
			xmlAddPrevSibling(t, e);
		return 1;
	}
}

/* Replaces one word of a text node by a word from elsewhere in the page
 * (reversed or marked "Mut" when the page has no other word). */
static int text_change(const node_list *texts, gsl_rng *rng, char **where)
{
	xmlNodePtr t = pick(texts, rng);
	const char *s, *w, *src = NULL;
	size_t words = 0, k, wl, sl = 0;
	smart_strbuf nt = { 0 };
	int rc;

	if (!t)
		return 0;
	s = (const char *)t->content;
	for (const char *p = s; *p;) {
		while (*p && isspace((unsigned char)*p))
			p++;
		if (*p)
			words++;
		while (*p && !isspace((unsigned char)*p))
			p++;
	}
	k = gsl_rng_uniform_int(rng, words);
	w = s;
	for (;;) {
		while (isspace((unsigned char)*w))
			w++;
		if (k-- == 0)
			break;
		while (*w && !isspace((unsigned char)*w))
			w++;
	}
	for (wl = 0; w[wl] && !isspace((unsigned char)w[wl]); wl++)
		;
	for (int tries = 0; tries < 8 && !src; tries++) {
		const char *o = (const char *)pick(texts, rng)->content;

		while (isspace((unsigned char)*o))
			o++;
		for (sl = 0; o[sl] && !isspace((unsigned char)o[sl]); sl++)
			;
		if (sl && (sl != wl || memcmp(o, w, wl) != 0))
			src = o;
	}
	rc = smart_strbuf_append(&nt, s, (size_t)(w - s));
	if (src)
		rc |= smart_strbuf_append(&nt, src, sl);
	else
		rc |= smart_strbuf_append(&nt, w, wl) | smart_strbuf_append(&nt, "Mut", 3);
	rc |= smart_strbuf_append(&nt, w + wl, strlen(w + wl) + 1);
	if (rc < 0 || !(*where = where_of(t, NULL))) {
		smart_strbuf_free(&nt);
		return -1;
	}
	xmlNodeSetContent(t, BAD_CAST nt.data);
	smart_strbuf_free(&nt);
	return 1;
}

/* Changes the first date or time in a random text node that has one:
 * 2024-03-05, 05/03/2024, 12:34(:56). The new one is another valid value
 * in the same format. */
static int text_date(const node_list *texts, gsl_rng *rng, char **where)
{
	regex_t re;
	regmatch_t m;
	node_list dated = { 0 };
	xmlNodePtr t;
	char repl[32], *nt;
	const char *s;
	size_t n;
	int rc = 0;

	if (regcomp(&re, "[0-9]{4}-[0-9]{2}-[0-9]{2}|[0-9]{1,2}/[0-9]{1,2}/[0-9]{4}|"
		    "[0-9]{1,2}:[0-9]{2}(:[0-9]{2})?", REG_EXTENDED) != 0)
		return -1;
	for (size_t i = 0; i < texts->count && rc == 0; i++)
		if (regexec(&re, (const char *)texts->items[i]->content, 1, &m, 0) == 0)
			rc = list_add(&dated, texts->items[i]);
	t = rc == 0 ? pick(&dated, rng) : NULL;
	free(dated.items);
	if (!t) {
		regfree(&re);
		return rc;
	}
	s = (const char *)t->content;
	regexec(&re, s, 1, &m, 0);
	regfree(&re);
	n = (size_t)(m.rm_eo - m.rm_so);
	do {
		unsigned d = 1 + (unsigned)gsl_rng_uniform_int(rng, 28);
		unsigned mo = 1 + (unsigned)gsl_rng_uniform_int(rng, 12);
		unsigned y = 2000 + (unsigned)gsl_rng_uniform_int(rng, 30);
		unsigned hh = (unsigned)gsl_rng_uniform_int(rng, 24);
		unsigned mm = (unsigned)gsl_rng_uniform_int(rng, 60);

		if (memchr(s + m.rm_so, '-', n))
			snprintf(repl, sizeof(repl), "%04u-%02u-%02u", y, mo, d);
		else if (memchr(s + m.rm_so, '/', n))
			snprintf(repl, sizeof(repl), "%02u/%02u/%04u", d, mo, y);
		else if (n > 5)
			snprintf(repl, sizeof(repl), "%02u:%02u:%02u", hh, mm,
				 (unsigned)gsl_rng_uniform_int(rng, 60));
		else
			snprintf(repl, sizeof(repl), "%02u:%02u", hh, mm);
	} while (strlen(repl) == n && memcmp(repl, s + m.rm_so, n) == 0);
	if (asprintf(&nt, "%.*s%s%s", (int)m.rm_so, s, repl, s + m.rm_eo) < 0)
		return -1;
	*where = where_of(t, NULL);
	if (*where)
		xmlNodeSetContent(t, BAD_CAST nt);
	free(nt);
	return *where ? 1 : -1;
}

int perturb_change(xmlDocPtr doc, smart_format format, smart_perturb_op op,
		   gsl_rng *rng, char **where)
{
	node_list l = { 0 };
	int texts = op == SMART_PERTURB_TEXT_CHANGE || op == SMART_PERTURB_TEXT_DELETE ||
		    op == SMART_PERTURB_TEXT_DATE;
	int rc;

	*where = NULL;
	if (!doc)
		return 0;
	if (collect(doc, format, texts, &l) < 0) {
		free(l.items);
		return -1;
	}
	switch (op) {
	case SMART_PERTURB_ATTR_DELETE:
	case SMART_PERTURB_ATTR_CHANGE:
	case SMART_PERTURB_ATTR_ADD:
		rc = attr_op(&l, op, rng, where);
		break;
	case SMART_PERTURB_TAG_RENAME:
		rc = rename_op(&l, format, rng, where);
		break;
	case SMART_PERTURB_TEXT_CHANGE:
		rc = text_change(&l, rng, where);
		break;
	case SMART_PERTURB_TEXT_DELETE:
		rc = 0;
		if (l.count) {
			xmlNodePtr t = pick(&l, rng);

			*where = where_of(t, NULL);
			rc = *where ? 1 : -1;
			if (rc == 1) {
				xmlUnlinkNode(t);
				xmlFreeNode(t);
			}
		}
		break;
	case SMART_PERTURB_TEXT_DATE:
		rc = text_date(&l, rng, where);
		break;
	default:
		rc = structure_op(doc, &l, op, rng, where);
		break;
	}
	free(l.items);
	return rc;
}
