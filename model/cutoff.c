/*
 * The cutoff search of SMART §4.1.2: the real-valued score becomes a
 * decision by comparing it with a cutoff; the cutoff and the direction of the
 * comparison are those that maximise F1 on the training pairs.
 *
 * A cutoff chosen for transfer (issue 35; docs/first-look.md, "Where the
 * cutoff sits"): where the pairs come from several applications, the
 * pooled F1 is carried by the applications with the most pairs and the
 * least residue, and a cutoff that suits them can sit where an application
 * nobody read flags every clean rerun. smart_cutoff_search_groups scores
 * each threshold by the F1 of every group (application) at it and keeps
 * the one that maximises the worst group's F1 (or the mean, or the pooled
 * F1).
 */
#include "smart/model.h"

#include <assert.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

typedef struct scored {
	double score;
	uint32_t group;        /* smart_cutoff_search_groups: the pair's group */
	unsigned char label;
} scored;

static int scored_cmp(const void *a, const void *b)
{
	double x = ((const scored *)a)->score, y = ((const scored *)b)->score;

	return (x > y) - (x < y);
}

static double f1_of(size_t tp, size_t fp, size_t fn)
{
	/* F1 = 2TP / (2TP + FP + FN); 0 when there is no true positive. */
	return tp ? 2.0 * (double)tp / (double)(2 * tp + fp + fn) : 0.0;
}

const char *smart_comparison_name(smart_comparison cmp)
{
	return cmp == SMART_CMP_LE ? "<=" : ">=";
}

int smart_cutoff_inspects(double score, double cutoff, smart_comparison cmp)
{
	return cmp == SMART_CMP_LE ? score <= cutoff : score >= cutoff;
}

/* The threshold between sorted positions k-1 and k (0 < k < n): the
 * midpoint; below all (k == 0) or above all (k == n): one unit (or the
 * spread) beyond the extreme score. */
static double cut_at(const scored *s, size_t n, size_t k)
{
	double spread = s[n - 1].score - s[0].score;
	double margin = spread > 0 ? spread : 1.0;

	if (k == 0)
		return s[0].score - margin;
	if (k == n)
		return s[n - 1].score + margin;
	return s[k - 1].score + (s[k].score - s[k - 1].score) / 2;
}

double smart_cutoff_search(const double *scores, const unsigned char *labels,
			   size_t n, double *cutoff, smart_comparison *cmp)
{
	scored *s;
	size_t pos = 0, above_pos, above_all;
	double best = -1;

	*cutoff = 0;
	*cmp = SMART_CMP_GE;
	if (n == 0)
		return 0;
	s = malloc(n * sizeof(*s));
	if (!s) { /* degrade to "inspect everything" rather than fail */
		for (size_t i = 0; i < n; i++)
			pos += labels[i] != 0;
		*cutoff = -INFINITY;
		return f1_of(pos, n - pos, 0);
	}
	for (size_t i = 0; i < n; i++) {
		s[i].score = scores[i];
		s[i].group = 0;
		s[i].label = labels[i] != 0;
		pos += s[i].label;
	}
	qsort(s, n, sizeof(*s), scored_cmp);
	/* Sweep k = 0..n: the pairs at sorted positions >= k are "above".
	 * Only positions between distinct scores are real thresholds. */
	above_pos = pos;
	above_all = n;
	for (int dir = 0; dir < 2; dir++) {
		above_pos = pos;
		above_all = n;
		for (size_t k = 0; k <= n; k++) {
			if (k > 0) {
				above_pos -= s[k - 1].label;
				above_all--;
			}
			if (k > 0 && k < n && s[k].score == s[k - 1].score)
				continue;
			size_t tp, fp;
			if (dir == 0) { /* inspect the pairs above: score >= cut */
				tp = above_pos;
				fp = above_all - above_pos;
			} else {        /* inspect the pairs below: score <= cut */
				tp = pos - above_pos;
				fp = (n - above_all) - (pos - above_pos);
			}
			double f1 = f1_of(tp, fp, pos - tp);
			if (f1 > best) {
				best = f1;
				*cutoff = cut_at(s, n, k);
				*cmp = dir == 0 ? SMART_CMP_GE : SMART_CMP_LE;
			}
		}
	}
	free(s);
	return best;
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
		f1 = f1_of(tp[g], fp[g], pos[g] - tp[g]);
		sum += f1;
		groups++;
		if (f1 < c.worst_f1)
			c.worst_f1 = f1;
	}
	c.groups = groups;
	c.mean_f1 = groups ? sum / (double)groups : 0;
	if (!groups)
		c.worst_f1 = 0;
	c.pooled_f1 = f1_of(ttp, tfp, tpos - ttp);
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
static double cut_between(const scored *s, size_t n, size_t k, double lo, double hi)
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

int smart_cutoff_search_groups(const smart_grouped_scores *gs, smart_cutoff_objective obj,
			       smart_cutoff_choice *out)
{
	const double *scores = gs->scores;
	const unsigned char *labels = gs->labels;
	const uint32_t *group = gs->group;
	size_t n = gs->n, n_groups = gs->n_groups;
	scored *s = malloc((n ? n : 1) * sizeof(*s));
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
		s[i] = (scored){ isnan(scores[i]) ? INFINITY : scores[i], group[i],
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
	qsort(s, n, sizeof(*s), scored_cmp);
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
