/*
 * Values to put the shapes' matchers to work (tests/shapes/): every value
 * of the recogniser's tables (tests/fixtures/shapes/), every text and
 * attribute value of a corpus's pages, and seeded random values glued
 * from pieces of shapes and of plain text. Each source calls `fn` with
 * each value and returns how many it gave.
 */
#ifndef SMART_TEST_SHAPE_VALUES_H
#define SMART_TEST_SHAPE_VALUES_H

#include <stdint.h>

typedef void (*shape_value_fn)(void *ctx, const char *value);

/* Both values of every line of volatile.tsv and meaningful.tsv. */
unsigned shape_values_tables(shape_value_fn fn, void *ctx);

/* Every text and attribute value of both pages of every pair of the
 * corpus at `path`. */
unsigned shape_values_corpus(const char *path, shape_value_fn fn, void *ctx);

/* `n` random values from `seed`, each one to six pieces long. */
unsigned shape_values_random(uint64_t seed, unsigned n, shape_value_fn fn, void *ctx);

#endif
