/*
 * Ordinary least squares with an intercept, and the per-feature analysis of
 * variance printed by `smart train` (SMART §3.4, Fig. 4). GSL does the
 * algebra; this file decides which features can be estimated at all.
 */
#include "smart/model.h"

#include <assert.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_cdf.h>
#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_multifit.h>
#include <gsl/gsl_vector.h>

/* GSL's default error handler aborts the process; smart checks every
 * status instead. The handler is process-wide, so it is switched off once,
 * for good, rather than toggled around each fit (which raced when two
 * threads fitted at once). */
static pthread_once_t gsl_quiet_once = PTHREAD_ONCE_INIT;

static void gsl_quiet(void)
{
	gsl_set_error_handler_off();
}

/* Singular values below this fraction of the largest, on unit-norm centred
 * columns, mean "linearly dependent". */
#define OLS_RANK_TOL 1e-9

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
static int ols_standardise(const smart_dataset *d, size_t j, double *out)
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

/* The columns kept so far, as an orthonormal basis Q (n x k) and the
 * triangle R of their QR factorisation (Q R = the columns). R has the
 * singular values of the columns themselves, so the rank test of one more
 * column costs its projections on Q (O(n k)) and the SVD of a (k+1)-square
 * matrix, where an SVD of all n x (k+1) columns for every feature cost
 * O(n k^2) each: most of the time of training the default model, which
 * screens its features on every refit of the sign constraints and every
 * fold of the cross-validation. */
typedef struct ols_basis {
	size_t n, k, max;
	double *q;     /* max columns of n values; the first k are Q */
	double *r;     /* max x max, row-major; the top-left k x k is R */
	double *along; /* max: a new column's coordinates along Q */
} ols_basis;

static int ols_basis_init(ols_basis *b, size_t n, size_t max)
{
	b->n = n;
	b->k = 0;
	b->max = max;
	b->q = malloc((n ? n : 1) * (max ? max : 1) * sizeof(double));
	b->r = calloc(max ? max * max : 1, sizeof(double));
	b->along = malloc((max ? max : 1) * sizeof(double));
	return b->q && b->r && b->along ? 0 : -1;
}

static void ols_basis_free(ols_basis *b)
{
	free(b->q);
	free(b->r);
	free(b->along);
}

/* The smallest singular value of the (k+1)-square R of the kept columns
 * and `col` over the largest: `col`'s coordinates b->along and the norm
 * `rest` of what lies outside them. */
static double ols_condition(const ols_basis *b, double rest, int *oom)
{
	size_t k = b->k, m = k + 1;
	gsl_matrix *a = gsl_matrix_calloc(m, m), *v = gsl_matrix_alloc(m, m);
	gsl_vector *s = gsl_vector_alloc(m), *work = gsl_vector_alloc(m);
	double ratio = 0;

	if (!a || !v || !s || !work) {
		*oom = 1;
		goto done;
	}
	for (size_t i = 0; i < k; i++) {
		for (size_t j = i; j < k; j++)
			gsl_matrix_set(a, i, j, b->r[i * b->max + j]);
		gsl_matrix_set(a, i, k, b->along[i]);
	}
	gsl_matrix_set(a, k, k, rest);
	gsl_linalg_SV_decomp(a, v, s, work);
	ratio = gsl_vector_get(s, 0) > 0 ? gsl_vector_get(s, k) / gsl_vector_get(s, 0) : 0;
done:
	gsl_matrix_free(a);
	gsl_matrix_free(v);
	gsl_vector_free(s);
	gsl_vector_free(work);
	return ratio;
}

/* True when the standardised column `col` (n values) keeps the kept
 * columns at full rank; it then joins them. Gram-Schmidt twice, so that
 * what is left of the column is orthogonal to Q to rounding. */
static int ols_basis_try(ols_basis *b, const double *col, int *oom)
{
	size_t n = b->n, k = b->k;
	double *z = b->q + k * n, rest = 0;

	assert(k < b->max);
	if (k + 2 > n) /* centred columns live in an (n-1)-dimensional space */
		return 0;
	memcpy(z, col, n * sizeof(*z));
	for (size_t i = 0; i < k; i++)
		b->along[i] = 0;
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; i < k; i++) {
			const double *qi = b->q + i * n;
			double dot = 0;

			for (size_t r = 0; r < n; r++)
				dot += qi[r] * z[r];
			for (size_t r = 0; r < n; r++)
				z[r] -= dot * qi[r];
			b->along[i] += dot;
		}
	for (size_t r = 0; r < n; r++)
		rest += z[r] * z[r];
	rest = sqrt(rest);
	if (rest == 0 || !(ols_condition(b, rest, oom) > OLS_RANK_TOL))
		return 0;
	for (size_t r = 0; r < n; r++)
		z[r] /= rest;
	for (size_t i = 0; i < k; i++)
		b->r[i * b->max + k] = b->along[i];
	b->r[k * b->max + k] = rest;
	b->k++;
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
	ols_basis basis;
	int rc = -1, oom = 0;

	if (ols_basis_init(&basis, d->n_rows, d->n_features) || !col) {
		smart_error_oom(err);
		goto done;
	}
	for (size_t j = 0; j < d->n_features; j++) {
		const char *why = NULL;

		if (fixed && fixed[j]) {
			fit->dropped[j] = 1;
			ols_note_drop(fit, d->names[j], "sign contradicts hypothesis");
			continue;
		}
		if (!ols_standardise(d, j, col))
			why = "constant";
		else if (!ols_basis_try(&basis, col, &oom))
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
	ols_basis_free(&basis);
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
	pthread_once(&gsl_quiet_once, gsl_quiet);
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
