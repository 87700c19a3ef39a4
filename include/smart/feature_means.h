/*
 * The mean of every feature over the pairs to inspect and the pairs to
 * ignore of labelled corpora: the table of SMART's Fig. 1, which shows
 * whether a feature separates the two kinds of pairs at all.
 */
#ifndef SMART_FEATURE_MEANS_H
#define SMART_FEATURE_MEANS_H

#include <stddef.h>

#include "smart/error.h"
#include "smart/tree.h"

typedef struct smart_feature_means {
	size_t n_features;     /* smart_feature_count() */
	size_t pairs[2];       /* labelled pairs read: [0] ignore, [1] inspect */
	size_t unlabelled;     /* pairs without a label (not in the means) */
	double *mean[2];       /* owned, n_features each: [0] ignore, [1] inspect */
	double *max_abs;       /* owned, n_features: the largest |value| over all
	                        * labelled pairs, for the paper's normalisation
	                        * (mean / max_abs; 0 when max_abs is 0) */
} smart_feature_means;

/* Reads the corpora at paths[0 .. n_paths) and fills *means (free with
 * smart_feature_means_free). Records without a "format" are parsed as
 * `fallback` (SMART_FORMAT_AUTO: sniffed). Fails on the first record that
 * cannot be read or whose documents cannot be parsed, naming its file and
 * line. */
int smart_feature_means_compute(const char *const *paths, size_t n_paths,
				smart_format fallback, smart_feature_means *means,
				smart_error *err);

void smart_feature_means_free(smart_feature_means *means);

#endif
