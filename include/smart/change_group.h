/*
 * Change groups: which flagged pairs a review by change decides together
 * (docs/review.md "One decision per change", docs/signatures.md). The one
 * grouping `smart review --by-change`, `smart eval --review-sim` and the
 * HTML report's changes view share: the group is the class of residual
 * changes (smart_signature_class) that the most open pairs hold unaccepted,
 * its members those pairs; deciding it can accept the class's changes
 * (and those every member holds), or every change its members hold, which
 * settles the whole group at once.
 */
#ifndef SMART_CHANGE_GROUP_H
#define SMART_CHANGE_GROUP_H

#include <stddef.h>
#include <stdint.h>

#include "smart/error.h"

/* One flagged pair as grouping reads it: its changes' ids and classes. */
typedef struct smart_group_pair {
	const uint64_t *ids;
	const uint64_t *classes; /* classes[k] is the class of ids[k] */
	size_t n;
} smart_group_pair;

/* Whether change `id` of pair `pair` is accepted already (a file of
 * accepted changes, decisions taken): it then groups nothing. */
typedef int (*smart_group_accepted_fn)(void *ctx, size_t pair, uint64_t id);

/* What a grouping reads: the pairs p[0 .. n), which are still open
 * (open[i] non-zero; NULL: all), and which changes count no more
 * (`accepted` with `ctx`; NULL: none). */
typedef struct smart_group_input {
	const smart_group_pair *p;
	size_t n;
	const unsigned char *open;
	smart_group_accepted_fn accepted;
	void *ctx;
} smart_group_input;

/* One group. */
typedef struct smart_change_group {
	uint64_t key;          /* the class decided */
	size_t *members;       /* the open pairs holding an unaccepted change
	                        * of the class, in the pairs' order: members[0]
	                        * is the one a reviewer is shown */
	size_t n_members;
	size_t n_settled;      /* smart_change_groups_plan: members[n_members ..
	                        * n_settled) are pairs holding none of the class
	                        * that accepting the whole group settles too */
	uint64_t *changes;     /* the members' unaccepted changes, each once: the
	                        * class's first (n_key), then the others every
	                        * member holds (n_shared), then the rest */
	uint64_t *classes;     /* classes[k] is the class of changes[k] */
	size_t n_changes, n_key, n_shared;
} smart_change_group;

/* The group to decide next among the open pairs of `in`: the class
 * whose unaccepted changes the most open pairs hold; a tie goes to the class whose first pair comes first, then
 * whose change comes first in that pair. 1 with *g filled (free with
 * smart_change_group_free), 0 when no open pair holds an unaccepted
 * change, -1 with `err` set when out of memory. */
int smart_change_group_next(const smart_group_input *in, smart_change_group *g,
			    smart_error *err);

void smart_change_group_free(smart_change_group *g);

/* The class of change `id` in pair p (its own id when p does not hold it). */
uint64_t smart_group_class_of(const smart_group_pair *p, uint64_t id);

/* The groups a reviewer meets who accepts every group whole, in order:
 * each smart_change_group_next of what is left, its members and every
 * other pair whose changes are then all accepted settled -- a change is
 * accepted with its class, as a later classification reads the accepted
 * changes (smart/accepted.h). Each open pair
 * of `in` with an unaccepted change is in exactly one group. *out (n_out of them) is
 * freed with smart_change_groups_free. 0, or -1 with `err` set. */
int smart_change_groups_plan(const smart_group_input *in, smart_change_group **out,
			     size_t *n_out, smart_error *err);

void smart_change_groups_free(smart_change_group *g, size_t n);

#endif
