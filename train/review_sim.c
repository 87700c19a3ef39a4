/* A reviewer simulated on the pairs smart flagged, deciding change by
 * change (include/smart/eval.h, docs/signatures.md): how many decisions
 * `smart review --by-change` would ask for, and whether accepting a change
 * would hide a fault. */
#include "smart/eval.h"

#include "smart/change_group.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

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
	uint64_t *exact;        /* the changes accepted exactly (their ids,
	                         * not their class), in the order accepted */
	size_t n_exact;
	uint64_t *test;         /* each flagged pair's test (0: not known) */
	uint64_t *kept_test;    /* classes accepted for one test alone (a pair
	                         * of a split group accepted): kept_cls[k] for */
	uint64_t *kept_cls;     /* the test kept_test[k] */
	size_t n_kept;
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

/* Whether `id` is among ids[0 .. n). */
static int listed(const uint64_t *ids, size_t n, uint64_t id)
{
	for (size_t k = 0; k < n; k++)
		if (ids[k] == id)
			return 1;
	return 0;
}

/* Whether class `cls` is accepted: v->accepted is kept sorted. */
static int class_accepted(const review *v, uint64_t cls)
{
	return v->n_accepted &&
	       bsearch(&cls, v->accepted, v->n_accepted, sizeof(cls), by_value) != NULL;
}

/* Whether class `cls` is accepted for pair i's test alone: a pair of a
 * split group accepted earlier in the same test (another run of it). */
static int kept_for_test(const review *v, size_t i, uint64_t cls)
{
	for (size_t k = 0; v->test[i] && k < v->n_kept; k++)
		if (v->kept_test[k] == v->test[i] && v->kept_cls[k] == cls)
			return 1;
	return 0;
}

/* smart_group_accepted_fn: a change is accepted with its class, as
 * `smart review --by-change` remembers it and classify then reads it
 * (for every test, or for the test of a split pair accepted). */
