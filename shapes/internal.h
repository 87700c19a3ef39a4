/* What the files of shapes/ share (internal). */
#ifndef SMART_SHAPES_INTERNAL_H
#define SMART_SHAPES_INTERNAL_H

#include <regex.h>
#include <stddef.h>

#include "smart/shapes.h"

typedef struct shape_def {
	const char *name;
	const char *regex;
	/* NULL: every match counts. A check may read s[-1] (the text's byte
	 * or a space before the text) and s[len] (a NUL after the text). */
	int (*valid)(const char *s, size_t len);
} shape_def;

/* Whether the `len` bytes at s are a short base64 token: 12 to 15
 * characters that mix upper case, lower case and digits and switch between
 * them five times or more (shapes_table.c; shapes.c finds them without
 * the pattern). */
int smart__shapes_short_token(const char *s, size_t len);

/* Every shape, in smart_shape order. */
extern const shape_def smart__shapes_table[SMART_SHAPE_COUNT];

/* A compiled set (smart_shapes_compile). */
struct smart_shapes {
	unsigned set;
	regex_t re;
	size_t n_groups;                 /* re.re_nsub + 1 */
	int group_shape[SMART_SHAPE_COUNT]; /* the group of each shape, or -1 */
	int merge_moments; /* mask a date, clock and zone side by side as one */
};

/* One shape alone, the calling thread's (shapes.c): compiled as "^.(shape)",
 * which matched from the byte before a position says whether the shape
 * matches AT that position and how far (group 1), with that byte as the
 * context of a leading \<; and the bytes a match can start with (glibc's
 * fastmap), which turn most shapes away from a token without a search. */
typedef struct smart__shape_alone {
	regex_t anchored;
	unsigned char starts[256];
} smart__shape_alone;

/* Shape `k` alone, compiled on the calling thread's first use; NULL when
 * out of memory. */
const smart__shape_alone *smart__shapes_alone(int k);

/* Calls `visit` for each shape token of `text` in order, with the shape and
 * the token's [so, eo) byte range. Returns -1 when out of memory, else the
 * last non-zero return of `visit`, or 0. */
typedef int (*shape_visit)(void *ctx, int shape, size_t so, size_t eo);
int smart__shapes_scan(const smart_shapes *s, const char *text, size_t len, shape_visit visit,
			void *ctx);

#endif
