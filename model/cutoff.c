/*
 * The cutoff search of SMART §4.1.2: the real-valued score becomes a
 * decision by comparing it with a cutoff; the cutoff and the direction of the
 * comparison are those that maximise F1 on the training pairs.
 */
#include "smart/model.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>

typedef struct scored {
	double score;
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
