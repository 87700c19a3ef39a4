/*
 * Training and evaluation over corpora (SMART §4.1, §6; DESIGN §4).
 *
 * A corpus is measured once into a table that keeps, per pair, only the
 * feature vector, the label, the application and the two baseline verdicts
 * (bytes differ; normalised trees differ): documents are never kept.
 */
#ifndef SMART_TRAIN_H
#define SMART_TRAIN_H

#include <stddef.h>
#include <stdint.h>

#include "smart/compare.h"
#include "smart/corpus.h"
#include "smart/error.h"
#include "smart/features.h"
#include "smart/measure.h"
#include "smart/model.h"
#include "smart/profile.h"
#include "smart/progress.h"

typedef struct smart_table {
	size_t n_features;
	const char *const *names;   /* borrowed: n_features names */
	size_t n_rows, cap;
	double *rows;               /* n_rows x n_features */
	unsigned char *labels;      /* 1 = inspect */
	unsigned char *bytes_differ;/* diff baseline: any byte differs */
	unsigned char *trees_differ;/* tree-diff baseline */
	unsigned char *only_volatile;/* differ only in volatile values: classify
	                              * ignores them whatever the score */
	uint32_t *app;              /* index into apps */
	char **apps;                /* owned application names */
	size_t n_apps;
	/* Optional: oracle comparators (include/smart/compare.h) run on every
	 * pair by smart_table_load, for `smart eval --baselines`. Set them
	 * after smart_table_init; the verdicts are kept per row. */
	const smart_comparator *const *comparators; /* borrowed */
	size_t n_comparators;
	const smart_compare_config *compare_config;  /* borrowed, read-only */
	int comparator_features;      /* the last n_comparators feature columns
	                               * are the verdicts (1 = fail) */
	unsigned char *comparator_fail; /* n_rows x n_comparators, 1 = fail */
	/* Optional: the volatility profile of each application (NULL: none,
	 * built-in value shapes only), asked by smart_table_load for every
	 * record; and records to leave out (e.g. the rerun pairs a profile was
	 * learned from), skipped silently and counted in `skipped`. */
	const struct smart_profile *(*profile_for)(void *ctx, const char *app);
	int (*skip_record)(void *ctx, const char *app, const char *test, const char *origin);
	void *profile_ctx;
	size_t skipped;
	int raw;  /* measure with SMART's raw-tree features (no scrubbing) */
	unsigned scrubbers_off; /* scrubbers not run (smart/scrub.h; 0: all run) */
	int hold_out_rules; /* each record measured with the scrubbers read from
	                     * its own application off too
	                     * (smart_scrubbers_read_from_app): a simulated
	                     * first look (docs/first-look.md) */
	/* Optional: set `signatures` before loading to keep, per row, the ids
	 * of the pair's change signatures (smart/signature.h), for
	 * smart_review_simulate: row i's are sig_ids[i * SMART_TABLE_SIGNATURES
	 * ...], sig_n[i] of them; a pair with more than the signature set
	 * keeps (truncated) has one more id, its own (SMART_TABLE_OWN_ID), that
	 * no other pair holds; smart_review_simulate groups such a pair with
	 * no other (a change not kept can never be accepted with others).
	 * sig_cls holds each id's class (smart_signature_class; the own id's
	 * is itself), in the same places, and sig_kind its kind
	 * (smart_op_kind; SMART_TABLE_KIND_UNKNOWN for the own id or when the
	 * row gave none). */
	int signatures;
	uint64_t *sig_ids;
	uint64_t *sig_cls;
	unsigned char *sig_kind;
	unsigned char *sig_n;
	uint64_t *sig_test; /* with signatures: each row's test, its name hashed
	                     * (smart_shard_hash; 0: none given), so that the
	                     * simulated review can tell the same test in
	                     * another run */
} smart_table;

