/* Change groups: the flagged pairs a review by change decides together
 * (include/smart/change_group.h). */
#include "smart/change_group.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* One unaccepted change of an open pair. */
typedef struct entry {
	uint64_t cls;
	size_t pair;
	size_t k; /* its place among the pair's changes */
} entry;

static int by_class(const void *pa, const void *pb)
{
	const entry *a = pa, *b = pb;

	if (a->cls != b->cls)
		return a->cls < b->cls ? -1 : 1;
	if (a->pair != b->pair)
		return a->pair < b->pair ? -1 : 1;
	return (a->k > b->k) - (a->k < b->k);
}

/* Whether change k of pair i still counts. */
static int counts(const smart_group_pair *p, size_t i, size_t k,
		  smart_group_accepted_fn accepted, void *ctx)
{
	return !accepted || !accepted(ctx, i, p[i].ids[k]);
}

/* Whether pair i holds change `id` unaccepted. */
static int holds(const smart_group_pair *p, size_t i, uint64_t id,
		 smart_group_accepted_fn accepted, void *ctx)
{
	for (size_t k = 0; k < p[i].n; k++)
		if (p[i].ids[k] == id)
			return counts(p, i, k, accepted, ctx);
	return 0;
}

/* Whether `id` is among the first n of ids. */
static int listed(const uint64_t *ids, size_t n, uint64_t id)
{
	for (size_t k = 0; k < n; k++)
		if (ids[k] == id)
			return 1;
	return 0;
}

/* The group's changes: the class's, those every member holds, the rest;
 * each once. The members are set. 0, or -1 when out of memory. */
static int fill_changes(const smart_group_pair *p, smart_group_accepted_fn accepted, void *ctx,
			smart_change_group *g)
{
	size_t cap = 0, at = 0;

	for (size_t m = 0; m < g->n_members; m++)
		cap += p[g->members[m]].n;
	g->changes = malloc((cap ? cap : 1) * sizeof(*g->changes));
	g->classes = malloc((cap ? cap : 1) * sizeof(*g->classes));
	if (!g->changes || !g->classes)
		return -1;
	/* pass 0: the class; 1: held by every member; 2: the rest. A group is
	 * rarely large, and a pair holds at most a few dozen changes. */
	for (int pass = 0; pass < 3; pass++) {
		for (size_t m = 0; m < (pass == 1 ? 1 : g->n_members); m++) {
			size_t i = g->members[m];

			for (size_t k = 0; k < p[i].n; k++) {
				uint64_t id = p[i].ids[k];
				int all = 1;

				if (!counts(p, i, k, accepted, ctx) || listed(g->changes, at, id) ||
				    (pass == 0) != (p[i].classes[k] == g->key))
					continue;
				for (size_t o = 1; pass == 1 && all && o < g->n_members; o++)
					all = holds(p, g->members[o], id, accepted, ctx);
				if (all || pass == 2) {
					g->classes[at] = p[i].classes[k];
					g->changes[at++] = id;
				}
			}
		}
		if (pass == 0)
			g->n_key = at;
		else if (pass == 1)
			g->n_shared = at - g->n_key;
	}
	g->n_changes = at;
	return 0;
}

int smart_change_group_next(const smart_group_input *in, smart_change_group *g,
			    smart_error *err)
{
	const smart_group_pair *p = in->p;
	const unsigned char *open = in->open;
	smart_group_accepted_fn accepted = in->accepted;
	void *ctx = in->ctx;
	size_t n = in->n;
	size_t total = 0, at = 0, best = 0, best_n = 0;
	entry *e;

	memset(g, 0, sizeof(*g));
	for (size_t i = 0; i < n; i++)
		total += !open || open[i] ? p[i].n : 0;
	e = malloc((total ? total : 1) * sizeof(*e));
	if (!e)
		return smart_error_oom(err);
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; (!open || open[i]) && k < p[i].n; k++)
			if (counts(p, i, k, accepted, ctx))
				e[at++] = (entry){ p[i].classes[k], i, k };
	qsort(e, at, sizeof(*e), by_class);
	/* the class most open pairs hold; a tie to the first pair, then to
	 * the change that comes first in it */
	for (size_t a = 0; a < at;) {
		size_t z = a + 1, pairs = 1;

		for (; z < at && e[z].cls == e[a].cls; z++)
			pairs += e[z].pair != e[z - 1].pair;
		if (pairs > best_n || (pairs == best_n && (e[a].pair < e[best].pair ||
							    (e[a].pair == e[best].pair &&
							     e[a].k < e[best].k)))) {
			best = a;
			best_n = pairs;
		}
		a = z;
	}
	if (best_n == 0) {
		free(e);
		return 0;
	}
	g->key = e[best].cls;
	g->members = malloc(best_n * sizeof(*g->members));
	if (!g->members) {
		free(e);
		return smart_error_oom(err);
	}
	for (size_t z = best; z < at && e[z].cls == g->key; z++)
		if (z == best || e[z].pair != e[z - 1].pair)
			g->members[g->n_members++] = e[z].pair;
	g->n_settled = g->n_members;
	free(e);
	assert(g->n_members == best_n);
	if (fill_changes(p, accepted, ctx, g)) {
		smart_change_group_free(g);
		return smart_error_oom(err);
	}
	return 1;
}

