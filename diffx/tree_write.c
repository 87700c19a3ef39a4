/*
 * Serialising a document tree as HTML or XML text (include/smart/tree_write.h).
 *
 * Hand-written rather than libxml2's own serialisers because those do not
 * round-trip through our parser: libxml2's HTML writer URI-escapes the values
 * of href, src, action and name ("a b" becomes "a%20b"), and it needs a
 * libxml2 document we do not have. Which HTML elements are void is libxml2's
 * own table (htmlTagLookup), so the writer and the parser agree.
 *
 * One pre-order pass over the node array with a stack of open elements: the
 * subtree of node i is [i, i + size), so an element is closed as soon as the
 * walk reaches the end of its range. No recursion on depth.
 */
#include "smart/tree_write.h"

#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/HTMLparser.h>

#include "common/array.h"
#include "common/text.h"

typedef struct writer {
	smart_strbuf out;
	smart_format format;
	int oom;
} writer;

static void put(writer *w, const char *s, size_t len)
{
	if (!w->oom && smart__strbuf_append(&w->out, s, len) < 0)
		w->oom = 1;
}

static void puts_(writer *w, const char *s)
{
	put(w, s, strlen(s));
}

static void put_char_ref(writer *w, uint32_t cp)
{
	char ref[16];
	int n = snprintf(ref, sizeof(ref), "&#x%X;", (unsigned)cp);

	put(w, ref, (size_t)n);
}

/* Decodes the UTF-8 sequence at s (the tree holds valid UTF-8 only) and
 * returns its length; *cp gets the code point. */
static size_t utf8_decode(const unsigned char *s, uint32_t *cp)
{
	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	if (s[0] < 0xE0) {
		*cp = ((uint32_t)(s[0] & 0x1F) << 6) | (s[1] & 0x3F);
		return 2;
	}
	if (s[0] < 0xF0) {
		*cp = ((uint32_t)(s[0] & 0x0F) << 12) |
		      ((uint32_t)(s[1] & 0x3F) << 6) | (s[2] & 0x3F);
		return 3;
	}
	*cp = ((uint32_t)(s[0] & 0x07) << 18) | ((uint32_t)(s[1] & 0x3F) << 12) |
	      ((uint32_t)(s[2] & 0x3F) << 6) | (s[3] & 0x3F);
	return 4;
}

/* Writes text or an attribute value escaped for the output format.
 * `in_attr` adds the quote and the white space XML would normalise. */
static void put_escaped(writer *w, const char *s, size_t len, int in_attr)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t i = 0, plain = 0;

	while (i < len) {
		const char *rep = NULL;
		uint32_t cp = p[i];
		size_t n = 1;

		switch (p[i]) {
		case '&': rep = "&amp;"; break;
		case '<': rep = "&lt;"; break;
		case '>': rep = "&gt;"; break;
		case '"': rep = in_attr ? "&quot;" : NULL; break;
		case '\r': rep = "&#13;"; break;
		case '\n': rep = in_attr ? "&#10;" : NULL; break;
		case '\t': rep = in_attr ? "&#9;" : NULL; break;
		default:
			if (p[i] >= 0x80 && w->format == SMART_FORMAT_HTML) {
				n = utf8_decode(p + i, &cp);
				rep = ""; /* written as a character reference */
			} else if (p[i] < 0x20 && w->format == SMART_FORMAT_XML) {
				rep = "\xEF\xBF\xBD"; /* not allowed in XML 1.0 */
			}
			break;
		}
		if (!rep) {
			i++;
			continue;
		}
		put(w, s + plain, i - plain);
		if (*rep)
			puts_(w, rep);
		else
			put_char_ref(w, cp);
		i += n;
		plain = i;
	}
	put(w, s + plain, len - plain);
}

/* Comment or PI content, kept well-formed: "--" cannot appear in an XML
 * comment, nor the closing delimiter in either. Not content, so this never
 * affects equality. */
static void put_marker_text(writer *w, const char *s, int comment)
{
	for (; *s; s++) {
		if (comment && s[0] == '-' && (s[1] == '-' || s[1] == '\0'))
			puts_(w, "- ");
		else if (!comment && s[0] == '>' && w->format == SMART_FORMAT_HTML)
			puts_(w, " "); /* an HTML PI ends at the first '>' */
		else if (!comment && s[0] == '?' && s[1] == '>')
			puts_(w, "? ");
		else
			put(w, s, 1);
	}
}

