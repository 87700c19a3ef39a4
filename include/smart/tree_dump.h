/*
 * A document's tree as its parser built it, in the one-node-per-line
 * format of html5lib's tree-construction tests:
 *
 *   | <!DOCTYPE html>
 *   | <html>
 *   |   <head>
 *   |   <body>
 *   |     <p>
 *   |       class="x"
 *   |       "text"
 *   |     <!-- a comment -->
 *   |     <svg svg>
 *
 * Two spaces of indent a level; attributes (sorted by name) one level
 * under their element; foreign elements prefixed by "svg " or "math ";
 * a template's contents under a "content" line. It shows the parser's own
 * tree (smart/html_parser.h for HTML, libxml2 for XML), before smart
 * cleans text and white space, so that a parse can be checked against
 * html5lib's expectations and a surprising tree reported as it is.
 */
#ifndef SMART_TREE_DUMP_H
#define SMART_TREE_DUMP_H

#include <stddef.h>

#include "smart/error.h"
#include "smart/tree.h"

/* Parses `len` bytes of `data` as `format` (AUTO: sniffed) under the
 * resource limits and returns the dump, a NUL-terminated string the
 * caller frees, its length in *out_len when given; NULL with `err` set
 * (naming `name`) on bad input or when out of memory. */
char *smart_tree_dump(const char *data, size_t len, smart_format format, const char *name,
		      size_t *out_len, smart_error *err);

#endif
