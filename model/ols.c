/*
 * Ordinary least squares with an intercept, and the per-feature analysis of
 * variance printed by `smart train` (SMART §3.4, Fig. 4). GSL does the
 * algebra; this file decides which features can be estimated at all.
 */
#include "smart/features.h"
#include "smart/model.h"

#include "ols_internal.h"

#include <assert.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_multifit.h>
#include <gsl/gsl_vector.h>

void smart_ols_fit_free(smart_ols_fit *fit)
{
	if (!fit)
		return;
	free(fit->weights);
	free(fit->dropped);
	free(fit->anova);
	memset(fit, 0, sizeof(*fit));
}

/* Column j centred and scaled to unit length into `out` (n values); returns
 * 0 when the column is constant (then `out` is untouched garbage). */
int smart__ols_standardise(const smart_dataset *d, size_t j, double *out)
{
	double mean = 0, norm = 0;

	for (size_t r = 0; r < d->n_rows; r++)
		mean += d->rows[r * d->n_features + j];
	mean /= (double)d->n_rows;
	for (size_t r = 0; r < d->n_rows; r++) {
		out[r] = d->rows[r * d->n_features + j] - mean;
		norm += out[r] * out[r];
	}
	/* Relative test: a column whose spread is rounding noise is constant. */
	if (norm <= 0 || sqrt(norm) <= 1e-12 * (fabs(mean) + 1) * sqrt((double)d->n_rows))
		return 0;
	norm = sqrt(norm);
	for (size_t r = 0; r < d->n_rows; r++)
		out[r] /= norm;
	return 1;
}

/* Appends "name (why)" to the fit's note of dropped features. */
static void ols_note_drop(smart_ols_fit *fit, const char *name, const char *why)
{
	size_t used = strlen(fit->note);

	snprintf(fit->note + used, sizeof(fit->note) - used, "%s'%s' (%s)",
		 used ? ", " : "", name, why);
}

/* Marks the features that cannot be estimated: constant ones, then, in
 * registry order, each one that is a linear combination of the intercept
 * and the features kept before it. */
static int ols_screen(const smart_dataset *d, smart_degenerate_policy policy,
		      const unsigned char *fixed, smart_ols_fit *fit, size_t *active,
		      smart_error *err)
{
	double *col = malloc((d->n_rows ? d->n_rows : 1) * sizeof(*col));
	smart__ols_basis basis;
	int rc = -1, oom = 0;

	if (smart__ols_basis_init(&basis, d->n_rows, d->n_rows, d->n_features) || !col) {
		smart_error_oom(err);
		goto done;
	}
	for (size_t j = 0; j < d->n_features; j++) {
		const char *why = NULL;

		if (fixed && fixed[j]) {
			fit->dropped[j] = 1;
			if (fixed[j] != SMART_SIGN_HELD) /* held features are dropped by design */
				ols_note_drop(fit, d->names[j], "sign contradicts hypothesis");
			continue;
		}
		if (!smart__ols_standardise(d, j, col))
			why = "constant";
		else if (!smart__ols_basis_try(&basis, col, &oom).kept)
			why = "collinear with earlier features";
		if (oom) {
			smart_error_oom(err);
			goto done;
		}
		if (!why)
			continue;
		if (policy == SMART_DEGENERATE_FAIL) {
			if (!strcmp(why, "constant"))
				smart_error_set(err,
					"feature '%s' is constant over the %zu training pairs, so its weight cannot be estimated",
					d->names[j], d->n_rows);
			else
				smart_error_set(err,
					"feature '%s' is a linear combination of earlier features over the training pairs (collinear), so its weight cannot be estimated",
					d->names[j]);
			goto done;
		}
		fit->dropped[j] = 1;
		ols_note_drop(fit, d->names[j], why);
	}
	*active = basis.k;
	rc = 0;
done:
	smart__ols_basis_free(&basis);
	free(col);
	return rc;
}

