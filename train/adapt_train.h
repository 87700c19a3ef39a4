/* The adaptation steps of `smart train --adapt` (train/adapt_train.c). */
#ifndef SMART_TRAIN_ADAPT_TRAIN_H
#define SMART_TRAIN_ADAPT_TRAIN_H

#include "smart/train_corpora.h"

/* The change classes the adaptation pairs `extra` accept (when
 * o->adapt_accept), as the JSON text the model carries, into *accepted
 * (NULL: none); r->adapt_classes counts them. 0, or -1 with `err` set. */
int smart__adapt_train_accepted(const smart_table *extra, const smart_train_corpora_options *o,
				char **accepted, smart_train_report *r, smart_error *err);

/* Refits with the adaptation pairs `extra` when the model of t's base rows
 * decides one wrong: the pairs the plan took are appended to `t`, each
 * `weight` times at most (the weight the plan chose). 0, or -1. */
int smart__adapt_train_refit(smart_table *t, const smart_table *extra,
			     const smart_train_corpora_options *o, size_t weight,
			     smart_train_report *r, smart_error *err);

/* Moves the adapted model r->model's cutoff past the residue of the
 * adaptation pairs `extra` labelled ignore, within o->adapt_clean_cutoff
 * (train/adapt_cutoff.c); r->adapt_clean_move says how far. 0, or -1. */
int smart__adapt_train_cutoff(const smart_table *extra, const smart_train_corpora_options *o,
			      smart_train_report *r, smart_error *err);

/* The profile the adapted model r->model carries, learnt from the
 * adaptation corpora's ignore pairs, widened, and never at a place a
 * labelled fault changed. 0, or -1 with `err` set. */
int smart__adapt_train_profile(const smart_train_corpora_options *o, smart_train_report *r,
			       smart_error *err);

#endif
