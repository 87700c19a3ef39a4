/*
 * Features: the numbers SMART measures on an aligned pair of documents
 * (paper §3.2–3.3), and the registry that lists them.
 *
 * A feature vector is a plain array of doubles in registry order, one per
 * registered feature; smart_feature_count() says how long it is. Output,
 * models and training iterate the registry, so adding a feature is one entry
 * in features/registry.c (plus its extractor) and nothing else. Every value
 * is finite for every input. Each definition is written above its extractor
 * and collected in docs/features.md.
 */
#ifndef SMART_FEATURES_H
#define SMART_FEATURES_H

#include <stddef.h>

#include "smart/diffx.h"
#include "smart/error.h"
#include "smart/tree.h"

struct smart_volatility;
struct smart_feature_memo;

/* What an extractor looks at: the two trees and their DiffX alignment
 * (diff->old_tree == old_tree, diff->new_tree == new_tree), the verdicts
 * of the measuring stage on the edits of the pair as scrubbed (see
 * smart_features_input), and what the volatility analysis made of them
 * (features/volatility.c; computed once per pair before the extractors
 * run). All borrowed. */
typedef struct smart_feature_args {
	const smart_tree *old_tree;
	const smart_tree *new_tree;
	const smart_diff *diff;
	const unsigned char *noise;
	const char *const *old_masked;
	const char *const *new_masked;
	const struct smart_volatility *volatility;
	struct smart_feature_memo *memo; /* answers several extractors share,
	                                  * kept per pair (features/common.c),
	                                  * or NULL: each computes its own */
} smart_feature_args;

/* Computes one feature into *value (always finite); returns 0, or -1 with
 * `err` set (only when memory runs out). */
typedef int (*smart_feature_fn)(const smart_feature_args *args, double *value,
				smart_error *err);

typedef struct smart_feature_info {
	const char *name;        /* as printed and stored in models: [a-z_]+ */
	const char *description; /* one line, for `smart features -h` and reports */
	double neutral;          /* the value for two identical documents */
	smart_feature_fn extract;
} smart_feature_info;

/* How many features the registry holds (the length of a feature vector). */
size_t smart_feature_count(void);

/* The i-th feature (i < smart_feature_count()). */
const smart_feature_info *smart_feature_info_at(size_t i);

/* The registry's feature names in order, smart_feature_count() of them
 * (*n receives it): a new array the caller frees, the strings the
 * registry's; NULL when out of memory. */
const char **smart_feature_names(size_t *n);

/* The "sign" of a feature measured and shown but never weighted under
 * sign constraints: how much noise a profile explained, which a fault's
 * page, a later run too, holds as much of as a clean rerun's (issue 35,
 * docs/profile.md "Never hiding a fault"). */
#define SMART_SIGN_HELD 2

/* The hypothesised sign of the weight of the feature called `name`: +1
 * (more of it means inspect), -1 (means ignore), SMART_SIGN_HELD (says
 * nothing either way: held at 0 under sign constraints, smart/model.h), or
 * 0 when there is no hypothesis or no such feature (docs/features.md
 * gives each one). */
int smart_feature_sign(const char *name);

/* The registry index of the feature called `name`, or -1. */
long smart_feature_index(const char *name);

/* What the features are computed from, prepared by the measuring stage
 * (smart_measure_pair, include/smart/train.h): an aligned pair, already
 * scrubbed, with the verdict on each of its edits (smart_profile_judge:
 * expected noise or not, by the application's profile and the value
 * shapes), and, when the application has a profile, the same pair with the
 * noise the profile knows neutralised and aligned again. All borrowed;
 * features/ reads them and knows nothing of profiles. */
typedef struct smart_features_input {
	const smart_tree *old_tree;   /* the volatility features' view */
	const smart_tree *new_tree;
	const smart_diff *diff;       /* smart_diffx(old_tree, new_tree) */
	const unsigned char *noise;   /* per edit of diff: 1 = expected noise */
	const char *const *old_masked;/* per edit: a stable text update's values */
	const char *const *new_masked;/* with volatile shapes masked, else NULL */
	const smart_tree *old_normal; /* SMART's own features' view; NULL: */
	const smart_tree *new_normal; /* old_tree, new_tree and diff */
	const smart_diff *normal_diff;/* smart_diffx(old_normal, new_normal) */
} smart_features_input;

/* Fills values[0 .. smart_feature_count()) for an aligned pair. 0, or -1
 * with `err` set (memory, or a value that is not finite). */
int smart_features_compute(const smart_features_input *in, double *values,
			   smart_error *err);

#endif
