/*
 * Setting up an alignment: per-node hashes and sizes, the label map between
 * the two trees' name spaces, and the table of subtree hashes that phase 1
 * and phase 2 use to find identical subtrees (diffx/align.h).
 */
#include "align.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define SEED_NAME 0x6a09e667f3bcc909ULL
#define SEED_ATTR 0xbb67ae8584caa73bULL
#define SEED_TEXT 0x3c6ef372fe94f82bULL

/* Computes own-content hashes, subtree hashes and content subtree sizes of
 * one tree. Children come after their parent in pre-order, so one backward
 * pass sees every child before its parent: no recursion. */
static int hash_tree(const smart_tree *t, uint64_t *own, uint64_t *sub,
		     uint32_t *csize)
{
	uint64_t *name_hash = malloc((t->name_count + 1) * sizeof(*name_hash));

	if (!name_hash)
		return -1;
	for (uint32_t k = 0; k < t->name_count; k++)
		name_hash[k] = smart__align_hash_bytes(SEED_NAME, t->names[k],
						strlen(t->names[k]));
	for (uint32_t i = t->count; i-- > 0;) {
		const smart_node *n = &t->nodes[i];
		uint64_t h;

		if (!smart_node_is_content(n)) {
			own[i] = sub[i] = 0;
			csize[i] = 0;
			continue;
		}
		h = smart__align_mix(name_hash[n->name_id] + (uint64_t)n->kind);
		for (uint32_t k = 0; k < n->attr_count; k++) {
			const smart_attr *at = &t->attrs[n->attr_first + k];

			h = smart__align_mix(h ^ smart__align_hash_bytes(SEED_ATTR, at->name,
							   strlen(at->name)));
			h = smart__align_mix(h ^ smart__align_hash_bytes(SEED_ATTR + 1, at->value,
							   strlen(at->value)));
		}
		if (n->text)
			h = smart__align_mix(h ^ smart__align_hash_bytes(SEED_TEXT, n->text,
							   n->text_len));
		own[i] = h;
		csize[i] = 1;
		for (uint32_t c = n->first_child; c != SMART_NONE;
		     c = t->nodes[c].next_sibling) {
			if (!csize[c])
				continue;
			h = smart__align_mix(h * 31 + sub[c]);
			csize[i] += csize[c];
		}
		sub[i] = smart__align_mix(h ^ csize[i]);
	}
	free(name_hash);
	return 0;
}

/* Zeroed memory for a big table that is read at random (the hash table):
 * asks for huge pages, since with 4 KiB pages nearly every lookup in a
 * table of tens of megabytes also misses the TLB. Free with free(). */
static void *alloc_table(size_t size)
{
	const size_t huge = (size_t)2 << 20;
	void *p;

	if (size < 2 * huge)
		return calloc(1, size);
	size = (size + huge - 1) & ~(huge - 1);
	if (posix_memalign(&p, huge, size) != 0)
		return NULL;
	madvise(p, size, MADV_HUGEPAGE); /* a hint: fine if refused */
	memset(p, 0, size);
	return p;
}

/* Gives every old node its label in the new tree's name space. */
static int map_labels(align *al)
{
	const smart_tree *a = al->a, *b = al->b;
	uint32_t size = 16, mask, *slots;
	uint32_t *old_name_to_new;

	while (size < 2 * b->name_count + 2)
		size *= 2;
	mask = size - 1;
	slots = malloc(size * sizeof(*slots));
	old_name_to_new = malloc((a->name_count + 1) * sizeof(*old_name_to_new));
	if (!slots || !old_name_to_new) {
		free(slots);
		free(old_name_to_new);
		return -1;
	}
	memset(slots, 0xff, size * sizeof(*slots));
	for (uint32_t k = 0; k < b->name_count; k++) {
		uint32_t s = (uint32_t)smart__align_hash_bytes(0, b->names[k],
							strlen(b->names[k])) & mask;

		while (slots[s] != SMART_NONE)
			s = (s + 1) & mask;
		slots[s] = k;
	}
	for (uint32_t k = 0; k < a->name_count; k++) {
		uint32_t s = (uint32_t)smart__align_hash_bytes(0, a->names[k],
							strlen(a->names[k])) & mask;

		old_name_to_new[k] = SMART_NONE;
		for (; slots[s] != SMART_NONE; s = (s + 1) & mask)
			if (strcmp(b->names[slots[s]], a->names[k]) == 0) {
				old_name_to_new[k] = slots[s];
				break;
			}
	}
	for (uint32_t i = 0; i < a->count; i++)
		al->old_label[i] = smart_node_is_content(&a->nodes[i])
					   ? old_name_to_new[a->nodes[i].name_id]
					   : SMART_NONE;
	free(slots);
	free(old_name_to_new);
	return 0;
}

/* Finds the bucket of `hash`, claiming the next dense bucket (and an empty
 * slot) when it is new. */
static uint32_t bucket_for(align *al, uint64_t hash)
{
	uint32_t s = (uint32_t)hash & al->bucket_mask;

	while (al->slots[s] != 0) {
		uint32_t k = al->slots[s] - 1;

		if (al->buckets[k].hash == hash)
			return k;
		s = (s + 1) & al->bucket_mask;
	}
	al->buckets[al->bucket_count] = (align_bucket){ .hash = hash };
	al->slots[s] = ++al->bucket_count;
	return al->bucket_count - 1;
}

