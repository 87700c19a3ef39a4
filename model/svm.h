/*
 * The SVM kind of model: libsvm C-SVC with an RBF kernel on min-max scaled
 * features. Internal to model/.
 */
#ifndef SMART_MODEL_SVM_H
#define SMART_MODEL_SVM_H

#include <stddef.h>

#include <libsvm/svm.h>

#include "smart/model.h"

struct smart_svm {
	size_t n_features;
	double *scale_min;   /* n_features: the training minimum of each feature */
	double *scale_max;   /* n_features: the training maximum */
	double c;            /* C-SVC cost */
	double gamma;        /* RBF gamma */
	int labels[2];       /* libsvm's class order; decision > 0 means labels[0] */
	int n_sv_class[2];   /* support vectors of each class, in that order */
	size_t n_sv;
	double *sv;          /* n_sv x n_features, scaled, row-major */
	double *coef;        /* n_sv dual coefficients */
	double rho;
	/* The libsvm model rebuilt over the arrays above for prediction;
	 * read-only, so several threads may predict at once. */
	struct svm_model model;
	struct svm_node *nodes;   /* n_sv x (n_features + 1) */
	struct svm_node **node_rows;
	double *coef_row[1];
};

/* Allocates an empty SVM of n_features and n_sv support vectors (arrays
 * zeroed); free with smart__svm_free. NULL when out of memory. */
struct smart_svm *smart__svm_alloc(size_t n_features, size_t n_sv);

/* Builds the libsvm model view once every array is filled in. */
void smart__svm_finish(struct smart_svm *svm);

void smart__svm_free(struct smart_svm *svm);

/* Trains on the dataset (labels 1 = inspect). */
struct smart_svm *smart__svm_train(const smart_dataset *data, double c,
				  double gamma, smart_error *err);

/* The decision value of a raw (unscaled) feature vector, positive towards
 * inspect. */
double smart__svm_score(const struct smart_svm *svm, const double *features);

#endif
