/* The SVM kind of model (model/svm.h): libsvm does the learning. */
#include "svm.h"

#include <assert.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct smart_svm *smart__svm_alloc(size_t n_features, size_t n_sv)
{
	struct smart_svm *svm = calloc(1, sizeof(*svm));

	if (!svm)
		return NULL;
	svm->n_features = n_features;
	svm->n_sv = n_sv;
	svm->scale_min = calloc(n_features ? n_features : 1, sizeof(double));
	svm->scale_max = calloc(n_features ? n_features : 1, sizeof(double));
	svm->sv = calloc(n_sv * n_features + 1, sizeof(double));
	svm->coef = calloc(n_sv + 1, sizeof(double));
	svm->nodes = calloc(n_sv * (n_features + 1) + 1, sizeof(struct svm_node));
	svm->node_rows = calloc(n_sv + 1, sizeof(struct svm_node *));
	if (!svm->scale_min || !svm->scale_max || !svm->sv || !svm->coef ||
	    !svm->nodes || !svm->node_rows) {
		smart__svm_free(svm);
		return NULL;
	}
	return svm;
}

void smart__svm_free(struct smart_svm *svm)
{
	if (!svm)
		return;
	free(svm->scale_min);
	free(svm->scale_max);
	free(svm->sv);
	free(svm->coef);
	free(svm->nodes);
	free(svm->node_rows);
	free(svm);
}

void smart__svm_finish(struct smart_svm *svm)
{
	struct svm_model *m = &svm->model;
	size_t p = svm->n_features;

	for (size_t i = 0; i < svm->n_sv; i++) {
		struct svm_node *row = svm->nodes + i * (p + 1);

		for (size_t j = 0; j < p; j++) {
			row[j].index = (int)j + 1;
			row[j].value = svm->sv[i * p + j];
		}
		row[p].index = -1;
		svm->node_rows[i] = row;
	}
	memset(m, 0, sizeof(*m));
	m->param.svm_type = C_SVC;
	m->param.kernel_type = RBF;
	m->param.gamma = svm->gamma;
	m->param.C = svm->c;
	m->nr_class = 2;
	m->l = (int)svm->n_sv;
	m->SV = svm->node_rows;
	svm->coef_row[0] = svm->coef;
	m->sv_coef = svm->coef_row;
	m->rho = &svm->rho;
	m->label = svm->labels;
	m->nSV = svm->n_sv_class;
	m->free_sv = 0;
}

/* Min-max scaling to [0, 1] with the training range; a constant feature
 * scales to 0. */
static double scale_one(const struct smart_svm *svm, size_t j, double x)
{
	double lo = svm->scale_min[j], hi = svm->scale_max[j];

	return hi > lo ? (x - lo) / (hi - lo) : 0.0;
}

double smart__svm_score(const struct smart_svm *svm, const double *features)
{
	size_t p = svm->n_features;
	struct svm_node small[33], *x = small;
	double dec = 0;

	if (p + 1 > sizeof(small) / sizeof(small[0])) {
		x = malloc((p + 1) * sizeof(*x));
		if (!x)
			return NAN;
	}
	for (size_t j = 0; j < p; j++) {
		x[j].index = (int)j + 1;
		x[j].value = scale_one(svm, j, features[j]);
	}
	x[p].index = -1;
	svm_predict_values(&svm->model, x, &dec);
	if (x != small)
		free(x);
	return svm->labels[0] == 1 ? dec : -dec;
}

static void svm_quiet(const char *s)
{
	(void)s;
}

/* libsvm prints its progress through one process-wide function pointer:
 * set it once, for good, so two threads training at once do not race on
 * it. */
static pthread_once_t svm_quiet_once = PTHREAD_ONCE_INIT;

static void svm_silence(void)
{
	svm_set_print_string_function(svm_quiet);
}

struct smart_svm *smart__svm_train(const smart_dataset *d, double c,
				  double gamma, smart_error *err)
{
	size_t n = d->n_rows, p = d->n_features;
	struct svm_problem prob = { 0 };
	struct svm_parameter param = { 0 };
	struct svm_node *space = NULL;
	struct svm_model *trained = NULL;
	struct smart_svm *svm = NULL, *out = NULL;
	double *lo = calloc(p ? p : 1, sizeof(double)), *hi = calloc(p ? p : 1, sizeof(double));
	const char *bad;

	prob.l = (int)n;
	prob.y = malloc(n * sizeof(double));
	prob.x = malloc(n * sizeof(struct svm_node *));
	space = malloc(n * (p + 1) * sizeof(*space));
	if (!lo || !hi || !prob.y || !prob.x || !space) {
		smart_error_oom(err);
		goto done;
	}
	for (size_t j = 0; j < p; j++) {
		lo[j] = hi[j] = d->rows[j];
		for (size_t r = 1; r < n; r++) {
			double v = d->rows[r * p + j];

			lo[j] = v < lo[j] ? v : lo[j];
			hi[j] = v > hi[j] ? v : hi[j];
		}
	}
	param.svm_type = C_SVC;
	param.kernel_type = RBF;
	param.gamma = gamma > 0 ? gamma : 1.0 / (double)p;
	param.C = c > 0 ? c : 1.0;
	param.cache_size = 64;
	param.eps = 1e-3;
	param.shrinking = 1;
	svm = smart__svm_alloc(p, 0);
	if (!svm) {
		smart_error_oom(err);
		goto done;
	}
	memcpy(svm->scale_min, lo, p * sizeof(double));
	memcpy(svm->scale_max, hi, p * sizeof(double));
	for (size_t r = 0; r < n; r++) {
		struct svm_node *row = space + r * (p + 1);

		for (size_t j = 0; j < p; j++) {
			row[j].index = (int)j + 1;
			row[j].value = scale_one(svm, j, d->rows[r * p + j]);
		}
		row[p].index = -1;
		prob.x[r] = row;
		prob.y[r] = d->labels[r] ? 1 : 0;
	}
	bad = svm_check_parameter(&prob, &param);
	if (bad) {
		smart_error_set(err, "svm: %s", bad);
		goto done;
	}
	pthread_once(&svm_quiet_once, svm_silence);
	trained = svm_train(&prob, &param);
	if (!trained || trained->nr_class != 2) {
		smart_error_set(err, "svm: training did not give a two-class model");
		goto done;
	}
	out = smart__svm_alloc(p, (size_t)trained->l);
	if (!out) {
		smart_error_oom(err);
		goto done;
	}
	memcpy(out->scale_min, lo, p * sizeof(double));
	memcpy(out->scale_max, hi, p * sizeof(double));
	out->c = param.C;
	out->gamma = param.gamma;
	out->rho = trained->rho[0];
	for (int k = 0; k < 2; k++) {
		out->labels[k] = trained->label[k];
		out->n_sv_class[k] = trained->nSV[k];
	}
	for (int i = 0; i < trained->l; i++) {
		out->coef[i] = trained->sv_coef[0][i];
		for (const struct svm_node *nd = trained->SV[i]; nd->index != -1; nd++) {
			assert(nd->index >= 1 && (size_t)nd->index <= p);
			out->sv[(size_t)i * p + (size_t)nd->index - 1] = nd->value;
		}
	}
	smart__svm_finish(out);
done:
	if (trained)
		svm_free_and_destroy_model(&trained);
	smart__svm_free(svm);
	free(space);
	free(prob.x);
	free(prob.y);
	free(lo);
	free(hi);
	return out;
}
