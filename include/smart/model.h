/*
 * The model: turns a feature vector into a score and the score into a
 * decision, inspect or ignore (SMART §3.4, §4.1.2).
 *
 * Two kinds:
 *  - linear: ordinary least squares with an intercept on the raw feature
 *    values (the paper does not normalise features), fitted to the label as a
 *    0/1 response (inspect = 1); the score is intercept + w·x;
 *  - svm: libsvm C-SVC (RBF kernel) on features min-max scaled to [0, 1]
 *    with the minimum and maximum learned on the training rows; the score is
 *    the SVM decision value, positive towards inspect.
 * Either way a cutoff and a comparison (>= or <=) are chosen by a linear
 * search that maximises F1 on the training scores, and a pair is inspected
 * when `score CMP cutoff` holds.
 *
 * This module knows nothing of files, documents or the feature registry: it
 * sees rows of doubles, the 0/1 labels, and the feature names in order.
 */
#ifndef SMART_MODEL_H
#define SMART_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "smart/error.h"

/* The version of the model file format written by smart_model_to_json. */
#define SMART_MODEL_FORMAT_VERSION 1

typedef enum smart_model_kind {
	SMART_MODEL_LINEAR = 0,
	SMART_MODEL_SVM
} smart_model_kind;

typedef enum smart_comparison {
	SMART_CMP_GE = 0, /* inspect when score >= cutoff */
	SMART_CMP_LE      /* inspect when score <= cutoff */
} smart_comparison;

/* The training data: n_rows rows of n_features doubles (row-major), a 0/1
 * label per row (1 = inspect), and the feature names (n_features of them).
 * Everything is borrowed. */
typedef struct smart_dataset {
	const double *rows;
	const unsigned char *labels;
	size_t n_rows;
	size_t n_features;
	const char *const *names;
} smart_dataset;

/* Room for every scrubber's name (smart/scrub.h), comma-separated, and
 * the NUL: smart_scrubbers_format never cuts a list into a buffer of this
 * size (tests/scrub/test_registry.c checks it when a scrubber is added). */
#define SMART_SCRUBBERS_OFF_MAX 256

/* Where a model came from, stored in the model file. */
typedef struct smart_provenance {
	char **corpora;      /* owned strings */
	size_t corpus_count;
	size_t pairs;        /* training pairs */
	size_t inspect;      /* of which labelled inspect */
	double cv_f1;        /* cross-validated F1; NAN when not measured */
	unsigned folds;      /* folds of that cross-validation; 0 when none */
	int profiles;        /* 1 when trained on features measured with
	                      * volatility profiles (smart train --profile) */
	int raw;             /* 1 when trained on SMART's raw-tree features
	                      * (smart train --raw; models from before scrubbing
	                      * existed load as raw), 0 for scrub-then-align */
	char scrubbers_off[SMART_SCRUBBERS_OFF_MAX]; /* the scrubbers its features were measured
	                      * without, comma-separated (smart/scrub.h); ""
	                      * when every one ran */
	char tool_version[32];
	char train_rows[16]; /* "" (every pair measured with every rule on),
	                      * "first-look" or "both": pairs measured with
	                      * their own application's rules off
	                      * (smart train --train-rows, docs/first-look.md) */
	char cutoff_search[16]; /* "" (the paper's: F1 over the training
	                      * pairs) or "transfer", "transfer-mean",
	                      * "transfer-pooled": moved by the held-out
	                      * first-look offset cutoff_offset (smart train
	                      * --cutoff, docs/model.md) */
	double cutoff_offset;
	char html_parser[16]; /* the HTML parser the features were measured
	                       * with, "html5" or "libxml2" (smart/html_parser.h;
	                       * files from before the choice existed: "libxml2");
	                       * "" until the trainer sets it */
} smart_provenance;

/* What to do with a feature that cannot be estimated (constant over the
 * training rows, or a linear combination of earlier features). */
typedef enum smart_degenerate_policy {
	SMART_DEGENERATE_FAIL = 0, /* an error naming the feature */
	SMART_DEGENERATE_DROP      /* weight fixed at 0, reported in the fit */
} smart_degenerate_policy;

