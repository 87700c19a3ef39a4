/*
 * Cross-validation and the baselines of SMART Fig. 3: the model is trained
 * on all folds but one and decides the held-out one, for every fold (the
 * folds side by side on the thread pool); diff, tree-diff and the two
 * coins decide the same pairs.
 */
#include "smart/train.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/pool.h"
#include "common/rng.h"
#include "adapt_rows.h"
#include "fold_cutoff.h"

/* Assigns every row a fold: a seeded shuffle dealt round-robin into k
 * folds, stratified by label, or the row's application. Returns the number of folds. */
static size_t assign_folds(const smart_table *t, const smart_eval_options *o,
			   size_t *fold, smart_error *err)
{
	size_t n = t->n_rows, k;
	size_t *order;
	uint64_t rng = o->seed;

	if (o->by_app) {
		/* a given model needs no other application to train on */
		if (t->n_apps < (o->model ? 1u : 2u)) {
			smart_error_set(err,
				"--by-app needs pairs from at least two applications (found %zu)",
				t->n_apps);
			return 0;
		}
		for (size_t i = 0; i < n; i++)
			fold[i] = t->app[i];
		return t->n_apps;
	}
	k = o->folds ? o->folds : 10;
	if (k < 2) {
		smart_error_set(err, "cross-validation needs at least 2 folds");
		return 0;
	}
	if (k > n)
		k = n; /* leave-one-out on small corpora */
	order = malloc(n * sizeof(*order));
	if (!order) {
		smart_error_oom(err);
		return 0;
	}
	for (size_t i = 0; i < n; i++)
		order[i] = i;
	for (size_t i = n; i > 1; i--) { /* Fisher-Yates */
		size_t j = (size_t)smart_rng_below(&rng, i), tmp = order[i - 1];

		order[i - 1] = order[j];
		order[j] = tmp;
	}
	/* Stratified: deal the inspect pairs first, then the others, so every
	 * fold (and every training set) sees both labels when it can. */
	{
		size_t dealt = 0;

		for (int label = 1; label >= 0; label--)
			for (size_t i = 0; i < n; i++)
				if (t->labels[order[i]] == label)
					fold[order[i]] = dealt++ % k;
	}
	free(order);
	return k;
}

/* Trains on every row outside fold f (plus, with o->adapt, the chosen rows
 * of fold f, weighted, when the base model decides one wrong) and decides the rest
 * of fold f: their margins and
 * forced decisions into r (rows no other fold touches), their confusion
 * into *decided. Runs on a pool thread (fold_work): it reads the table
 * and writes only its own rows. */
