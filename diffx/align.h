/*
 * Internals of the DiffX alignment, shared by the files that compute it:
 * hash.c (subtree hashes), match_exact.c (phase 1), match_fragments.c,
 * smart__fragment_grow.c and fragment_gap.c (phase 2), lis.c (longest increasing subsequence), script.c (phase 3).
 *
 * Labels: a node's label is its name; the two trees intern names
 * separately, so old nodes are given labels in the NEW tree's name-id space
 * (old_label), with SMART_NONE for names the new tree never uses (such nodes
 * can never be matched) and for comments and processing instructions.
 */
#ifndef SMART_DIFFX_ALIGN_H
#define SMART_DIFFX_ALIGN_H

#include <stdint.h>

#include "smart/diffx.h"

/* The table from 64-bit subtree hashes to the old and new nodes that
 * carry them: one bucket per distinct hash, kept densely in the order the
 * hashes are first met (align.buckets), found through an open-addressing
 * table of bucket indexes (align.slots). */
typedef struct align_bucket {
	uint64_t hash;
	uint32_t old_start;     /* its old nodes are old_by_hash[old_start ..
	                         * old_start + old_len), in pre-order */
	uint32_t old_len;
	uint32_t new_len;       /* new nodes with this hash */
} align_bucket;

typedef struct align {
	const smart_tree *a;     /* old tree */
	const smart_tree *b;     /* new tree */
	uint32_t *a2b;           /* = diff->old_to_new */
	uint32_t *b2a;           /* = diff->new_to_old */
	uint64_t *own_a, *own_b; /* hash of a node's own content: kind, name,
	                          * attributes, text (not its children) */
	uint64_t *sub_a, *sub_b; /* hash of the whole content subtree */
	uint32_t *csize_a, *csize_b; /* content nodes in the subtree */
	uint32_t *old_label;     /* old node -> label in b's name space */
	uint32_t *bucket_a, *bucket_b; /* node -> bucket index (SMART_NONE
	                                * for non-content nodes) */
	uint32_t *old_by_hash;   /* old content nodes grouped by bucket */
	align_bucket *buckets;   /* bucket_count of them, dense */
	uint32_t bucket_count;
	uint32_t *slots;         /* open addressing: a bucket's index + 1, 0 when
	                          * empty; bucket_mask + 1 of them. Four bytes a
	                          * slot where a whole bucket (24) was: the table
	                          * is read at random, and on a 1 MB page pair it
	                          * was 3 MB of fresh pages touched on every
	                          * classify, now 0.5 MB and the buckets used */
	uint64_t *old_hash_bits; /* one bit per old subtree hash (a one-hash
	                          * Bloom filter small enough to stay in cache):
	                          * a clear bit means no old twin at all */
	uint32_t bits_mask;
	uint32_t bucket_mask;    /* table size - 1 (a power of two) */
	unsigned char *stays;    /* per new node: matched in place and in order
	                          * (smart__align_mark_in_order), kept up to date by
	                          * the repair for the script; NULL before */
} align;

/* Allocates the arrays of `al` for trees a and b, computes hashes, sizes
 * and labels, and matches document node 0 with document node 0.
 * Returns 0, or -1 with err set (out of memory). */
int smart__align_init(align *al, const smart_tree *a, const smart_tree *b,
	       smart_error *err);

/* Frees what smart__align_init allocated except a2b and b2a (owned by the diff). */
void smart__align_release(align *al);

/* Phase 1: bottom-up exact matching of identical subtrees, largest first
 * (match_exact.c). */
int smart__align_match_exact(align *al, smart_error *err);

/* True when old x and new y head identical content subtrees none of whose
 * nodes is matched yet; then match_subtree may pair them. */
int smart__align_subtree_free_and_equal(const align *al, uint32_t x, uint32_t y);

/* Pairs every content node of old subtree x with its counterpart in the
 * identical new subtree y (which smart__align_subtree_free_and_equal accepted). */
void smart__align_match_subtree(align *al, uint32_t x, uint32_t y);

/* Records one matched pair (x, y). */
void smart__align_pair(align *al, uint32_t x, uint32_t y);

/* False when new node y certainly has no old node with its subtree hash
 * (cheap: one cached bit; true may be a false alarm). */
static inline int align_may_have_twin(const align *al, uint32_t y)
{
	uint64_t h = al->sub_b[y] >> 20;

	return (al->old_hash_bits[(h & al->bits_mask) >> 6] >> (h & 63)) & 1;
}

/* Finds an unmatched old twin of new node y (same subtree hash, nothing in
 * it matched), preferring one whose parent is matched to y's parent, then
 * the one nearest to old position `near`. SMART_NONE when there is none.
 * Looks at a bounded number of chain entries, so it is O(1). */
uint32_t smart__align_find_twin(const align *al, uint32_t y, uint32_t near);

/* Phase 2: top-down isolated-fragment mapping (match_fragments.c). */
int smart__align_match_fragments(align *al, smart_error *err);

/* Phase 2b: re-pairs small nodes in place where that shortens the script
 * (repair.c, repair_attempt.c, repair_cost.c). */
int smart__align_repair(align *al, smart_error *err);

/* The content children of a node, in order, into `out` (capacity given by
 * the node's child_count). Returns how many. */
uint32_t smart__align_content_children(const smart_tree *t, uint32_t node,
				 uint32_t *out);

/* Longest increasing subsequence of keys[0..n): sets in_lis[i] to 1 for the
 * members of one longest strictly increasing subsequence, 0 for the others.
 * `work` must hold 2*n uint32_t. O(n log n). */
void smart__align_lis(const uint32_t *keys, uint32_t n, unsigned char *in_lis,
	       uint32_t *work);

/* The children the script keeps in place: a longest strictly increasing
 * subsequence of keys[0..n), and among the longest one of greatest total
 * weight (weights[i]: the content nodes of pair i's two subtrees, so that
 * when either of two siblings may move, the smaller one does, whichever
 * document is called old). Sets in_lis[i] to 1 for its members, 0 for the
 * others. `work` must hold 8*n uint32_t, 8-byte aligned. O(n log n); O(n)
 * when the keys are already in order. */
void smart__align_lis_weighted(const uint32_t *keys, const uint32_t *weights, uint32_t n,
			unsigned char *in_lis, uint32_t *work);

/* Index of the first entry >= key in the ascending array v[0..n). */
uint32_t smart__align_lower_bound(const uint32_t *v, uint32_t n, uint32_t key);

/* Hashing (hash.c). */
uint64_t smart__align_hash_bytes(uint64_t seed, const void *data, size_t len);
uint64_t smart__align_mix(uint64_t h);

/* Marks the matched new nodes that stay in place (stays[y] = 1): those
 * whose parent is matched to their partner's parent and that belong to the
 * longest run of such siblings in unchanged relative order; the others are
 * moves. Returns 0, or -1 when out of memory (script.c). */
int smart__align_mark_in_order(const align *al, unsigned char *stays);

/* Phase 3: builds diff->ops and diff->summary from the matching (script.c). */
int smart__align_build_script(smart_diff *diff, const align *al, smart_error *err);

#endif
