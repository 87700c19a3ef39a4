/*
 * Least squares on a dataset's triangle (model/ols_internal.h): the
 * Householder QR of the intercept and every feature, made once, turns
 * each refit of the sign constraints into a problem of p + 1 rows, with
 * the same screening of constant and collinear features as a fit on all
 * rows (ols.c), done on the columns' coordinates in the triangle. Each
 * refit says whether it is sure to decide as a fit on all rows would; the
 * path asks a fit on all rows when it is not, and always for the last.
 */
#include "ols_internal.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_linalg.h>
#include <gsl/gsl_matrix.h>
#include <gsl/gsl_vector.h>

/* A rank test this close to its tolerance (a factor either way) is left
 * to the fit on all rows, whose columns are centred by subtraction. */
#define REDUCED_RANK_BAND 4.0
/* A balanced problem more ill-conditioned than this is left to it too. */
#define REDUCED_MAX_COND 1e8

void smart__ols_reduced_free(smart__ols_reduced *rd)
{
	free(rd->r);
	free(rd->qty);
	free(rd->norm);
	free(rd->constant);
	memset(rd, 0, sizeof(*rd));
}

/* R (the top m x m of the factorised matrix) and Q'y into rd, and the
 * length of each feature's column below the intercept's row: its centred
 * length. */
static void reduced_take(smart__ols_reduced *rd, const gsl_matrix *qr, const gsl_vector *qty)
{
	size_t m = rd->m;

	for (size_t i = 0; i < m; i++)
		for (size_t j = 0; j < m; j++)
			rd->r[i * m + j] = j >= i ? gsl_matrix_get(qr, i, j) : 0;
	for (size_t i = 0; i < m; i++)
		rd->qty[i] = gsl_vector_get(qty, i);
	rd->rss_out = 0;
	for (size_t i = m; i < rd->n; i++)
		rd->rss_out += gsl_vector_get(qty, i) * gsl_vector_get(qty, i);
	for (size_t j = 0; j < rd->p; j++) {
		double s = 0;

		for (size_t i = 1; i <= j + 1; i++)
			s += rd->r[i * m + j + 1] * rd->r[i * m + j + 1];
		rd->norm[j] = sqrt(s);
	}
}

int smart__ols_reduced_init(smart__ols_reduced *rd, const smart_dataset *d, smart_error *err)
{
	size_t n = d->n_rows, p = d->n_features, m = p + 1;
	gsl_matrix *a = NULL;
	gsl_vector *tau = NULL, *y = NULL;
	double *col = NULL;
	int rc = -1;

	memset(rd, 0, sizeof(*rd));
	if (n < m + 2)
		return 1;
	rd->n = n;
	rd->p = p;
	rd->m = m;
	rd->r = malloc(m * m * sizeof(*rd->r));
	rd->qty = malloc(m * sizeof(*rd->qty));
	rd->norm = malloc(p * sizeof(*rd->norm));
	rd->constant = malloc(p);
	col = malloc(n * sizeof(*col));
	a = gsl_matrix_alloc(n, m);
	tau = gsl_vector_alloc(m);
	y = gsl_vector_alloc(n);
	if (!rd->r || !rd->qty || !rd->norm || !rd->constant || !col || !a || !tau || !y) {
		smart_error_oom(err);
		goto done;
	}
	smart__ols_gsl_quiet();
	for (size_t j = 0; j < p; j++)
		rd->constant[j] = !smart__ols_standardise(d, j, col);
	rd->y_norm = 0;
	for (size_t r = 0; r < n; r++) {
		gsl_matrix_set(a, r, 0, 1.0);
		for (size_t j = 0; j < p; j++)
			gsl_matrix_set(a, r, j + 1, d->rows[r * p + j]);
		gsl_vector_set(y, r, d->labels[r]);
		rd->y_norm += d->labels[r];
	}
	rd->y_norm = sqrt(rd->y_norm); /* labels are 0 or 1 */
	if (gsl_linalg_QR_decomp(a, tau) || gsl_linalg_QR_QTvec(a, tau, y)) {
		rc = 1;
		goto done;
	}
	reduced_take(rd, a, y);
	rc = 0;
done:
	if (rc)
		smart__ols_reduced_free(rd);
	free(col);
	gsl_matrix_free(a);
	gsl_vector_free(tau);
	gsl_vector_free(y);
	return rc;
}

/* The screening of ols.c on the triangle: *dropped and the kept features'
 * indices into keep (returns how many, or -1 when a rank test is too close
 * to call or the policy would refuse a feature, -2 when out of memory). */
