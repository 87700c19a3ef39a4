#ifndef SMART_DIFFX_GUMBO_ARENA_H
#define SMART_DIFFX_GUMBO_ARENA_H

#include <setjmp.h>
#include <stddef.h>

/* gumbo's memory: a bump arena freed whole after the copy. gumbo makes
 * and frees many small blocks (tokens, growing vectors); malloc and free
 * took a quarter of the html5 parse (perf, bench/html5_parser), and a
 * free that does nothing also covers what gumbo 0.10.1 forgets to free
 * on some broken markup (found by html5lib's suite under LeakSanitizer).
 * What gumbo frees early stays until the end: a parse holds at most
 * about what it ever allocated. */
typedef union chunk_head {
	union chunk_head *next; /* the chunk allocated before */
	max_align_t align;      /* keeps the payload aligned */
} chunk_head;

typedef struct gumbo_arena {
	chunk_head *chunks;
	char *free;      /* the unused rest of the newest chunk */
	size_t left;
	size_t used;     /* bytes of all chunks */
	size_t budget;   /* what the page may use (html5_budget) */
	int over;        /* 1 over the budget, 2 out of memory */
	jmp_buf *escape; /* where an allocation that cannot be met returns to */
} gumbo_arena;

/* What gumbo may allocate for a page of `len` bytes (see gumbo_arena.c). */
size_t smart__gumbo_budget(size_t len);

/* gumbo's allocator and deallocator over a gumbo_arena (userdata): an
 * allocation past the budget, or one malloc cannot meet, sets `over` and
 * longjmps to *escape. */
void *smart__gumbo_arena_alloc(void *userdata, size_t size);
void smart__gumbo_arena_forget(void *userdata, void *ptr);

/* Frees every chunk of the arena. */
void smart__gumbo_arena_free_all(gumbo_arena *a);

#endif
