/*
 * The adaptation pairs of a leave-one-application-out evaluation
 * (train/adapt_rows.c): which rows of the held-out application join the
 * training, and the profile their ignore pairs teach it. Internal to
 * train/.
 */
#ifndef SMART_TRAIN_ADAPT_ROWS_H
#define SMART_TRAIN_ADAPT_ROWS_H

#include "smart/train.h"

/* Marks in chosen[] (its rows of fold f cleared first) up to `adapt` rows
 * of fold f, picked with a shuffle seeded by `seed` and f, alternating
 * labels (inspect first) while both remain: the held-out application's
 * few labelled pairs. */
int smart__choose_adaptation(const smart_table *t, size_t adapt, uint64_t seed,
			     const size_t *fold, size_t f, unsigned char *chosen, smart_error *err);

/* Marks in chosen[] (t->n_rows long, cleared first) the adaptation rows
 * of every application, each held out in turn, as o->adapt_order says
 * (train/adapt_order.c): o->adapt of them at random (o->seed), or as a
 * reviewer meets them, ranked by the held-out decisions of a model
 * trained without the application (smart_evaluate with o, unadapted). */
int smart__adapt_choose_all(const smart_table *t, const smart_eval_options *o,
			    unsigned char *chosen, smart_error *err);

/* Learns profiles[a] (t->n_apps of them, made empty by the caller) from
 * the adaptation pairs labelled ignore that smart__adapt_choose_all picks
 * for application a when it is held out: the
 * records are read again from the corpora, found by their positions
 * (positions[i]: row i's record among all the records, as
 * smart_load_options.on_row gives it). */
int smart__adapt_profiles_learn(const smart_table *t, const size_t *positions,
				const char *const *paths, size_t n_paths,
				const smart_eval_options *o, struct smart_profile **profiles,
				smart_error *err);

/* Learns `p` from one labelled record: its two documents are two clean
 * runs of its test (train/profile_pairs.c). */
int smart__profile_learn_record(struct smart_profile *p, const smart_pair *pair,
				smart_format fallback, smart_error *err);

/* As smart__profile_learn_record, with the scrubbers `scrubbers_off`
 * (1u << smart_scrubber_id) off. */
int smart__profile_learn_record_off(struct smart_profile *p, const smart_pair *pair,
				    smart_format fallback, unsigned scrubbers_off, smart_error *err);

/* The change classes the rows marked in use[] (t->n_rows long; t loaded
 * with signatures) accept (train/adapt_accept.c): every class a row
 * labelled ignore holds, less every class a row labelled inspect holds,
 * sorted, into a new array *out of *n_out (NULL, 0: none). */
int smart__adapt_accept_classes(const smart_table *t, const unsigned char *use,
				uint64_t **out, size_t *n_out, smart_error *err);

/* The change classes the chosen adaptation rows of fold f (fold[i] == f
 * and chosen[i]) accept, as smart__adapt_accept_classes. */
int smart__adapt_accept_fold_classes(const smart_table *t, const size_t *fold, size_t f,
				     const unsigned char *chosen, uint64_t **classes,
				     size_t *n_classes, smart_error *err);

/* The classes as the text of an accepted-changes object ("format":
 * "smart-accepted", one {"class": 16 hex digits} per class,
 * include/smart/accepted.h), as an adapted model carries them; a new
 * string, or NULL with `err` set. */
char *smart__adapt_accept_json(const uint64_t *classes, size_t n, smart_error *err);

/* 1 when row i of t (loaded with signatures) holds at least one residual
 * change and every one is of a class among the sorted classes[0 .. n);
 * never for a pair whose signature set was cut short. */
int smart__adapt_accept_covers(const smart_table *t, size_t i, const uint64_t *classes,
			       size_t n);

/* The few labelled pairs of an application, measured as the base pairs
 * are: n rows of n_features values, their labels (1 = inspect) and the
 * rule's decision of each (smart_forced_decision: 0, 1, or -1 for none;
 * forced NULL: none). Borrowed. */
typedef struct smart__adapt_pairs {
	const double *rows;
	const unsigned char *labels;
	const signed char *forced;
	size_t n, n_features;
} smart__adapt_pairs;

/* What refitting with the adaptation pairs came to (train/adapt_refit.c). */
typedef struct smart__adapt_plan {
	size_t taught;      /* pairs the base model decides wrong: without
	                     * one, nothing is refitted */
	size_t right;       /* of those, how many the refit decides right */
	unsigned weight;    /* the weight they count with; 0: no refit */
	smart_model *model; /* the refitted model (owned by the caller), or
	                     * NULL: the base model stands unchanged */
} smart__adapt_plan;

/* The refit of few-pair adaptation that is never worse than none
 * (train/adapt_refit.c): when `base_model` (fitted on `base`) already
 * decides every pair of `a` as labelled (or a rule decides it), nothing
 * is refitted; else the pairs no rule decides are added to `base` with
 * the smallest weight of 1, 2, 5, 10, 20, 50, ... up to max_weight that
 * decides the most of them right, taken only when that is more than the
 * base model decides right (the pairs it already decided right are the
 * anchors that keep the refit from overshooting). teach[k] (a->n places)
 * is 1 for the pairs that joined the refit taken. plan->model is NULL
 * when nothing was refitted. 0, or -1 with `err`. */
int smart__adapt_refit(const smart_dataset *base, const smart_model *base_model,
		       const smart__adapt_pairs *a, const smart_train_options *opt,
		       unsigned max_weight, unsigned char *teach, smart__adapt_plan *plan,
		       smart_error *err);

/* How far the cutoff of the adapted linear model `m` moves towards
 * ignore so that every pair of `a` labelled ignore that no rule decides
 * is decided ignore: just past the largest such margin, when the model
 * inspects one and that margin is at most `bound` (<= 0: never), and
 * when no pair of `a` labelled inspect would then be decided ignore;
 * else 0 (train/adapt_cutoff.c). */
double smart__adapt_clean_move(const smart_model *m, const smart__adapt_pairs *a, double bound);

/* Moves m's cutoff by `move` (> 0) towards ignore and records it in its
 * provenance (cutoff_search "adapt-clean", cutoff_offset). */
void smart__adapt_clean_apply(smart_model *m, double move);

/* The model of fold f of an evaluation (train/evaluate.c): trained on
 * every row outside it; with o->by_app and o->adapt, refitted by
 * smart__adapt_refit with the chosen rows of fold f (measured as training
 * measures them). A new model, or NULL with `err` set. */
smart_model *smart__adapt_fold_model(const smart_table *t, const smart_eval_options *o,
				     const size_t *fold, size_t f, const unsigned char *chosen,
				     smart_error *err);

/* Drops from `p` (the profile an adapted model carries) every place the
 * pairs labelled inspect of the adaptation corpora `paths` changed
 * (smart_profile_forbid; train/adapt_guard.c): *dropped gets how many
 * entries went. 0, or -1 with `err` set. */
int smart__adapt_profile_guard(struct smart_profile *p, const char *const *paths,
			       size_t n_paths, smart_format format, size_t *dropped,
			       smart_error *err);

#endif
