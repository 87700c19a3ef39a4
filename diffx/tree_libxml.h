/*
 * The bridge between libxml2's documents and smart_tree, shared with the
 * other library modules (docs/architecture.md, "Headers shared between
 * modules"): compare/'s comparators need libxml2's own document (white
 * space as written, XPath), and perturb/ edits libxml2's document and
 * flattens the result. Not in include/smart.h: programs using libsmart
 * parse with smart_tree_parse.
 */
#ifndef SMART_DIFFX_TREE_LIBXML_H
#define SMART_DIFFX_TREE_LIBXML_H

#include <libxml/tree.h>

#include "smart/tree.h"

/* Flattens a libxml2 document (NULL: an empty document) into a new tree. */
smart_tree *smart__tree_from_libxml(xmlDocPtr doc, smart_format format,
			     const char *name, smart_error *err);

/* Parses `len` bytes with libxml2 under the project's safety rules (no
 * network, no DTD loading, no entity expansion, external entities refused).
 * *format AUTO is replaced by the sniffed format. On success *doc is the new
 * document (the caller frees it with xmlFreeDoc), or NULL for an HTML input
 * with nothing parseable in it (an empty document). */
int smart__tree_libxml_read(const char *data, size_t len, smart_format *format,
		     const char *name, xmlDocPtr *doc, smart_error *err);

#endif
