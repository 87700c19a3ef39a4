/*
 * The area under the ROC curve of held-out decisions (include/smart/train.h,
 * smart_eval_auc): the probability that an inspect pair is ranked above an
 * ignore pair, ties counting half. F1 judges one cutoff; AUC judges whether
 * the scores rank at all -- whether any cutoff, calibration or adaptation
 * could separate an application's faults from its noise.
 */
#include "smart/train.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>

/* One scored pair: its rank key and its label. */
typedef struct ranked {
	double key;
	unsigned char inspect;
} ranked;

static int by_key(const void *a, const void *b)
{
	double x = ((const ranked *)a)->key, y = ((const ranked *)b)->key;

	return (x > y) - (x < y);
}

/* The rank key of row i: the held-out margin, or +-infinity for a rule's
 * decision (it overrides any score); NAN when the row was not scored. */
static double rank_key(const smart_eval_result *r, size_t i)
{
	if (r->forced[i] == 1)
		return INFINITY;
	if (r->forced[i] == 0)
		return -INFINITY;
	return r->margin[i];
}

double smart_eval_auc(const smart_table *t, const smart_eval_result *r, size_t app)
{
	ranked *v = malloc((t->n_rows ? t->n_rows : 1) * sizeof(*v));
	size_t n = 0, pos = 0;
	double sum_ranks = 0, auc;

	if (!v || !r->margin || !r->forced) {
		free(v);
		return NAN;
	}
	for (size_t i = 0; i < t->n_rows; i++) {
		double key = rank_key(r, i);

		if (isnan(key) || (app != SIZE_MAX && t->app[i] != app))
			continue;
		v[n].key = key;
		v[n++].inspect = t->labels[i];
		pos += t->labels[i];
	}
	if (pos == 0 || pos == n) { /* one class alone: nothing to rank */
		free(v);
		return NAN;
	}
	qsort(v, n, sizeof(*v), by_key);
	/* Mann-Whitney: the inspect pairs' ranks, equal keys sharing the mean
	 * rank of their run */
	for (size_t i = 0; i < n;) {
		size_t j = i;

		while (j < n && v[j].key == v[i].key)
			j++;
		for (size_t k = i; k < j; k++)
			if (v[k].inspect)
				sum_ranks += (double)(i + 1 + j) / 2.0;
		i = j;
	}
	auc = (sum_ranks - (double)pos * (double)(pos + 1) / 2.0) /
	      ((double)pos * (double)(n - pos));
	assert(auc >= -1e-9 && auc <= 1 + 1e-9);
	free(v);
	return auc;
}