static int run_fold(const smart_table *t, const smart_eval_options *o, const size_t *fold,
		    size_t f, const unsigned char *chosen,
		    const unsigned char *profiled, smart_eval_result *r,
		    smart_confusion *decided, smart_error *err)
{
	size_t p = t->n_features, n = t->n_rows;
	smart_train_options opt = o->train;
	smart_model *model = NULL;
	uint64_t *classes = NULL;
	size_t n_classes = 0;
	double cutoff, move[2] = { 0, 0 };
	size_t n_f = 0, k_f = 0; /* with a clean cutoff: f's rows, and the next */
	int prof;

	opt.degenerate = SMART_DEGENERATE_DROP; /* a fold may lack a rare feature */
	/* a first look: the given model decides, as it would in the field */
	model = o->model ? (smart_model *)o->model : smart__adapt_fold_model(t, o, fold, f, chosen, err);
	if (!model) {
		if (o->by_app)
			return smart_error_prefix(err, "training without application '%s'",
						  t->apps[f]);
		return smart_error_prefix(err, "fold %zu", f + 1);
	}
	if (o->by_app && o->adapt && o->adapt_accept && (o->held ? o->held : t)->signatures &&
	    smart__adapt_accept_fold_classes(o->held ? o->held : t, fold, f, chosen, &classes,
					     &n_classes, err)) {
		if (model != o->model)
			smart_model_free(model);
		return -1;
	}
	/* pairs measured with a profile: the fold's own profile cutoff,
	 * chosen without the held-out application (train/profile_cutoff.c);
	 * an application without one is decided by the cutoff */
	prof = profiled && profiled[f];
	if (prof && model != o->model) {
		smart_profile_cutoff pc;

		if (smart_profile_cutoff_search(t, profiled, f, &opt, &pc, err)) {
			smart_model_free(model);
			free(classes);
			return smart_error_prefix(err, "training without application '%s'",
						  t->apps[f]);
		}
		smart_profile_cutoff_apply(model, &pc);
		smart_model_use_profile_cutoff(model);
	}
	/* the fold's cutoff for a first look, chosen on its own training
	 * applications' first-look rows (train/fold_cutoff.c) */
	if (o->by_app && o->transfer_cutoff && o->looks && model != o->model &&
	    smart__fold_transfer_cutoff(t, o, f, &opt, model, err)) {
		smart_model_free(model);
		free(classes);
		return smart_error_prefix(err, "training without application '%s'", t->apps[f]);
	}
	if (o->by_app && o->calibrate && !o->model &&
	    o->calibrate(o->payload, t->apps[f], model, err)) {
		smart_model_free(model);
		return smart_error_prefix(err, "calibrating for application '%s'", t->apps[f]);
	}
	cutoff = smart_model_cutoff_for(model, model == o->model && prof);
	/* the cutoff the held-out application's own clean pairs set, each
	 * half decided by the other's (train/fold_cutoff.c) */
	if (o->by_app && o->clean_cutoff > 0)
		n_f = smart__clean_cutoff_moves(o->scored ? o->scored : t, o, fold, f, model,
						cutoff, move);
	for (size_t i = 0; i < n; i++) {
		const smart_table *s = o->by_app && o->scored ? o->scored : t;
		int decision, by_model;
		double score, cut = cutoff;

		if (fold[i] != f || (o->by_app && o->adapt && chosen[i]))
			continue;
		if (n_f) {
			double m = move[smart__clean_cutoff_half(k_f++, n_f)];

			cut = model->comparison == SMART_CMP_GE ? cutoff + m : cutoff - m;
		}
		/* as classify decides: a pair whose every difference is a
		 * volatile value is ignored whatever its score */
		decision = smart_forced_decision(s->names, p, s->rows + i * p, s->only_volatile[i]);
		score = smart_model_score(model, s->rows + i * p);
		/* as smart_model_decide, with the cutoff this fold decides by */
		by_model = isnan(score) || smart_cutoff_inspects(score, cut, model->comparison);
		/* the held-out score past this fold's cutoff, towards inspect:
		 * >= 0 exactly when the model inspects (docs/plots.md) */
		r->margin[i] = model->comparison == SMART_CMP_GE ? score - cut : cut - score;
		r->forced[i] = (signed char)decision;
		if (decision < 0)
			decision = by_model;
		/* as classify decides with the adapted model's accepted classes */
		if (decision && n_classes &&
		    smart__adapt_accept_covers(s->signatures ? s : t, i, classes, n_classes)) {
			decision = 0;
			r->forced[i] = 0; /* a rule's ignore: below every score */
			r->accepted[i] = 1;
		}
		smart_confusion_add(decided, decision, t->labels[i]);
	}
	if (model != o->model)
		smart_model_free(model);
	free(classes);
	return 0;
}

/* The folds as jobs of the thread pool (common/pool.h): each one trains a
 * model of its own, so the folds of a cross-validation run side by side
 * on the table measured once; their confusions are summed in fold order
 * (sums of counts: the result does not depend on the threads). */
typedef struct fold_job {
	size_t f;
	int failed;
	smart_error err;
	smart_confusion decided;
} fold_job;

typedef struct fold_ctx {
	const smart_table *t;
	const smart_eval_options *o;
	const size_t *fold;
	unsigned char *chosen;
	const unsigned char *profiled; /* with o->profile_cutoff: per application */
	size_t k, next_f;
	smart_eval_result *r;
} fold_ctx;

/* Calling thread: the next fold (its adaptation rows were chosen before
 * the first, smart__adapt_choose_all). */
static int fold_next(void *ctx, void **out, smart_error *err)
{
	fold_ctx *c = ctx;
	fold_job *j;

	if (c->next_f == c->k)
		return 0;
	if (!(j = calloc(1, sizeof(*j))))
		return smart_error_oom(err);
	j->f = c->next_f++;
	*out = j;
	return 1;
}

static void fold_work(void *ctx, void *job)
{
	fold_ctx *c = ctx;
	fold_job *j = job;

	j->failed = run_fold(c->t, c->o, c->fold, j->f, c->chosen, c->profiled, c->r,
			     &j->decided, &j->err) != 0;
}

/* Calling thread, in fold order: the fold's decisions added up. */
static int fold_done(void *ctx, void *job, smart_error *err)
{
	fold_ctx *c = ctx;
	fold_job *j = job;
	int rc = 0;

	if (j->failed) {
		*err = j->err;
		rc = -1;
	} else {
		c->r->smart.tp += j->decided.tp;
		c->r->smart.fp += j->decided.fp;
		c->r->smart.fn += j->decided.fn;
		c->r->smart.tn += j->decided.tn;
		if (c->r->per_app)
			c->r->per_app[j->f] = j->decided;
	}
	free(j);
	return rc;
}

static void fold_discard(void *ctx, void *job)
{
	(void)ctx;
	free(job);
}

size_t smart_eval_worst_app(const smart_confusion *per_app, size_t n)
{
	size_t worst = n;

	for (size_t a = 0; a < n; a++) {
		if (per_app[a].tp + per_app[a].fn == 0)
			continue;
		if (worst == n || smart_confusion_scores(&per_app[a]).f1 <
				  smart_confusion_scores(&per_app[worst]).f1)
			worst = a;
	}
	return worst;
}

