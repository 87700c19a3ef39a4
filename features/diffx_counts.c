/*
 * The three DiffX counts (paper §3.2, "The DIFFX Algorithm"): how much of the
 * document the edit script moves, inserts and deletes, in content nodes
 * (elements and text), exactly as the script's summary counts them.
 */
#include "internal.h"

/* diffx_moves: content nodes in the subtrees the script moves (a moved
 * subtree of 5 nodes counts 5). 0 for identical documents. The paper found
 * moves the second most significant feature and strongly associated with
 * faults (authentication failures, missing forms), though with a small
 * coefficient: a move usually comes with inserts or deletes. */
int smart__feature_diffx_moves(const smart_feature_args *a, double *v, smart_error *err)
{
	(void)err;
	*v = a->diff->summary.moves;
	return 0;
}

/* diffx_inserts: content nodes present only in the new document. 0 for
 * identical documents; swapping old and new swaps it with diffx_deletes.
 * Hypothesis: inserts correlate with faults, and their number with the size
 * of the fault (a stack trace inserted in place of the page). */
int smart__feature_diffx_inserts(const smart_feature_args *a, double *v, smart_error *err)
{
	(void)err;
	*v = a->diff->summary.inserts;
	return 0;
}

/* diffx_deletes: content nodes present only in the old document. 0 for
 * identical documents. Hypothesis, confirmed in every benchmark of the paper
 * (§7.2.1): large deletes mean large parts of the expected output are
 * missing, and their size predicts the severity of the fault. */
int smart__feature_diffx_deletes(const smart_feature_args *a, double *v, smart_error *err)
{
	(void)err;
	*v = a->diff->summary.deletes;
	return 0;
}
