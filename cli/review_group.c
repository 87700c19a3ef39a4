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
	free(d->sigs);
	memset(d, 0, sizeof(*d));
}

/* Whether change `id` of item i is accepted: in the file the review
 * started from, or by a decision of this review (for every pair, or for
 * this one in a split group) among the first `upto`. */
static int accepted_for(const bc_review *r, size_t i, uint64_t id, size_t upto)
{
	const review_item *it = &r->s->items[i];
	const smart_signature *sig = bc_signature(r, i, id);
	uint64_t cls = sig ? sig->class_id : id;

	if (sig ? smart_accepted_has_signature(r->s->accepted, sig, it->test)
		: smart_accepted_has(r->s->accepted, id, it->test))
		return 1;
	/* a change is accepted with its class: what the file remembers */
	for (size_t k = 0; k < upto; k++)
		for (size_t j = 0; r->d[k].kind == BC_ACCEPT && j < r->d[k].n_sigs; j++)
			if ((r->d[k].sigs[j].id == id ||
			     (!r->d[k].exact && r->d[k].sigs[j].class_id == cls)) &&
			    (r->d[k].pair == SIZE_MAX || r->d[k].pair == i))
				return 1;
	return 0;
}

/* Whether every change of item i is accepted (the first `upto`
 * decisions): it is then ignored. Only grouped items are asked (a pair
 * whose set was cut short may hold a change nobody saw: never grouped). */
static int covered(const bc_review *r, size_t i, size_t upto)
{
	const smart_signature_set *s = r->s->items[i].sigs;

	assert(!s->truncated);
	for (size_t k = 0; k < s->n; k++)
		if (!accepted_for(r, i, s->items[k].id, upto))
			return 0;
	return 1;
}

/* What each item is once the decisions are taken in order. A flagged
 * pair is grouped when it holds residual changes, all of them kept: one
 * whose set was cut short holds more than anyone is shown, so no
 * acceptance may ignore it (it is reviewed alone, with plain review). */
