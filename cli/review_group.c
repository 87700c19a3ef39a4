/*
 * The decisions of a review by change and the group that comes next
 * (cli/review_change.h). What each pair has become is never kept apart
 * from the decisions: it is replayed from them, so that an undo is only
 * the last decision taken away.
 */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "review_change.h"
#include "smart/accepted.h"

/* Frees what a decision owns. */
static void decision_clear(bc_decision *d)
{
	for (size_t i = 0; d->records && i < d->n_members; i++)
		free(d->records[i]);
	free(d->records);
	free(d->members);
	memset(d, 0, sizeof(*d));
}

int bc_holds(const review_item *it, uint64_t id)
{
	for (size_t k = 0; it->sigs && k < it->sigs->n; k++)
		if (it->sigs->items[k].id == id)
			return 1;
	return 0;
}

/* Whether change `id` of item i is accepted: in the file the review
 * started from, or by a decision of this review (for every pair, or for
 * this one in a split group) among the first `upto`. */
static int accepted_for(const bc_review *r, size_t i, uint64_t id, size_t upto)
{
	const review_item *it = &r->s->items[i];

	if (smart_accepted_has(r->s->accepted, id, it->test))
		return 1;
	for (size_t k = 0; k < upto; k++)
		if (r->d[k].kind == BC_ACCEPT && r->d[k].sig.id == id &&
		    (r->d[k].pair == SIZE_MAX || r->d[k].pair == i))
			return 1;
	return 0;
}

/* Whether every change of item i is accepted (the first `upto`
 * decisions): it is then ignored. A pair whose set was cut short may hold
 * a change nobody saw, and stays flagged. */
static int covered(const bc_review *r, size_t i, size_t upto)
{
	const smart_signature_set *s = r->s->items[i].sigs;

	if (s->truncated)
		return 0;
	for (size_t k = 0; k < s->n; k++)
		if (!accepted_for(r, i, s->items[k].id, upto))
			return 0;
	return 1;
}

/* What each item is once the decisions are taken in order. */
static void replay(bc_review *r)
{
	for (size_t i = 0; i < r->s->n; i++) {
		const review_item *it = &r->s->items[i];

		r->state[i] = it->inspect && !it->problem && it->sigs && it->sigs->n ? BC_OPEN
										  : BC_OUTSIDE;
	}
	for (size_t k = 0; k < r->n; k++) {
		const bc_decision *d = &r->d[k];

		for (size_t m = 0; d->kind == BC_REJECT && m < d->n_members; m++)
			r->state[d->members[m]] = BC_REJECTED;
		for (size_t i = 0; d->kind == BC_ACCEPT && i < r->s->n; i++)
			if (r->state[i] == BC_OPEN && covered(r, i, k + 1))
				r->state[i] = BC_IGNORED;
	}
}

int bc_init(bc_review *r, review_suite *s, smart_error *err)
{
	memset(r, 0, sizeof(*r));
	r->s = s;
	r->state = calloc(s->n ? s->n : 1, 1);
	if (!r->state)
		return smart_error_oom(err);
	replay(r);
	for (size_t i = 0; i < s->n; i++)
		r->ungrouped += s->items[i].inspect && r->state[i] == BC_OUTSIDE;
	return 0;
}

void bc_free(bc_review *r)
{
	for (size_t k = 0; k < r->n; k++)
		decision_clear(&r->d[k]);
	free(r->d);
	free(r->state);
	memset(r, 0, sizeof(*r));
}

void bc_group_free(bc_group *g)
{
	free(g->members);
	g->members = NULL;
	g->n = 0;
}

/* One undecided change of an open item. */
typedef struct held {
	uint64_t id;
	size_t item;
	size_t k; /* its place in the item's set */
} held;

static int by_id_then_item(const void *pa, const void *pb)
{
	const held *a = pa, *b = pb;

	if (a->id != b->id)
		return a->id < b->id ? -1 : 1;
	return a->item < b->item ? -1 : a->item > b->item;
}

/* Every undecided change of every open item, sorted by change; *n of
 * them. NULL when out of memory (or none: *n 0). */
