/*
 * Value shapes: the forms volatile values take (dates, clocks, relative
 * times, UUIDs, hex and base64 tokens, epochs, versions, build paths,
 * ports, ...), recognised by POSIX extended regular expressions (regex.h)
 * and masked as "{shape}". They are the profile-free default -- the
 * built-in shapes are volatile wherever they occur -- and the vocabulary
 * of profiles' patterns (smart/profile.h) and of scrubbing (smart/scrub.h).
 */
#ifndef SMART_SHAPES_H
#define SMART_SHAPES_H

#include <stddef.h>

#include "smart/error.h"

/* ---- value shapes (shapes/) ---- */

typedef enum smart_shape {
	SMART_SHAPE_UUID = 0,
	SMART_SHAPE_DATE,      /* calendar dates, ISO date-times, RFC dates */
	SMART_SHAPE_TIME,      /* clock times, with seconds, am/pm, zone */
	SMART_SHAPE_RELTIME,   /* "3 days ago", "in 2 hours", "just now" */
	SMART_SHAPE_EPOCH,     /* 10- or 13-digit Unix timestamps, Julian days */
	SMART_SHAPE_HEX,       /* 8+ hex digits with a digit and a letter */
	SMART_SHAPE_BASE64,    /* 16+ base64 characters, mixed case and digits
	                        * (12+ when they also look random) */
	SMART_SHAPE_URL_QUERY, /* a URL's ?key=value&... part */
	SMART_SHAPE_PATH,      /* absolute file paths (/home/..., C:\...) */
	SMART_SHAPE_VERSION,   /* 1.2.3, v2.0, 4.3.0-beta */
	SMART_SHAPE_JWT,       /* eyJ....eyJ....sig: JSON web tokens */
	SMART_SHAPE_CUID,      /* c + 24 lower-case letters and digits (cuid) */
	SMART_SHAPE_TZNAME,    /* "(Coordinated Universal Time)", "(Central European Summer Time)" */
	SMART_SHAPE_COPYRIGHT, /* "(c) 2010-2023", "Copyright 2024", "&copy; 2019" */
	SMART_SHAPE_DURATION,  /* "0.023 s", "12ms", "9.9 days" (not "ago") */
	SMART_SHAPE_HOSTPORT,  /* localhost, 127.0.0.1, 10.0.0.7, with a port */
	SMART_SHAPE_CACHEBUST, /* ?v=3.2.1, &ver=1700000000, ?_=12345 */
	SMART_SHAPE_TIMING,    /* a number keyed as a time: "walltime":"0.055", elapsed=12 */
	SMART_SHAPE_COUNTER,   /* "534 visitors today", "Views: 1,204", "viewed 12 times" */
	SMART_SHAPE_SIZE,      /* "12.3 KB", "4 MiB", "2048 bytes" */
	SMART_SHAPE_NONCE,     /* ?_wpnonce=..., &token=..., &csrf_token=...: keyed as a secret */
	SMART_SHAPE_NUMBER,    /* integers and decimals */
	SMART_SHAPE_COUNT
} smart_shape;

/* Sets of shapes are bit masks: bit s for shape s. */
#define SMART_SHAPES_ALL ((1u << SMART_SHAPE_COUNT) - 1)
/* The shapes the volatility features call volatile everywhere without a
 * profile (features/volatility.c). */
#define SMART_SHAPES_BUILTIN                                                   \
	((1u << SMART_SHAPE_UUID) | (1u << SMART_SHAPE_DATE) |                 \
	 (1u << SMART_SHAPE_TIME) | (1u << SMART_SHAPE_RELTIME) |              \
	 (1u << SMART_SHAPE_EPOCH) | (1u << SMART_SHAPE_HEX) |                 \
	 (1u << SMART_SHAPE_BASE64))
/* The shapes scrubbed out of both trees before alignment (scrub, then
 * align): the built-in ones and those that vary between builds and hosts
 * rather than between requests. */
