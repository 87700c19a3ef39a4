/* Classifying one pair of documents (include/smart/classify.h). */
#include "smart/classify.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "smart/compare.h"
#include "smart/features.h"
#include "smart/train.h"

/* A model trained with `smart train --comparator-features` lists, after
 * smart's own features, "comparator:NAME" verdicts (1 = the comparator
 * fails the pair): computes them into their places in `values`, with the
 * comparators' default configuration, as training did. */
static int comparator_features(const smart_model *model, const char *old_doc,
			       size_t old_len, const char *old_name,
			       const char *new_doc, size_t new_len,
			       const char *new_name, smart_format format,
			       double *values, smart_error *err)
{
	static const char prefix[] = "comparator:";
	size_t base = smart_feature_count(), k = model->n_features - base;
	const smart_comparator **cmp = malloc(k * sizeof(*cmp));
	unsigned char *fails = malloc(k);
	smart_compare_config *cfg = NULL;
	int rc = -1;

	if (!cmp || !fails) {
		smart_error_oom(err);
		goto done;
	}
	for (size_t i = 0; i < k; i++) {
		const char *name = model->names[base + i];

		cmp[i] = strncmp(name, prefix, sizeof(prefix) - 1) == 0
				 ? smart_comparator_find(name + sizeof(prefix) - 1)
				 : NULL;
		if (!cmp[i]) {
			smart_error_set(err, "model feature '%s' is not a comparator verdict", name);
			goto done;
		}
	}
	cfg = smart_compare_config_new(NULL, err);
	if (!cfg || smart_measure_comparators(old_doc, old_len, old_name, new_doc, new_len,
					      new_name, format, cmp, k, cfg, fails, err))
		goto done;
	for (size_t i = 0; i < k; i++)
		values[base + i] = fails[i];
	rc = 0;
done:
	smart_compare_config_free(cfg);
	free(cmp);
	free(fails);
	return rc;
}

int smart_classify_documents(const smart_model *model, const char *old_doc,
			     size_t old_len, const char *old_name,
			     const char *new_doc, size_t new_len,
			     const char *new_name, smart_format format,
			     double *values, int *inspect, double *score,
			     smart_error *err)
{
	return smart_classify_documents_profiled(model, NULL, NULL, old_doc, old_len, old_name,
						 new_doc, new_len, new_name, format, values,
						 inspect, score, err);
}

int smart_classify_documents_profiled(const smart_model *model,
				      const struct smart_profile *profile,
				      const char *test, const char *old_doc,
				      size_t old_len, const char *old_name,
				      const char *new_doc, size_t new_len,
				      const char *new_name, smart_format format,
				      double *values, int *inspect, double *score,
				      smart_error *err)
{
	smart_measure m = { values, 0, 0, profile, test };
	double s;

	if (smart_measure_documents(old_doc, old_len, old_name, new_doc, new_len,
				    new_name, format, &m, err))
		return -1;
	if (model->n_features > smart_feature_count() &&
	    comparator_features(model, old_doc, old_len, old_name, new_doc, new_len,
				new_name, format, values, err))
		return -1;
	*inspect = smart_model_decide(model, values, &s);
	if (score)
		*score = s;
	/* A score that is not a number is no decision: trouble, never a
	 * silent "inspect" (the loader refuses weights that can overflow, so
	 * this needs a model built in memory, or a feature gone wrong). */
	if (!isfinite(s))
		return smart_error_set(err, "%s: the model's score for this pair is not a "
				       "finite number", new_name ? new_name : "(document)");
	/* Byte-identical outputs never need a look, whatever the model says. */
	if (!m.bytes_differ)
		*inspect = 0;
	return 0;
}
