/*
 * The sign constraints' path (model/ols_internal.h): OLS refitted with
 * the most significant feature whose weight contradicts its hypothesised
 * sign fixed at 0, until none does (SMART §3.4 with the hypothesised signs
 * of docs/features.md). The default model takes some twenty refits, and
 * each of the ten folds of its cross-validation as many: as fits on all
 * rows they were a fifth of the training's time. The path is walked on
 * the data's triangle instead (ols_reduced.c), each refit O(p^3); a refit
 * on all rows is made where the triangle's decision is close (a weight
 * near the sign tolerance, two contradicting features of nearly the same
 * F, a rank test near its tolerance) and for the last refit, which gives
 * the weights: so the fit is the one the refits on all rows give.
 */
#include "ols_internal.h"
#include "smart/features.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Two partial F this close (relatively) are a tie too close to call. */
#define PATH_F_BAND 1e-6

/* The feature to fix next: the most significant one whose weight
 * contradicts its sign (the first of equal F), p when none does. With
 * `margin`, *sure is cleared when a weight is within its margin of the
 * tolerance or the two largest F are too close to tell apart. */
static size_t path_worst(size_t p, const signed char *signs, const unsigned char *dropped,
			 const double *weights, const double *f, const double *margin, int *sure)
{
	size_t worst = p;
	double worst_f = -1, second_f = -1;

	for (size_t j = 0; j < p; j++) {
		double v, fj;

		if (dropped[j])
			continue;
		v = signs[j] * weights[j];
		if (margin && fabs(v + SMART_SIGN_TOLERANCE) <= margin[j] * fabs((double)signs[j]))
			*sure = 0;
		if (v >= -SMART_SIGN_TOLERANCE)
			continue;
		fj = isfinite(f[j]) ? f[j] : 1e300;
		if (fj > worst_f) {
			second_f = worst_f;
			worst_f = fj;
			worst = j;
		} else if (fj > second_f) {
			second_f = fj;
		}
	}
	if (margin && second_f >= 0 && worst_f - second_f <= PATH_F_BAND * worst_f)
		*sure = 0;
	return worst;
}

/* The same of a fit on all rows (its F copied into f, p values). */
static size_t fit_worst(const smart_ols_fit *fit, size_t p, const signed char *signs, double *f)
{
	int sure = 1;

	for (size_t j = 0; j < p; j++)
		f[j] = fit->anova[j].f;
	return path_worst(p, signs, fit->dropped, fit->weights, f, NULL, &sure);
}

/* Buffers of one refit on the triangle. */
typedef struct path_bufs {
	unsigned char *dropped;
	double *weights, *f, *margin;
} path_bufs;

int smart__ols_signed(const smart_dataset *data, const smart_train_options *options,
		      smart_ols_fit *fit, int exact_only, smart_error *err)
{
	size_t p = data->n_features;
	unsigned char *fixed;
	smart__ols_reduced rd = { 0 };
	path_bufs b = { 0 };
	int rc = -1, reduced = 0;

	if (!options->sign_constraints || !options->signs)
		return smart_ols(data, options->degenerate, fit, err);
	fixed = calloc(p ? p : 1, 1);
	if (!fixed)
		return smart_error_oom(err);
	for (size_t j = 0; j < p; j++) /* held at 0 from the start: not a contradiction */
		fixed[j] = options->signs[j] == SMART_SIGN_HELD ? SMART_SIGN_HELD : 0;
	b.dropped = malloc(p ? p : 1);
	b.weights = malloc((p ? p : 1) * sizeof(double));
	b.f = malloc((p ? p : 1) * sizeof(double));
	b.margin = malloc((p ? p : 1) * sizeof(double));
	if (!b.dropped || !b.weights || !b.f || !b.margin) {
		smart_error_oom(err);
		goto done;
	}
	if (!exact_only && smart_dataset_check(data, err) == 0) {
		int r = smart__ols_reduced_init(&rd, data, err);

		if (r < 0)
			goto done;
		reduced = r == 0;
	}
	for (;;) {
		size_t worst;
		int sure = 0;

		if (reduced) {
			sure = smart__ols_reduced_fit(&rd, options->degenerate, fixed, b.dropped,
						      b.weights, b.f, b.margin);
			if (sure < 0) {
				smart_error_oom(err);
				goto done;
			}
			worst = sure ? path_worst(p, options->signs, b.dropped, b.weights, b.f,
						  b.margin, &sure)
				     : p;
			if (sure && worst < p) {
				fixed[worst] = 1;
				continue;
			}
		}
		/* a close call, or the last refit: on all rows */
		if (smart_ols_fixed(data, options->degenerate, fixed, fit, err))
			goto done;
		worst = fit_worst(fit, p, options->signs, b.f);
		if (worst == p)
			break;
		fixed[worst] = 1;
		smart_ols_fit_free(fit);
	}
	rc = 0;
done:
	smart__ols_reduced_free(&rd);
	free(b.dropped);
	free(b.weights);
	free(b.f);
	free(b.margin);
	free(fixed);
	return rc;
}