static held *undecided(const bc_review *r, size_t *n)
{
	size_t total = 0, at = 0;
	held *h;

	for (size_t i = 0; i < r->s->n; i++)
		total += r->state[i] == BC_OPEN ? r->s->items[i].sigs->n : 0;
	*n = 0;
	h = malloc((total ? total : 1) * sizeof(*h));
	if (!h)
		return NULL;
	for (size_t i = 0; i < r->s->n; i++)
		for (size_t k = 0; r->state[i] == BC_OPEN && k < r->s->items[i].sigs->n; k++)
			if (!accepted_for(r, i, r->s->items[i].sigs->items[k].id, r->n))
				h[at++] = (held){ r->s->items[i].sigs->items[k].id, i, k };
	qsort(h, at, sizeof(*h), by_id_then_item);
	*n = at;
	return h;
}

/* The pending pair of a split group: the first open item holding a split
 * change not yet decided for it. 1 with *g filled, 0, -1 out of memory. */
static int next_split(const bc_review *r, bc_group *g, smart_error *err)
{
	for (size_t k = 0; k < r->n; k++) {
		if (r->d[k].kind != BC_SPLIT)
			continue;
		for (size_t m = 0; m < r->d[k].n_members; m++) {
			size_t i = r->d[k].members[m];

			if (r->state[i] != BC_OPEN || accepted_for(r, i, r->d[k].sig.id, r->n))
				continue;
			g->sig = r->d[k].sig;
			g->pair = i;
			g->members = malloc(sizeof(*g->members));
			if (!g->members)
				return smart_error_oom(err);
			g->members[0] = i;
			g->n = 1;
			return 1;
		}
	}
	return 0;
}

int bc_next(bc_review *r, bc_group *g, smart_error *err)
{
	size_t n, best = 0, best_n = 0;
	held *h;
	int rc;

	memset(g, 0, sizeof(*g));
	rc = next_split(r, g, err);
	if (rc)
		return rc;
	h = undecided(r, &n);
	if (!h)
		return smart_error_oom(err);
	/* the change most open pairs hold; a tie goes to the one whose first
	 * pair comes first in the review order */
	for (size_t a = 0; a < n;) {
		size_t e = a + 1;

		while (e < n && h[e].id == h[a].id)
			e++;
		if (e - a > best_n || (e - a == best_n && h[a].item < h[best].item)) {
			best = a;
			best_n = e - a;
		}
		a = e;
	}
	if (best_n == 0) {
		free(h);
		return 0;
	}
	g->sig = r->s->items[h[best].item].sigs->items[h[best].k];
	g->pair = SIZE_MAX;
	g->members = malloc(best_n * sizeof(*g->members));
	if (!g->members) {
		free(h);
		return smart_error_oom(err);
	}
	for (size_t m = 0; m < best_n; m++)
		g->members[g->n++] = h[best + m].item;
	free(h);
	return 1;
}

int bc_accepted(const bc_review *r, size_t i, uint64_t id)
{
	return accepted_for(r, i, id, r->n);
}

void bc_left(const bc_review *r, size_t *groups, size_t *pairs)
{
	size_t n;
	held *h = undecided(r, &n);

	*groups = 0;
	*pairs = 0;
	for (size_t i = 0; i < r->s->n; i++)
		*pairs += r->state[i] == BC_OPEN;
	for (size_t a = 0; h && a < n; a++)
		*groups += a == 0 || h[a].id != h[a - 1].id;
	free(h);
}

int bc_decide(bc_review *r, bc_kind kind, bc_group *g, smart_error *err)
{
	bc_decision *d;

	assert(g->n > 0);
	if (r->n == r->cap) {
		size_t cap = r->cap ? 2 * r->cap : 16;
		bc_decision *more = realloc(r->d, cap * sizeof(*more));

		if (!more)
			return smart_error_oom(err);
		r->d = more;
		r->cap = cap;
	}
	d = &r->d[r->n++];
	*d = (bc_decision){ .kind = kind, .sig = g->sig, .pair = g->pair,
			    .members = g->members, .n_members = g->n };
	g->members = NULL;
	g->n = 0;
	replay(r);
	return 0;
}

int bc_undo(bc_review *r)
{
	if (r->n == 0)
		return 0;
	decision_clear(&r->d[--r->n]);
	replay(r);
	return 1;
}
