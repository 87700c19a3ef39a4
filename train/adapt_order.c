/*
 * Which pairs of a held-out application become its adaptation pairs
 * (`smart eval --by-app --adapt N --adapt-order ORDER`, docs/adaptation.md):
 * drawn at random (a seeded shuffle, alternating labels), or as a
 * reviewer meets them. A reviewer runs smart on the application's pairs
 * with the model that has not seen it and labels what smart flags: in
 * `smart review`'s order, the score nearest the cutoff first (`reviewer`;
 * review also puts the most severe first, which the table does not hold),
 * one pair of each change signature, the change most flagged pairs hold
 * first, as `smart review --by-change` presents them (`by-change`), or
 * the highest score first (`highest`), or a seeded draw of the flagged
 * pairs alternating labels (`flagged`: a tester labelling a sample of
 * what smart flags). Those N labelled pairs adapt the model, teach the
 * profile and the accepted change classes; they are not scored.
 */
#include "adapt_rows.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/rng.h"

/* A row of the held-out application and where the reviewer meets it:
 * flagged pairs (decided inspect without adaptation) before the others,
 * then by key, smallest first. */
typedef struct ranked {
	size_t row;
	int flagged;
	double key;
} ranked;

/* Row i as the order `order` ranks it by the unadapted held-out decision
 * `r`: `reviewer` (smart review's order, docs/review.md) the score nearest
 * the cutoff first, the pairs a label moves the model most; `highest` the
 * highest score first. A rule's inspect (an error message, a new doctype)
 * is flagged whatever its score; a rule's ignore (every difference a
 * volatile value) comes after every other pair. */
static ranked rank_of(const smart_eval_result *r, size_t i, smart_adapt_order order)
{
	ranked k = { i, r->forced[i] == 1 || (r->forced[i] < 0 && r->margin[i] >= 0), 0 };

	if (r->forced[i] == 0)
		k.key = INFINITY;
	else if (order == SMART_ADAPT_HIGHEST)
		k.key = r->forced[i] == 1 ? -INFINITY : -r->margin[i];
	else
		k.key = fabs(r->margin[i]);
	return k;
}

/* Flagged first, then the smaller key; equal keys in table order, so the
 * order is the same on every run. */
static int ranked_cmp(const void *a, const void *b)
{
	const ranked *x = a, *y = b;

	if (x->flagged != y->flagged)
		return x->flagged ? -1 : 1;
	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return x->row < y->row ? -1 : x->row > y->row;
}

