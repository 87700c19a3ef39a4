/* A reviewer simulated on the pairs smart flagged, grouped by their
 * change signatures (include/smart/eval.h, docs/signatures.md): how many
 * decisions `smart review --by-change` would ask for, and whether a group
 * would hide a fault. */
#include "smart/eval.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>

/* One flagged pair: its group key and its row. */
typedef struct member {
	uint64_t key;
	size_t row;
} member;

/* By key, then by row: the members of a group together, in input order. */
static int by_key(const void *a, const void *b)
{
	const member *x = a, *y = b;

	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return x->row < y->row ? -1 : x->row > y->row;
}

/* The held-out decision of row i: a rule's, else the fold's model's;
 * -1 for an adaptation pair, which was not scored. */
static int decided(const smart_eval_result *r, size_t i)
{
	if (r->forced[i] >= 0)
		return r->forced[i];
	if (isnan(r->margin[i]))
		return -1;
	return r->margin[i] >= 0;
}

/* The decisions of one group of n members starting at g (labels from t). */
static void decide_group(const smart_table *t, const member *g, size_t n, smart_review_sim *s)
{
	size_t faults = 0;

	for (size_t k = 0; k < n; k++)
		faults += t->labels[g[k].row] != 0;
	s->groups++;
	if (faults == 0 || faults == n) {
		s->decisions++;
		s->wasted_decisions += faults == 0;
		s->decisions_on_faults += faults == n;
		return;
	}
	s->impure_groups++;
	s->impure_groups_accepted += t->labels[g[0].row] == 0;
	/* split, then each member alone */
	s->decisions += 1 + n;
	s->wasted_decisions += n - faults;
	s->decisions_on_faults += faults;
}

int smart_review_simulate(const smart_table *t, const smart_eval_result *r, size_t app,
			  smart_review_sim *out, smart_error *err)
{
	member *m;
	size_t n = 0;

	assert(app < t->n_apps);
	*out = (smart_review_sim){ 0 };
	if (!t->signatures || !r->margin || !r->forced)
		return smart_error_set(err, "review simulation: the table was loaded without "
				       "signatures or the result has no held-out decisions");
	m = malloc((t->n_rows ? t->n_rows : 1) * sizeof(*m));
	if (!m)
		return smart_error_oom(err);
	for (size_t i = 0; i < t->n_rows; i++) {
		int d = t->app[i] == app ? decided(r, i) : -1;

		out->pairs += d >= 0;
		if (d == 1)
			m[n++] = (member){ t->sig_key[i], i };
	}
	out->flagged = n;
	qsort(m, n, sizeof(*m), by_key);
	/* every group is decided once whatever the order, so the counts do not
	 * depend on the order (largest first) a reviewer meets them in */
	for (size_t g = 0; g < n;) {
		size_t e = g + 1;

		while (e < n && m[e].key == m[g].key)
			e++;
		decide_group(t, m + g, e - g, out);
		g = e;
	}
	free(m);
	return 0;
}
