/*
 * The basis that screens features for collinearity (model/ols_internal.h):
 * Gram-Schmidt with the rank test of SMART__OLS_RANK_TOL, over the data's
 * own columns (ols.c) or over their coordinates in the data's triangle
 * (ols_reduced.c).
 */
#include "ols_internal.h"

#include <assert.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_errno.h>
#include <gsl/gsl_linalg.h>
#include <gsl/gsl_matrix.h>
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

void smart__ols_gsl_quiet(void)
{
	pthread_once(&gsl_quiet_once, gsl_quiet);
}

int smart__ols_basis_init(smart__ols_basis *b, size_t dim, size_t rows, size_t max)
{
	b->dim = dim;
	b->rows = rows;
	b->k = 0;
	b->max = max;
	b->q = malloc((dim ? dim : 1) * (max ? max : 1) * sizeof(double));
	b->r = calloc(max ? max * max : 1, sizeof(double));
	b->along = malloc((max ? max : 1) * sizeof(double));
	return b->q && b->r && b->along ? 0 : -1;
}

void smart__ols_basis_free(smart__ols_basis *b)
{
	free(b->q);
	free(b->r);
	free(b->along);
}

/* The smallest singular value of the (k+1)-square R of the kept columns
 * and `col` over the largest: `col`'s coordinates b->along and the norm
 * `rest` of what lies outside them. */
static double ols_condition(const smart__ols_basis *b, double rest, int *oom)
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

/* Gram-Schmidt twice, so that what is left of the column is orthogonal to
 * Q to rounding. */
smart__ols_try smart__ols_basis_try(smart__ols_basis *b, const double *col, int *oom)
{
	size_t n = b->dim, k = b->k;
	double *z = b->q + k * n, rest = 0;
	smart__ols_try t = { 0, -1 };

	assert(k < b->max);
	if (k + 2 > b->rows) /* centred columns live in an (rows-1)-dimensional space */
		return t;
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
	if (rest == 0)
		return t;
	t.ratio = ols_condition(b, rest, oom);
	if (!(t.ratio > SMART__OLS_RANK_TOL))
		return t;
	for (size_t r = 0; r < n; r++)
		z[r] /= rest;
	for (size_t i = 0; i < k; i++)
		b->r[i * b->max + k] = b->along[i];
	b->r[k * b->max + k] = rest;
	b->k++;
	t.kept = 1;
	return t;
}
