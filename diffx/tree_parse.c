/*
 * Building a smart_tree from libxml2 (include/smart/tree.h).
 *
 * libxml2 does the parsing, with every door to the outside shut: no network,
 * no DTD loading, no entity substitution, and an external-entity loader that
 * refuses everything, so a document can never make us read another file.
 * We then flatten libxml2's pointer tree into our pre-order node array with
 * an explicit stack, so depth costs heap, not C stack.
 */
#include "smart/tree.h"
#include "tree_build.h"
#include "tree_html5.h"
#include "libxml_guard.h"

#include <ctype.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

#include "common/arena.h"
#include "smart/file.h"
#include "smart/html_parser.h"
#include "smart/limits.h"
#include "common/text.h"


smart_format smart_format_sniff(const char *data, size_t len)
{
	size_t i = 0, window;

	if (len >= 3 && memcmp(data, "\xEF\xBB\xBF", 3) == 0)
		i = 3;
	while (i < len && isspace((unsigned char)data[i]))
		i++;
	if (len - i < 5 || strncmp(data + i, "<?xml", 5) != 0)
		return SMART_FORMAT_HTML;
	/* An XML declaration in front of an HTML page (XHTML served as
	 * text/html) still wants the forgiving HTML parser. */
	window = len - i < 2048 ? len - i : 2048;
	for (size_t j = i; j + 5 <= i + window; j++)
		if (strncasecmp(data + j, "<html", 5) == 0)
			return SMART_FORMAT_HTML;
	return SMART_FORMAT_XML;
}

/* Moves the children of every element at HTML_MAX_DEPTH up to follow it as
 * siblings, in document order. One pre-order walk: a moved child is visited
 * as the next sibling and, being at the same depth, flattened in its turn. */
static void flatten_deep_html(xmlDocPtr doc)
{
	xmlNodePtr n = doc ? doc->children : NULL;
	unsigned depth = 1;

	while (n) {
		if (n->children && depth >= HTML_MAX_DEPTH) {
			xmlNodePtr child = n->children, after = n;

			while (child) {
				xmlNodePtr next = child->next;

				xmlUnlinkNode(child);
				after = xmlAddNextSibling(after, child);
				child = next;
			}
		}
		if (n->children) {
			n = n->children;
			depth++;
			continue;
		}
		while (n && !n->next) {
			n = n->parent;
			depth--;
			if (n == (xmlNodePtr)doc)
				n = NULL;
		}
		if (n)
			n = n->next;
	}
}

/* True when the page itself declares a document type: after a byte-order
 * mark, white space, comments and processing instructions, "<!DOCTYPE"
 * in any case. libxml2 adds an HTML 4.0 doctype to every page that lacks
 * one, which must not be written back as if the page had it. */
static int html_declares_doctype(const char *data, size_t len)
{
	size_t i = 0;

	if (len >= 3 && memcmp(data, "\xEF\xBB\xBF", 3) == 0)
		i = 3;
	while (i < len) {
		const char *end;

		while (i < len && isspace((unsigned char)data[i]))
			i++;
		if (len - i >= 9 && strncasecmp(data + i, "<!doctype", 9) == 0)
			return 1;
		if (len - i >= 4 && memcmp(data + i, "<!--", 4) == 0)
			end = memmem(data + i + 4, len - i - 4, "-->", 3);
		else if (len - i >= 2 && memcmp(data + i, "<?", 2) == 0)
			end = memchr(data + i, '>', len - i);
		else
			return 0;
		if (!end)
			return 0;
		i = (size_t)(end - data) + 1;
	}
	return 0;
}

/* Starts the stream's tree again for a second reading of the page. */
static int restart_stream(builder *sink)
{
	smart__tree_build_discard(sink);
	sink->failed = sink->out_of_step = 0;
	return smart__tree_build_begin(sink);
}

static xmlDocPtr parse_html_bytes(const char *data, int len, const char *name, builder *sink);

/* Whether an HTML document starts with text, not markup (after a
 * byte-order mark and white space): a fragment such as "*(*foo)\n", which
 * a Markdown renderer prints when a fault drops the paragraph around it. */