#define SMART_TABLE_SIGNATURES 33 /* SMART_SIGNATURES_MAX + the pair's own */
#define SMART_TABLE_KIND_UNKNOWN 0xff /* sig_kind of an id with no kind given */
/* The own id of row `row` whose signature set was cut short: its last id. */
#define SMART_TABLE_OWN_ID(row) ((1ull << 63) | (uint64_t)(row))

/* An empty table over `names` (borrowed). Free with smart_table_free. */
void smart_table_init(smart_table *t, const char *const *names, size_t n_features);
void smart_table_free(smart_table *t);

/* One measured pair, as smart_table_add takes it. */
typedef struct smart_table_row {
	const double *values;   /* n_features of them, copied */
	int label;              /* 1 = inspect */
	const char *app;
	int bytes_differ;
	int trees_differ;
	int only_volatile;
	const uint64_t *sig_ids; /* with smart_table.signatures: sig_n ids */
	const uint64_t *sig_cls; /* their classes (NULL: each its own id) */
	const unsigned char *sig_kind; /* their kinds (NULL: unknown) */
	unsigned sig_n;
	uint64_t sig_test;       /* the test's name hashed (0: none) */
} smart_table_row;

/* Appends one measured pair. */
int smart_table_add(smart_table *t, const smart_table_row *row, smart_error *err);

/* Row i of the table (borrowed), as smart_table_add takes it. */
smart_table_row smart_table_row_at(const smart_table *t, size_t i);

/* Stores the comparators' verdicts (n_comparators of them, 1 = fail) for
 * the row added last. */
void smart_table_set_verdicts(smart_table *t, const unsigned char *fails);

/* The confusion matrix of comparator k's verdicts against the labels. */
void smart_table_comparator_confusion(const smart_table *t, size_t k,
				      smart_confusion *c);

/* Row i as one line of text (with its newline; caller frees), exact, for
 * the shards of an evaluation (train/table_text.c, docs/shards.md). */
char *smart_table_row_text(const smart_table *t, size_t i, size_t *len, smart_error *err);

/* Appends the row a line of smart_table_row_text describes (t has the
 * same features and comparators). */
int smart_table_add_text(smart_table *t, const char *line, smart_error *err);

/* The table as a training dataset (rows borrowed). */
smart_dataset smart_table_dataset(const smart_table *t);

/* Called for every unusable record (err holds "FILE:LINE: cause"). */
typedef void (*smart_bad_record_fn)(void *ctx, const smart_error *err);

/* How smart_table_load reads corpora. */
typedef struct smart_load_options {
	unsigned version;          /* SMART_LOAD_OPTIONS_VERSION */
	smart_format format;       /* for records without a "format"
	                            * (SMART_FORMAT_AUTO: sniffed) */
	unsigned threads;          /* 0: all cores */
	smart_bad_record_fn on_bad;/* every unusable record, or NULL */
	void *payload;             /* on_bad's ctx */
	struct smart_shard_walk *shard; /* only this shard's records
	                            * (smart/shard.h), or NULL: all */
	void (*on_row)(void *ctx, size_t index); /* after each row is added,
	                            * its record's position among all the
	                            * records of the corpora (every record the
	                            * reader returns, usable or not, counts);
	                            * may be NULL */
	void *row_payload;         /* on_row's ctx */
	smart_progress_fn progress;/* after each record is measured (total:
	                            * the corpora's records; 0 with shard),
	                            * or NULL */
	void *progress_ctx;        /* progress's ctx */
} smart_load_options;

#define SMART_LOAD_OPTIONS_VERSION 1
#define SMART_LOAD_OPTIONS_INIT { .version = SMART_LOAD_OPTIONS_VERSION }

/* Every row's record position, in row order: give smart_row_positions_add
 * as on_row and the struct as row_payload. Callers that need the records
 * behind a table's rows (shards, adaptation) keep them this way. */
typedef struct smart_row_positions {
	size_t *at, n, cap;
	int failed;                /* out of memory: at is incomplete */
} smart_row_positions;

/* on_row's collector for smart_row_positions (ctx). */
void smart_row_positions_add(void *ctx, size_t index);

