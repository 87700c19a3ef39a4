/* A reviewer simulated on the pairs smart flagged, deciding change by
 * change (include/smart/eval.h, docs/signatures.md): how many decisions
 * `smart review --by-change` would ask for, and whether accepting a change
 * would hide a fault. */
#include "smart/eval.h"

#include "smart/change_group.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>

/* The state of the review: the flagged pairs, what is settled, and the
 * accepted changes. */
typedef struct review {
	const smart_table *t;
	size_t *row;            /* each flagged pair's row */
	smart_group_pair *p;    /* and its changes (its own id when none) */
	uint64_t *own;
	unsigned char *open;    /* not settled */
	size_t n;
	uint64_t *accepted;     /* the accepted classes, sorted */
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

/* Whether class `cls` is accepted: v->accepted is kept sorted. */
static int class_accepted(const review *v, uint64_t cls)
{
	return v->n_accepted &&
	       bsearch(&cls, v->accepted, v->n_accepted, sizeof(cls), by_value) != NULL;
}

/* smart_group_accepted_fn: a change is accepted with its class, as
 * `smart review --by-change` remembers it and classify then reads it. */
static int is_accepted(void *ctx, size_t pair, uint64_t id)
{
	const review *v = ctx;

	return class_accepted(v, smart_group_class_of(&v->p[pair], id));
}

/* Adds class `id` to the sorted v->accepted (once). */
static void accept(review *v, uint64_t id)
{
	size_t k = v->n_accepted;

	if (class_accepted(v, id))
		return;
	v->n_accepted++;
	while (k > 0 && v->accepted[k - 1] > id) {
		v->accepted[k] = v->accepted[k - 1];
		k--;
	}
	v->accepted[k] = id;
}

/* Whether accepting the classes c[0 .. n) would leave pair i with
 * accepted changes only: it would then be ignored. */
static int covered(const review *v, size_t i, const uint64_t *c, size_t n)
{
	for (size_t k = 0; k < v->p[i].n; k++) {
		uint64_t cls = v->p[i].classes[k];
		int in = class_accepted(v, cls);

		for (size_t j = 0; !in && j < n; j++)
			in = c[j] == cls;
		if (!in)
			return 0;
	}
	return 1;
}

/* How many open fault pairs accepting the classes c[0 .. n) would hide. */
static size_t hidden(const review *v, const uint64_t *c, size_t n)
{
	size_t h = 0;

	for (size_t i = 0; i < v->n; i++)
		h += v->open[i] && v->t->labels[v->row[i]] && covered(v, i, c, n);
	return h;
}

/* Accepts the classes c[0 .. n): each open pair labelled ignore it covers
 * is settled. */
static void accept_all(review *v, const uint64_t *c, size_t n)
{
	for (size_t i = 0; i < v->n; i++)
		if (v->open[i] && !v->t->labels[v->row[i]] && covered(v, i, c, n))
			v->open[i] = 0;
	for (size_t k = 0; k < n; k++)
		accept(v, c[k]);
}

/* Decides group g as a reviewer who knows the labels would: all faults,
 * reject; else accept the most that hides no fault -- every change of
 * the group (when all its pairs are ignore), its class's changes with
 * those every member holds, or the class's alone; else split it and
 * decide its pairs one by one. */
static void decide(review *v, const smart_change_group *g, smart_review_sim *s)
{
	const unsigned char *label = v->t->labels;
	size_t faults = 0, take = 0;

	for (size_t m = 0; m < g->n_members; m++)
		faults += label[v->row[g->members[m]]] != 0;
	s->groups++;
	if (faults == g->n_members) { /* reject: each is inspected */
		s->decisions++;
		s->decisions_on_faults++;
		for (size_t m = 0; m < g->n_members; m++)
			v->open[g->members[m]] = 0;
		return;
	}
	if (faults == 0 && hidden(v, g->classes, g->n_changes) == 0)
		take = g->n_changes;
	else if (hidden(v, g->classes, g->n_key + g->n_shared) == 0)
		take = g->n_key + g->n_shared;
	else if (hidden(v, g->classes, g->n_key) == 0)
		take = g->n_key;
	if (take) {
		/* accept: what else a fault pair holds keeps it flagged */
		s->decisions++;
		s->wasted_decisions += faults == 0;
		s->impure_groups += faults != 0;
		accept_all(v, g->classes, take);
		return;
	}
	/* accepting would hide a fault: split, then each pair alone */
	s->impure_groups++;
	s->impure_groups_accepted += label[v->row[g->members[0]]] == 0;
	s->decisions++;
	for (size_t m = 0; m < g->n_members; m++) {
		size_t i = g->members[m];

		s->decisions++;
		s->wasted_decisions += label[v->row[i]] == 0;
		s->decisions_on_faults += label[v->row[i]] != 0;
		v->open[i] = 0;
	}
}

static void review_free(review *v)
{
	free(v->row);
	free(v->p);
	free(v->own);
	free(v->open);
	free(v->accepted);
}

int smart_review_simulate(const smart_table *t, const smart_eval_result *r, size_t app,
			  smart_review_sim *out, smart_error *err)
{
	review v = { .t = t };
	size_t sigs = 0, rows = t->n_rows ? t->n_rows : 1;
	smart_change_group g;
	smart_group_input in;
	int rc;

	assert(app < t->n_apps);
	*out = (smart_review_sim){ 0 };
	if (!t->signatures || !r->margin || !r->forced)
		return smart_error_set(err, "review simulation: the table was loaded without "
				       "signatures or the result has no held-out decisions");
	v.row = malloc(rows * sizeof(*v.row));
	v.p = malloc(rows * sizeof(*v.p));
	v.own = malloc(rows * sizeof(*v.own));
	v.open = malloc(rows);
	if (!v.row || !v.p || !v.own || !v.open) {
		review_free(&v);
		return smart_error_oom(err);
	}
	for (size_t i = 0; i < t->n_rows; i++) {
		int d = t->app[i] == app ? decided(r, i) : -1;
		const uint64_t *ids = t->sig_ids + i * SMART_TABLE_SIGNATURES;
		/* a pair whose set was cut short holds changes nobody is shown:
		 * as smart review --by-change, it is not grouped */
		int grouped = t->sig_n[i] && ids[t->sig_n[i] - 1] != SMART_TABLE_OWN_ID(i);

		out->pairs += d >= 0;
		if (d != 1)
			continue;
		/* a pair not grouped is a group of its own: decided alone */
		v.own[v.n] = (1ull << 62) | (uint64_t)i;
		v.row[v.n] = i;
		v.p[v.n] = grouped ? (smart_group_pair){ ids, t->sig_cls ? t->sig_cls + i *
							     SMART_TABLE_SIGNATURES : ids,
						      t->sig_n[i] }
				   : (smart_group_pair){ &v.own[v.n], &v.own[v.n], 1 };
		v.open[v.n++] = 1;
		sigs += grouped ? t->sig_n[i] : 1;
	}
	out->flagged = v.n;
	v.accepted = malloc((sigs ? sigs : 1) * sizeof(*v.accepted));
	if (!v.accepted) {
		review_free(&v);
		return smart_error_oom(err);
	}
	/* the largest group first, until every flagged pair is settled */
	in = (smart_group_input){ v.p, v.n, v.open, is_accepted, &v };
	while ((rc = smart_change_group_next(&in, &g, err)) == 1) {
		decide(&v, &g, out);
		smart_change_group_free(&g);
	}
	review_free(&v);
	return rc;
}
