/* Internal: the edit operations of smart_explain_pair, in words
 * (classify/explain_changes.c). */
#ifndef SMART_CLASSIFY_EXPLAIN_CHANGES_H
#define SMART_CLASSIFY_EXPLAIN_CHANGES_H

#include <stddef.h>

#include "smart/measure.h"

struct cJSON;

/* What the measuring stage's hook collects: up to `max` operations into
 * the array `changes`, and how many the script had. */
typedef struct smart__explain_changes {
	struct cJSON *changes; /* the JSON array filled */
	size_t max;
	size_t total;          /* out: the script's operations */
} smart__explain_changes;

/* smart_aligned_fn: appends the script's first ctx->max operations to
 * ctx->changes, each {op, path} with `to`, `name`, `old`, `new` or `text`
 * as the operation has them, read from the documents as parsed. */
int smart__explain_changes_collect(void *ctx, const smart_aligned_pair *p, smart_error *err);

#endif