/* Reads labelled corpora into the table, measuring pairs on o->threads
 * threads, in input order. Every unusable record (bad JSON, no label, a
 * document that does not parse) is passed to o->on_bad and counted in
 * *bad; reading goes on. An I/O error stops with -1. */
int smart_table_load(smart_table *t, const char *const *paths, size_t n_paths,
		     const smart_load_options *o, size_t *bad, smart_error *err);

/* ---- training statistics that add up across shards (train/stats.c) ----
 *
 * What a linear model's training needs of a corpus, in a form that sums
 * over shards (docs/shards.md): n, XᵀX and Xᵀy (with the intercept column),
 * and each distinct feature vector with its count of ignore and inspect
 * pairs, which the cutoff search needs (it scores every training pair with
 * the fitted model, which no shard knows beforehand). An SVM does not
 * decompose this way: its support vectors are chosen among all the pairs
 * together. */
typedef struct smart_train_stats smart_train_stats;

/* The statistics of a loaded table; `params` (one line) says how its
 * pairs were measured, and must match across the files summed. */
smart_train_stats *smart_train_stats_of_table(const smart_table *t, const char *params,
					      smart_error *err);

/* Writes s atomically to `path` (doubles in exact hexadecimal notation). */
int smart_train_stats_write(const smart_train_stats *s, const char *const *names,
			    const char *path, smart_error *err);

/* Reads and sums statistics files, each of `names` features measured as
 * `params`; refuses one of other features or parameters, or cut short. */
smart_train_stats *smart_train_stats_sum(const char *const *paths, size_t n_paths,
					 const char *const *names, size_t n_features,
					 const char *params, smart_error *err);

/* The pairs the statistics stand for, as a dataset to train on (the
 * union's rows, grouped by feature vector; owned by s until it is freed
 * or this is called again). */
int smart_train_stats_dataset(smart_train_stats *s, const char *const *names,
			      smart_dataset *out, smart_error *err);

/* The least-squares moments: XᵀX ((p+1)², row-major, index 0 the
 * intercept), Xᵀy (p+1) and n, borrowed from s. */
void smart_train_stats_moments(const smart_train_stats *s, const double **xtx,
			       const double **xty, size_t *n);

void smart_train_stats_free(smart_train_stats *s);

/* ---- volatility profiles from rerun pairs (train/profile_pairs.c) ---- */

/* Which rerun records smart_profile_learn_pairs learns from. */
typedef struct smart_learn_pairs_options {
	unsigned version;     /* SMART_LEARN_PAIRS_OPTIONS_VERSION */
	const char *app;      /* only this application's, or NULL: all */
	int (*keep)(void *ctx, const smart_pair *pair); /* only these, or NULL */
	void *payload;        /* keep's ctx */
	smart_format format;  /* for records without a "format" */
	int ignore_pairs;     /* 1: every record labelled ignore, whatever its
	                       * origin (an ignore pair is two clean runs: the
	                       * adaptation pairs, the labels smart review
	                       * writes), instead of the records of origin "rerun" */
} smart_learn_pairs_options;

#define SMART_LEARN_PAIRS_OPTIONS_VERSION 1
#define SMART_LEARN_PAIRS_OPTIONS_INIT { .version = SMART_LEARN_PAIRS_OPTIONS_VERSION }

/* Learns `p` from the records of the corpora whose origin is "rerun" (or,
 * with o->ignore_pairs, that are labelled ignore) and that `o` selects; *used receives how many pairs were used. Any unusable
 * record is an error. */
int smart_profile_learn_pairs(struct smart_profile *p, const char *const *paths,
			      size_t n_paths, const smart_learn_pairs_options *o,
			      size_t *used, smart_error *err);

/* Splits rerun records into halves by test name (a hash), so that one half
 * can teach a profile while the other is scored: 1 for the learning half. */
int smart_rerun_for_learning(const char *test);

/* ---- the cutoff with a profile (train/profile_cutoff.c) ---- */

