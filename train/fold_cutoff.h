/*
 * Where a fold of a leave-one-application-out evaluation puts its cutoff
 * for the held-out application, beyond the paper's search
 * (train/fold_cutoff.c): the transfer offset chosen on its training
 * applications' first looks, and the cutoff the held-out application's
 * own clean pairs set. Internal to train/.
 */
#ifndef SMART_TRAIN_FOLD_CUTOFF_H
#define SMART_TRAIN_FOLD_CUTOFF_H

#include "smart/train.h"

/* The rows of every application of `t` but `out_a` and `skip_app`
 * (SIZE_MAX: none), as a dataset `d` over `rows`/`labels` (the caller's,
 * t->n_rows long): what a fold leaving those applications out trains on
 * (train/held_out_apps.c; the profile and transfer cutoffs). 1 when they
 * can train a model (3 rows or more, both labels), else 0. */
int smart__app_fold_rows(const smart_table *t, size_t out_a, size_t skip_app, double *rows,
			 unsigned char *labels, smart_dataset *d);

/* How far `score` lies past m's cutoff towards inspect (positive: m
 * inspects it), whatever m's comparison. */
double smart__margin(const smart_model *m, double score);

/* A leave-one-application-out pass (train/held_out_apps.c): which
 * applications of `t` are held out (`chosen[a]` non-zero, or every one
 * when NULL; never `skip_app`, whose rows take no part at all; SIZE_MAX:
 * none), what the pass is called in an error (`what`), and what is done
 * with each held-out application `a` and the model `m` fitted without it
 * (`visit`, with `ctx`; m is freed after the call). */
typedef struct smart__held_out {
	const smart_table *t;
	const unsigned char *chosen;
	size_t skip_app;
	const char *what;
	void (*visit)(void *ctx, size_t a, const smart_model *m);
	void *ctx;
} smart__held_out;

/* Holds each chosen application of h->t out in turn, fits a model on the
 * other applications' rows with `train` (degenerate features dropped),
 * and calls h->visit with it; an application whose fold cannot be fitted
 * (fewer than 3 rows, or one label only) is passed over. *apps receives
 * how many were held out. 0, or -1 with `err` set. */
int smart__held_out_apps(const smart__held_out *h, const smart_train_options *train,
			 size_t *apps, smart_error *err);

/* With o->transfer_cutoff: moves the cutoff of `model` (fitted without
 * application f) by the transfer offset chosen on the other applications'
 * first-look rows o->looks (smart_transfer_cutoff_search, f skipped).
 * 0, or -1 with `err` set. */
int smart__fold_transfer_cutoff(const smart_table *t, const smart_eval_options *o, size_t f,
				const smart_train_options *opt, smart_model *model,
				smart_error *err);

/* With o->clean_cutoff: the rows of application f (fold[i] == f, in
 * table order) are split into two halves, the first n_f / 2 and the rest;
 * move[h] receives how far past `cutoff` (towards ignore) the pairs of
 * half h are decided: just past the largest margin of the other half's
 * clean pairs (label ignore, decided by the model, not by a rule) when
 * `model` would inspect one and that margin is at most o->clean_cutoff,
 * else 0. Returns n_f, the rows of application f. */
size_t smart__clean_cutoff_moves(const smart_table *s, const smart_eval_options *o,
				 const size_t *fold, size_t f, const smart_model *model,
				 double cutoff, double move[2]);

/* The half (0 or 1) of the k-th row of an application of n_f rows. */
int smart__clean_cutoff_half(size_t k, size_t n_f);

#endif