static int starts_with_text(const char *data, int len)
{
	int i = len >= 3 && memcmp(data, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;

	while (i < len && (data[i] == ' ' || data[i] == '\t' || data[i] == '\r' || data[i] == '\n'))
		i++;
	return i < len && data[i] != '<';
}

/* Parses an HTML page; with a sink, the tree is built while parsing
 * (tree_stream.c) and libxml2's document comes back nearly empty. */
static xmlDocPtr parse_html(const char *data, int len, const char *name, builder *sink)
{
	/* libxml2 puts text that comes before any element into an implied
	 * <p>, where a browser puts it into <body> itself: "foo" and
	 * "<p>foo</p>" would read as one tree. Read such a document as if it
	 * began with "<body>", which is what a browser builds. */
	static const char body[] = "<body>";
	char *wrapped = NULL;
	xmlDocPtr doc;

	if (starts_with_text(data, len) && len <= INT32_MAX - (int)strlen(body) &&
	    (wrapped = malloc((size_t)len + strlen(body)))) {
		memcpy(wrapped, body, strlen(body));
		memcpy(wrapped + strlen(body), data, (size_t)len);
		doc = parse_html_bytes(wrapped, len + (int)strlen(body), name, sink);
		free(wrapped);
		return doc;
	}
	return parse_html_bytes(data, len, name, sink);
}

/* parse_html on the bytes as given. */
static xmlDocPtr parse_html_bytes(const char *data, int len, const char *name, builder *sink)
{
	/* HUGE lifts libxml2's nesting limit of 256, past which it silently
	 * drops the rest of the page (two pages differing only after a deep
	 * section would compare equal); flatten_deep_html bounds the depth
	 * instead, as browsers do. */
	const int options = HTML_PARSE_RECOVER | HTML_PARSE_NOERROR |
			    HTML_PARSE_NOWARNING | HTML_PARSE_NONET |
			    HTML_PARSE_COMPACT | XML_PARSE_HUGE;
	htmlParserCtxtPtr ctxt = htmlNewParserCtxt();
	smart__libxml_errors errors = { 0, "" };
	xmlDocPtr doc;

	if (!ctxt)
		return NULL;
	if (sink)
		smart__tree_stream_attach(sink, ctxt);
	/* libxml2 reads HTML without a declared charset as Latin-1; test
	 * output today is nearly always UTF-8, and Latin-1 text with accents
	 * is almost never valid UTF-8, so valid UTF-8 is read as UTF-8. */
	smart__libxml_route_errors(&errors);
	doc = htmlCtxtReadMemory(ctxt, data, len, name,
				 smart__text_is_valid_utf8(data, (size_t)len) ? "UTF-8" : NULL,
				 options);
	if (errors.count) {
		/* Bytes that are not valid in the charset the page declares
		 * make libxml2 stop decoding there and silently drop the rest
		 * of the page. A browser would show the rest; so that nothing
		 * is lost, the page is read again as Latin-1, in which every
		 * byte is a character (text in the declared multi-byte charset
		 * then compares byte for byte, not as the reader sees it). */
		xmlFreeDoc(doc);
		htmlCtxtReset(ctxt);
		if (sink && restart_stream(sink) < 0)
			sink->failed = 1;
		doc = htmlCtxtReadMemory(ctxt, data, len, name, "ISO-8859-1",
					 options | HTML_PARSE_IGNORE_ENC);
	}
	smart__libxml_route_errors(NULL);
	htmlFreeParserCtxt(ctxt);
	if (doc && doc->intSubset && !html_declares_doctype(data, (size_t)len)) {
		xmlDtdPtr implied = doc->intSubset;

		xmlUnlinkNode((xmlNodePtr)implied);
		xmlFreeDtd(implied);
	}
	if (!sink)
		flatten_deep_html(doc); /* the stream flattens as it goes */
	return doc;
}

static xmlDocPtr parse_xml(const char *data, int len, const char *name,
			   builder *sink, smart_error *err)
{
	const int options = XML_PARSE_NONET | XML_PARSE_NOERROR |
			    XML_PARSE_NOWARNING | XML_PARSE_NOCDATA |
			    XML_PARSE_COMPACT;
	xmlParserCtxtPtr ctxt = xmlNewParserCtxt();
	smart__libxml_errors errors = { 0, "" };
	xmlDocPtr doc;

	if (!ctxt) {
		smart_error_oom(err);
		return NULL;
	}
	if (sink)
		smart__tree_stream_attach(sink, ctxt);
	smart__libxml_route_errors(&errors);
	doc = xmlCtxtReadMemory(ctxt, data, len, name, NULL, options);
	smart__libxml_route_errors(NULL);
	if (errors.count) {
		/* Bytes the declared encoding cannot decode: a fatal error in
		 * XML, reported as what it is (the parser itself only sees the
		 * data end early). */
		smart_error_set(err, "%s: not well-formed XML: %s", name,
				smart__libxml_first_error(&errors));
		xmlFreeDoc(doc);
		doc = NULL;
	} else if (!doc || !ctxt->wellFormed) {
		const xmlError *e = xmlCtxtGetLastError(ctxt);
		char msg[256] = "not well-formed";

		if (e && e->message) {
			size_t n;

			snprintf(msg, sizeof(msg), "%s", e->message);
			n = strlen(msg);
			while (n > 0 && (msg[n - 1] == '\n' || msg[n - 1] == ' '))
				msg[--n] = '\0';
			/* Some libxml2 messages span lines ("...encoding !\nBytes:
			 * 0xFF ..."); the error convention is one line. */
			for (size_t k = 0; k < n; k++)
				if (msg[k] == '\n' || msg[k] == '\r')
					msg[k] = ' ';
		}
		smart_error_set(err, "%s:%d: not well-formed XML: %s", name,
				e ? e->line : 0, msg);
		xmlFreeDoc(doc);
		doc = NULL;
	}
	xmlFreeParserCtxt(ctxt);
	return doc;
}

/* smart__tree_libxml_read, with a sink when the tree is built while parsing. */
static int read_document(const char *data, size_t len, smart_format *format,
			 const char *name, xmlDocPtr *doc, builder *sink, smart_error *err)
{
	smart__page_counts counts;

	smart__libxml_setup_once();
	*doc = NULL;
	if (!name)
		name = "(document)";
	if (len > (size_t)INT32_MAX)
		return smart_error_set(err, "%s: document larger than 2 GiB", name);
	/* Before libxml2, whose attribute handling is quadratic: a hostile
	 * page is refused in linear time (include/smart/limits.h); what the
	 * scan counted sizes the streamed tree's arrays. */
	if (smart__limits_check_counting(smart_limits_get(), data, len, name, &counts, err) < 0)
		return -1;
	if (sink)
		smart__tree_build_reserve(sink, &counts);
	if (*format == SMART_FORMAT_AUTO)
		*format = smart_format_sniff(data, len);
	if (len > 0 || (*format == SMART_FORMAT_HTML &&
			smart_html_parser_get() == SMART_HTML_PARSER_HTML5)) {
		if (*format == SMART_FORMAT_XML) {
			*doc = parse_xml(data, (int)len, name, sink, err);
			if (!*doc)
				return -1;
		} else if (smart_html_parser_get() == SMART_HTML_PARSER_HTML5) {
			/* the depth of the deepest node with children, when known */
			size_t deepest = SIZE_MAX;

			/* never streamed: smart_tree_parse reads the whole tree */
			if (!smart__tree_html5_too_deep(data, len, HTML5_MAX_NESTING))
				*doc = smart__tree_html5_read(data, len, name, &deepest, err);
			else if ((*doc = parse_html(data, (int)len, name, NULL)) &&
				 smart__tree_html5_add_head(*doc) < 0) {
				xmlFreeDoc(*doc);
				*doc = NULL;
				smart_error_set(err, "%s: out of memory while parsing HTML", name);
			}
			if (!*doc)
				return -1;
			/* a walk of the whole tree, for nothing on most pages */
			if (deepest >= HTML_MAX_DEPTH)
				flatten_deep_html(*doc);
		} else {
			/* NULL here means nothing parseable at all (e.g. only
			 * white space): an empty document, not an error. */
			*doc = parse_html(data, (int)len, name, sink);
		}
	} else if (*format == SMART_FORMAT_XML) {
		return smart_error_set(err, "%s: empty file is not an XML document", name);
	}
	return 0;
}

int smart__tree_libxml_read(const char *data, size_t len, smart_format *format,
		     const char *name, xmlDocPtr *doc, smart_error *err)
{
	return read_document(data, len, format, name, doc, NULL, err);
}

/* The old way: libxml2's whole document first, then the walk over it. */
static smart_tree *parse_whole(const char *data, size_t len, smart_format format,
			       const char *name, smart_error *err)
{
	smart_tree *tree;
	xmlDocPtr doc = NULL;

	if (smart__tree_libxml_read(data, len, &format, name, &doc, err) < 0)
		return NULL;
	tree = smart__tree_from_libxml(doc, format, name, err);
	xmlFreeDoc(doc);
	return tree;
}

/* Builds the tree while libxml2 parses (tree_stream.c), so that libxml2's
 * own document never exists whole beside it; a page the stream cannot
 * follow (out of step) is parsed again the old way. */
smart_tree *smart_tree_parse(const char *data, size_t len, smart_format format,
			     const char *name, smart_error *err)
{
	builder b = { 0 };
	smart_tree *tree = NULL;
	xmlDocPtr doc = NULL;

	if (!name)
		name = "(document)";
	/* HTML5 trees come from gumbo's whole tree (tree_html5_build.c) */
	if (smart_html_parser_get() == SMART_HTML_PARSER_HTML5 &&
	    (format == SMART_FORMAT_HTML ||
	     (format == SMART_FORMAT_AUTO && smart_format_sniff(data, len) == SMART_FORMAT_HTML)))
		return smart__tree_html5_tree(data, len, name, err);
	b.flat_from = HTML_MAX_DEPTH;
	if (smart__tree_build_begin(&b) < 0) {
		smart__tree_build_discard(&b);
		smart_error_set(err, "%s: out of memory", name);
		return NULL;
	}
	if (read_document(data, len, &format, name, &doc, &b, err) < 0) {
		smart__tree_build_discard(&b);
		return NULL;
	}
	if (b.failed) {
		smart_error_set(err, "%s: out of memory while building the tree", name);
		smart__tree_build_discard(&b);
	} else if (b.out_of_step || !doc) {
		/* !doc: nothing parseable, an empty document either way */
		smart__tree_build_discard(&b);
		tree = parse_whole(data, len, format, name, err);
	} else {
		tree = smart__tree_build_end(&b, doc, format, name, err);
	}
	xmlFreeDoc(doc);
	return tree;
}

smart_tree *smart_tree_parse_file(const char *path, smart_format format,
				  smart_error *err)
{
	char *data;
	size_t len;
	smart_tree *tree;

	if (smart_file_read(path, SMART_TREE_MAX_FILE, &data, &len, err) < 0)
		return NULL;
	tree = smart_tree_parse(data, len, format, path, err);
	free(data);
	return tree;
}
