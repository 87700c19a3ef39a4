/*
 * Shards: splitting one run's work into N parts that other engines run
 * (a CI matrix, a Kubernetes Indexed Job, a Slurm array), and merging the
 * parts' outputs into the one output an unsharded run would have written.
 *
 * A work unit (a corpus record, a file of two folders, a mutant, a fold)
 * goes to the shard its stable name hashes to, never by its position in a
 * listing, so the split does not move when files are listed in another
 * order. Every shard still walks the whole input: it counts the units and
 * fingerprints their names, so that the merge can tell shards of one run
 * from shards of another (docs/shards.md).
 */
#ifndef SMART_SHARD_H
#define SMART_SHARD_H

#include <stddef.h>
#include <stdint.h>

#include "smart/error.h"

/* Shard k of n (1 <= k <= n); n == 0 means "not sharded": every unit. */
typedef struct smart_shard {
	unsigned k, n;
} smart_shard;

#define SMART_SHARD_MAX 4096

/* Parses "K/N" (1 <= K <= N <= SMART_SHARD_MAX). 0, or -1 with err set. */
int smart_shard_parse(const char *text, smart_shard *out, smart_error *err);

/* The 64-bit hash of a stable name (8 bytes a step, then a splitmix finaliser so
 * that every bit of it counts in the modulo). */
uint64_t smart_shard_hash(const void *data, size_t len);

/* The shard (1..n) a unit with name hash `h` belongs to. */
unsigned smart_shard_of(uint64_t h, unsigned n);

/* One shard's walk over a run's units, in input order. */
typedef struct smart_shard_walk {
	smart_shard shard;  /* which part this run does (n == 0: all) */
	size_t total;       /* out: units seen so far, in this shard or not */
	size_t taken;       /* out: of which this shard's */
	uint64_t names;     /* out: fingerprint of every name, in order */
} smart_shard_walk;

/* Sees the next unit of the input (its stable name's hash `h`): counts
 * and fingerprints it, stores its position in the input in *index and
 * returns 1 when it is this shard's, 0 when another shard does it. */
int smart_shard_walk_see(smart_shard_walk *w, uint64_t h, size_t *index);

/* ---- shard outputs (common/shard_out.c) and their merge (common/shard_merge.c) ----
 *
 * A shard output is a text file: a header (format version, kind, the run's
 * parameters and fingerprint, K/N, the run's unit count), the head and tail
 * of the unsharded output, this shard's items each with the position of its
 * unit in the input, counters to sum, and an end line with the item count
 * (docs/shards.md gives the format). */
typedef struct smart_shard_out smart_shard_out;

/* A new shard output of `kind` (a word: "classify-jsonl") for a run with
 * `params` (one line: everything that must match across the shards of one
 * run). NULL when out of memory. */
smart_shard_out *smart_shard_out_new(const char *kind, const char *params, smart_error *err);

/* The text before and after the items in the merged output; in `head`,
 * "<#NAME>" stands for the sum of counter NAME over the shards. */
int smart_shard_out_frame(smart_shard_out *o, const char *head, const char *tail,
			  smart_error *err);

/* Adds an item: `len` bytes (any bytes) that the unit at position `unit` of
 * the input gave. A unit's items keep the order in which they were added. */
int smart_shard_out_item(smart_shard_out *o, size_t unit, const char *data, size_t len,
			 smart_error *err);

/* Adds `value` to counter `name` (a word). */
int smart_shard_out_count(smart_shard_out *o, const char *name, unsigned long long value,
			  smart_error *err);

/* Records the exit status the command gave this shard's units (classify:
 * 0 all ignore, 1 some inspect, 2 trouble); the merge exits with the
 * highest of its shards' (smart_shard_merge_status). */
void smart_shard_out_status(smart_shard_out *o, int status);

/* The whole shard output (caller frees *text), for the walk `w` that is
 * now over. 0, or -1 with err set. */
int smart_shard_out_text(const smart_shard_out *o, const smart_shard_walk *w, char **text,
			 size_t *len, smart_error *err);

void smart_shard_out_free(smart_shard_out *o);

/* Merges the shard outputs `paths[0..n)` into the output the unsharded run
 * would have written (caller frees *text). Refuses, with one line naming the
 * file: a file that is not a shard output or is cut short, shards of
 * different runs or kinds, a shard given twice, a missing shard, and shards
 * whose units do not add up to the run's. Nothing is written here: the
 * caller writes *text (atomically) only when this returns 0. */
int smart_shard_merge(const char *const *paths, size_t n, char **text, size_t *len,
		      smart_error *err);

/* smart_shard_merge, and in *status the highest exit status the shards
 * recorded (smart_shard_out_status; 0 when none did): for classify, what
 * the unsharded run would have exited with. */
int smart_shard_merge_status(const char *const *paths, size_t n, char **text, size_t *len,
			     int *status, smart_error *err);

#endif