void smart_eval_result_free(smart_eval_result *r)
{
	free(r->per_app);
	free(r->margin);
	free(r->forced);
	free(r->accepted);
	r->accepted = NULL;
	r->per_app = NULL;
	r->n_per_app = 0;
	r->margin = NULL;
	r->forced = NULL;
}

/* The baselines on every row of the table. */
static void baselines(const smart_table *t, uint64_t seed, const unsigned char *skip,
		      smart_eval_result *r)
{
	uint64_t rng = seed ^ 0x5eed5eed5eedULL;
	size_t pos = 0;
	double rate;

	for (size_t i = 0; i < t->n_rows; i++)
		pos += t->labels[i];
	/* The biased coin knows the true inspect rate (SMART §4.1.3). */
	rate = t->n_rows ? (double)pos / (double)t->n_rows : 0;
	for (size_t i = 0; i < t->n_rows; i++) {
		int y = t->labels[i];

		if (skip[i]) /* adaptation pairs are not scored */
			continue;
		smart_confusion_add(&r->diff, t->bytes_differ[i], y);
		smart_confusion_add(&r->tree_diff, t->trees_differ[i], y);
		smart_confusion_add(&r->fair_coin, smart_rng_uniform(&rng) < 0.5, y);
		smart_confusion_add(&r->biased_coin, smart_rng_uniform(&rng) < rate, y);
		r->diff_flagged += t->bytes_differ[i];
	}
}

int smart_evaluate(const smart_table *t, const smart_eval_options *o,
		   smart_eval_result *r, smart_error *err)
{
	size_t n = t->n_rows, k;
	size_t *fold = malloc((n ? n : 1) * sizeof(*fold));
	unsigned char *chosen = calloc(n ? n : 1, 1), *profiled = NULL;
	static const smart_pool_ops ops = { .next = fold_next, .work = fold_work,
					    .done = fold_done, .discard = fold_discard };
	fold_ctx c = { .t = t, .o = o, .fold = fold, .chosen = chosen, .r = r };
	int rc = -1;

	memset(r, 0, sizeof(*r));
	if (o->version != SMART_EVAL_OPTIONS_VERSION) {
		smart_error_set(err, "smart_evaluate: options of version %u, not %u "
				"(start from SMART_EVAL_OPTIONS_INIT)", o->version,
				SMART_EVAL_OPTIONS_VERSION);
		goto done;
	}
	for (int other = 0; other < 3; other++) {
		const smart_table *u = other == 2 ? o->held : other ? o->train_also : o->scored;

		if (u && (u->n_rows != n || u->n_features != t->n_features)) {
			smart_error_set(err, "smart_evaluate: the %s table has %zu rows of %zu "
					"features, not %zu of %zu",
					other == 2 ? "held" : other ? "other" : "scored", u->n_rows,
					u->n_features, n, t->n_features);
			goto done;
		}
	}
	if (o->model && (!o->by_app || o->adapt || o->model->n_features != t->n_features)) {
		smart_error_set(err, "smart_evaluate: a given model scores by application, "
				"without adaptation, on the table's %zu features", t->n_features);
		goto done;
	}
	if (!fold || !chosen) {
		smart_error_oom(err);
		goto done;
	}
	if (n < 3) {
		smart_error_set(err, "too few labelled pairs to evaluate: %zu", n);
		goto done;
	}
	k = assign_folds(t, o, fold, err);
	if (k == 0)
		goto done;
	r->margin = malloc(n * sizeof(*r->margin));
	r->forced = malloc(n);
	r->accepted = calloc(n, 1);
	if (!r->margin || !r->forced || !r->accepted) {
		smart_error_oom(err);
		goto done;
	}
	for (size_t i = 0; i < n; i++) { /* adaptation pairs stay unscored */
		r->margin[i] = NAN;
		r->forced[i] = -1;
	}
	if (o->by_app && o->per_app) {
		r->per_app = calloc(k, sizeof(*r->per_app));
		if (!r->per_app) {
			smart_error_oom(err);
			goto done;
		}
		r->n_per_app = k;
	}
	c.k = k;
	if (o->by_app && o->adapt && smart__adapt_choose_all(t, o, chosen, err))
		goto done;
	/* before the pool: a profile set may learn on first use */
	if (o->by_app && o->profile_cutoff && !(profiled = smart_table_profiled_apps(t, err)))
		goto done;
	c.profiled = profiled;
	/* a calibration callback is the caller's code: it runs on one thread */
	if (smart__pool_map(o->calibrate ? 1 : o->threads, &ops, &c, err))
		goto done;
	r->folds = (unsigned)k;
	baselines(t, o->seed, chosen, r);
	r->break_even = smart_break_even_ratio(&r->smart, r->diff_flagged, o->annotated);
	rc = 0;
done:
	if (rc)
		smart_eval_result_free(r);
	free(fold);
	free(chosen);
	free(profiled);
	return rc;
}
