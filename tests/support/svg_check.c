/* SVG reading helpers for the tests (svg_check.h). */
#include "svg_check.h"

#include <stdarg.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <libxml/parser.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>

#define SVG_NS "http://www.w3.org/2000/svg"

xmlDocPtr svg_parse(const char *text, size_t len)
{
	xmlDocPtr doc = xmlReadMemory(text, (int)len, "plot.svg", NULL, XML_PARSE_NONET);
	xmlNodePtr root;

	if (!doc)
		fail_msg("not well-formed XML");
	root = xmlDocGetRootElement(doc);
	assert_non_null(root);
	assert_string_equal((const char *)root->name, "svg");
	assert_non_null(root->ns);
	assert_string_equal((const char *)root->ns->href, SVG_NS);
	return doc;
}

xmlDocPtr svg_parse_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	char buf[1 << 16];
	size_t n;
	xmlDocPtr doc;

	if (!f)
		fail_msg("%s: missing", path);
	n = fread(buf, 1, sizeof(buf), f);
	fclose(f);
	assert_true(n < sizeof(buf)); /* the test's plots are small */
	doc = svg_parse(buf, n);
	return doc;
}

size_t svg_select(xmlDocPtr doc, const char *xpath, xmlNodePtr *out, size_t max)
{
	xmlXPathContextPtr ctx = xmlXPathNewContext(doc);
	xmlXPathObjectPtr res;
	size_t n = 0;

	assert_non_null(ctx);
	xmlXPathRegisterNs(ctx, BAD_CAST "s", BAD_CAST SVG_NS);
	res = xmlXPathEvalExpression(BAD_CAST xpath, ctx);
	if (!res)
		fail_msg("bad XPath %s", xpath);
	if (res->nodesetval) {
		n = (size_t)res->nodesetval->nodeNr;
		for (size_t i = 0; i < n && i < max; i++)
			out[i] = res->nodesetval->nodeTab[i];
	}
	xmlXPathFreeObject(res);
	xmlXPathFreeContext(ctx);
	return n;
}

double svg_num(xmlNodePtr node, const char *attr)
{
	xmlChar *v = xmlGetProp(node, BAD_CAST attr);
	double d;

	if (!v)
		fail_msg("<%s> has no %s", node->name, attr);
	d = strtod((const char *)v, NULL);
	xmlFree(v);
	return d;
}