/* What smart_profile_cutoff_search found. */
typedef struct smart_profile_cutoff {
	int found;      /* 0: no held-out profiled pair, or one label only */
	double offset;  /* the F1-maximising threshold on the held-out
	                 * margins: past each fold's cutoff, towards inspect */
	double f1;      /* the pooled held-out F1 of those rows at it */
	size_t rows;    /* held-out rows searched (a rule's decision left out) */
	size_t apps;    /* profiled applications held out */
} smart_profile_cutoff;

/* Per application of `t` (t->apps), 1 when its rows were measured with a
 * profile (t->profile_for gives one). A new array, or NULL when out of
 * memory. Call on one thread: a profile set may learn on first use. */
unsigned char *smart_table_profiled_apps(const smart_table *t, smart_error *err);

/* Leaves each application marked in `profiled` out in turn (but
 * `skip_app`, an index into t->apps, whose rows take no part at all;
 * SIZE_MAX: none), fits a model on the other applications' rows with
 * `train` (degenerate features dropped), and pools the margins of the
 * held-out rows the model decides (rows a rule decides,
 * smart_forced_decision, are left out); then smart_cutoff_search over
 * them. An application whose fold cannot be fitted (one label only) is
 * left out. Reads `t` only. 0, or -1 with `err` set. */
int smart_profile_cutoff_search(const smart_table *t, const unsigned char *profiled,
				size_t skip_app, const smart_train_options *train,
				smart_profile_cutoff *out, smart_error *err);

/* Sets m's profile cutoff to its cutoff moved by pc->offset towards
 * ignore when positive (nothing when !pc->found). */
void smart_profile_cutoff_apply(smart_model *m, const smart_profile_cutoff *pc);

/* ---- the cutoff for a first look (train/transfer_cutoff.c) ---- */

/* What smart_transfer_cutoff_search found. */
typedef struct smart_transfer_cutoff {
	int found;      /* 0: no held-out application with a fault */
	double offset;  /* the chosen threshold on the held-out margins: past
	                 * each fold's cutoff, towards inspect */
	smart_cutoff_choice choice; /* the held-out figures at it */
	size_t rows;    /* held-out first-look rows searched */
	size_t apps;    /* applications held out */
} smart_transfer_cutoff;

/* What smart_transfer_cutoff_search searches: the training rows `t`, the
 * same pairs in the same order measured as first looks `looks`
 * (smart_table.hold_out_rules), an application whose rows take no part
 * at all (`skip_app`, an index into t->apps; SIZE_MAX: none), and the
 * objective. */
typedef struct smart_transfer_search {
	const smart_table *t;
	const smart_table *looks;
	size_t skip_app;
	smart_cutoff_objective objective;
} smart_transfer_search;

/* Leaves each application of s->t out in turn (but s->skip_app), fits a
 * model on the others' rows of s->t with `train` (degenerate features
 * dropped), scores the held-out application's rows of s->looks, and
 * searches their margins for the threshold best under s->objective,
 * application by application (smart_cutoff_search_groups; a rule's
 * decision counts, at +-infinity). Reads both tables only. 0, or -1 with
 * `err` set. */
int smart_transfer_cutoff_search(const smart_transfer_search *s, const smart_train_options *train,
				 smart_transfer_cutoff *out, smart_error *err);

/* Moves m's cutoff by tc->offset towards ignore when positive (nothing
 * when !tc->found). */
void smart_transfer_cutoff_apply(smart_model *m, const smart_transfer_cutoff *tc);

/* ---- cross-validation and evaluation (train/evaluate.c) ---- */

struct smart_profile_set; /* include/smart/profile_set.h */

/* How smart_evaluate cross-validates. Start from SMART_EVAL_OPTIONS_INIT
 * (linear, degenerate features dropped, 10 folds, seed 1). */
/* How `smart eval --by-app --adapt N` picks the held-out application's N
 * adaptation pairs (train/adapt_order.c). */