static int u64_cmp(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* True when row i holds the change signature `id`. */
static int holds(const smart_table *t, size_t i, uint64_t id)
{
	for (size_t k = 0; k < t->sig_n[i]; k++)
		if (t->sig_ids[i * SMART_TABLE_SIGNATURES + k] == id)
			return 1;
	return 0;
}

/* The rank of the first flagged row in rk[0..m) not yet covered that
 * holds `id`; m when none does. */
static size_t first_holder(const smart_table *t, const ranked *rk, size_t m,
			   const unsigned char *covered, uint64_t id)
{
	for (size_t j = 0; j < m; j++)
		if (!covered[j] && holds(t, rk[j].row, id))
			return j;
	return m;
}

/* The signature held by most of the flagged rows `rk[0..m)` not yet
 * covered (ties: the one held by the highest-ranked such row); *found 0
 * when none holds one. `ids` has room for every id. */
static uint64_t largest_change(const smart_table *t, const ranked *rk, size_t m,
			       const unsigned char *covered, uint64_t *ids, int *found)
{
	size_t n = 0, best_n = 0, best_at = m;
	uint64_t best = 0;

	for (size_t j = 0; j < m; j++)
		if (!covered[j])
			for (size_t k = 0; k < t->sig_n[rk[j].row]; k++)
				ids[n++] = t->sig_ids[rk[j].row * SMART_TABLE_SIGNATURES + k];
	qsort(ids, n, sizeof(*ids), u64_cmp);
	for (size_t a = 0, b; a < n; a = b) {
		size_t at;

		for (b = a; b < n && ids[b] == ids[a]; b++)
			;
		if (b - a < best_n)
			continue;
		at = first_holder(t, rk, m, covered, ids[a]);
		if (b - a > best_n || at < best_at) {
			best_n = b - a;
			best_at = at;
			best = ids[a];
		}
	}
	*found = best_n > 0;
	return best;
}

/* by-change: one representative (its first pair in the review order) of the largest
 * group of flagged pairs sharing a change, those pairs then seen, until
 * `adapt` are chosen or no flagged pair is left unseen. Returns how many
 * were chosen; -1 when out of memory. */
static long choose_by_change(const smart_table *t, const ranked *rk, size_t flagged,
			     size_t adapt, unsigned char *chosen, smart_error *err)
{
	unsigned char *covered = calloc(flagged ? flagged : 1, 1);
	uint64_t *ids = malloc((flagged ? flagged : 1) * SMART_TABLE_SIGNATURES * sizeof(*ids));
	size_t taken = 0;

	if (!covered || !ids) {
		free(covered);
		free(ids);
		return smart_error_oom(err);
	}
	while (taken < adapt) {
		int found;
		uint64_t id = largest_change(t, rk, flagged, covered, ids, &found);
		size_t rep = flagged;

		for (size_t j = 0; j < flagged && rep == flagged; j++)
			if (!covered[j] && (!found || holds(t, rk[j].row, id)))
				rep = j; /* no change left: a pair without one */
		if (rep == flagged)
			break;
		chosen[rk[rep].row] = 1;
		taken++;
		for (size_t j = 0; j < flagged; j++)
			if (j == rep || (found && holds(t, rk[j].row, id)))
				covered[j] = 1;
	}
	free(covered);
	free(ids);
	return (long)taken;
}

/* flagged: a seeded shuffle of the flagged rows rk[0 .. flagged) of
 * application a, then up to `adapt` of them taken alternating labels
 * (inspect first) while both remain, as the random order draws among all
 * of an application's pairs. Returns how many were chosen. */
static size_t choose_flagged(const smart_table *t, ranked *rk, size_t flagged, size_t adapt,
			     uint64_t seed, size_t a, unsigned char *chosen)
{
	uint64_t rng = seed ^ (0x9e3779b97f4a7c15ULL * (a + 1));
	size_t taken = 0;

	for (size_t i = flagged; i > 1; i--) { /* Fisher-Yates */
		size_t j = (size_t)smart_rng_below(&rng, i);
		ranked tmp = rk[i - 1];

		rk[i - 1] = rk[j];
		rk[j] = tmp;
	}
	for (int want = 1; taken < adapt && taken < flagged; want = !want) {
		size_t pick = flagged;

		for (size_t j = 0; j < flagged && pick == flagged; j++)
			if (!chosen[rk[j].row] && t->labels[rk[j].row] == want)
				pick = j;
		for (size_t j = 0; j < flagged && pick == flagged; j++) /* that label ran out */
			if (!chosen[rk[j].row])
				pick = j;
		chosen[rk[pick].row] = 1;
		taken++;
	}
	return taken;
}

/* Application a's adaptation rows as a reviewer meets them, by the
 * unadapted held-out decisions `r`: the flagged pairs (in the review
 * order, by change, or highest score first), then, when fewer than
 * `adapt` are flagged, the unflagged ones in the same order (nearest the
 * cutoff first). */
static int choose_reviewed(const smart_table *t, const smart_eval_options *o,
			   const smart_eval_result *r, size_t a, unsigned char *chosen,
			   smart_error *err)
{
	size_t m = 0, flagged = 0, taken = 0;
	ranked *rk = malloc((t->n_rows ? t->n_rows : 1) * sizeof(*rk));
	long got = 0;

	if (!rk)
		return smart_error_oom(err);
	for (size_t i = 0; i < t->n_rows; i++)
		if (t->app[i] == a) {
			rk[m] = rank_of(r, i, o->adapt_order);
			flagged += rk[m++].flagged;
		}
	qsort(rk, m, sizeof(*rk), ranked_cmp);
	if (o->adapt_order == SMART_ADAPT_BY_CHANGE)
		got = choose_by_change(t, rk, flagged, o->adapt, chosen, err);
	if (got < 0) {
		free(rk);
		return -1;
	}
	taken = (size_t)got;
	if (o->adapt_order == SMART_ADAPT_FLAGGED)
		taken = choose_flagged(t, rk, flagged, o->adapt, o->seed, a, chosen);
	for (size_t j = 0; j < m && taken < o->adapt; j++)
		if (!chosen[rk[j].row]) {
			chosen[rk[j].row] = 1;
			taken++;
		}
	free(rk);
	return 0;
}

int smart__adapt_choose_all(const smart_table *t, const smart_eval_options *o,
			    unsigned char *chosen, smart_error *err)
{
	smart_eval_options u = *o;
	smart_eval_result r;
	int rc = 0;

	memset(chosen, 0, t->n_rows);
	if (o->adapt_order == SMART_ADAPT_RANDOM) {
		size_t *fold = malloc((t->n_rows ? t->n_rows : 1) * sizeof(*fold));

		if (!fold)
			return smart_error_oom(err);
		for (size_t i = 0; i < t->n_rows; i++)
			fold[i] = t->app[i];
		for (size_t f = 0; rc == 0 && f < t->n_apps; f++)
			rc = smart__choose_adaptation(t, o->adapt, o->seed, fold, f, chosen, err);
		free(fold);
		return rc;
	}
	if (o->adapt_order == SMART_ADAPT_BY_CHANGE && !(o->held ? o->held : t)->sig_ids &&
	    t->n_rows)
		return smart_error_set(err, "the by-change adaptation order needs the "
				       "table's change signatures");
	/* the model that has not seen the application decides it, on the
	 * pairs as measured without a profile: what the reviewer is shown */
	u.adapt = 0;
	u.per_app = 0;
	u.scored = o->held; /* a first look: its own rules off */
	u.held = NULL;
	if (smart_evaluate(t, &u, &r, err))
		return smart_error_prefix(err, "ordering the pairs as a reviewer meets them");
	for (size_t a = 0; rc == 0 && a < t->n_apps; a++) /* by change: the held rows' changes */
		rc = choose_reviewed(o->held ? o->held : t, o, &r, a, chosen, err);
	smart_eval_result_free(&r);
	return rc;
}