static void replay(bc_review *r)
{
	for (size_t i = 0; i < r->s->n; i++) {
		const review_item *it = &r->s->items[i];

		r->state[i] = it->inspect && !it->problem && it->sigs && it->sigs->n &&
					      !it->sigs->truncated
				      ? BC_OPEN
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
	size_t total = 0, at = 0;

	memset(r, 0, sizeof(*r));
	r->s = s;
	r->state = calloc(s->n ? s->n : 1, 1);
	r->pairs = calloc(s->n ? s->n : 1, sizeof(*r->pairs));
	for (size_t i = 0; i < s->n; i++)
		total += s->items[i].sigs ? s->items[i].sigs->n : 0;
	r->ids = malloc((2 * total + 1) * sizeof(*r->ids));
	if (!r->state || !r->pairs || !r->ids) {
		bc_free(r);
		return smart_error_oom(err);
	}
	replay(r);
	/* the changes of each grouped item, as grouping reads them: ids, then
	 * their classes */
	for (size_t i = 0; i < s->n; i++) {
		const smart_signature_set *set = s->items[i].sigs;

		if (r->state[i] == BC_OUTSIDE)
			continue;
		r->pairs[i] = (smart_group_pair){ r->ids + at, r->ids + total + at, set->n };
		for (size_t k = 0; k < set->n; k++, at++) {
			r->ids[at] = set->items[k].id;
			r->ids[total + at] = set->items[k].class_id;
		}
	}
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
	free(r->pairs);
	free(r->ids);
	memset(r, 0, sizeof(*r));
}

void bc_group_free(bc_group *g)
{
	free(g->members);
	smart_change_group_free(&g->g);
	g->members = NULL;
	g->n = 0;
}

/* smart_group_accepted_fn of the review: the file's and the decisions'. */
static int group_accepted(void *ctx, size_t pair, uint64_t id)
{
	const bc_review *r = ctx;

	return accepted_for(r, pair, id, r->n);
}

/* Which items are still open, for grouping: a new array (NULL when out
 * of memory). */
static unsigned char *open_items(const bc_review *r)
{
	unsigned char *open = malloc(r->s->n ? r->s->n : 1);

	for (size_t i = 0; open && i < r->s->n; i++)
		open[i] = r->state[i] == BC_OPEN;
	return open;
}

const smart_signature *bc_signature(const bc_review *r, size_t i, uint64_t id)
{
	const smart_signature_set *s = r->s->items[i].sigs;

	for (size_t k = 0; s && k < s->n; k++)
		if (s->items[k].id == id)
			return &s->items[k];
	return NULL;
}

const smart_signature *bc_find(const bc_review *r, const size_t *items, size_t n, uint64_t id)
{
	for (size_t m = 0; m < n; m++) {
		const smart_signature *s = bc_signature(r, items[m], id);

		if (s)
			return s;
	}
	return NULL;
}

/* Fills *g from the library's group (taken): members and the change shown. */
static int take_group(const bc_review *r, bc_group *g, smart_change_group *cg, size_t pair,
		      smart_error *err)
{
	const smart_signature *s;

	g->g = *cg;
	memset(cg, 0, sizeof(*cg));
	g->pair = pair;
	g->n = g->g.n_members;
	g->members = malloc((g->n ? g->n : 1) * sizeof(*g->members));
	if (!g->members)
		return smart_error_oom(err);
	memcpy(g->members, g->g.members, g->n * sizeof(*g->members));
	s = bc_signature(r, g->members[0], g->g.changes[0]);
	assert(s);
	g->sig = *s;
	return 1;
}

/* The group of one pair of a split group: its unaccepted changes, those
 * of class `key` first (every other is held by every member: its one
 * pair). 0, or -1 when out of memory. */
static int split_pair(const bc_review *r, size_t i, uint64_t key, smart_change_group *g)
{
	const smart_group_pair *p = &r->pairs[i];

	memset(g, 0, sizeof(*g));
	g->members = malloc(sizeof(*g->members));
	g->changes = malloc((p->n ? p->n : 1) * sizeof(*g->changes));
	if (!g->members || !g->changes) {
		smart_change_group_free(g);
		return -1;
	}
	g->members[0] = i;
	g->n_members = g->n_settled = 1;
	g->key = key;
	for (int pass = 0; pass < 2; pass++) {
		for (size_t k = 0; k < p->n; k++)
			if ((p->classes[k] == key) == (pass == 0) && !accepted_for(r, i, p->ids[k], r->n))
				g->changes[g->n_changes++] = p->ids[k];
		if (pass == 0)
			g->n_key = g->n_changes;
	}
	g->n_shared = g->n_changes - g->n_key;
	return 0;
}

/* The pending pair of a split group: the first open item of a split group
 * that no decision took since. 1 with *g filled, 0, -1 out of memory. */
static int next_split(const bc_review *r, bc_group *g, smart_error *err)
{
	for (size_t k = 0; k < r->n; k++) {
		if (r->d[k].kind != BC_SPLIT)
			continue;
		for (size_t m = 0; m < r->d[k].n_members; m++) {
			size_t i = r->d[k].members[m], later = 0;
			smart_change_group cg;

			for (size_t j = k + 1; j < r->n; j++)
				later |= r->d[j].pair == i;
			if (r->state[i] != BC_OPEN || later)
				continue;
			/* the pair alone: its changes, the split class's first */
			if (split_pair(r, i, r->d[k].key, &cg))
				return smart_error_oom(err);
			return take_group(r, g, &cg, i, err);
		}
	}
	return 0;
}

int bc_next(bc_review *r, bc_group *g, smart_error *err)
{
	smart_change_group cg;
	unsigned char *open;
	int rc;

	memset(g, 0, sizeof(*g));
	rc = next_split(r, g, err);
	if (rc)
		return rc;
	if (!(open = open_items(r)))
		return smart_error_oom(err);
	rc = smart_change_group_next(&(smart_group_input){ r->pairs, r->s->n, open,
							   group_accepted, r },
				     &cg, err);
	free(open);
	if (rc <= 0)
		return rc;
	return take_group(r, g, &cg, SIZE_MAX, err);
}

int bc_accepted(const bc_review *r, size_t i, uint64_t id)
{
	return accepted_for(r, i, id, r->n);
}

int bc_plan(const bc_review *r, smart_change_group **out, size_t *n, smart_error *err)
{
	unsigned char *open = open_items(r);
	int rc;

	if (!open)
		return smart_error_oom(err);
	rc = smart_change_groups_plan(&(smart_group_input){ r->pairs, r->s->n, open,
							    group_accepted, (void *)r },
				      out, n, err);
	free(open);
	return rc;
}

void bc_left(const bc_review *r, size_t *groups, size_t *pairs)
{
	smart_change_group *g = NULL;
	smart_error err = { "" };

	*pairs = 0;
	for (size_t i = 0; i < r->s->n; i++)
		*pairs += r->state[i] == BC_OPEN;
	*groups = 0;
	if (bc_plan(r, &g, groups, &err) == 0)
		smart_change_groups_free(g, *groups);
}

/* The changes decision `kind` on group g accepts, as signatures into
 * *d. 0, or -1 when out of memory. */
static int accepted_sigs(const bc_review *r, bc_kind kind, const bc_group *g, size_t shown,
			 bc_decision *d)
{
	size_t n = kind == BC_ACCEPT_ALL ? g->g.n_changes : g->g.n_key + g->g.n_shared;
	size_t i = g->members[shown % g->n];

	d->sigs = malloc((n ? n : 1) * sizeof(*d->sigs));
	if (!d->sigs)
		return -1;
	/* exact: the class's changes as the pair shown holds them */
	for (size_t k = 0; kind == BC_ACCEPT_EXACT && k < g->g.n_key; k++) {
		const smart_signature *s = bc_signature(r, i, g->g.changes[k]);

		if (s)
			d->sigs[d->n_sigs++] = *s;
	}
	for (size_t k = 0; kind != BC_ACCEPT_EXACT && k < n; k++) {
		const smart_signature *s = bc_find(r, g->members, g->n, g->g.changes[k]);

		assert(s);
		d->sigs[d->n_sigs++] = *s;
	}
	return 0;
}

int bc_decide(bc_review *r, bc_kind kind, bc_group *g, size_t shown, smart_error *err)
{
	int accept = kind == BC_ACCEPT || kind == BC_ACCEPT_ALL || kind == BC_ACCEPT_EXACT;
	bc_decision *d, one = { .kind = accept ? BC_ACCEPT : kind, .key = g->g.key,
				.pair = g->pair, .exact = kind == BC_ACCEPT_EXACT };

	assert(g->n > 0);
	if (accept && accepted_sigs(r, kind, g, shown, &one))
		return smart_error_oom(err);
	if (r->n == r->cap) {
		size_t cap = r->cap ? 2 * r->cap : 16;
		bc_decision *more = realloc(r->d, cap * sizeof(*more));

		if (!more) {
			free(one.sigs);
			return smart_error_oom(err);
		}
		r->d = more;
		r->cap = cap;
	}
	d = &r->d[r->n++];
	*d = one;
	d->members = g->members;
	d->n_members = g->n;
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
