/*
 * Resource limits on the documents smart reads.
 *
 * A hostile or broken page (a million attributes on one element, a 2 GB
 * text node) must be refused quickly with one clear line, never hang the
 * parser or exhaust memory. The limits are checked by one linear scan of
 * the raw bytes before libxml2 sees them (libxml2's own attribute handling
 * is quadratic), so refusing costs no more than reading.
 *
 * The limits are process configuration: the front end sets them once, from
 * its options, before any work starts, and every parse reads them. They are
 * never changed while documents are being parsed, so threads may read them
 * without locks. The defaults let every real page of the shipped corpora
 * through with a margin of about 60x on every limit.
 */
#ifndef SMART_LIMITS_H
#define SMART_LIMITS_H

#include <stddef.h>

#include "smart/error.h"

typedef struct smart_limits {
	size_t max_input;      /* bytes of one document */
	size_t max_nodes;      /* markup tags (elements) in one document */
	size_t max_attributes; /* attributes of one element */
	size_t max_text;       /* bytes of one run of text between tags */
} smart_limits;

#define SMART_LIMITS_DEFAULT_MAX_INPUT ((size_t)64 * 1024 * 1024)
#define SMART_LIMITS_DEFAULT_MAX_NODES ((size_t)4 * 1000 * 1000)
#define SMART_LIMITS_DEFAULT_MAX_ATTRIBUTES ((size_t)10000)
#define SMART_LIMITS_DEFAULT_MAX_TEXT ((size_t)64 * 1024 * 1024)

#define SMART_LIMITS_INIT                                                  \
	{                                                                  \
		.max_input = SMART_LIMITS_DEFAULT_MAX_INPUT,                 \
		.max_nodes = SMART_LIMITS_DEFAULT_MAX_NODES,                 \
		.max_attributes = SMART_LIMITS_DEFAULT_MAX_ATTRIBUTES,       \
		.max_text = SMART_LIMITS_DEFAULT_MAX_TEXT,                   \
	}

/* The limits every parse checks (the defaults until smart_limits_set). */
const smart_limits *smart_limits_get(void);

/* Replaces the limits. Call before any document is parsed (it is
 * configuration, not per-call state); a limit of 0 is refused (-1, `err`
 * set), as it would refuse every document. */
int smart_limits_set(const smart_limits *limits, smart_error *err);

/* Checks `len` bytes of `data` against `limits` in one linear pass: 0 when
 * within every limit, otherwise -1 with `err` naming `name`, what was found
 * and the limit with the option that raises it. */
int smart_limits_check(const smart_limits *limits, const char *data, size_t len,
		       const char *name, smart_error *err);

/* Parses a size with an optional K, M or G suffix (powers of 1024) into
 * `*out`; -1 on junk, zero, or overflow. */
int smart_limits_parse_size(const char *text, size_t *out);

#endif