/* A weight within this of 0 contradicts no sign (rounding noise of a
 * feature the fit has no use for). */
#define SMART_SIGN_TOLERANCE 1e-9

/* How smart_model_train fits. Start from SMART_TRAIN_OPTIONS_INIT (linear,
 * a degenerate feature an error) and set what differs. */
typedef struct smart_train_options {
	unsigned version;   /* SMART_TRAIN_OPTIONS_VERSION */
	smart_model_kind kind;
	smart_degenerate_policy degenerate;
	double svm_c;       /* C-SVC cost; 0 means the default, 1 */
	double svm_gamma;   /* RBF gamma; 0 means the default, 1/n_features */
	/* The hypothesised sign of each feature's weight (n_features of +1, -1,
	 * 0 = none, or SMART_SIGN_HELD; smart_feature_sign), or NULL. Borrowed. */
	const signed char *signs;
	/* linear only: 1 = refit until no weight contradicts its sign, fixing
	 * the most significant contradicting feature at 0 each time; features
	 * whose sign is SMART_SIGN_HELD (smart/features.h) are held at 0 from
	 * the start. */
	int sign_constraints;
} smart_train_options;

#define SMART_TRAIN_OPTIONS_VERSION 1
#define SMART_TRAIN_OPTIONS_INIT { .version = SMART_TRAIN_OPTIONS_VERSION }

struct smart_svm; /* model/svm.h */

/* A trained or loaded model. Create with smart_model_train or
 * smart_model_from_json; free with smart_model_free. */
typedef struct smart_model {
	smart_model_kind kind;
	size_t n_features;
	char **names;          /* owned, n_features */
	/* linear */
	double *weights;       /* owned, n_features (0 for dropped features) */
	double intercept;
	unsigned char *dropped;/* owned, n_features: 1 = degenerate, not used */
	/* svm */
	struct smart_svm *svm; /* owned; NULL for linear */
	/* decision */
	double cutoff;
	smart_comparison comparison;
	/* The cutoff for pairs measured with a volatility profile (issue 35,
	 * docs/profile.md, "The cutoff with a profile"): chosen by the same
	 * F1-maximising search as `cutoff`, but over leave-one-application-out
	 * scores of the training pairs measured with their applications'
	 * profiles (smart_profile_cutoff_search), so that it is not fitted on
	 * the pairs it decides. has_profile_cutoff 0 (a model from before it
	 * existed, an adapted model, one trained without profiles): pairs
	 * measured with a profile are decided by `cutoff`, as they were. */
	int has_profile_cutoff;
	double profile_cutoff;
	smart_provenance provenance;
	/* The volatility profile the model carries (a "smart-profile" JSON
	 * text, owned; NULL: none): one learnt from the ignore pairs an
	 * adapted model was given (smart train --adapt, docs/adaptation.md),
	 * used when classifying with the model and no --profile. model/ keeps
	 * it as text; profile/ reads it. */
	char *profile;
	/* The change classes the model accepts (a "smart-accepted" JSON
	 * text of "class" entries, owned; NULL: none): those the ignore pairs
	 * an adapted model was given hold and none of its inspect pairs does
	 * (smart train --adapt, docs/adaptation.md); classify and review add
	 * them to the application's accepted changes. model/ keeps it as
	 * text; classify/ reads it. */
	char *accepted;
} smart_model;

/* ---- ordinary least squares and analysis of variance (model/ols.c) ---- */

/* One row of the ANOVA table (SMART Fig. 4). F is the partial F of the
 * feature: the increase of the residual sum of squares when the feature
 * alone is removed from the full model, over the residual mean square
 * (equivalently t² of its coefficient). It does not depend on the order of
 * the features, unlike a sequential (type I) table. p = P(F(1, dof) > F). */
typedef struct smart_anova_row {
	double coefficient;
	double f;
	double p;
	int dropped; /* 1 when the feature was degenerate and left out */
	int sign_fixed; /* 1 when it was left out because its weight
	                 * contradicted its hypothesised sign */
} smart_anova_row;

typedef struct smart_ols_fit {
	double intercept;
	double *weights;        /* n_features, owned */
	unsigned char *dropped; /* n_features, owned */
	smart_anova_row *anova; /* n_features, owned */
	size_t dof;             /* residual degrees of freedom */
	double rss;             /* residual sum of squares */
	char note[SMART_ERROR_MAX]; /* which features were dropped and why */
} smart_ols_fit;

