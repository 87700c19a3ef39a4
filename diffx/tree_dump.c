/*
 * html5lib's tree dump of a parser's document (include/smart/tree_dump.h).
 * An iterative pre-order walk over libxml2's document, whichever parser
 * made it (tree_html5.c copies gumbo's tree into one); adjacent text nodes
 * (libxml2 splits text at entity references and buffer ends) print as the
 * one text a browser's DOM holds.
 */
#include "smart/tree_dump.h"

#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "common/strbuf.h"
#include "tree_html5.h"
#include "tree_libxml.h"

/* Two spaces a level after the "| " every line starts with. */
static int indent(smart_strbuf *out, unsigned level)
{
	int rc = smart__strbuf_append(out, "| ", 2);

	for (unsigned i = 0; i < level && rc == 0; i++)
		rc = smart__strbuf_append(out, "  ", 2);
	return rc;
}

/* The text of node x and of the text siblings that follow it, into `text`;
 * returns the last node taken. */
static xmlNodePtr gather_text(xmlNodePtr x, smart_strbuf *text, int *oom)
{
	xmlNodePtr last = x;

	for (; x && (x->type == XML_TEXT_NODE || x->type == XML_CDATA_SECTION_NODE ||
		     x->type == XML_ENTITY_REF_NODE);
	     x = x->next) {
		if (x->type == XML_ENTITY_REF_NODE)
			*oom |= smart__strbuf_printf(text, "&%s;", (const char *)x->name) < 0;
		else if (x->content)
			*oom |= smart__strbuf_append(text, (const char *)x->content,
						    strlen((const char *)x->content)) < 0;
		last = x;
	}
	return last;
}

/* "svg " or "math " for a foreign element, "" for HTML (and XML). */
static const char *namespace_prefix(const xmlNode *x)
{
	const char *href = x->ns && x->ns->href ? (const char *)x->ns->href : "";

	if (strcmp(href, smart__html5_svg_ns) == 0)
		return "svg ";
	if (strcmp(href, smart__html5_mathml_ns) == 0)
		return "math ";
	return "";
}

/* An attribute's name as html5lib prints it: a foreign attribute's prefix
 * and local name with a space between ("xlink href"). A new string, or
 * NULL when out of memory. */
static char *attribute_name(const xmlAttr *a)
{
	smart_strbuf name = { 0 };

	if (smart__strbuf_printf(&name, "%s%s%s", a->ns && a->ns->prefix ? (const char *)a->ns->prefix : "",
				a->ns && a->ns->prefix ? " " : "", (const char *)a->name) < 0) {
		smart__strbuf_free(&name);
		return NULL;
	}
	return name.data;
}

typedef struct dump_attr {
	char *name;
	const xmlAttr *attr;
} dump_attr;

static int compare_dump_attrs(const void *a, const void *b)
{
	return strcmp(((const dump_attr *)a)->name, ((const dump_attr *)b)->name);
}

/* The element's attributes, sorted by name, one level under it. */
static int dump_attributes(smart_strbuf *out, const xmlNode *x, unsigned level)
{
	size_t n = 0, k = 0;
	dump_attr *attrs;
	int rc = 0;

	for (const xmlAttr *a = x->properties; a; a = a->next)
		n++;
	if (n == 0)
		return 0;
	if (!(attrs = malloc(n * sizeof(*attrs))))
		return -1;
	for (const xmlAttr *a = x->properties; a; a = a->next, k++) {
		attrs[k].name = attribute_name(a);
		attrs[k].attr = a;
		rc |= attrs[k].name ? 0 : -1;
	}
	if (rc == 0)
		qsort(attrs, n, sizeof(*attrs), compare_dump_attrs);
	for (k = 0; k < n && rc == 0; k++) {
		rc |= indent(out, level);
		rc |= smart__strbuf_printf(out, "%s=\"", attrs[k].name);
		for (const xmlNode *v = attrs[k].attr->children; v && rc == 0; v = v->next)
			if (v->type == XML_TEXT_NODE && v->content)
				rc |= smart__strbuf_append(out, (const char *)v->content,
							  strlen((const char *)v->content));
			else if (v->type == XML_ENTITY_REF_NODE)
				rc |= smart__strbuf_printf(out, "&%s;", (const char *)v->name);
		rc |= smart__strbuf_append(out, "\"\n", 2);
	}
	for (k = 0; k < n; k++)
		free(attrs[k].name);
	free(attrs);
	return rc ? -1 : 0;
}

