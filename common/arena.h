/*
 * A bump allocator for the many small strings of a tree: one free() per
 * tree instead of one per string, and strings stay put (chunks never move).
 * Internal to the library.
 */
#ifndef SMART_ARENA_H
#define SMART_ARENA_H

#include <stddef.h>

typedef struct smart_arena smart_arena;

/* Creates an empty arena; NULL when out of memory. */
smart_arena *smart__arena_new(void);

/* Frees the arena and everything allocated from it; NULL is allowed. */
void smart__arena_free(smart_arena *arena);

/* Returns `size` bytes aligned for any type, or NULL when out of memory. */
void *smart__arena_alloc(smart_arena *arena, size_t size);

/* The bytes the arena holds from malloc (its chunks, whole); 0 for NULL. */
size_t smart__arena_bytes(const smart_arena *arena);

/* Copies `len` bytes of `s` and a terminating NUL; NULL when out of memory. */
char *smart__arena_strndup(smart_arena *arena, const char *s, size_t len);

#endif