typedef enum smart_adapt_order {
	SMART_ADAPT_RANDOM = 0, /* a seeded shuffle, alternating labels (the default) */
	SMART_ADAPT_REVIEWER,   /* the pairs the unadapted model flags, as smart
	                         * review presents them: the score nearest the
	                         * cutoff first */
	SMART_ADAPT_BY_CHANGE,  /* one flagged pair per change signature, the
	                         * largest group first (smart review --by-change) */
	SMART_ADAPT_HIGHEST,    /* the flagged pairs, highest score first */
	SMART_ADAPT_FLAGGED     /* the flagged pairs drawn at random (the seed),
	                         * alternating labels while both remain among
	                         * them: a tester labelling a sample of what
	                         * smart flags at a first look */
} smart_adapt_order;

/* The pairs a model trains on (`--train-rows`, docs/first-look.md,
 * "Training on simulated first looks"). */
typedef enum smart_train_rows {
	SMART_TRAIN_ROWS_ORDINARY = 0, /* every pair measured with every rule on */
	SMART_TRAIN_ROWS_FIRST_LOOK,   /* every pair measured as a first look meets
	                                * it: the rules read from its own
	                                * application off (smart_table.hold_out_rules) */
	SMART_TRAIN_ROWS_BOTH          /* both rows of every pair */
} smart_train_rows;

/* The --train-rows word of `rows` ("ordinary", "first-look", "both"). */
const char *smart_train_rows_name(smart_train_rows rows);

/* Reads a --train-rows word into *rows: 0, or -1 when it names none. */
int smart_train_rows_parse(const char *word, smart_train_rows *rows);