/* <!DOCTYPE name>, or with both identifiers when it has either. */
static int dump_doctype(smart_strbuf *out, const xmlDtd *d)
{
	int rc = indent(out, 0);

	rc |= smart__strbuf_printf(out, "<!DOCTYPE %s", d->name ? (const char *)d->name : "");
	if (d->ExternalID || d->SystemID)
		rc |= smart__strbuf_printf(out, " \"%s\" \"%s\"",
					  d->ExternalID ? (const char *)d->ExternalID : "",
					  d->SystemID ? (const char *)d->SystemID : "");
	rc |= smart__strbuf_append(out, ">\n", 2);
	return rc ? -1 : 0;
}

/* One node's line (and its attributes' lines); *x may move past the text
 * siblings merged into it. */
static int dump_node(smart_strbuf *out, xmlNodePtr *x, unsigned level, smart_strbuf *text)
{
	int rc = 0, oom = 0;
	xmlNodePtr n = *x;

	switch (n->type) {
	case XML_ELEMENT_NODE:
		rc |= indent(out, level);
		rc |= smart__strbuf_printf(out, "<%s%s>\n", namespace_prefix(n), (const char *)n->name);
		rc |= dump_attributes(out, n, level + 1);
		if (!*namespace_prefix(n) && strcmp((const char *)n->name, "template") == 0) {
			rc |= indent(out, level + 1);
			rc |= smart__strbuf_append(out, "content\n", 8);
		}
		break;
	case XML_TEXT_NODE:
	case XML_CDATA_SECTION_NODE:
	case XML_ENTITY_REF_NODE:
		text->len = 0;
		*x = gather_text(n, text, &oom);
		rc |= oom ? -1 : indent(out, level);
		rc |= smart__strbuf_append(out, "\"", 1);
		rc |= smart__strbuf_append(out, text->data ? text->data : "", text->len);
		rc |= smart__strbuf_append(out, "\"\n", 2);
		break;
	case XML_COMMENT_NODE:
		rc |= indent(out, level);
		rc |= smart__strbuf_printf(out, "<!-- %s -->\n",
					  n->content ? (const char *)n->content : "");
		break;
	case XML_PI_NODE:
		rc |= indent(out, level);
		rc |= smart__strbuf_printf(out, "<?%s %s>\n", (const char *)n->name,
					  n->content ? (const char *)n->content : "");
		break;
	case XML_DTD_NODE:
		rc |= dump_doctype(out, (const xmlDtd *)n);
		break;
	default:
		break;
	}
	return rc ? -1 : 0;
}

/* The whole document; 0, or -1 when out of memory. The level of a node is
 * its depth under the document, plus one under each template (whose
 * "content" line holds its children). */
static int dump_document(smart_strbuf *out, xmlDocPtr doc)
{
	smart_strbuf text = { 0 };
	xmlNodePtr x = doc ? doc->children : NULL;
	unsigned level = 0;
	int rc = 0;

	while (x && rc == 0) {
		rc = dump_node(out, &x, level, &text);
		if (x->type == XML_ELEMENT_NODE && x->children) {
			level += 1 + (!*namespace_prefix(x) && strcmp((const char *)x->name, "template") == 0);
			x = x->children;
			continue;
		}
		while (x && !x->next) {
			x = x->parent;
			if (!x || x == (xmlNodePtr)doc) {
				x = NULL;
				break;
			}
			level -= 1 + (!*namespace_prefix(x) && strcmp((const char *)x->name, "template") == 0);
		}
		if (x)
			x = x->next;
	}
	smart__strbuf_free(&text);
	return rc;
}

char *smart_tree_dump(const char *data, size_t len, smart_format format, const char *name,
		      size_t *out_len, smart_error *err)
{
	smart_strbuf out = { 0 };
	xmlDocPtr doc = NULL;

	if (!name)
		name = "(document)";
	if (smart__tree_libxml_read(data, len, &format, name, &doc, err) < 0)
		return NULL;
	if (dump_document(&out, doc) < 0 || smart__strbuf_append(&out, "", 0) < 0) {
		smart__strbuf_free(&out);
		xmlFreeDoc(doc);
		smart_error_set(err, "%s: out of memory", name);
		return NULL;
	}
	xmlFreeDoc(doc);
	if (out_len)
		*out_len = out.len;
	return out.data ? out.data : smart__strbuf_copy("", 0);
}
