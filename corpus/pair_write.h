/*
 * Writing one pair record (docs/corpus-format.md) as a line of JSON, for
 * the fault seeders (mutate, perturb), whose documents are whatever a
 * program printed: they are made valid UTF-8 here, then written by the
 * corpus module (smart_pair_to_json). Shared by corpus/ with mutate/ and
 * perturb/ (docs/architecture.md, "Headers shared between modules"); not in
 * include/smart.h, since it appends to a common/ string buffer, which
 * programs using libsmart do not have.
 */
#ifndef SMART_CORPUS_PAIR_WRITE_H
#define SMART_CORPUS_PAIR_WRITE_H

#include <stddef.h>

#include "smart/error.h"
#include "common/strbuf.h"

typedef struct pair_fields {
	const char *app;     /* may be NULL: field left out */
	const char *test;
	const char *format;  /* "html" or "xml" */
	const char *old_text;
	size_t old_len;
	const char *new_text;
	size_t new_len;
	const char *label;   /* "inspect", "ignore", or NULL */
	const char *origin;
	const char *note;    /* may be NULL */
} pair_fields;

/* Appends the record as one JSON line (with its newline) to `out`.
 * Invalid UTF-8 in the documents is replaced by U+FFFD so that the line is
 * valid JSON. Returns 0, 1 when a document holds NUL bytes (not text: the
 * record is not written), or -1 on failure. */
int smart__pair_write_line(smart_strbuf *out, const pair_fields *p, smart_error *err);

/* "html" or "xml" for an output file: by its extension (.xml, .svg, .rss,
 * .atom are XML; .html, .htm, .xhtml are HTML), else by sniffing `data`. */
const char *smart__pair_format_of(const char *path, const char *data, size_t len);

#endif