typedef struct smart_eval_options {
	unsigned version; /* SMART_EVAL_OPTIONS_VERSION */
	smart_train_options train;
	unsigned folds;   /* k of k-fold cross-validation (0: 10) */
	int by_app;       /* leave one application out instead of k-fold */
	uint64_t seed;    /* shuffle and coin seed */
	size_t annotated; /* pairs labelled by hand for training, for the
	                   * LookCost/MissCost ratio (SMART §5); usually 0 */
	/* by-app only: this many pairs of the held-out application (chosen
	 * as adapt_order says: by default with the seed, alternating labels
	 * while both remain) join the
	 * training pairs, each counted `adapt_weight` times (0: the default,
	 * SMART_ADAPT_WEIGHT), and are not scored (SMART §6.3). */
	size_t adapt;
	unsigned adapt_weight;
	/* by-app only: called with each fold's model before it decides the
	 * held-out application `app`; may move model->cutoff (calibration on
	 * that application's clean reruns). NULL: none. */
	int (*calibrate)(void *ctx, const char *app, smart_model *model, smart_error *err);
	void *payload;    /* calibrate's ctx */
	int per_app;      /* by-app only: also fill smart_eval_result.per_app */
	/* by-app only: decide every application with this model instead of
	 * one fitted without it -- a first look (docs/first-look.md): how a
	 * model trained elsewhere meets applications it never saw. NULL: fit.
	 * Not with adapt. */
	const smart_model *model;
	/* by-app only: the held-out rows are decided on this table's values
	 * instead of t's -- the same rows, measured otherwise (with the
	 * profile the application's adaptation pairs taught); NULL: t. */
	const struct smart_table *scored;
	/* smart_eval_corpora, by-app with adapt: each held-out application's
	 * adaptation pairs labelled ignore also teach it a profile, and its
	 * other pairs are scored measured with it (docs/adaptation.md). */
	int adapt_profiles;
	/* smart_eval_corpora only (include/smart/eval.h): how the corpora
	 * are read and measured, and what is compared. */
	smart_format format;        /* records without a "format" (AUTO: sniffed) */
	unsigned threads;           /* 0: all cores */
	int raw;                    /* SMART's raw-tree features (no scrubbing) */
	unsigned scrubbers_off;     /* scrubbers not run (smart/scrub.h; 0: all) */
	int skip_bad;               /* evaluate without unusable records
	                             * (0: the first one is an error) */
	smart_bad_record_fn on_bad; /* every unusable record, or NULL */
	void *bad_payload;          /* on_bad's ctx */
	const char *const *names;   /* the table's columns, n_names of them; NULL:
	                             * the registry's features */
	size_t n_names;
	smart_comparator_set comparators; /* run on every pair (n 0: none) */
	int comparator_features;    /* also cross-validate smart with their verdicts
	                             * as its last feature columns (`names` lists them) */
	struct smart_profile_set *profiles; /* by-app: F1 of each application
	                             * without and with its profile (NULL: none) */
	int calibrate_reruns;       /* with profiles: also with the cutoff moved past
	                             * each held-out application's clean reruns */
	/* smart_eval_corpora without profiles: fills the table instead of
	 * reading the corpora (the rows the shards of a run measured,
	 * docs/shards.md); NULL: the corpora are read. */
	int (*fill_table)(void *ctx, smart_table *t, smart_error *err);
	void *fill_payload;
	/* smart_eval_corpora: after each record is measured, or NULL. */
	smart_progress_fn progress;
	void *progress_ctx;
	/* smart_eval_corpora without profiles: keep each pair's change
	 * signatures' key in the table (smart_table.signatures), for
	 * smart_review_simulate. */
	int signatures;
	/* by-app: the held-out rows of an application measured with a
	 * profile (the table's profile_for gives one) are decided by the
	 * fold model's profile cutoff, chosen by smart_profile_cutoff_search
	 * on its own training applications (a given model: its recorded one,
	 * if any); an application without a profile, by the cutoff. */
	int profile_cutoff;
	/* by-app with adapt: which of the held-out application's pairs are
	 * its adaptation pairs (docs/adaptation.md, "As a reviewer meets
	 * them"). */
	smart_adapt_order adapt_order;
	/* by-app with adapt: the change classes the held-out application's
	 * ignore-labelled adaptation pairs hold, less those its
	 * inspect-labelled ones hold, are accepted: a pair the model inspects
	 * whose every residual change is of an accepted class is ignore, as
	 * an adapted model's classify decides (docs/adaptation.md). Needs the
	 * table loaded with signatures (smart_eval_corpora loads them). */
	int adapt_accept;
	/* smart_eval_corpora by-app: each held-out application's pairs are
	 * measured with the scrubbers read from it turned off (a simulated
	 * first look, smart_table.hold_out_rules); not with profiles,
	 * adaptation or shards. */
	int hold_out_rules;
	/* smart_eval_corpora by-app: the rows each fold trains on (the other
	 * applications' pairs measured ordinarily, as a first look meets
	 * them, or both), whatever its held-out rows are measured as. */
	smart_train_rows train_rows;
	/* smart_evaluate by-app: the rows of this table (the same pairs in the
	 * same order, measured otherwise) outside the held-out application
	 * also train each fold's model; NULL: none. */
	const struct smart_table *train_also;
	/* smart_eval_corpora by-app, ordinary training rows: each fold
	 * model's cutoff is moved by the transfer offset
	 * (smart_transfer_cutoff_search, objective transfer_objective) chosen
	 * on its own training applications' first-look rows, as `smart train
	 * --cutoff transfer` moves the model's (docs/model.md). smart_evaluate
	 * reads those rows from `looks` (the same pairs, measured as first
	 * looks). */
	int transfer_cutoff;
	smart_cutoff_objective transfer_objective;
	const struct smart_table *looks;
	/* by-app: when > 0, each held-out application's cutoff is moved just
	 * past the residue of its own clean pairs (labelled ignore, decided by
	 * the model) when that residue lies within clean_cutoff of the
	 * cutoff, cross-fitted: the clean pairs of one half of its pairs (in
	 * table order) set the cutoff of the other half (train/fold_cutoff.c,
	 * docs/first-look.md). Not with adapt. */
	double clean_cutoff;
	/* by-app with adapt: the table whose rows of the held-out
	 * application are its adaptation pairs, and on whose rows the
	 * reviewer's order ranks them -- the same pairs as t, measured as
	 * the application's first look meets them (its own rules off,
	 * `--adapt` with `--hold-out-rules`, train/first_look_adapt.c);
	 * NULL: t. The other applications' rows of t train the folds. */
	const struct smart_table *held;
	/* by-app with adapt, > 0: each fold's adapted model has its cutoff
	 * moved just past the residue of the held-out application's
	 * adaptation pairs labelled ignore, within this bound, as `smart
	 * train --adapt` moves it (train/adapt_cutoff.c); 0: not moved. */
	double adapt_clean_cutoff;
} smart_eval_options;

