/*
 * Hashing for DiffX: a node's own content (kind, name, attributes, text)
 * and its whole content subtree, so that identical subtrees of the two
 * trees can be found in one table lookup. The hashes only propose
 * candidates; a match is always confirmed by comparing the subtrees
 * (smart__align_subtree_free_and_equal), so a collision can cost time, never
 * correctness.
 */
#include "align.h"

#include <string.h>

#define GOLDEN 0x9e3779b97f4a7c15ULL

/* A strong 64-bit finaliser (MurmurHash3's fmix64). */
uint64_t smart__align_mix(uint64_t h)
{
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	h *= 0xc4ceb9fe1a85ec53ULL;
	h ^= h >> 33;
	return h;
}

static uint64_t rotl(uint64_t x, int r)
{
	return (x << r) | (x >> (64 - r));
}

/* Hashes `len` bytes eight at a time, starting from `seed`. */
uint64_t smart__align_hash_bytes(uint64_t seed, const void *data, size_t len)
{
	const unsigned char *p = data;
	uint64_t h = seed ^ ((uint64_t)len * GOLDEN), w;

	while (len >= 8) {
		memcpy(&w, p, 8);
		h = rotl(h ^ (w * 0x87c37b91114253d5ULL), 31) * GOLDEN;
		p += 8;
		len -= 8;
	}
	w = 0;
	memcpy(&w, p, len);
	h ^= w * 0x4cf5ad432745937fULL;
	return smart__align_mix(h);
}
