/*
 * The parsed-document cache's use by the measuring stage (measure.c) and
 * its tests; the cache itself is public (smart/measure.h,
 * smart_tree_cache). Internal to measure/.
 */
#ifndef SMART_MEASURE_TREE_CACHE_H
#define SMART_MEASURE_TREE_CACHE_H

#include "smart/measure.h"

/* The tree of `doc` parsed as `format`, for the caller to change (scrubbing
 * rewrites values in place): a copy of the cached tree when the same bytes
 * were parsed as the same format before, else a fresh parse, which is
 * cached. *ref receives what to hand back to smart__tree_cache_release.
 * NULL with `err` set when the document does not parse (nothing cached). */
smart_tree *smart__tree_cache_get(smart_tree_cache *c, const smart_document *doc,
				  smart_format format, void **ref, smart_error *err);

/* Frees a tree smart__tree_cache_get returned; NULL is allowed. */
void smart__tree_cache_release(smart_tree_cache *c, smart_tree *tree, void *ref);

#endif
