/* Internal: classifying one pair with one more look at the aligned pair
 * (classify/classify.c), for callers in classify/ that need more of the
 * measurement than the decision -- the edit operations `smart classify
 * --json` prints (classify/explain.c) -- without measuring the pair a
 * second time. */
#ifndef SMART_CLASSIFY_CLASSIFY_PAIR_H
#define SMART_CLASSIFY_CLASSIFY_PAIR_H

#include "smart/classify.h"
#include "smart/measure.h"

/* smart_classify_pair, and `also` (when not NULL) called with `also_ctx`
 * once on the pair as classification aligned it (its scrubbed trees, the
 * edit script it judged), before the decision. 0, or -1 with `err` set
 * (also's error stops the classification). */
int smart__classify_pair_also(const smart_model *model, const smart_document *old_doc,
			      const smart_document *new_doc, const smart_classify_options *o,
			      smart_aligned_fn also, void *also_ctx,
			      smart_classification *out, smart_error *err);

#endif