static long reduced_screen(const smart__ols_reduced *rd, smart_degenerate_policy policy,
			   const unsigned char *fixed, unsigned char *dropped, size_t *keep)
{
	size_t p = rd->p, m = rd->m, k = 0;
	double *col = malloc(p * sizeof(*col));
	smart__ols_basis b;
	long rc = -1;
	int oom = smart__ols_basis_init(&b, p, rd->n, p) || !col;

	if (oom) {
		rc = -2;
		goto done;
	}
	for (size_t j = 0; j < p; j++) {
		smart__ols_try t;

		dropped[j] = 1;
		if (fixed[j])
			continue;
		if (rd->constant[j]) {
			if (policy == SMART_DEGENERATE_FAIL)
				goto done;
			continue;
		}
		for (size_t i = 0; i < p; i++)
			col[i] = i <= j ? rd->r[(i + 1) * m + j + 1] / rd->norm[j] : 0;
		t = smart__ols_basis_try(&b, col, &oom);
		if (oom) {
			rc = -2;
			goto done;
		}
		if (t.ratio >= 0 && t.ratio < SMART__OLS_RANK_TOL * REDUCED_RANK_BAND &&
		    t.ratio > SMART__OLS_RANK_TOL / REDUCED_RANK_BAND)
			goto done;
		if (!t.kept) {
			if (policy == SMART_DEGENERATE_FAIL)
				goto done;
			continue;
		}
		dropped[j] = 0;
		keep[k++] = j;
	}
	rc = (long)k;
done:
	smart__ols_basis_free(&b);
	free(col);
	return rc;
}

/* Solves the reduced problem on the intercept and the kept features by
 * the SVD of their balanced columns: weights, partial F and margins. 1,
 * 0 when it is too ill-conditioned to be sure of, -1 when out of memory. */
static int reduced_solve(const smart__ols_reduced *rd, const size_t *keep, size_t k,
			 double *weights, double *f, double *margin)
{
	size_t m = rd->m, s = k + 1;
	gsl_matrix *a = gsl_matrix_alloc(m, s), *v = gsl_matrix_alloc(s, s);
	gsl_vector *sv = gsl_vector_alloc(s), *work = gsl_vector_alloc(s);
	double *scale = malloc(s * sizeof(*scale)), *b = calloc(s, sizeof(*b));
	double cond, rss = rd->rss_out, bnorm = 0;
	int rc = -1;

	if (!a || !v || !sv || !work || !scale || !b)
		goto done;
	for (size_t c = 0; c < s; c++) {
		size_t col = c ? keep[c - 1] + 1 : 0;
		double len = 0;

		for (size_t i = 0; i < m; i++)
			len += rd->r[i * m + col] * rd->r[i * m + col];
		scale[c] = sqrt(len);
		for (size_t i = 0; i < m; i++)
			gsl_matrix_set(a, i, c, rd->r[i * m + col] / scale[c]);
	}
	rc = 0;
	if (gsl_linalg_SV_decomp(a, v, sv, work) || !(gsl_vector_get(sv, s - 1) > 0))
		goto done;
	cond = gsl_vector_get(sv, 0) / gsl_vector_get(sv, s - 1);
	if (!(cond < REDUCED_MAX_COND))
		goto done;
	for (size_t c = 0; c < s; c++) { /* b = V S^-1 U' Q'y, balanced */
		double ut = 0;

		for (size_t i = 0; i < m; i++)
			ut += gsl_matrix_get(a, i, c) * rd->qty[i];
		ut /= gsl_vector_get(sv, c);
		for (size_t j = 0; j < s; j++)
			b[j] += gsl_matrix_get(v, j, c) * ut;
	}
	for (size_t j = 0; j < s; j++)
		bnorm += b[j] * b[j];
	bnorm = sqrt(bnorm);
	for (size_t i = 0; i < m; i++) { /* the residual inside the triangle */
		double res = rd->qty[i];

		for (size_t c = 0; c < s; c++) {
			size_t col = c ? keep[c - 1] + 1 : 0;

			res -= rd->r[i * m + col] * b[c] / scale[c];
		}
		rss += res * res;
	}
	for (size_t c = 1; c < s; c++) {
		size_t j = keep[c - 1];
		double w = b[c] / scale[c], var = 0;

		for (size_t q = 0; q < s; q++) {
			double e = gsl_matrix_get(v, c, q) / gsl_vector_get(sv, q);

			var += e * e;
		}
		var *= rss / (double)(rd->n - s) / (scale[c] * scale[c]);
		weights[j] = w;
		f[j] = var > 0 ? w * w / var : w != 0 ? INFINITY : 0;
		/* first-order perturbation bound of least squares (balanced):
		 * cond (|b| + cond |r|), times a safety factor */
		margin[j] = 1024 * DBL_EPSILON * cond * (bnorm + cond * sqrt(rss) + rd->y_norm) /
			    scale[c];
		if (!isfinite(f[j]) || !isfinite(w) || !isfinite(margin[j]))
			goto done;
	}
	rc = 1;
done:
	gsl_matrix_free(a);
	gsl_matrix_free(v);
	gsl_vector_free(sv);
	gsl_vector_free(work);
	free(scale);
	free(b);
	return rc;
}

int smart__ols_reduced_fit(const smart__ols_reduced *rd, smart_degenerate_policy policy,
			   const unsigned char *fixed, unsigned char *dropped, double *weights,
			   double *f, double *margin)
{
	size_t *keep = malloc((rd->p ? rd->p : 1) * sizeof(*keep));
	long k;
	int rc;

	if (!keep)
		return -1;
	k = reduced_screen(rd, policy, fixed, dropped, keep);
	if (k < 0 || k == 0 || rd->n < (size_t)k + 2) {
		free(keep);
		return k == -2 ? -1 : 0;
	}
	for (size_t j = 0; j < rd->p; j++)
		weights[j] = f[j] = margin[j] = 0;
	rc = reduced_solve(rd, keep, (size_t)k, weights, f, margin);
	free(keep);
	return rc;
}
