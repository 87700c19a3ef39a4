/* The bump allocator of common/arena.h. */
#include "arena.h"

#include <assert.h>
#include <stdalign.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define ARENA_CHUNK ((size_t)64 * 1024)

struct chunk {
	struct chunk *next;
	size_t used;
	size_t size;
	alignas(max_align_t) unsigned char data[];
};

struct smart_arena {
	struct chunk *head;
};

smart_arena *smart__arena_new(void)
{
	return calloc(1, sizeof(smart_arena));
}

void smart__arena_free(smart_arena *arena)
{
	struct chunk *c, *next;

	if (!arena)
		return;
	for (c = arena->head; c; c = next) {
		next = c->next;
		free(c);
	}
	free(arena);
}

size_t smart__arena_bytes(const smart_arena *arena)
{
	size_t total = 0;

	for (const struct chunk *c = arena ? arena->head : NULL; c; c = c->next)
		total += sizeof(*c) + c->size;
	return total;
}

/* Takes `size` bytes starting at a multiple of `align` (a power of two). */
static void *arena_take(smart_arena *arena, size_t size, size_t align)
{
	struct chunk *c = arena->head;
	size_t start = c ? (c->used + align - 1) & ~(align - 1) : 0;

	if (size == 0)
		size = 1;
	if (!c || start > c->size || c->size - start < size) {
		/* Big requests get a chunk of their own behind the current one,
		 * so the space left in the current chunk is not wasted. */
		size_t chunk_size = size > ARENA_CHUNK / 4 ? size : ARENA_CHUNK;
		struct chunk *fresh = malloc(sizeof(*fresh) + chunk_size);

		if (!fresh)
			return NULL;
		fresh->used = 0;
		fresh->size = chunk_size;
		if (c && chunk_size != ARENA_CHUNK) {
			fresh->next = c->next;
			c->next = fresh;
		} else {
			fresh->next = c;
			arena->head = fresh;
		}
		c = fresh;
		start = 0;
	}
	c->used = start + size;
	/* within its chunk, and aligned as asked */
	assert(c->used <= c->size);
	assert((uintptr_t)(c->data + start) % align == 0);
	return c->data + start;
}

void *smart__arena_alloc(smart_arena *arena, size_t size)
{
	return arena_take(arena, size, alignof(max_align_t));
}

/* Strings need no alignment: packed end to end they take about half the
 * room of 16-byte aligned blocks, most of a tree's strings being short. */
char *smart__arena_strndup(smart_arena *arena, const char *s, size_t len)
{
	char *copy = arena_take(arena, len + 1, 1);

	if (!copy)
		return NULL;
	memcpy(copy, s, len);
	copy[len] = '\0';
	return copy;
}
