/*
 * A small seeded random number generator (splitmix64) for reproducible
 * shuffles and coin baselines. The state is the caller's: no global state.
 */
#ifndef SMART_COMMON_RNG_H
#define SMART_COMMON_RNG_H

#include <stdint.h>

static inline uint64_t smart_rng_next(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* A double uniform in [0, 1). */
static inline double smart_rng_uniform(uint64_t *state)
{
	return (double)(smart_rng_next(state) >> 11) * (1.0 / 9007199254740992.0);
}

/* An integer uniform in [0, n) (n > 0; the bias is negligible for the
 * sizes shuffled here). */
static inline uint64_t smart_rng_below(uint64_t *state, uint64_t n)
{
	return smart_rng_next(state) % n;
}

#endif