/* The least-squares fit on the kept features, and the partial F of each. */
static int ols_solve(const smart_dataset *d, smart_ols_fit *fit, size_t active,
		     smart_error *err)
{
	size_t n = d->n_rows, p = active + 1;
	gsl_matrix *x = gsl_matrix_alloc(n, p), *cov = gsl_matrix_alloc(p, p);
	gsl_vector *y = gsl_vector_alloc(n), *c = gsl_vector_alloc(p);
	gsl_multifit_linear_workspace *work = gsl_multifit_linear_alloc(n, p);
	double chisq = 0;
	int rc = -1, status;

	if (!x || !cov || !y || !c || !work) {
		smart_error_oom(err);
		goto done;
	}
	for (size_t r = 0; r < n; r++) {
		size_t col = 1;

		gsl_matrix_set(x, r, 0, 1.0);
		for (size_t j = 0; j < d->n_features; j++)
			if (!fit->dropped[j])
				gsl_matrix_set(x, r, col++, d->rows[r * d->n_features + j]);
		gsl_vector_set(y, r, d->labels[r]);
	}
	smart__ols_gsl_quiet();
	status = gsl_multifit_linear(x, y, c, cov, &chisq, work);
	if (status) {
		smart_error_set(err, "least-squares fit failed: %s", gsl_strerror(status));
		goto done;
	}
	fit->dof = n - p;
	fit->rss = chisq;
	fit->intercept = gsl_vector_get(c, 0);
	if (!isfinite(fit->intercept) || !isfinite(chisq)) {
		smart_error_set(err, "least-squares fit is numerically unstable (non-finite result)");
		goto done;
	}
	for (size_t j = 0, col = 1; j < d->n_features; j++) {
		double b, var, f;

		if (fit->dropped[j]) {
			fit->anova[j] = (smart_anova_row){ 0, 0, 1, 1, 0 };
			continue;
		}
		b = gsl_vector_get(c, col);
		var = gsl_matrix_get(cov, col, col);
		col++;
		if (!isfinite(b) || !isfinite(var)) {
			smart_error_set(err, "feature '%s': least-squares fit is numerically unstable",
					d->names[j]);
			goto done;
		}
		fit->weights[j] = b;
		/* A perfect fit has no residual variance: every kept feature
		 * with a weight is then infinitely significant. */
		if (var > 0)
			f = b * b / var;
		else
			f = b != 0 ? INFINITY : 0;
		fit->anova[j].coefficient = b;
		fit->anova[j].f = f;
		fit->anova[j].p = isinf(f) ? 0 : gsl_cdf_fdist_Q(f, 1, (double)fit->dof);
		fit->anova[j].dropped = 0;
	}
	rc = 0;
done:
	gsl_matrix_free(x);
	gsl_matrix_free(cov);
	gsl_vector_free(y);
	gsl_vector_free(c);
	if (work)
		gsl_multifit_linear_free(work);
	return rc;
}

int smart_ols(const smart_dataset *data, smart_degenerate_policy policy,
	      smart_ols_fit *fit, smart_error *err)
{
	return smart_ols_fixed(data, policy, NULL, fit, err);
}

int smart_ols_fixed(const smart_dataset *data, smart_degenerate_policy policy,
		    const unsigned char *fixed, smart_ols_fit *fit, smart_error *err)
{
	size_t active = 0;

	memset(fit, 0, sizeof(*fit));
	if (smart_dataset_check(data, err))
		return -1;
	fit->weights = calloc(data->n_features, sizeof(*fit->weights));
	fit->dropped = calloc(data->n_features, 1);
	fit->anova = calloc(data->n_features, sizeof(*fit->anova));
	if (!fit->weights || !fit->dropped || !fit->anova) {
		smart_ols_fit_free(fit);
		return smart_error_oom(err);
	}
	if (ols_screen(data, policy, fixed, fit, &active, err))
		goto fail;
	if (active == 0) {
		smart_error_set(err, "no feature varies over the %zu training pairs: %s",
				data->n_rows, fit->note);
		goto fail;
	}
	if (data->n_rows < active + 2) {
		smart_error_set(err,
			"too few pairs: %zu pairs for %zu features (a fit needs at least %zu)",
			data->n_rows, active, active + 2);
		goto fail;
	}
	if (ols_solve(data, fit, active, err))
		goto fail;
	for (size_t j = 0; fixed && j < data->n_features; j++)
		fit->anova[j].sign_fixed = fixed[j] != 0;
	return 0;
fail:
	smart_ols_fit_free(fit);
	return -1;
}
