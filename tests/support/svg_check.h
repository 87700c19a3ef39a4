/* Reading the SVG files plot/ writes, for the tests that check a picture
 * against its numbers: libxml2 parses them (well-formed, root <svg>) and
 * XPath finds the elements (prefix s: for the SVG namespace). */
#ifndef SMART_TEST_SVG_CHECK_H
#define SMART_TEST_SVG_CHECK_H

#include <stddef.h>

#include <libxml/tree.h>

/* Parses an SVG document, failing the test unless it is well-formed XML
 * whose root is the SVG namespace's <svg>. Free with xmlFreeDoc. */
xmlDocPtr svg_parse(const char *text, size_t len);

/* svg_parse of a file's contents. */
xmlDocPtr svg_parse_file(const char *path);

/* The elements an XPath expression selects (s: is SVG's namespace), at
 * most `max` of them into `out`; returns how many matched in all. */
size_t svg_select(xmlDocPtr doc, const char *xpath, xmlNodePtr *out, size_t max);

/* An attribute as a number (fails the test when it is missing). */
double svg_num(xmlNodePtr node, const char *attr);

#endif