#define SMART_EVAL_OPTIONS_VERSION 1
#define SMART_EVAL_OPTIONS_INIT                                                        \
	{ .version = SMART_EVAL_OPTIONS_VERSION,                                      \
	  .train = { .version = SMART_TRAIN_OPTIONS_VERSION, .kind = SMART_MODEL_LINEAR,  \
		     .degenerate = SMART_DEGENERATE_DROP },                             \
	  .folds = 10, .seed = 1 }

/* How many base pairs one adaptation pair counts as by default. */
#define SMART_ADAPT_WEIGHT 50

/* The bound of an adapted model's clean cutoff by default (`smart train
 * --adapt` and `smart eval --adapt`, --adapt-clean-cutoff B;
 * docs/adaptation.md). */
#define SMART_ADAPT_CLEAN_BOUND 0.1

typedef struct smart_eval_result {
	smart_confusion smart;       /* pooled over the held-out folds */
	smart_confusion diff;        /* any byte difference -> inspect */
	smart_confusion tree_diff;   /* normalised trees differ -> inspect */
	smart_confusion fair_coin;   /* inspect with probability 1/2 */
	smart_confusion biased_coin; /* inspect with the corpus' inspect rate */
	size_t diff_flagged;
	double break_even;           /* smart's LookCost/MissCost vs diff */
	unsigned folds;              /* folds actually run */
	smart_confusion *per_app;    /* --by-app: smart's confusion per held-out
	                              * application (the table's apps order);
	                              * owned, free with smart_eval_result_free */
	size_t n_per_app;
	/* Per table row, the held-out decision's ingredients (docs/plots.md):
	 * the score of the fold's model minus that model's cutoff, signed so
	 * that >= 0 is the model's inspect (NAN: an adaptation pair, not
	 * scored); and the rule's decision (smart_forced_decision: 0 or 1)
	 * that overrode the model, or -1. Owned, n_rows long. */
	double *margin;
	signed char *forced;
	/* Per table row: 1 when the classes the application's adaptation
	 * pairs accept (adapt_accept) turned the pair's inspect to ignore.
	 * Owned, n_rows long. */
	unsigned char *accepted;
} smart_eval_result;

/* The application with the lowest F1 among those with an inspect pair
 * (F1 says nothing about one that has none; the first of equals), or n
 * when there is none. */
size_t smart_eval_worst_app(const smart_confusion *per_app, size_t n);

/* The area under the ROC curve of the held-out decisions of application
 * `app` (an index into t->apps; SIZE_MAX: every row), pairs ranked by
 * r->margin with a rule's decision above or below every score
 * (train/auc.c); NAN when its scored pairs hold one label only or when out
 * of memory. */
double smart_eval_auc(const smart_table *t, const smart_eval_result *r, size_t app);

/* Frees what a result owns (per_app); the result may be reused. */
void smart_eval_result_free(smart_eval_result *r);

/* Cross-validates a model on the table (k-fold with a seeded shuffle, or
 * leave-one-application-out) and scores the baselines on the same pairs.
 * Held-out predictions are pooled into one confusion matrix. */
int smart_evaluate(const smart_table *t, const smart_eval_options *o,
		   smart_eval_result *r, smart_error *err);

#endif
