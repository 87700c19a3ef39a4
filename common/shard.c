/*
 * Shard assignment: which of N shards does a unit of work belong to. By a
 * hash of the unit's stable name, so that the split is the same however
 * the input is listed, and the same on every machine.
 */
#include "smart/shard.h"

#include <endian.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Reads an unsigned decimal at *s (no sign, no spaces), advancing *s. */
static int read_count(const char **s, unsigned long *out)
{
	char *end;

	if (**s < '0' || **s > '9')
		return -1;
	errno = 0;
	*out = strtoul(*s, &end, 10);
	if (errno)
		return -1;
	*s = end;
	return 0;
}

int smart_shard_parse(const char *text, smart_shard *out, smart_error *err)
{
	const char *s = text;
	unsigned long k, n;

	if (read_count(&s, &k) || *s++ != '/' || read_count(&s, &n) || *s)
		return smart_error_set(err, "--shard '%s': not K/N (shard K of N, e.g. 2/4)", text);
	if (n < 1 || n > SMART_SHARD_MAX || k < 1 || k > n)
		return smart_error_set(err, "--shard '%s': K must be 1..N and N 1..%d", text,
				       SMART_SHARD_MAX);
	out->k = (unsigned)k;
	out->n = (unsigned)n;
	return 0;
}

/* The little-endian 64-bit word at p, the same on every machine (a
 * shard's split must not depend on the byte order of the one it runs on).
 * One unaligned load and a byte swap where the machine is big-endian:
 * gcc -O2 did not merge the shift loop this was into a load, and those
 * eight steps a word were 40% of a shard's pass over a plain corpus. */
static uint64_t word_le(const unsigned char *p)
{
	uint64_t w;

	memcpy(&w, p, sizeof(w));
	return le64toh(w);
}

/* Eight bytes a step in two independent lanes (a multiply and a shift
 * each), not FNV-1a's one byte: every shard hashes every record of the
 * input, and byte-at-a-time hashing was 40% of what a shard spends on the
 * records it skips (docs/shards.md). splitmix64's finaliser makes every
 * bit count. */
uint64_t smart_shard_hash(const void *data, size_t len)
{
	const unsigned char *p = data;
	uint64_t a = 0xcbf29ce484222325ULL ^ ((uint64_t)len * 0x9e3779b97f4a7c15ULL);
	uint64_t b = 0x84222325cbf29ce4ULL, h;
	unsigned char last[16] = { 0 };
	size_t i = 0;

	for (; i + 16 <= len; i += 16) {
		a = (a ^ word_le(p + i)) * 0xff51afd7ed558ccdULL;
		b = (b ^ word_le(p + i + 8)) * 0xc4ceb9fe1a85ec53ULL;
		a ^= a >> 32;
		b ^= b >> 32;
	}
	if (i < len) { /* the last 1..15 bytes, zero-padded (the length is in a) */
		memcpy(last, p + i, len - i);
		a = (a ^ word_le(last)) * 0xff51afd7ed558ccdULL;
		b = (b ^ word_le(last + 8)) * 0xc4ceb9fe1a85ec53ULL;
		a ^= a >> 32;
		b ^= b >> 32;
	}
	h = a ^ (b * 0x9e3779b97f4a7c15ULL);
	h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ULL; /* splitmix64's finaliser */
	h = (h ^ (h >> 27)) * 0x94d049bb133111ebULL;
	return h ^ (h >> 31);
}

unsigned smart_shard_of(uint64_t h, unsigned n)
{
	return n ? (unsigned)(h % n) + 1 : 1;
}

int smart_shard_walk_see(smart_shard_walk *w, uint64_t h, size_t *index)
{
	uint64_t both[2] = { w->names, h };

	/* Order matters: the same names in another order are another input,
	 * whose merged output would be in another order. */
	w->names = smart_shard_hash(both, sizeof(both));
	*index = w->total++;
	if (w->shard.n && smart_shard_of(h, w->shard.n) != w->shard.k)
		return 0;
	w->taken++;
	return 1;
}