/* Fits label ~ intercept + features by least squares (GSL, SVD). Constant
 * features and features that are linear combinations of earlier ones are
 * errors or dropped (see smart_degenerate_policy); a single class, or fewer
 * rows than parameters + 1, is always an error. Fills `fit` (free with
 * smart_ols_fit_free). Never produces a NaN coefficient. */
int smart_ols(const smart_dataset *data, smart_degenerate_policy policy,
	      smart_ols_fit *fit, smart_error *err);

void smart_ols_fit_free(smart_ols_fit *fit);

/* The same with some features fixed at 0 beforehand: fixed[j] = 1 leaves
 * feature j out (dropped, noted as "sign contradicts hypothesis"); `fixed`
 * may be NULL. */
int smart_ols_fixed(const smart_dataset *data, smart_degenerate_policy policy,
		    const unsigned char *fixed, smart_ols_fit *fit, smart_error *err);

/* ---- cutoff search (model/cutoff.c) ---- */

/* Chooses the cutoff and comparison that maximise F1 of `score CMP cutoff`
 * against the labels (SMART §4.1.2): every threshold between two adjacent
 * distinct scores, and below and above all of them, with both comparisons.
 * Cutoffs are midpoints between adjacent scores. Ties keep the first found,
 * >= before <=, lower cutoff first. Returns the best F1. */
double smart_cutoff_search(const double *scores, const unsigned char *labels,
			   size_t n, double *cutoff, smart_comparison *cmp);

/* ---- a cutoff chosen for transfer (model/cutoff.c) ---- */

/* What a cutoff over groups of pairs (applications) maximises. */
typedef enum smart_cutoff_objective {
	SMART_CUTOFF_POOLED = 0, /* F1 over all pairs, as smart_cutoff_search */
	SMART_CUTOFF_WORST,      /* the worst group's F1 */
	SMART_CUTOFF_MEAN        /* the groups' mean F1 */
} smart_cutoff_objective;

/* A threshold and its figures (groups with a fault only: a group without
 * one has no F1). */
typedef struct smart_cutoff_choice {
	double cutoff;     /* inspect when score >= cutoff */
	double worst_f1, mean_f1, pooled_f1;
	size_t groups;     /* groups with a fault */
} smart_cutoff_choice;

/* Scores of pairs in groups (applications), what
 * smart_cutoff_search_groups searches. */
typedef struct smart_grouped_scores {
	const double *scores;         /* n: +infinity or NaN always inspected,
	                               * -infinity never (a rule's decision) */
	const unsigned char *labels;  /* n: 1 = inspect */
	const uint32_t *group;        /* n: each < n_groups */
	size_t n, n_groups;
} smart_grouped_scores;

/* Chooses the ">=" cutoff whose objective over the groups is best: every
 * threshold between two adjacent distinct scores and beyond all of them
 * (midpoints, as smart_cutoff_search), each judged by the F1 of each
 * group at it. No cut goes past a rule's decision. Ties keep the better
 * of the other figures (worst, mean, pooled, in that order), then the
 * lowest cutoff. 0, or -1 out of memory. */
int smart_cutoff_search_groups(const smart_grouped_scores *s, smart_cutoff_objective obj,
			       smart_cutoff_choice *out);

/* "pooled", "worst" or "mean". */
const char *smart_cutoff_objective_name(smart_cutoff_objective obj);

/* True when `score CMP cutoff` holds. */
int smart_cutoff_inspects(double score, double cutoff, smart_comparison cmp);

/* ">=" or "<=". */
const char *smart_comparison_name(smart_comparison cmp);

/* ---- metrics (model/metrics.c) ---- */

typedef struct smart_confusion {
	size_t tp, fp, fn, tn;
} smart_confusion;

typedef struct smart_scores {
	double precision; /* tp / (tp + fp); 0 when nothing was flagged */
	double recall;    /* tp / (tp + fn); 0 when nothing should be */
	double f1;        /* harmonic mean; 0 when both are 0 */
} smart_scores;