uint64_t smart_group_class_of(const smart_group_pair *p, uint64_t id)
{
	for (size_t k = 0; k < p->n; k++)
		if (p->ids[k] == id)
			return p->classes[k];
	return id;
}

void smart_change_group_free(smart_change_group *g)
{
	free(g->members);
	free(g->changes);
	free(g->classes);
	memset(g, 0, sizeof(*g));
}

/* The state of a plan: the caller's accepted changes, and the classes
 * the groups so far accepted (a change is accepted with its class: what a
 * later classification ignores, include/smart/accepted.h). */
typedef struct plan {
	smart_group_accepted_fn accepted;
	void *ctx;
	const smart_group_pair *p;
	uint64_t *ids; /* the accepted classes, sorted */
	size_t n;
} plan;

static int by_value(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* smart_group_accepted_fn of a plan: the caller's, or a change of pair
 * `pair` whose class a group accepted. */
static int plan_accepted(void *ctx, size_t pair, uint64_t id)
{
	const plan *s = ctx;
	uint64_t cls = smart_group_class_of(&s->p[pair], id);

	return (s->accepted && s->accepted(s->ctx, pair, id)) ||
	       (s->n && bsearch(&cls, s->ids, s->n, sizeof(cls), by_value));
}

/* Whether every change of pair i is accepted (a pair without one has
 * nothing to accept, and is never settled so). */
static int settled(const smart_group_pair *p, size_t i, plan *s)
{
	if (p[i].n == 0)
		return 0;
	for (size_t k = 0; k < p[i].n; k++)
		if (!plan_accepted(s, i, p[i].ids[k]))
			return 0;
	return 1;
}

/* Accepts group g whole, and adds to it the open pairs that settles. */
static int accept_whole(const smart_group_pair *p, size_t n, unsigned char *open, plan *s,
			smart_change_group *g)
{
	uint64_t *ids = realloc(s->ids, (s->n + g->n_changes) * sizeof(*ids));
	size_t *members;
	size_t extra = 0;

	if (!ids)
		return -1;
	s->ids = ids;
	memcpy(s->ids + s->n, g->classes, g->n_changes * sizeof(*ids));
	s->n += g->n_changes;
	qsort(s->ids, s->n, sizeof(*ids), by_value);
	for (size_t m = 0; m < g->n_members; m++)
		open[g->members[m]] = 0;
	for (size_t i = 0; i < n; i++)
		extra += open[i] && settled(p, i, s);
	members = realloc(g->members, (g->n_members + extra + 1) * sizeof(*members));
	if (!members)
		return -1;
	g->members = members;
	for (size_t i = 0; i < n && extra; i++)
		if (open[i] && settled(p, i, s)) {
			open[i] = 0;
			g->members[g->n_settled++] = i;
		}
	return 0;
}

int smart_change_groups_plan(const smart_group_input *in, smart_change_group **out,
			     size_t *n_out, smart_error *err)
{
	const smart_group_pair *p = in->p;
	size_t n = in->n;
	plan s = { in->accepted, in->ctx, in->p, NULL, 0 };
	unsigned char *open = malloc(n ? n : 1);
	smart_group_input left = { p, n, open, plan_accepted, &s };
	smart_change_group *g = NULL, one;
	size_t cap = 0;
	int rc = 0;

	*out = NULL;
	*n_out = 0;
	if (!open)
		return smart_error_oom(err);
	for (size_t i = 0; i < n; i++)
		open[i] = !in->open || in->open[i];
	while ((rc = smart_change_group_next(&left, &one, err)) == 1) {
		if (*n_out == cap) {
			smart_change_group *more = realloc(g, (cap = cap ? 2 * cap : 16) * sizeof(*g));

			if (!more) {
				smart_change_group_free(&one);
				rc = smart_error_oom(err);
				break;
			}
			g = more;
		}
		g[(*n_out)++] = one;
		if (accept_whole(p, n, open, &s, &g[*n_out - 1])) {
			rc = smart_error_oom(err);
			break;
		}
	}
	free(open);
	free(s.ids);
	if (rc < 0) {
		smart_change_groups_free(g, *n_out);
		*n_out = 0;
		return -1;
	}
	*out = g;
	return 0;
}

void smart_change_groups_free(smart_change_group *g, size_t n)
{
	for (size_t i = 0; g && i < n; i++)
		smart_change_group_free(&g[i]);
	free(g);
}
