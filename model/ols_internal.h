/*
 * Least squares, internal to model/: the basis that screens collinear
 * features (ols_basis.c), shared by the fit on all rows (ols.c) and the
 * reduced fits of the sign constraints' path (ols_reduced.c), and that
 * path itself (sign_path.c).
 */
#ifndef SMART_MODEL_OLS_INTERNAL_H
#define SMART_MODEL_OLS_INTERNAL_H

#include <stddef.h>

#include "smart/model.h"

/* Singular values below this fraction of the largest, on unit-norm centred
 * columns, mean "linearly dependent". */
#define SMART__OLS_RANK_TOL 1e-9

/* Column j of `d` centred and scaled to unit length into `out` (n_rows
 * values); 0 when the column is constant (ols.c). */
int smart__ols_standardise(const smart_dataset *d, size_t j, double *out);

/* Switches GSL's aborting error handler off, once for the process. */
void smart__ols_gsl_quiet(void);

/* The columns kept so far, as an orthonormal basis Q (dim x k) and the
 * triangle R of their QR factorisation (Q R = the columns). R has the
 * singular values of the columns themselves, so the rank test of one more
 * column costs its projections on Q (O(dim k)) and the SVD of a
 * (k+1)-square matrix. `rows` is the number of rows the columns stand for
 * (centred columns of `rows` values span at most rows - 1 dimensions);
 * dim is their length here: `rows` for the data's own columns, fewer for
 * their coordinates in a triangle (ols_reduced.c). */
typedef struct smart__ols_basis {
	size_t dim, rows, k, max;
	double *q;     /* max columns of dim values; the first k are Q */
	double *r;     /* max x max, row-major; the top-left k x k is R */
	double *along; /* max: a new column's coordinates along Q */
} smart__ols_basis;

int smart__ols_basis_init(smart__ols_basis *b, size_t dim, size_t rows, size_t max);
void smart__ols_basis_free(smart__ols_basis *b);

/* What smart__ols_basis_try found of a column. */
typedef struct smart__ols_try {
	int kept;       /* 1: the column joined the basis */
	double ratio;   /* the smallest singular value over the largest of the
	                 * kept columns and this one; -1 when not computed */
} smart__ols_try;

/* Tries the unit-norm column `col` (dim values): it joins the basis when
 * the kept columns and it stay at full rank (ratio > SMART__OLS_RANK_TOL).
 * *oom is set when out of memory. */
smart__ols_try smart__ols_basis_try(smart__ols_basis *b, const double *col, int *oom);

/* A dataset reduced to the triangle of its columns (ols_reduced.c): the
 * QR factorisation [1 X] = Q R of the intercept and every feature, made
 * once, and Q'y. A fit on any subset of the columns is then a problem of
 * p + 1 rows instead of n: ||y - X_S b||^2 = ||Q'y - R_S b||^2 + what no
 * column explains. The sign constraints' path refits on it, each refit
 * O(p^3) instead of O(n p^2). */
typedef struct smart__ols_reduced {
	size_t n, p, m;          /* rows, features, m = p + 1 columns */
	double *r;               /* m x m, row-major, upper triangular */
	double *qty;             /* m: the first m values of Q'y */
	double rss_out;          /* ||y||^2 outside the span of all the columns */
	double y_norm;           /* ||y|| */
	double *norm;            /* p: each centred column's length */
	unsigned char *constant; /* p: smart__ols_standardise says constant */
} smart__ols_reduced;

/* Reduces `d`; 0, 1 when `d` cannot be reduced (fewer rows than columns,
 * a value that is not finite: the caller fits on all rows), or -1 with
 * `err` set when out of memory. */
int smart__ols_reduced_init(smart__ols_reduced *rd, const smart_dataset *d, smart_error *err);
void smart__ols_reduced_free(smart__ols_reduced *rd);

/* One refit on the triangle with the features `fixed` left out (fixed may
 * not be NULL): which features the screening drops (dropped, p), the
 * weights (p, 0 where dropped) and partial F of the others (p). Returns
 * 1 when the refit is sure to decide as a fit on all rows would (no rank
 * test near its tolerance, a well-conditioned problem, nothing that fit
 * would refuse), 0 when it is not (the outputs are then unset), -1 when
 * out of memory. `margin` (p) receives, per feature, how far from its
 * computed value a fit on all rows may put the weight. */
int smart__ols_reduced_fit(const smart__ols_reduced *rd, smart_degenerate_policy policy,
			   const unsigned char *fixed, unsigned char *dropped, double *weights,
			   double *f, double *margin);

/* The sign constraints' refits (sign_path.c): OLS refitted with the most
 * significant feature whose weight contradicts its hypothesised sign
 * fixed at 0 until none does. With `exact_only`, every refit is a fit on
 * all rows (smart_ols_fixed); otherwise the path is walked on the data's
 * triangle (ols_reduced.c) and only refits whose decision is close are
 * made on all rows, then the last one always is: the same fit either way. */
int smart__ols_signed(const smart_dataset *data, const smart_train_options *options,
		      smart_ols_fit *fit, int exact_only, smart_error *err);

#endif
