/* A reviewer simulated on the pairs smart flagged, deciding change by
 * change (include/smart/eval.h, docs/signatures.md): how many decisions
 * `smart review --by-change` would ask for, and whether accepting a change
 * would hide a fault. */
#include "smart/eval.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* One flagged pair of the application. */
typedef struct member {
	size_t row;
	const uint64_t *ids; /* its signatures */
	unsigned n;
	uint64_t own;        /* its id when it has no signature at all */
	int settled;
} member;

/* The state of the review: the flagged pairs and the accepted changes. */
typedef struct review {
	const smart_table *t;
	member *m;
	size_t n;
	uint64_t *accepted;
	size_t n_accepted;
} review;

/* The held-out decision of row i: a rule's, else the fold's model's; -1
 * for an adaptation pair, which was not scored. */
static int decided(const smart_eval_result *r, size_t i)
{
	if (r->forced[i] >= 0)
		return r->forced[i];
	if (isnan(r->margin[i]))
		return -1;
	return r->margin[i] >= 0;
}

static int by_value(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* v->accepted is kept sorted: a binary search. */
static int is_accepted(const review *v, uint64_t id)
{
	return v->n_accepted &&
	       bsearch(&id, v->accepted, v->n_accepted, sizeof(id), by_value) != NULL;
}

/* Adds `id` to the sorted v->accepted. */
static void accept(review *v, uint64_t id)
{
	size_t k = v->n_accepted++;

	while (k > 0 && v->accepted[k - 1] > id) {
		v->accepted[k] = v->accepted[k - 1];
		k--;
	}
	v->accepted[k] = id;
}

/* Signature k of member p (its own id when it has none). */
static uint64_t sig(const member *p, unsigned k)
{
	return p->n ? p->ids[k] : p->own;
}

static unsigned n_sigs(const member *p)
{
	return p->n ? p->n : 1;
}

static int holds(const member *p, uint64_t id)
{
	for (unsigned k = 0; k < n_sigs(p); k++)
		if (sig(p, k) == id)
			return 1;
	return 0;
}

/* The changes a decision on a group takes in: those every pair of the
 * group holds and nobody accepted yet (the reviewer sees them all on the
 * representative), at most SMART_TABLE_SIGNATURES. */
typedef struct common {
	uint64_t ids[SMART_TABLE_SIGNATURES];
	unsigned n;
} common;

static int in_common(const common *c, uint64_t id)
{
	for (unsigned k = 0; k < c->n; k++)
		if (c->ids[k] == id)
			return 1;
	return 0;
}

/* Whether accepting the changes of `c` leaves p with accepted changes
 * only: p would then be ignored. */
static int covered(const review *v, const member *p, const common *c)
{
	for (unsigned k = 0; k < n_sigs(p); k++)
		if (!in_common(c, sig(p, k)) && !is_accepted(v, sig(p, k)))
			return 0;
	return 1;
}

/* The unaccepted change held by most unsettled pairs (the largest group;
 * ties: the smallest id, so the order is the same on every run), or 0
 * with *count 0. `scratch` holds every signature of the flagged pairs. */
static uint64_t largest(const review *v, uint64_t *scratch, size_t *count)
{
	uint64_t best = 0;
	size_t n = 0;

	*count = 0;
	for (size_t i = 0; i < v->n; i++)
		for (unsigned k = 0; !v->m[i].settled && k < n_sigs(&v->m[i]); k++)
			if (!is_accepted(v, sig(&v->m[i], k)))
				scratch[n++] = sig(&v->m[i], k);
	qsort(scratch, n, sizeof(*scratch), by_value);
	for (size_t g = 0; g < n;) {
		size_t e = g + 1;

		while (e < n && scratch[e] == scratch[g])
			e++;
		if (e - g > *count) {
			*count = e - g;
			best = scratch[g];
		}
		g = e;
	}
	return best;
}

/* The unaccepted changes every unsettled pair holding `id` holds too. */
static void common_of(const review *v, uint64_t id, common *c)
{
	const member *first = NULL;

	c->n = 0;
	for (size_t i = 0; i < v->n; i++) {
		const member *p = &v->m[i];
		unsigned kept = 0;

		if (p->settled || !holds(p, id))
			continue;
		if (!first) {
			first = p;
			for (unsigned k = 0; k < n_sigs(p); k++)
				if (!is_accepted(v, sig(p, k)))
					c->ids[c->n++] = sig(p, k);
			continue;
		}
		for (unsigned k = 0; k < c->n; k++)
			if (holds(p, c->ids[k]))
				c->ids[kept++] = c->ids[k];
		c->n = kept;
	}
	assert(c->n >= 1); /* id itself */
}

/* Decides the group of the unsettled pairs holding change `id`: the
 * changes they all share are accepted or rejected with one decision. */
static void decide(review *v, uint64_t id, smart_review_sim *s)
{
	const unsigned char *label = v->t->labels;
	size_t members = 0, faults = 0, hidden = 0;
	const member *first = NULL;
	common c;

	common_of(v, id, &c);
	/* the shared changes together would hide a fault: the change alone */
	for (size_t i = 0; c.n > 1 && i < v->n; i++)
		if (!v->m[i].settled && label[v->m[i].row] && covered(v, &v->m[i], &c))
			c = (common){ .ids = { id }, .n = 1 };
	for (size_t i = 0; i < v->n; i++) {
		const member *p = &v->m[i];

		if (p->settled)
			continue;
		/* any fault pair, in the group or not, left with accepted changes only */
		hidden += label[p->row] && covered(v, p, &c);
		if (!holds(p, id))
			continue;
		first = first ? first : p;
		members++;
		faults += label[p->row] != 0;
	}
	assert(first);
	s->groups++;
	if (faults == members) { /* reject: each is inspected */
		s->decisions++;
		s->decisions_on_faults++;
		for (size_t i = 0; i < v->n; i++)
			v->m[i].settled |= holds(&v->m[i], id);
		return;
	}
	if (hidden == 0) {
		/* accept: what else a fault pair holds keeps it flagged */
		s->decisions++;
		s->wasted_decisions += faults == 0;
		s->impure_groups += faults != 0;
		for (size_t i = 0; i < v->n; i++)
			if (!v->m[i].settled && !label[v->m[i].row])
				v->m[i].settled = covered(v, &v->m[i], &c);
		for (unsigned k = 0; k < c.n; k++)
			accept(v, c.ids[k]);
		return;
	}
	/* accepting would hide a fault: split, then each pair alone */
	s->impure_groups++;
	s->impure_groups_accepted += label[first->row] == 0;
	s->decisions++;
	for (size_t i = 0; i < v->n; i++) {
		member *p = &v->m[i];

		if (p->settled || !holds(p, id))
			continue;
		s->decisions++;
		s->wasted_decisions += label[p->row] == 0;
		s->decisions_on_faults += label[p->row] != 0;
		p->settled = 1;
	}
}

int smart_review_simulate(const smart_table *t, const smart_eval_result *r, size_t app,
			  smart_review_sim *out, smart_error *err)
{
	review v = { .t = t };
	size_t count, sigs = 0;
	uint64_t *scratch;

	assert(app < t->n_apps);
	*out = (smart_review_sim){ 0 };
	if (!t->signatures || !r->margin || !r->forced)
		return smart_error_set(err, "review simulation: the table was loaded without "
				       "signatures or the result has no held-out decisions");
	v.m = calloc(t->n_rows ? t->n_rows : 1, sizeof(*v.m));
	if (!v.m)
		return smart_error_oom(err);
	for (size_t i = 0; i < t->n_rows; i++) {
		int d = t->app[i] == app ? decided(r, i) : -1;

		out->pairs += d >= 0;
		if (d != 1)
			continue;
		v.m[v.n++] = (member){ .row = i, .ids = t->sig_ids + i * SMART_TABLE_SIGNATURES,
				       .n = t->sig_n[i], .own = (1ull << 62) | (uint64_t)i };
		sigs += t->sig_n[i] ? t->sig_n[i] : 1;
	}
	out->flagged = v.n;
	v.accepted = malloc((sigs ? sigs : 1) * sizeof(*v.accepted));
	scratch = malloc((sigs ? sigs : 1) * sizeof(*scratch));
	if (!v.accepted || !scratch) {
		free(v.accepted);
		free(scratch);
		free(v.m);
		return smart_error_oom(err);
	}
	/* the largest group first, until every flagged pair is settled */
	for (uint64_t id = largest(&v, scratch, &count); count;
	     id = largest(&v, scratch, &count))
		decide(&v, id, out);
	free(scratch);
	free(v.accepted);
	free(v.m);
	return 0;
}
