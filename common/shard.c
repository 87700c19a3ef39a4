/*
 * Shard assignment: which of N shards does a unit of work belong to. By a
 * hash of the unit's stable name, so that the split is the same however
 * the input is listed, and the same on every machine.
 */
#include "smart/shard.h"

#include <errno.h>
#include <stdlib.h>

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

uint64_t smart_shard_hash(const void *data, size_t len)
{
	const unsigned char *p = data;
	uint64_t h = 0xcbf29ce484222325ULL; /* FNV-1a */

	for (size_t i = 0; i < len; i++) {
		h ^= p[i];
		h *= 0x100000001b3ULL;
	}
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