static int is_accepted(void *ctx, size_t pair, uint64_t id)
{
	const review *v = ctx;
	uint64_t cls = smart_group_class_of(&v->p[pair], id);

	return class_accepted(v, cls) || listed(v->exact, v->n_exact, id) ||
	       kept_for_test(v, pair, cls);
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

/* Whether accepting the classes c[0 .. n) (or, exact, the changes of
 * those ids alone) would leave pair i with accepted changes only: it
 * would then be ignored. */
static int covered_as(const review *v, size_t i, const uint64_t *c, size_t n, int exact)
{
	for (size_t k = 0; k < v->p[i].n; k++) {
		uint64_t cls = v->p[i].classes[k], id = v->p[i].ids[k];

		if (!class_accepted(v, cls) && !listed(v->exact, v->n_exact, id) &&
		    !kept_for_test(v, i, cls) && !listed(c, n, exact ? id : cls))
			return 0;
	}
	return 1;
}

static int covered(const review *v, size_t i, const uint64_t *c, size_t n)
{
	return covered_as(v, i, c, n, 0);
}

/* How many open fault pairs accepting the classes c[0 .. n) (exact: the
 * changes c[0 .. n) alone) would hide. */
static size_t hidden_as(const review *v, const uint64_t *c, size_t n, int exact)
{
	size_t h = 0;

	for (size_t i = 0; i < v->n; i++)
		h += v->open[i] && v->t->labels[v->row[i]] && covered_as(v, i, c, n, exact);
	return h;
}

static size_t hidden(const review *v, const uint64_t *c, size_t n)
{
	return hidden_as(v, c, n, 0);
}

/* The changes of class `cls` that pair i holds unaccepted into out (at
 * most SMART_TABLE_SIGNATURES): what `smart review --by-change` shows of
 * the group in that pair, and its `e` key accepts exactly. */
static size_t class_changes(const review *v, size_t i, uint64_t cls, uint64_t *out)
{
	size_t n = 0;

	for (size_t k = 0; k < v->p[i].n && n < SMART_TABLE_SIGNATURES; k++)
		if (v->p[i].classes[k] == cls && !is_accepted((void *)v, i, v->p[i].ids[k]))
			out[n++] = v->p[i].ids[k];
	return n;
}

/* Whether open pair i holds one of the changes ids[0 .. n). */
static int holds_any(const review *v, size_t i, const uint64_t *ids, size_t n)
{
	for (size_t k = 0; k < v->p[i].n; k++)
		if (listed(ids, n, v->p[i].ids[k]))
			return 1;
	return 0;
}

/* A group whose class would hide a fault, decided by exact change: the
 * reviewer steps through its pairs (`n`) and accepts exactly (`e`: the
 * changes of the class as one pair shows them, by id, not their class)
 * the change that the most open false alarms hold (two at least: one is
 * as soon decided with its pair) and whose acceptance hides no fault -- a
 * fault's change at another place or of another shape stays flagged. 1
 * when a change was accepted so (one decision), 0 when none can be: the
 * group is then split. */
static int accept_exact(review *v, const smart_change_group *g, smart_review_sim *s)
{
	uint64_t best[SMART_TABLE_SIGNATURES], ids[SMART_TABLE_SIGNATURES];
	size_t n_best = 0, best_clean = 0, best_holders = 0, faults = 0;

	for (size_t m = 0; m < g->n_members; m++) {
		size_t n = class_changes(v, g->members[m], g->key, ids), holders = 0, clean = 0;

		if (n == 0 || hidden_as(v, ids, n, 1))
			continue;
		for (size_t i = 0; i < v->n; i++)
			if (v->open[i] && holds_any(v, i, ids, n)) {
				holders++;
				clean += !v->t->labels[v->row[i]];
			}
		if (clean > best_clean || (clean == best_clean && holders > best_holders)) {
			best_clean = clean;
			best_holders = holders;
			n_best = n;
			memcpy(best, ids, n * sizeof(*ids));
		}
	}
	/* a change held by one false alarm is as soon decided with its pair */
	if (best_clean < 2)
		return 0;
	faults = best_holders - best_clean;
	s->decisions++;
	s->wasted_decisions += faults == 0;
	for (size_t i = 0; i < v->n; i++)
		if (v->open[i] && !v->t->labels[v->row[i]] && covered_as(v, i, best, n_best, 1))
			v->open[i] = 0;
	for (size_t k = 0; k < n_best; k++)
		v->exact[v->n_exact++] = best[k];
	return 1;
}

/* Pair i of a split group accepted (it is settled): `smart review
 * --by-change` remembers its changes with their classes for its test alone
 * ("tests" in .smart/accepted.json), so that a later run of the test
 * holding nothing else is ignored. The corpus's other pairs of the same
 * test are such later runs: each open false alarm of the test it then
 * covers is settled with it. When that memory would leave an open fault
 * with accepted changes only, the reviewer keeps none (the pair is decided
 * alone, as a pair-by-pair review would). */
static void keep_for_test(review *v, size_t i)
{
	size_t before = hidden(v, NULL, 0), n = v->n_kept;

	if (!v->test[i])
		return;
	for (size_t k = 0; k < v->p[i].n; k++) {
		v->kept_test[v->n_kept] = v->test[i];
		v->kept_cls[v->n_kept++] = v->p[i].classes[k];
	}
	if (hidden(v, NULL, 0) > before) {
		v->n_kept = n;
		return;
	}
	for (size_t j = 0; j < v->n; j++)
		if (v->open[j] && !v->t->labels[v->row[j]] && v->test[j] == v->test[i] &&
		    covered(v, j, NULL, 0))
			v->open[j] = 0;
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
	/* accepting the class would hide a fault: an impure group (a reviewer
	 * trusting its first pair would hide one), decided change by change */
	s->impure_groups++;
	s->impure_groups_accepted += label[v->row[g->members[0]]] == 0;
	if (accept_exact(v, g, s))
		return;
	/* no change of it can be accepted alone: split, each pair alone (a
	 * pair a false alarm before it settled for its test is not asked) */
	s->decisions++;
	for (size_t m = 0; m < g->n_members; m++) {
		size_t i = g->members[m];

		if (!v->open[i])
			continue;
		s->decisions++;
		s->wasted_decisions += label[v->row[i]] == 0;
		s->decisions_on_faults += label[v->row[i]] != 0;
		v->open[i] = 0;
		if (!label[v->row[i]])
			keep_for_test(v, i);
	}
}

static void review_free(review *v)
{
	free(v->row);
	free(v->p);
	free(v->own);
	free(v->open);
	free(v->accepted);
	free(v->exact);
	free(v->test);
	free(v->kept_test);
	free(v->kept_cls);
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
	v.test = malloc(rows * sizeof(*v.test));
	if (!v.row || !v.p || !v.own || !v.open || !v.test) {
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
		v.test[v.n] = t->sig_test ? t->sig_test[i] : 0;
		v.p[v.n] = grouped ? (smart_group_pair){ ids, t->sig_cls ? t->sig_cls + i *
							     SMART_TABLE_SIGNATURES : ids,
						      t->sig_n[i] }
				   : (smart_group_pair){ &v.own[v.n], &v.own[v.n], 1 };
		v.open[v.n++] = 1;
		sigs += grouped ? t->sig_n[i] : 1;
	}
	out->flagged = v.n;
	v.accepted = malloc((sigs ? sigs : 1) * sizeof(*v.accepted));
	v.exact = malloc((sigs ? sigs : 1) * sizeof(*v.exact));
	v.kept_test = malloc((sigs ? sigs : 1) * sizeof(*v.kept_test));
	v.kept_cls = malloc((sigs ? sigs : 1) * sizeof(*v.kept_cls));
	if (!v.accepted || !v.exact || !v.kept_test || !v.kept_cls) {
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
