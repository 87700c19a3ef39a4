/*
 * The lookups of a profile (profile/internal.h): which test has a name,
 * which test a path names, and which entry of a test (or of all tests) sits
 * at a location. Hash tables beside the profile's arrays, kept up to date
 * by smart__profile_add and rebuilt when learn.c compacts the arrays, so
 * that loading or learning an n-entry profile takes time near n rather
 * than n squared.
 */
#include "smart/profile.h"
#include "internal.h"

#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* One slot of a table: `key` (an owned copy; NULL when the slot is free)
 * of `owner` maps to `value`. */
typedef struct {
	char *key;
	size_t owner;
	size_t value;
	uint64_t hash;
} index_slot;

/* An open-addressing table (linear probing, at most half full). */
typedef struct {
	index_slot *slots;
	size_t size; /* a power of two, or 0 */
	size_t used;
} index_table;

struct smart_profile_index {
	index_table tests;     /* exact test name -> test */
	index_table test_keys; /* smart__profile_test_key of a name -> first such test */
	index_table entries;   /* (test + 1, or 0 for all tests; location) -> entry */
};

/* FNV-1a over the owner and the key. */
static uint64_t key_hash(size_t owner, const char *key)
{
	uint64_t h = 1469598103934665603u ^ owner;

	h *= 1099511628211u;
	for (; *key; key++) {
		h ^= (unsigned char)*key;
		h *= 1099511628211u;
	}
	return h;
}

/* The slot that holds (owner, key), or the free slot where it would go. */
static index_slot *table_slot(const index_table *t, size_t owner, const char *key, uint64_t h)
{
	size_t i = (size_t)h & (t->size - 1);

	assert(t->size > 0 && t->used < t->size);
	while (t->slots[i].key && !(t->slots[i].hash == h && t->slots[i].owner == owner &&
				    strcmp(t->slots[i].key, key) == 0))
		i = (i + 1) & (t->size - 1);
	return &t->slots[i];
}

static void table_clear(index_table *t)
{
	for (size_t i = 0; i < t->size; i++)
		free(t->slots[i].key);
	free(t->slots);
	*t = (index_table){ 0 };
}

/* Doubles the table (moving the keys, not copying them). */
static int table_grow(index_table *t)
{
	index_table bigger = { 0 };

	bigger.size = t->size ? t->size * 2 : 64;
	if (bigger.size < t->size || !(bigger.slots = calloc(bigger.size, sizeof(index_slot))))
		return -1;
	for (size_t i = 0; i < t->size; i++)
		if (t->slots[i].key) {
			*table_slot(&bigger, t->slots[i].owner, t->slots[i].key, t->slots[i].hash) =
				t->slots[i];
			bigger.used++;
		}
	assert(bigger.used == t->used);
	free(t->slots);
	*t = bigger;
	return 0;
}

/* The value of (owner, key), or SIZE_MAX. */
static size_t table_find(const index_table *t, size_t owner, const char *key)
{
	const index_slot *s;

	if (!t->size)
		return SIZE_MAX;
	s = table_slot(t, owner, key, key_hash(owner, key));
	return s->key ? s->value : SIZE_MAX;
}

/* Maps (owner, key) to `value` unless it maps to something already (the
 * first value stays). 0, or -1 when out of memory. */
static int table_put_first(index_table *t, size_t owner, const char *key, size_t value)
{
	uint64_t h = key_hash(owner, key);
	index_slot *s;

	if ((t->used + 1) * 2 > t->size && table_grow(t) < 0)
		return -1;
	s = table_slot(t, owner, key, h);
	if (s->key)
		return 0;
	if (!(s->key = strdup(key)))
		return -1;
	s->owner = owner;
	s->value = value;
	s->hash = h;
	t->used++;
	return 0;
}

struct smart_profile_index *smart__profile_index_new(void)
{
	return calloc(1, sizeof(struct smart_profile_index));
}

void smart__profile_index_free(struct smart_profile_index *x)
{
	if (!x)
		return;
	table_clear(&x->tests);
	table_clear(&x->test_keys);
	table_clear(&x->entries);
	free(x);
}

int smart__profile_index_add_test(smart_profile *p, size_t test)
{
	char key[PROFILE_TEST_KEY_MAX];

	assert(test < p->n_tests);
	smart__profile_test_key(p->tests[test].test, key, sizeof(key));
	if (table_put_first(&p->index->tests, 0, p->tests[test].test, test) < 0 ||
	    table_put_first(&p->index->test_keys, 0, key, test) < 0)
		return -1;
	return 0;
}

int smart__profile_index_add_entry(smart_profile *p, size_t owner, size_t entry)
{
	const smart_profile_entry *v = owner ? p->tests[owner - 1].entries : p->all;

	assert(owner ? owner <= p->n_tests && entry < p->tests[owner - 1].n_entries
		     : entry < p->n_all);
	return table_put_first(&p->index->entries, owner, v[entry].location, entry);
}

size_t smart__profile_index_test(const smart_profile *p, const char *name)
{
	return table_find(&p->index->tests, 0, name);
}

size_t smart__profile_index_test_by_path(const smart_profile *p, const char *given)
{
	char key[PROFILE_TEST_KEY_MAX];
	size_t n = smart__profile_test_key(given, key, sizeof(key));
	size_t best = table_find(&p->index->test_keys, 0, key);

	/* a test whose key is the part of the path after some '/' */
	for (size_t i = 0; i < n; i++)
		if (key[i] == '/') {
			size_t at = table_find(&p->index->test_keys, 0, key + i + 1);

			if (at < best)
				best = at;
		}
	return best;
}

size_t smart__profile_index_entry(const smart_profile *p, size_t owner, const char *location)
{
	return table_find(&p->index->entries, owner, location);
}

int smart__profile_index_rebuild(smart_profile *p, smart_error *err)
{
	table_clear(&p->index->tests);
	table_clear(&p->index->test_keys);
	table_clear(&p->index->entries);
	for (size_t i = 0; i < p->n_all; i++)
		if (smart__profile_index_add_entry(p, 0, i) < 0)
			return smart_error_oom(err);
	for (size_t t = 0; t < p->n_tests; t++) {
		if (smart__profile_index_add_test(p, t) < 0)
			return smart_error_oom(err);
		for (size_t i = 0; i < p->tests[t].n_entries; i++)
			if (smart__profile_index_add_entry(p, t + 1, i) < 0)
				return smart_error_oom(err);
	}
	return 0;
}
