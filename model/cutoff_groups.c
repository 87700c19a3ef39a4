/*
 * A cutoff chosen for transfer (issue 35; docs/model.md, "The cutoff for
 * a first look"). SMART's search (model/cutoff.c) maximises F1 over the
 * training pairs pooled; where the pairs come from several applications,
 * the pooled F1 is carried by the applications with the most pairs and the
 * least residue, and a cutoff that suits them can sit where an application
 * nobody read flags every clean rerun. This search scores each threshold
 * by the F1 of every group (application) at it and keeps the threshold
 * that maximises the worst group's F1 (or the mean, or the pooled F1):
 * the cutoff that serves the hardest application best.
 */
#include "smart/model.h"

#include <assert.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

typedef struct grouped {
	double score;
	uint32_t group;
	unsigned char label;
} grouped;

static int grouped_cmp(const void *a, const void *b)
{
	double x = ((const grouped *)a)->score, y = ((const grouped *)b)->score;

	return (x > y) - (x < y);
}

/* F1 = 2TP / (2TP + FP + FN); 0 when there is no true positive. */
static double f1_counts(size_t tp, size_t fp, size_t fn)
{
	return tp ? 2.0 * (double)tp / (double)(2 * tp + fp + fn) : 0.0;
}

const char *smart_cutoff_objective_name(smart_cutoff_objective obj)
{
	static const char *const words[] = { "pooled", "worst", "mean" };

	return (unsigned)obj < sizeof(words) / sizeof(words[0]) ? words[obj] : NULL;
}

/* The figures of inspecting the pairs at sorted positions >= k: per group
 * tp/fp above the cut, the groups' labels counted once in pos/all. */
static smart_cutoff_choice figures_at(const size_t *tp, const size_t *fp, const size_t *pos,
				      size_t n_groups)
{
	smart_cutoff_choice c = { .worst_f1 = INFINITY };
	size_t groups = 0, ttp = 0, tfp = 0, tpos = 0;
	double sum = 0;

	for (size_t g = 0; g < n_groups; g++) {
		double f1;

		ttp += tp[g];
		tfp += fp[g];
		tpos += pos[g];
		if (pos[g] == 0) /* no fault: F1 says nothing of this group */
			continue;
		f1 = f1_counts(tp[g], fp[g], pos[g] - tp[g]);
		sum += f1;
		groups++;
		if (f1 < c.worst_f1)
			c.worst_f1 = f1;
	}
	c.groups = groups;
	c.mean_f1 = groups ? sum / (double)groups : 0;
	if (!groups)
		c.worst_f1 = 0;
	c.pooled_f1 = f1_counts(ttp, tfp, tpos - ttp);
	return c;
}

/* 1 when `a` is better than `b` under `obj`: the objective's figure first,
 * then the others (worst, mean, pooled) to break ties. */
static int better(const smart_cutoff_choice *a, const smart_cutoff_choice *b,
		  smart_cutoff_objective obj)
{
	double ka[3] = { a->worst_f1, a->mean_f1, a->pooled_f1 };
	double kb[3] = { b->worst_f1, b->mean_f1, b->pooled_f1 };
	size_t first = obj == SMART_CUTOFF_WORST ? 0 : obj == SMART_CUTOFF_MEAN ? 1 : 2;

	if (ka[first] != kb[first])
		return ka[first] > kb[first];
	for (size_t i = 0; i < 3; i++)
		if (i != first && ka[i] != kb[i])
			return ka[i] > kb[i];
	return 0;
}

/* The cut between sorted positions k-1 and k over the finite scores
 * [lo, hi]: the midpoint between two finite scores; below or above every
 * finite score by their spread (or 1) when a neighbour is infinite or
 * missing. */
static double cut_between(const grouped *s, size_t n, size_t k, double lo, double hi)
{
	double margin = hi > lo ? hi - lo : 1.0;
	int left = k > 0 && isfinite(s[k - 1].score), right = k < n && isfinite(s[k].score);

	if (left && right)
		return s[k - 1].score + (s[k].score - s[k - 1].score) / 2;
	if (right)
		return s[k].score - margin;
	if (left)
		return s[k - 1].score + margin;
	return lo <= hi ? hi + margin : 0; /* no finite score at all */
}

int smart_cutoff_search_groups(const double *scores, const unsigned char *labels,
			       const uint32_t *group, size_t n, size_t n_groups,
			       smart_cutoff_objective obj, smart_cutoff_choice *out)
{
	grouped *s = malloc((n ? n : 1) * sizeof(*s));
	size_t *tp = calloc(n_groups ? n_groups : 1, sizeof(size_t));
	size_t *fp = calloc(n_groups ? n_groups : 1, sizeof(size_t));
	size_t *pos = calloc(n_groups ? n_groups : 1, sizeof(size_t));
	double lo = INFINITY, hi = -INFINITY;
	int have = 0;

	*out = (smart_cutoff_choice){ 0 };
	if (!s || !tp || !fp || !pos) {
		free(s);
		free(tp);
		free(fp);
		free(pos);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		assert(group[i] < n_groups);
		/* an undecidable score inspects, as smart_model_decide does */
		s[i] = (grouped){ isnan(scores[i]) ? INFINITY : scores[i], group[i],
				  labels[i] != 0 };
		pos[group[i]] += s[i].label;
		/* every pair starts above the cut: inspected */
		tp[group[i]] += s[i].label;
		fp[group[i]] += !s[i].label;
		if (isfinite(s[i].score)) {
			lo = s[i].score < lo ? s[i].score : lo;
			hi = s[i].score > hi ? s[i].score : hi;
		}
	}
	qsort(s, n, sizeof(*s), grouped_cmp);
	/* Sweep k = 0..n, the pairs at sorted positions >= k inspected; a
	 * cut lies only between distinct scores, and never below a -infinity
	 * (a rule's ignore) or above a +infinity (a rule's inspect). */
	for (size_t k = 0; k <= n; k++) {
		if (k > 0) {
			tp[s[k - 1].group] -= s[k - 1].label;
			fp[s[k - 1].group] -= !s[k - 1].label;
		}
		if (k > 0 && k < n && s[k].score == s[k - 1].score)
			continue;
		if ((k < n && s[k].score == -INFINITY) || (k > 0 && s[k - 1].score == INFINITY))
			continue;
		smart_cutoff_choice c = figures_at(tp, fp, pos, n_groups);

		c.cutoff = cut_between(s, n, k, lo, hi);
		if (!have || better(&c, out, obj)) {
			*out = c;
			have = 1;
		}
	}
	free(s);
	free(tp);
	free(fp);
	free(pos);
	return 0;
}