static int html_is_void(const char *name)
{
	const htmlElemDesc *desc = htmlTagLookup((const xmlChar *)name);

	return desc && desc->empty;
}

/* <script> and <style>: the HTML parser reads their content raw. */
static int html_is_raw(const char *name)
{
	return strcmp(name, "script") == 0 || strcmp(name, "style") == 0;
}

static void open_element(writer *w, const smart_tree *t, const smart_node *n)
{
	put(w, "<", 1);
	puts_(w, n->name);
	for (uint32_t k = 0; k < n->attr_count; k++) {
		const smart_attr *a = &t->attrs[n->attr_first + k];

		put(w, " ", 1);
		puts_(w, a->name);
		put(w, "=\"", 2);
		put_escaped(w, a->value, strlen(a->value), 1);
		put(w, "\"", 1);
	}
	if (n->size == 1 && w->format == SMART_FORMAT_XML)
		put(w, "/>", 2);
	else
		put(w, ">", 1);
}

static void close_element(writer *w, const smart_node *n)
{
	if (n->size == 1 && (w->format == SMART_FORMAT_XML || html_is_void(n->name)))
		return; /* written as <x/>, or a void HTML element */
	put(w, "</", 2);
	puts_(w, n->name);
	put(w, ">", 1);
}

static void write_node(writer *w, const smart_tree *t, uint32_t i, int raw)
{
	const smart_node *n = &t->nodes[i];

	switch (n->kind) {
	case SMART_NODE_ELEMENT:
		open_element(w, t, n);
		break;
	case SMART_NODE_TEXT:
		if (raw)
			put(w, n->text, n->text_len);
		else
			put_escaped(w, n->text, n->text_len, 0);
		break;
	case SMART_NODE_COMMENT:
		puts_(w, "<!--");
		put_marker_text(w, n->text ? n->text : "", 1);
		puts_(w, "-->");
		break;
	case SMART_NODE_PI:
		put(w, "<?", 2);
		puts_(w, n->name);
		if (n->text && n->text[0]) {
			put(w, " ", 1);
			put_marker_text(w, n->text, 0);
		}
		puts_(w, w->format == SMART_FORMAT_XML ? "?>" : ">");
		break;
	case SMART_NODE_DOCUMENT:
		break;
	}
}

char *smart_tree_write(const smart_tree *tree, smart_format format,
		       size_t *len, smart_error *err)
{
	writer w = { { 0 }, format ? format : tree->format, 0 };
	uint32_t *open = NULL; /* stack of open elements */
	size_t depth = 0, cap = 0;

	if (w.format == SMART_FORMAT_AUTO)
		w.format = SMART_FORMAT_HTML;
	if (w.format == SMART_FORMAT_XML)
		puts_(&w, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	if (tree->doctype) {
		puts_(&w, tree->doctype);
		put(&w, "\n", 1);
	}
	for (uint32_t i = 1; i < tree->count && !w.oom; i++) {
		const smart_node *n = &tree->nodes[i];
		int raw;

		while (depth > 0 && open[depth - 1] + tree->nodes[open[depth - 1]].size <= i)
			close_element(&w, &tree->nodes[open[--depth]]);
		raw = w.format == SMART_FORMAT_HTML && n->kind == SMART_NODE_TEXT &&
		      html_is_raw(tree->nodes[n->parent].name);
		write_node(&w, tree, i, raw);
		if (n->kind == SMART_NODE_ELEMENT && n->size > 1) {
			if (smart__array_reserve((void **)&open, &cap, depth, sizeof(*open), 64) < 0) {
				w.oom = 1;
				break;
			}
			open[depth++] = i;
		} else if (n->kind == SMART_NODE_ELEMENT) {
			close_element(&w, n);
		}
	}
	while (depth > 0 && !w.oom)
		close_element(&w, &tree->nodes[open[--depth]]);
	put(&w, "\n", 1);
	free(open);
	if (w.oom) {
		smart__strbuf_free(&w.out);
		smart_error_oom(err);
		return NULL;
	}
	*len = w.out.len;
	return w.out.data;
}
