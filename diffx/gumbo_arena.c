/* gumbo's memory (diffx/gumbo_arena.h): a bump arena freed whole, with a
 * budget per page. */
#include "gumbo_arena.h"

#include <stdint.h>
#include <stdlib.h>

#include "smart/limits.h"

/* What gumbo may allocate for one page: generous for any real page (bench
 * pages take about 30 bytes an input byte), but bounded, because HTML5's
 * tree can grow as the square of its input: formatting elements left open
 * are copied into every following block (a 21 KB page of 1500 open <b id>
 * and 1500 <p> builds 45 million nodes, 5.9 GB). */
size_t smart__gumbo_budget(size_t len)
{
	const size_t per_byte = 128, per_node = 256;
	size_t nodes = smart_limits_get()->max_nodes;

	if (len > SIZE_MAX / 2 / per_byte || nodes > SIZE_MAX / 2 / per_node)
		return SIZE_MAX;
	return len * per_byte + nodes * per_node;
}

#define ARENA_CHUNK ((size_t)256 * 1024)

void *smart__gumbo_arena_alloc(void *userdata, size_t size)
{
	gumbo_arena *a = userdata;
	size_t need = (size + _Alignof(max_align_t) - 1) & ~(_Alignof(max_align_t) - 1);
	chunk_head *c;
	size_t payload;
	void *p;

	if (need < size)
		need = SIZE_MAX; /* over any budget */
	if (need > a->left) {
		/* a block larger than a quarter chunk gets a chunk of its own,
		 * so the rest of the current chunk is not wasted */
		payload = need > ARENA_CHUNK / 4 ? need : ARENA_CHUNK;
		/* gumbo does not check its allocations: one it cannot have
		 * leaves the parse (all its memory is in the arena, and it
		 * holds nothing else) */
		if (payload > a->budget - a->used) {
			a->over = 1;
			longjmp(*a->escape, 1);
		}
		if (!(c = malloc(sizeof(*c) + payload))) {
			a->over = 2;
			longjmp(*a->escape, 1);
		}
		a->used += payload;
		c->next = a->chunks;
		a->chunks = c;
		if (payload != ARENA_CHUNK)
			return c + 1;
		a->free = (char *)(c + 1);
		a->left = payload;
	}
	p = a->free;
	a->free += need;
	a->left -= need;
	return p;
}

void smart__gumbo_arena_forget(void *userdata, void *ptr)
{
	(void)userdata;
	(void)ptr; /* freed with the whole arena */
}

void smart__gumbo_arena_free_all(gumbo_arena *a)
{
	while (a->chunks) {
		chunk_head *next = a->chunks->next;

		free(a->chunks);
		a->chunks = next;
	}
	a->free = NULL;
	a->left = 0;
}
