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

#endif
