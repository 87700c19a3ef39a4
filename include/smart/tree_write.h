/*
 * Writing a document tree back out as HTML or XML text: what `smart patch`
 * prints, and the inverse of smart_tree_parse. The promise is a round trip:
 * parsing the written text (with the same format) gives a tree equal to the
 * written one under smart_tree_equal, for every tree the parser can produce.
 *
 * What is written:
 *  - every node, comments and processing instructions included (they are not
 *    content, so they never affect equality, but a reader expects them);
 *  - elements with all their attributes (in the tree's sorted order), with
 *    explicit end tags, except HTML void elements (br, img, input, ...),
 *    which get none;
 *  - no white space of its own between nodes (the tree has none to give back
 *    and the parser drops white-space-only text anyway), one newline at the
 *    end;
 *  - HTML: text and attribute values escaped (& < > " and, so that the
 *    parser's encoding guess cannot alter them, every non-ASCII character as
 *    a numeric character reference); <script> and <style> content verbatim,
 *    as the HTML parser reads it raw;
 *  - XML: an XML declaration (UTF-8) first, UTF-8 text with & < > escaped,
 *    tab/newline/CR inside attribute values and CR in text as character
 *    references (the XML parser would normalise them otherwise).
 *
 * What cannot round-trip, by the nature of the formats: a <script>/<style>
 * text containing "</script" or "</style"; a void HTML element with
 * children; characters XML 1.0 forbids (C0 controls other than tab, newline,
 * CR), which the XML writer replaces by U+FFFD; "--" inside a comment, written
 * as "- -" so that the output stays well-formed. The tree keeps no namespace
 * URIs, so prefixed names are written as they are, without declarations.
 */
#ifndef SMART_TREE_WRITE_H
#define SMART_TREE_WRITE_H

#include <stddef.h>

#include "smart/error.h"
#include "smart/tree.h"

/* Writes `tree` as `format` text (SMART_FORMAT_AUTO: the format the tree was
 * parsed with). Returns a new NUL-terminated buffer (the caller free()s it)
 * and its length in *len, or NULL with `err` set (out of memory). Iterative:
 * any depth is fine. */
char *smart_tree_write(const smart_tree *tree, smart_format format,
		       size_t *len, smart_error *err);

#endif
