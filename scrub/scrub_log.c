/*
 * The undo log of scrubbing in place (include/smart/profile.h,
 * smart_scrub_log): scrubbing rewrites a few values of the parsed trees
 * themselves instead of copying both trees (a copy is 72 bytes a node, and
 * on a 10 MB pair the two copies were the largest allocation of classify).
 * Each change is recorded here first, the value it replaced or the
 * element's attributes before one was removed, so that the trees can be put
 * back exactly (undo) and scrubbed again (redo) at the cost of the changes
 * alone; the scrubbed strings live in the log's arena.
 */
#include "smart/scrub.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "common/arena.h"
#include "common/array.h"
#include "internal.h"

/* One change: a value replaced (slot != NULL), or the attributes of an
 * element saved before they were edited (attrs_of != NULL). */
typedef struct scrub_change {
	const char **slot;    /* the text or attribute value changed */
	const char *saved;    /* its value before */
	uint32_t *len_slot;   /* the text node's text_len, or NULL */
	uint32_t saved_len;
	smart_node *attrs_of; /* the element whose attributes were saved */
	smart_attr *attrs;    /* ...where they are... */
	smart_attr *saved_attrs; /* ...and a copy of them (in the arena) */
	uint32_t width;       /* how many were saved (the range exchanged) */
	uint32_t saved_count; /* the element's attr_count before */
} scrub_change;

struct smart_scrub_log {
	scrub_change *at;
	size_t n, cap;
	int undone;           /* the trees hold their values before */
	smart_arena *arena;
};

smart_scrub_log *smart_scrub_log_new(smart_error *err)
{
	smart_scrub_log *log = calloc(1, sizeof(*log));

	if (log && !(log->arena = smart__arena_new())) {
		free(log);
		log = NULL;
	}
	if (!log)
		smart_error_oom(err);
	return log;
}

void smart_scrub_log_free(smart_scrub_log *log)
{
	if (!log)
		return;
	free(log->at);
	smart__arena_free(log->arena);
	free(log);
}

size_t smart_scrub_log_count(const smart_scrub_log *log)
{
	return log->n;
}

char *smart_scrub_log_alloc(smart_scrub_log *log, size_t size)
{
	return smart__arena_alloc(log->arena, size);
}

/* A new, zeroed change at the end of the log, or NULL when out of memory. */
static scrub_change *push_change(smart_scrub_log *log)
{
	if (smart__array_reserve((void **)&log->at, &log->cap, log->n, sizeof(*log->at), 64) < 0)
		return NULL;
	memset(&log->at[log->n], 0, sizeof(log->at[0]));
	return &log->at[log->n++];
}

int smart_scrub_log_set(smart_scrub_log *log, const char **slot, uint32_t *len_slot,
			const char *value)
{
	scrub_change *c = push_change(log);

	if (!c)
		return -1;
	c->slot = slot;
	c->saved = *slot;
	c->len_slot = len_slot;
	if (len_slot) {
		c->saved_len = *len_slot;
		*len_slot = (uint32_t)strlen(value);
	}
	*slot = value;
	return 0;
}

int smart_scrub_log_save_attrs(smart_scrub_log *log, smart_tree *t, uint32_t node)
{
	smart_node *n = &t->nodes[node];
	smart_attr *copy = smart__arena_alloc(log->arena, (n->attr_count ? n->attr_count : 1) *
							      sizeof(*copy));
	scrub_change *c = copy ? push_change(log) : NULL;

	if (!c)
		return -1;
	memcpy(copy, t->attrs + n->attr_first, n->attr_count * sizeof(*copy));
	c->attrs_of = n;
	c->attrs = t->attrs + n->attr_first;
	c->saved_attrs = copy;
	c->width = c->saved_count = n->attr_count;
	return 0;
}

int smart__scrub_remove_attribute(smart_tree *t, uint32_t node, const char *name,
				  smart_scrub_log *log)
{
	smart_node *n = &t->nodes[node];
	uint32_t kept = 0;

	if (smart_scrub_log_save_attrs(log, t, node))
		return -1;
	for (uint32_t k = 0; k < n->attr_count; k++) {
		smart_attr a = t->attrs[n->attr_first + k];

		if (strcmp(a.name, name) != 0)
			t->attrs[n->attr_first + kept++] = a;
	}
	assert(kept < n->attr_count);
	n->attr_count = kept;
	return 0;
}

/* Exchanges what a change wrote with what it saved: undoing it, or doing
 * it again. An element's attributes can only shrink after they are saved,
 * so exchanging the saved range restores either state. */
static void exchange(scrub_change *c)
{
	if (c->slot) {
		const char *v = *c->slot;

		*c->slot = c->saved;
		c->saved = v;
		if (c->len_slot) {
			uint32_t len = *c->len_slot;

			*c->len_slot = c->saved_len;
			c->saved_len = len;
		}
	} else {
		uint32_t count = c->attrs_of->attr_count;

		for (uint32_t k = 0; k < c->width; k++) {
			smart_attr a = c->attrs[k];

			c->attrs[k] = c->saved_attrs[k];
			c->saved_attrs[k] = a;
		}
		c->attrs_of->attr_count = c->saved_count;
		c->saved_count = count;
	}
}

void smart_scrub_log_undo(smart_scrub_log *log)
{
	if (log->undone)
		return;
	for (size_t i = log->n; i-- > 0;)
		exchange(&log->at[i]);
	log->undone = 1;
}

void smart_scrub_log_redo(smart_scrub_log *log)
{
	if (!log->undone)
		return;
	for (size_t i = 0; i < log->n; i++)
		exchange(&log->at[i]);
	log->undone = 0;
}
