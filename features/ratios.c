/*
 * Features whose meaning does not depend on page size (issue 13, item 3):
 * how much of the documents changed, as a fraction of what they hold, and
 * how much the amount of text changed, on a bounded logarithmic scale. The
 * raw counts beside them (diffx_*, new_text, text_ratio) grow without bound
 * with the page, so one weight cannot serve a 2 KB fragment and a 200 KB
 * page; these stay in [0, 1] (or grow by one per doubling of the text).
 */
#include <math.h>

#include "internal.h"

/* Content nodes (document, elements, text) of `t`. */
static uint64_t content_nodes(const smart_tree *t)
{
	uint64_t n = 0;

	for (uint32_t i = 0; i < t->count; i++)
		n += smart_node_is_content(&t->nodes[i]) != 0;
	return n;
}

/* changed_content_ratio: (content nodes DiffX moves, inserts and deletes)
 * over (content nodes of the larger document), capped at 1. 0 for identical
 * documents; 1 when a document is replaced by another one, whatever their
 * size. Hypothesis (+): the share of a page that changed says how much of
 * the expected output is gone or new; a fault replaces a lot, a rerun a
 * sliver, at any page size. */
int smart__feature_changed_content_ratio(const smart_feature_args *a, double *v, smart_error *err)
{
	const smart_diff_summary *s = &a->diff->summary;
	uint64_t o = content_nodes(a->old_tree), n = content_nodes(a->new_tree);
	uint64_t top = o > n ? o : n;
	double changed = (double)s->moves + (double)s->inserts + (double)s->deletes;

	(void)err;
	*v = top ? changed / (double)top : 0.0;
	if (*v > 1)
		*v = 1;
	return 0;
}

/* new_text_ratio: new_text (characters of displayed text inserted or
 * rewritten) over the displayed characters of the new document, in [0, 1].
 * 0 for identical documents and for pure deletions; near 1 when the new page
 * is mostly text the old one did not have (an error page, a stack trace).
 * Hypothesis (+): the part of what the user reads that is new, not its
 * absolute amount, separates new content from a changed date. */
int smart__feature_new_text_ratio(const smart_feature_args *a, double *v, smart_error *err)
{
	double fresh;
	uint64_t total;

	if (smart__feature_new_text(a, &fresh, err) < 0 ||
	    smart__feature_displayed_chars_of(a, a->new_tree, &total, err) < 0)
		return -1;
	*v = total ? fresh / (double)total : 0.0;
	if (*v > 1)
		*v = 1;
	return 0;
}

/* text_size_change: |log2((new + 1) / (old + 1))| over the displayed
 * characters of each document: 0 when the amount of text is the same, 1 when
 * it doubled or halved, 10 when it grew a thousandfold — so it grows in
 * either direction but only logarithmically. Hypothesis (+): the paper's
 * text ratio (§3.3) says large changes of the amount of text are faults in
 * both directions; text_ratio itself is not monotone in that and unbounded
 * above, so a linear weight on it cannot say so. */
int smart__feature_text_size_change(const smart_feature_args *a, double *v, smart_error *err)
{
	uint64_t o, n;

	if (smart__feature_displayed_chars_of(a, a->old_tree, &o, err) < 0 ||
	    smart__feature_displayed_chars_of(a, a->new_tree, &n, err) < 0)
		return -1;
	*v = fabs(log2(((double)n + 1.0) / ((double)o + 1.0)));
	return 0;
}

/* new_text_log: log2(1 + new_text). 0 for identical documents; 10 for a
 * kilobyte of new text, 26 for 50 MB. Hypothesis (+): more new text is more
 * likely new content such as an error report (paper Fig. 14), with each
 * doubling adding the same evidence rather than each character. */
int smart__feature_new_text_log(const smart_feature_args *a, double *v, smart_error *err)
{
	double fresh;

	if (smart__feature_new_text(a, &fresh, err) < 0)
		return -1;
	*v = log2(1.0 + fresh);
	return 0;
}