/* Adds one decision against its truth. */
void smart_confusion_add(smart_confusion *c, int predicted_inspect,
			 int truly_inspect);
smart_scores smart_confusion_scores(const smart_confusion *c);

/* The LookCost/MissCost ratio above which a comparator with confusion `c`
 * costs less than looking at all `diff_flagged` pairs diff flags (SMART §5):
 * FN / (|diff| - (TP + FP + annotated)). 0 when there are no false
 * negatives; +INFINITY when the comparator flags at least as many pairs as
 * diff (it never pays off by cost of looking). */
double smart_break_even_ratio(const smart_confusion *c, size_t diff_flagged,
			      size_t annotated);

/* ---- the model (model/model.c) ---- */

/* Checks what every kind of model needs of its training data: at least one
 * feature, finite values, 0/1 labels, at least 3 rows, both classes. */
int smart_dataset_check(const smart_dataset *data, smart_error *err);

/* Trains a model of the chosen kind on `data` and searches its cutoff.
 * `fit_out`, when not NULL, receives the OLS fit of a linear model (for the
 * ANOVA table; the caller frees it). Returns a new model or NULL.
 *
 * Process-wide settings of a host program change on first use: the first
 * linear fit turns GSL's error handler off for good
 * (gsl_set_error_handler_off: smart checks every GSL status itself, and
 * GSL's default handler aborts), and the first SVM trained or loaded sets
 * libsvm's print function to one that prints nothing
 * (svm_set_print_string_function). Both are set once, never toggled, so
 * that threads fitting at once do not race on them; a host that needs its
 * own GSL handler or libsvm output sets it again after. */
smart_model *smart_model_train(const smart_dataset *data,
			       const smart_train_options *options,
			       smart_ols_fit *fit_out, smart_error *err);

/* The score of one feature vector (n_features doubles). */
double smart_model_score(const smart_model *model, const double *features);

/* 1 when the vector is to be inspected, 0 when it can be ignored. */
int smart_model_decide(const smart_model *model, const double *features,
		       double *score_out);

/* Makes `model` decide as it should for pairs measured with a volatility
 * profile: its cutoff becomes its profile cutoff when it has one (nothing
 * changes otherwise). Called once, before classifying with a profile, so
 * that every report, calibration and fingerprint sees the cutoff used. */
void smart_model_use_profile_cutoff(smart_model *model);

/* The cutoff `model` decides with, for pairs measured with a profile
 * (`profiled` 1) or without: the profile cutoff when it has one and
 * `profiled`, else its cutoff. */
double smart_model_cutoff_for(const smart_model *model, int profiled);

/* How much feature i pushed the score of a linear model towards inspect
 * (weight × value, with the sign flipped when the comparison is <=); 0 for
 * an SVM, whose score is not a sum over features. */
double smart_model_contribution(const smart_model *model,
				const double *features, size_t i);

/* An empty model of `kind` over copies of the feature names (weights 0,
 * no SVM); for loaders. Free with smart_model_free. */
smart_model *smart_model_alloc(smart_model_kind kind, size_t n_features,
			       const char *const *names);

/* Frees a model; NULL is allowed. */
void smart_model_free(smart_model *model);

/* Replaces the provenance's corpus list with copies of `corpora`. */
int smart_provenance_set_corpora(smart_provenance *prov,
				 const char *const *corpora, size_t count,
				 smart_error *err);

/* ---- model files (model/model_json.c) ---- */

/* Serialises a model to a new NUL-terminated JSON string (caller frees). */
char *smart_model_to_json(const smart_model *model, smart_error *err);

/* Parses and validates a model; its feature list must equal `names`
 * (n_features of them, in order) or the error names the first mismatch.
 * `source` names the model in errors (its path). */
smart_model *smart_model_from_json(const char *json, size_t len,
				   const char *source,
				   const char *const *names, size_t n_features,
				   smart_error *err);

/* Writes the model to `path` atomically. */
int smart_model_save(const smart_model *model, const char *path,
		     smart_error *err);

/* Reads and validates a model file (see smart_model_from_json). */
smart_model *smart_model_load(const char *path, const char *const *names,
			      size_t n_features, smart_error *err);

#endif
