/*
 * A cache of parsed documents (smart/measure.h, smart_tree_cache). The
 * corpora's pairs share their documents: a page's mutants and reruns all
 * have its old side, so 44% of the bytes training parses are documents
 * parsed before (docs/performance.md). The cache keeps each parsed tree,
 * immutable, keyed by its bytes (a hash, then the bytes compared), and
 * hands out copies of its node and attribute arrays, which scrubbing may
 * rewrite, whose strings stay the cached tree's: a copy costs a memcpy
 * of the nodes where a parse cost gumbo and the building of the tree.
 * Least recently used trees go past the byte budget, but never while a
 * copy of theirs is out. One lock: the pool's threads share the cache.
 */
#include "tree_cache.h"

#include <assert.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/arena.h"
#include "smart/html_parser.h"

#define CACHE_BUCKETS 4096

/* One parsed document. */
typedef struct entry {
	uint64_t hash;
	size_t len;
	int format;            /* the format asked for, and the HTML parser */
	char *data;            /* a copy of the bytes, for the comparison */
	smart_tree *tree;      /* never changed once cached */
	size_t bytes;          /* what it holds, for the budget */
	unsigned refs;         /* copies out */
	struct entry *newer, *older; /* the recency list */
	struct entry *chain;   /* the bucket's next */
} entry;

struct smart_tree_cache {
	pthread_mutex_t lock;
	size_t budget, used;
	entry *buckets[CACHE_BUCKETS];
	entry *newest, *oldest;
	size_t hits, misses;
};

smart_tree_cache *smart_tree_cache_new(size_t budget, smart_error *err)
{
	smart_tree_cache *c = calloc(1, sizeof(*c));

	if (!c || pthread_mutex_init(&c->lock, NULL)) {
		free(c);
		smart_error_oom(err);
		return NULL;
	}
	c->budget = budget;
	return c;
}

static void entry_free(entry *e)
{
	smart_tree_free(e->tree);
	free(e->data);
	free(e);
}

void smart_tree_cache_free(smart_tree_cache *c)
{
	if (!c)
		return;
	for (entry *e = c->newest, *next; e; e = next) {
		next = e->older;
		assert(e->refs == 0); /* every copy was released */
		entry_free(e);
	}
	pthread_mutex_destroy(&c->lock);
	free(c);
}

smart_tree_cache_counts smart_tree_cache_count(const smart_tree_cache *c)
{
	return (smart_tree_cache_counts){ c->hits, c->misses, c->used };
}

/* FNV-1a over 8 bytes at a time: only to choose a bucket and skip most
 * comparisons; equal bytes are what decides. */
static uint64_t bytes_hash(const char *data, size_t len)
{
	uint64_t h = 0xcbf29ce484222325ULL ^ len;
	size_t i = 0;

	for (; i + 8 <= len; i += 8) {
		uint64_t w;

		memcpy(&w, data + i, 8);
		h = (h ^ w) * 0x100000001b3ULL;
		h ^= h >> 29;
	}
	for (; i < len; i++)
		h = (h ^ (unsigned char)data[i]) * 0x100000001b3ULL;
	return h ^ (h >> 32);
}

/* A copy of t's arrays; its strings are t's (no arena of its own). */
static smart_tree *tree_copy(const smart_tree *t)
{
	smart_tree *c = malloc(sizeof(*c));

	if (!c)
		return NULL;
	*c = *t;
	c->arena = NULL;
	c->nodes = malloc((t->count ? t->count : 1) * sizeof(*c->nodes));
	c->attrs = t->attrs ? malloc((t->attr_total ? t->attr_total : 1) * sizeof(*c->attrs))
			    : NULL;
	c->names = malloc((t->name_count ? t->name_count : 1) * sizeof(*c->names));
	if (!c->nodes || (t->attrs && !c->attrs) || !c->names) {
		smart_tree_free(c);
		return NULL;
	}
	memcpy(c->nodes, t->nodes, t->count * sizeof(*c->nodes));
	if (t->attrs)
		memcpy(c->attrs, t->attrs, t->attr_total * sizeof(*c->attrs));
	memcpy(c->names, t->names, t->name_count * sizeof(*c->names));
	return c;
}

/* Moves e to the newest end of the recency list (unlinked or not). */
static void make_newest(smart_tree_cache *c, entry *e, int linked)
{
	if (linked) {
		if (c->newest == e)
			return;
		e->newer->older = e->older;
		if (e->older)
			e->older->newer = e->newer;
		else
			c->oldest = e->newer;
	}
	e->newer = NULL;
	e->older = c->newest;
	if (c->newest)
		c->newest->newer = e;
	else
		c->oldest = e;
	c->newest = e;
}

