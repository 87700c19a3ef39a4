/*
 * Training on corpora, what `smart train` runs (train/train_corpora.c): the
 * corpora are measured into a table (or their training statistics summed),
 * the pairs of adaptation corpora added with their weight (docs/adaptation.md),
 * the model fitted, cross-validated for its provenance and written; or,
 * instead of a model, the corpora's training statistics are written
 * (docs/shards.md).
 */
#ifndef SMART_TRAIN_CORPORA_H
#define SMART_TRAIN_CORPORA_H

#include "smart/profile_set.h"
#include "smart/shard.h"
#include "smart/train.h"

/* How smart_train_corpora reads, fits and writes. Start from
 * SMART_TRAIN_CORPORA_OPTIONS_INIT (linear, degenerate features dropped,
 * 10 folds, seed 1) and set fields by name. */
typedef struct smart_train_corpora_options {
	unsigned version;           /* SMART_TRAIN_CORPORA_OPTIONS_VERSION */
	smart_train_options train;  /* the fit (train.signs: the columns'
	                             * hypothesised signs, or NULL) */
	unsigned folds;             /* cross-validation for the model's
	                             * provenance (0: none; none with adapt
	                             * or from_stats) */
	uint64_t seed;              /* its shuffle seed */
	smart_format format;        /* records without a "format" (AUTO: sniffed) */
	unsigned threads;           /* 0: all cores */
	int raw;                    /* SMART's raw-tree features (no scrubbing) */
	unsigned scrubbers_off;     /* scrubbers not run (smart/scrub.h; 0: all);
	                             * the model records them */
	int skip_bad;               /* train without unusable records (0: the
	                             * first one is an error, after reading) */
	smart_bad_record_fn on_bad; /* every unusable record, or NULL */
	void *bad_payload;          /* on_bad's ctx */
	const char *const *names;   /* the table's columns, n_names of them; NULL:
	                             * the registry's features */
	size_t n_names;
	smart_comparator_set comparators; /* their verdicts are the last feature
	                             * columns (`names` lists them); n 0: none */
	smart_profile_set *profiles;/* measure with each application's profile
	                             * (NULL: none); the model records it */
	smart_train_rows train_rows;/* the pairs as measured ordinarily, as a
	                             * first look meets them (each application's
	                             * own rules off, no profile) or both (the
	                             * profile cutoff chosen on the ordinary
	                             * rows); the model records it. Not with
	                             * adapt, from_stats or stats_out, and
	                             * first-look not with profiles (an error:
	                             * no row would be profiled) */
	int transfer_cutoff;        /* the cutoff moved for a first look
	                             * (smart_transfer_cutoff_search over the
	                             * corpora measured as first looks, with
	                             * transfer_objective; docs/model.md); the
	                             * model records it. Linear, ordinary rows,
	                             * not with adapt or from_stats */
	smart_cutoff_objective transfer_objective;
	const char *const *adapt;   /* adaptation corpora, n_adapt of them: their
	                             * labelled pairs join the base pairs, each
	                             * counted adapt_weight times */
	size_t n_adapt;
	unsigned adapt_weight;      /* 0: SMART_ADAPT_WEIGHT */
	int adapt_profile;          /* with adapt: the model carries a profile
	                             * learnt from the adaptation pairs labelled
	                             * ignore (where the application varies) */
	int adapt_accept;           /* with adapt: the model accepts the change
	                             * classes the adaptation pairs labelled
	                             * ignore hold and none labelled inspect
	                             * does (docs/adaptation.md) */
	double adapt_clean_cutoff;  /* with adapt, > 0: the adapted model's
	                             * cutoff moved just past the residue of the
	                             * adaptation pairs labelled ignore when it
	                             * lies within this bound and no pair
	                             * labelled inspect falls below the move
	                             * (train/adapt_cutoff.c); 0: not moved */
	int from_stats;             /* the paths are statistics files (linear
	                             * only): fit to their sum */
	const char *output;         /* where the model is written, atomically;
	                             * checked writable before any measuring */
	const char *stats_out;      /* instead of a model: the corpora's training
	                             * statistics written here (linear only) */
	smart_shard_walk *shard;    /* with stats_out: only this shard's pairs */
	smart_progress_fn progress; /* after each pair measured (each load
	                             * counts from 0), or NULL */
	void *progress_ctx;         /* progress's ctx */
} smart_train_corpora_options;

#define SMART_TRAIN_CORPORA_OPTIONS_VERSION 1
#define SMART_TRAIN_CORPORA_OPTIONS_INIT                                               \
	{ .version = SMART_TRAIN_CORPORA_OPTIONS_VERSION,                             \
	  .train = { .version = SMART_TRAIN_OPTIONS_VERSION, .kind = SMART_MODEL_LINEAR,  \
		     .degenerate = SMART_DEGENERATE_DROP },                             \
	  .folds = 10, .seed = 1 }

/* What smart_train_corpora did. */
typedef struct smart_train_report {
	smart_model *model;         /* the model written (owned), or NULL */
	smart_ols_fit fit;          /* linear: the fit and its ANOVA table */
	int has_fit;
	double train_f1;            /* the model's F1 on the base pairs */
	size_t n_rows;              /* base pairs (stats_out: pairs written) */
	size_t first_look_rows;     /* train_rows both: the rows measured as
	                             * first looks, after the ordinary ones */
	size_t n_adapt_pairs;       /* adaptation pairs (each counted adapt_weight
	                             * times in the fit) */
	double adapt_f1;            /* the model's F1 on them */
	size_t adapt_taught;        /* of them, those the base model decides
	                             * wrong: the only ones that refit it
	                             * (docs/adaptation.md, "Never worse than
	                             * none") */
	size_t adapt_right;         /* of those, how many the refit decides right */
	unsigned adapt_weight_used; /* the weight they count with (at most
	                             * adapt_weight; 0: no refit) */
	size_t adapt_locations;     /* adapt_profile: the locations of the
	                             * profile the model carries */
	size_t adapt_profile_pairs; /* the ignore pairs it was learnt from */
	size_t adapt_forbidden;     /* entries dropped from it: places a pair
	                             * labelled inspect changed */
	size_t adapt_classes;       /* adapt_accept: the change classes the
	                             * model accepts */
	double adapt_clean_move;    /* adapt_clean_cutoff: how far the cutoff
	                             * was moved towards ignore (0: not moved) */
	smart_profile_cutoff profile_cutoff; /* with profiles: how the model's
	                             * profile cutoff was chosen (found 0: it
	                             * has none; train/profile_cutoff.c) */
	smart_transfer_cutoff transfer_cutoff; /* with o->transfer_cutoff: how
	                             * the cutoff was moved (found 0: it was not) */
	double f1_cutoff;           /* the cutoff before it was moved */
	int no_cv;                  /* cross-validation failed: cv_error says why
	                             * (the model is written without it) */
	smart_error cv_error;
	size_t bad;                 /* unusable records of the load that stopped */
	smart_error first_bad;      /* the first of them */
	const char **names;         /* owned: the registry's names when o->names
	                             * was NULL */
} smart_train_report;

/* Trains on the corpora (or sums their statistics, or writes them, as `o`
 * says) and writes the model to o->output. Without o->skip_bad an unusable
 * record stops it after reading (report->bad and report->first_bad say
 * which). Free the report with smart_train_report_free, also after a
 * failure. */
int smart_train_corpora(const char *const *paths, size_t n_paths,
			const smart_train_corpora_options *o, smart_train_report *report,
			smart_error *err);

void smart_train_report_free(smart_train_report *report);

#endif