#define SMART_SHAPES_SCRUB                                                     \
	(SMART_SHAPES_BUILTIN | (1u << SMART_SHAPE_PATH) |                      \
	 (1u << SMART_SHAPE_VERSION) | (1u << SMART_SHAPE_JWT) |               \
	 (1u << SMART_SHAPE_CUID) | (1u << SMART_SHAPE_TZNAME) |               \
	 (1u << SMART_SHAPE_COPYRIGHT) | (1u << SMART_SHAPE_DURATION) |        \
	 (1u << SMART_SHAPE_HOSTPORT) | (1u << SMART_SHAPE_CACHEBUST) |        \
	 (1u << SMART_SHAPE_TIMING) | (1u << SMART_SHAPE_COUNTER) |             \
	 (1u << SMART_SHAPE_SIZE) | (1u << SMART_SHAPE_NONCE))

/* "date", "hex", ...; NULL past the end. */
const char *smart_shape_name(smart_shape s);

/* The shape called `name`, or -1. */
int smart_shape_from_name(const char *name);

/* A compiled set of shapes. */
typedef struct smart_shapes smart_shapes;

/* Compiles the shapes of `set`. Free with smart_shapes_free. */
smart_shapes *smart_shapes_compile(unsigned set, smart_error *err);
void smart_shapes_free(smart_shapes *s);

/* The built-in set, the scrubbed set and the set of all shapes of the
 * calling thread: compiled on its first call, freed when the thread ends.
 * Each thread has its own because glibc's regexec locks the compiled
 * pattern while it runs: do not hand them to another thread. NULL with
 * `err` set when compiling failed (out of memory). */
const smart_shapes *smart_shapes_builtin(smart_error *err);
const smart_shapes *smart_shapes_scrubbed(smart_error *err); /* SMART_SHAPES_SCRUB */
const smart_shapes *smart_shapes_all(smart_error *err);
/* The same for any `set` (a profile's shapes, smart_profile.shapes). */
const smart_shapes *smart_shapes_of_thread(unsigned set, smart_error *err);

/* `text` (len bytes) with every occurrence of a shape of `s` replaced by
 * "{name}" (a literal '{' or '}' is written doubled, so a masked text never
 * contains a placeholder it did not get from a shape). A new string
 * (free()); *found, when not NULL, receives the set of shapes met. */
char *smart_shapes_mask(const smart_shapes *s, const char *text, size_t len,
			unsigned *found, smart_error *err);

/* The shape tokens of a text that smart_shapes_count_changes looks at. */
#define SMART_SHAPES_MAX_TOKENS 256

/* Compares the shape tokens of two values of one place, k-th with k-th
 * (the first SMART_SHAPES_MAX_TOKENS of each), and adds one to counts[s]
 * for each pair that differs, s the new token's shape: what a change that
 * is explained by shapes changed ("2 dates, 1 version"). Returns how many
 * differed, or -1 when out of memory. */
int smart_shapes_count_changes(const smart_shapes *s, const char *old_text,
			       const char *new_text, unsigned counts[SMART_SHAPE_COUNT]);


/* Quick tests before masking (shapes/shapes.c, shapes_quick.c), for
 * scrubbing most values without running an expression at all. */

/* False when no shape of `s` can occur in the NUL-terminated `text` (its
 * expression matches nowhere), so smart__shapes_scan would find
 * no token: a quick test before masking. True may still find none (a
 * match that fails its shape's check). */
int smart_shapes_any(const smart_shapes *s, const char *text);

/* False when no shape of `s` can match in `text`, by a necessary condition
 * checked without the regular expression (shapes/shapes_quick.c). */
int smart_shapes_may_match(const smart_shapes *s, const char *text);

/* Whether `text` holds a word of the shapes that need no digit: path
 * roots, a Windows drive, zone regions and names, relative times, the
 * local host ("/tmp", "Europe/", "ago", "UTC", "localhost", ...). */
int smart_shapes_digitless_word(const char *text);

#endif