/* Drops the oldest trees with no copy out until the cache is within its
 * budget (or only trees with copies out are left). */
static void evict(smart_tree_cache *c)
{
	entry *e = c->oldest;

	while (e && c->used > c->budget) {
		entry *newer = e->newer, **link = &c->buckets[e->hash % CACHE_BUCKETS];

		if (e->refs == 0) {
			while (*link != e)
				link = &(*link)->chain;
			*link = e->chain;
			if (e->newer)
				e->newer->older = e->older;
			else
				c->newest = e->older;
			if (e->older)
				e->older->newer = e->newer;
			else
				c->oldest = e->newer;
			c->used -= e->bytes;
			entry_free(e);
		}
		e = newer;
	}
}

/* The cached entry of these bytes and format, or NULL; the lock held. */
static entry *find(smart_tree_cache *c, uint64_t h, const smart_document *doc, int format)
{
	for (entry *e = c->buckets[h % CACHE_BUCKETS]; e; e = e->chain)
		if (e->hash == h && e->len == doc->len && e->format == format &&
		    memcmp(e->data, doc->data, doc->len) == 0)
			return e;
	return NULL;
}

/* What a cached tree holds: its arrays, its strings' arena (chunks of
 * 64 kB even for a small page) and the copy of the bytes. */
static size_t tree_bytes(const smart_tree *t, size_t len)
{
	return sizeof(entry) + sizeof(*t) + len + smart__arena_bytes(t->arena) +
	       (size_t)t->count * sizeof(smart_node) +
	       (size_t)t->attr_total * sizeof(smart_attr) + (size_t)t->name_count * sizeof(char *);
}

/* Caches `tree` (parsed from doc) unless it is too big or another thread
 * cached the same bytes meanwhile; returns its entry, or NULL (the tree
 * is then the caller's own). The lock held. */
static entry *insert(smart_tree_cache *c, uint64_t h, const smart_document *doc, int format,
		     smart_tree *tree)
{
	size_t bytes = tree_bytes(tree, doc->len);
	entry *e;

	if (bytes > c->budget / 4 || find(c, h, doc, format) || !(e = calloc(1, sizeof(*e))))
		return NULL;
	e->data = malloc(doc->len ? doc->len : 1);
	if (!e->data) {
		free(e);
		return NULL;
	}
	memcpy(e->data, doc->data, doc->len);
	e->hash = h;
	e->len = doc->len;
	e->format = format;
	e->tree = tree;
	e->bytes = bytes;
	e->chain = c->buckets[h % CACHE_BUCKETS];
	c->buckets[h % CACHE_BUCKETS] = e;
	make_newest(c, e, 0);
	c->used += bytes;
	return e;
}

smart_tree *smart__tree_cache_get(smart_tree_cache *c, const smart_document *doc,
				  smart_format format, void **ref, smart_error *err)
{
	int key = (int)format * 8 + (int)smart_html_parser_get();
	uint64_t h = bytes_hash(doc->data, doc->len);
	smart_tree *tree, *copy = NULL;
	entry *e;

	*ref = NULL;
	pthread_mutex_lock(&c->lock);
	e = find(c, h, doc, key);
	if (e && (copy = tree_copy(e->tree))) {
		e->refs++;
		c->hits++;
		make_newest(c, e, 1);
		*ref = e;
	}
	pthread_mutex_unlock(&c->lock);
	if (copy)
		return copy;
	tree = smart_tree_parse(doc->data, doc->len, format, doc->name, err);
	if (!tree || !(copy = tree_copy(tree)))
		return tree; /* no memory for a copy: the fresh tree, uncached */
	pthread_mutex_lock(&c->lock);
	c->misses++;
	e = insert(c, h, doc, key, tree);
	if (e) {
		e->refs++;
		*ref = e;
		evict(c);
	}
	pthread_mutex_unlock(&c->lock);
	if (e)
		return copy;
	smart_tree_free(copy); /* not cached: the fresh tree is the caller's */
	return tree;
}

void smart__tree_cache_release(smart_tree_cache *c, smart_tree *tree, void *ref)
{
	entry *e = ref;

	smart_tree_free(tree);
	if (!e)
		return;
	pthread_mutex_lock(&c->lock);
	e->refs--;
	evict(c);
	pthread_mutex_unlock(&c->lock);
}
