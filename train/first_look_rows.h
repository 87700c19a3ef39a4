/*
 * Pairs measured as a first look meets them (train/first_look_rows.c):
 * each application's pairs with the scrubbers read from its own false
 * alarms turned off (smart_table.hold_out_rules), to score a held-out
 * application as a simulated first look (`smart eval --by-app
 * --hold-out-rules`) and to train on (`--train-rows`). Internal to train/.
 */
#ifndef SMART_TRAIN_FIRST_LOOK_ROWS_H
#define SMART_TRAIN_FIRST_LOOK_ROWS_H

#include "smart/eval.h"
#include "smart/train.h"

/* Loads the corpora into `t` as smart_eval_corpora does; an unusable
 * record is an error unless o->skip_bad (train/eval_corpora.c). */
int smart__eval_load(smart_table *t, const char *const *paths, size_t n_paths,
		     const smart_eval_options *o, smart_eval_report *report, smart_error *err);

/* smart_eval_corpora by application with o->hold_out_rules or
 * o->train_rows (with o->adapt: a first look, then N pairs): the corpora measured ordinarily and/or as first looks
 * (each only when needed), r->table the rows the held-out applications
 * are scored on (first looks with o->hold_out_rules), the folds trained
 * on the rows o->train_rows names. 0, or -1 with `err` set. */
int smart__eval_first_look(const char *const *paths, size_t n_paths,
			   const smart_eval_options *o, smart_eval_report *r, smart_error *err);

/* With --adapt by application: loads `t` (set up as ordinary rows or as
 * first looks), learns each application's profile from its adaptation
 * pairs labelled ignore, chosen as folds trained on `train` (NULL: t)
 * choose them (with o->held: ranked on those rows), and measures the
 * corpora again as `t` with those profiles into `scored`
 * (train/eval_corpora.c). 0, or -1 with `err` set. */
int smart__eval_adapt_load(const char *const *paths, size_t n_paths,
			   const smart_eval_options *o, smart_eval_report *r,
			   const smart_table *train, smart_table *t, smart_table *scored,
			   smart_error *err);

/* Checks that `a` and `b` hold the same pairs in the same order (the
 * same labels and applications), as two measurings of one set of corpora
 * must. 0, or -1 with `err` saying where they part. */
int smart__tables_same_pairs(const smart_table *a, const smart_table *b, smart_error *err);

#endif