/* Fills the subtree-hash table: each bucket's old nodes as a pre-order
 * slice of old_by_hash, and how many new nodes share the hash. */
static void fill_buckets(align *al)
{
	uint32_t start = 0;

	for (uint32_t i = 0; i < al->a->count; i++) {
		uint32_t s;

		al->bucket_a[i] = SMART_NONE;
		if (!al->csize_a[i])
			continue;
		s = bucket_for(al, al->sub_a[i] | 1);
		al->bucket_a[i] = s;
		{
			uint64_t h = al->sub_a[i] >> 20;

			al->old_hash_bits[(h & al->bits_mask) >> 6] |= 1ull << (h & 63);
		}
		al->buckets[s].old_len++;
	}
	for (uint32_t s = 0; s < al->bucket_count; s++) {
		al->buckets[s].old_start = start;
		start += al->buckets[s].old_len;
		al->buckets[s].old_len = 0;
	}
	for (uint32_t i = 0; i < al->a->count; i++) {
		align_bucket *bk;

		if (al->bucket_a[i] == SMART_NONE)
			continue;
		bk = &al->buckets[al->bucket_a[i]];
		al->old_by_hash[bk->old_start + bk->old_len++] = i;
	}
	for (uint32_t j = 0; j < al->b->count; j++) {
		uint32_t s;

		al->bucket_b[j] = SMART_NONE;
		if (!al->csize_b[j])
			continue;
		s = bucket_for(al, al->sub_b[j] | 1);
		al->bucket_b[j] = s;
		al->buckets[s].new_len++;
	}
}

void smart__align_pair(align *al, uint32_t x, uint32_t y)
{
	assert(al->a2b[x] == SMART_NONE && al->b2a[y] == SMART_NONE);
	al->a2b[x] = y;
	al->b2a[y] = x;
}

int smart__align_init(align *al, const smart_tree *a, const smart_tree *b,
	       smart_error *err)
{
	size_t na = a->count, nb = b->count;
	uint32_t table = 16;

	memset(al, 0, sizeof(*al));
	al->a = a;
	al->b = b;
	al->a2b = malloc(na * sizeof(uint32_t));
	al->b2a = malloc(nb * sizeof(uint32_t));
	al->own_a = malloc(na * sizeof(uint64_t));
	al->own_b = malloc(nb * sizeof(uint64_t));
	al->sub_a = malloc(na * sizeof(uint64_t));
	al->sub_b = malloc(nb * sizeof(uint64_t));
	al->csize_a = malloc(na * sizeof(uint32_t));
	al->csize_b = malloc(nb * sizeof(uint32_t));
	al->old_label = malloc(na * sizeof(uint32_t));
	al->bucket_a = malloc(na * sizeof(uint32_t));
	al->bucket_b = malloc(nb * sizeof(uint32_t));
	al->old_by_hash = malloc(na * sizeof(uint32_t));
	while (table < na + nb + 1)
		table *= 2;
	al->bucket_mask = table - 1;
	al->bits_mask = (uint32_t)(table * 16 - 1); /* 16 bits per slot */
	al->old_hash_bits = calloc((size_t)table * 16 / 64, sizeof(uint64_t));
	al->slots = alloc_table(table * sizeof(uint32_t));
	al->buckets = malloc((na + nb + 1) * sizeof(align_bucket)); /* every hash distinct */
	if (!al->a2b || !al->b2a || !al->own_a || !al->own_b || !al->sub_a ||
	    !al->sub_b || !al->csize_a || !al->csize_b || !al->old_label ||
	    !al->bucket_a || !al->bucket_b || !al->old_by_hash ||
	    !al->buckets || !al->slots || !al->old_hash_bits || hash_tree(a, al->own_a, al->sub_a, al->csize_a) < 0 ||
	    hash_tree(b, al->own_b, al->sub_b, al->csize_b) < 0 ||
	    map_labels(al) < 0) {
		free(al->a2b);
		free(al->b2a);
		al->a2b = al->b2a = NULL;
		smart__align_release(al);
		return smart_error_oom(err);
	}
	memset(al->a2b, 0xff, na * sizeof(uint32_t));
	memset(al->b2a, 0xff, nb * sizeof(uint32_t));
	fill_buckets(al);
	smart__align_pair(al, 0, 0); /* the documents always correspond */
	return 0;
}

void smart__align_release(align *al)
{
	free(al->own_a);
	free(al->own_b);
	free(al->sub_a);
	free(al->sub_b);
	free(al->csize_a);
	free(al->csize_b);
	free(al->old_label);
	free(al->bucket_a);
	free(al->bucket_b);
	free(al->old_by_hash);
	free(al->buckets);
	free(al->slots);
	free(al->old_hash_bits);
	free(al->stays);
	al->stays = NULL;
	al->old_hash_bits = NULL;
	al->own_a = al->own_b = al->sub_a = al->sub_b = NULL;
	al->csize_a = al->csize_b = al->old_label = NULL;
	al->bucket_a = al->bucket_b = al->old_by_hash = NULL;
	al->buckets = NULL;
	al->slots = NULL;
}

uint32_t smart__align_content_children(const smart_tree *t, uint32_t node,
				uint32_t *out)
{
	uint32_t n = 0;

	for (uint32_t c = t->nodes[node].first_child; c != SMART_NONE;
	     c = t->nodes[c].next_sibling)
		if (smart_node_is_content(&t->nodes[c]))
			out[n++] = c;
	return n;
}
