/* Per-label feature means over corpora (include/smart/feature_means.h). */
#include "smart/feature_means.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "smart/corpus.h"
#include "smart/features.h"
#include "smart/train.h"

void smart_feature_means_free(smart_feature_means *means)
{
	if (!means)
		return;
	free(means->mean[0]);
	free(means->mean[1]);
	free(means->max_abs);
	memset(means, 0, sizeof(*means));
}

/* Adds the features of every labelled pair of one corpus to the sums. */
static int add_corpus(const char *path, smart_format fallback, smart_feature_means *m,
		      double *values, smart_error *err)
{
	smart_corpus_reader *r = smart_corpus_open(path, err);
	smart_pair p;
	int got;

	if (!r)
		return -1;
	while ((got = smart_corpus_next(r, &p, err)) == SMART_CORPUS_PAIR) {
		if (p.label == SMART_LABEL_NONE) {
			m->unlabelled++;
			continue;
		}
		smart_measure mm = { .values = values,
				     .format = p.format == SMART_FORMAT_AUTO ? fallback : p.format };

		if (smart_measure_pair(&(smart_document){ p.old_doc, p.old_len, "old" },
				       &(smart_document){ p.new_doc, p.new_len, "new" }, &mm,
				       err) < 0) {
			smart_error_prefix(err, "%s:%zu", path, p.line);
			break;
		}
		m->pairs[p.label]++;
		for (size_t i = 0; i < m->n_features; i++) {
			m->mean[p.label][i] += values[i];
			if (fabs(values[i]) > m->max_abs[i])
				m->max_abs[i] = fabs(values[i]);
		}
	}
	smart_corpus_close(r);
	return got == SMART_CORPUS_END ? 0 : -1;
}

int smart_feature_means_compute(const char *const *paths, size_t n_paths,
				smart_format fallback, smart_feature_means *m,
				smart_error *err)
{
	size_t n = smart_feature_count();
	double *values = malloc(n * sizeof(*values));

	memset(m, 0, sizeof(*m));
	m->n_features = n;
	m->mean[0] = calloc(n, sizeof(double));
	m->mean[1] = calloc(n, sizeof(double));
	m->max_abs = calloc(n, sizeof(double));
	if (!values || !m->mean[0] || !m->mean[1] || !m->max_abs) {
		free(values);
		smart_feature_means_free(m);
		return smart_error_oom(err);
	}
	for (size_t k = 0; k < n_paths; k++) {
		if (add_corpus(paths[k], fallback, m, values, err) < 0) {
			free(values);
			smart_feature_means_free(m);
			return -1;
		}
	}
	for (int label = 0; label < 2; label++)
		for (size_t i = 0; i < n && m->pairs[label]; i++)
			m->mean[label][i] /= (double)m->pairs[label];
	free(values);
	return 0;
}
