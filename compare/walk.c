/*
 * Walking libxml2 documents without recursion (documents nest deeper than
 * a C stack allows), and small questions about their nodes.
 */
#include "internal.h"

#include <libxml/HTMLparser.h>
#include <libxml/xpath.h>

int smart__cmp_walk(xmlNodePtr root, cmp_enter_fn enter, cmp_leave_fn leave, void *ctx)
{
	xmlNodePtr node = root;

	while (node) {
		int rc = enter(ctx, node);

		if (rc < 0)
			return -1;
		if (rc == 0 && node->children) {
			node = node->children;
			continue;
		}
		for (;;) {
			if (leave && leave(ctx, node) < 0)
				return -1;
			if (node == root)
				return 0;
			if (node->next) {
				node = node->next;
				break;
			}
			node = node->parent;
		}
	}
	return 0;
}

int smart__cmp_is_void_element(const xmlNode *node)
{
	const htmlElemDesc *desc;

	if (node->type != XML_ELEMENT_NODE || !node->doc ||
	    node->doc->type != XML_HTML_DOCUMENT_NODE)
		return 0;
	desc = htmlTagLookup(node->name);
	return desc && desc->empty;
}

int smart__cmp_breaks_text(const xmlNode *node)
{
	const htmlElemDesc *desc;

	if (node->type != XML_ELEMENT_NODE)
		return 0;
	if (!node->doc || node->doc->type != XML_HTML_DOCUMENT_NODE)
		return 1; /* XML: every element is its own piece of text */
	if (xmlStrcasecmp(node->name, (const xmlChar *)"br") == 0)
		return 1;
	desc = htmlTagLookup(node->name);
	return desc && !desc->isinline;
}

char *smart__cmp_attr(const xmlNode *node, const char *name)
{
	return (char *)xmlGetProp(node, (const xmlChar *)name);
}

/* Swallows libxml2's report of an XPath error: the caller turns the failed
 * call into one error line of its own. */
static void quiet_error(void *ctx, const xmlError *error)
{
	(void)ctx;
	(void)error;
}

struct _xmlXPathContext *smart__cmp_xpath_context(xmlDocPtr doc)
{
	xmlXPathContextPtr xc = xmlXPathNewContext(doc);

	if (xc)
		xc->error = (xmlStructuredErrorFunc)quiet_error;
	return xc;
}
