/*
 * The session names of a set, for making each new one unique in O(1): a
 * hash table of every name given out (with whether its session is still in
 * the set), and per base name the next "-K" suffix to try. A linear scan
 * of the set per candidate name made a file of n sessions called alike
 * cost O(n^3) (2000 took 7 s; found probing for slow inputs beside the
 * fuzzing, docs/fuzzing.md).
 */
#include "internal.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct rp_name {
	const char *name; /* NULL: empty slot; else the set's arena copy */
	unsigned next;    /* as a base: the next suffix to try (0: 2) */
	int live;         /* a session of the set has this name */
} rp_name;

struct rp_names {
	rp_name *slots;
	size_t cap, used;    /* cap: a power of two, 0 before the first */
	const char *last_base; /* the base of the last name given out with a
	                        * suffix, and that suffix (0: none) */
	unsigned last_k;
};

static size_t name_hash(const char *s)
{
	uint64_t h = 1469598103934665603u;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211u;
	return (size_t)h;
}

/* The slot holding `name`, or the empty slot where it would go. */
static rp_name *find(const rp_names *t, const char *name)
{
	size_t i = name_hash(name) & (t->cap - 1);

	while (t->slots[i].name && strcmp(t->slots[i].name, name) != 0)
		i = (i + 1) & (t->cap - 1);
	return &t->slots[i];
}

/* Makes room for one more name (at most half full). */
static int reserve(rp_names *t)
{
	rp_name *old = t->slots;
	size_t old_cap = t->cap;

	if (2 * (t->used + 1) <= t->cap)
		return 0;
	t->cap = t->cap ? t->cap * 2 : 64;
	t->slots = calloc(t->cap, sizeof(*t->slots));
	if (!t->slots) {
		t->slots = old;
		t->cap = old_cap;
		return -1;
	}
	for (size_t i = 0; i < old_cap; i++)
		if (old[i].name)
			*find(t, old[i].name) = old[i];
	free(old);
	return 0;
}

rp_names *smart__rp_names_new(void)
{
	return calloc(1, sizeof(rp_names));
}

void smart__rp_names_free(rp_names *t)
{
	if (t)
		free(t->slots);
	free(t);
}

static int taken(const rp_names *t, const char *name)
{
	return t->cap && find(t, name)->live;
}

int smart__rp_names_unique(rp_names *t, const char *base, char *out, size_t size)
{
	rp_name *b;
	unsigned k;

	t->last_base = NULL;
	t->last_k = 0;
	if (!taken(t, base)) {
		snprintf(out, size, "%s", base);
		return 0;
	}
	b = find(t, base);
	for (k = b->next ? b->next : 2;; k++) {
		snprintf(out, size, "%s-%u", base, k);
		if (!taken(t, out))
			break;
	}
	b->next = k + 1;
	t->last_base = b->name;
	t->last_k = k;
	return 0;
}

int smart__rp_names_add(rp_names *t, const char *name)
{
	rp_name *slot;

	if (reserve(t) < 0)
		return -1;
	slot = find(t, name);
	if (!slot->name) {
		slot->name = name;
		t->used++;
	}
	slot->live = 1;
	return 0;
}

void smart__rp_names_drop(rp_names *t, const char *name)
{
	if (!t->cap || !find(t, name)->name)
		return;
	find(t, name)->live = 0;
	/* The suffix it took is free again, and every smaller one is not. */
	if (t->last_base && t->last_k)
		find(t, t->last_base)->next = t->last_k;
	t->last_base = NULL;
	t->last_k = 0;
}
