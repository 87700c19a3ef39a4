/* One pair of documents -> feature vector and baseline verdicts. */
#include "smart/train.h"

#include <string.h>

#include "smart/features.h"

/* Measures one pair for training and classification: the diff baseline
 * (any byte differs) is decided here; parsing, the tree-diff baseline and the
 * features come from the one pipeline every caller shares
 * (smart_features_from_documents_profiled). */
int smart_measure_documents(const char *old_doc, size_t old_len,
			    const char *old_name, const char *new_doc,
			    size_t new_len, const char *new_name,
			    smart_format format, smart_measure *m,
			    smart_error *err)
{
	smart_document a = { old_doc, old_len, old_name }, b = { new_doc, new_len, new_name };
	smart_features_options o = SMART_FEATURES_OPTIONS_INIT;
	int rc;

	m->bytes_differ = old_len != new_len || memcmp(old_doc, new_doc, old_len) != 0;
	o.format = format;
	o.profile = m->profile;
	o.test = m->test;
	o.raw = m->raw;
	rc = smart_features_of_pair(&a, &b, &o, m->values, &m->result, err);
	m->trees_differ = m->result.trees_differ;
	return rc;
}

int smart_forced_decision(const char *const *names, size_t n, const double *values,
			  int only_volatile)
{
	if (only_volatile)
		return 0;
	for (size_t j = 0; j < n; j++)
		if (strcmp(names[j], "error_keywords") == 0)
			return values[j] > 0 ? 1 : -1;
	return -1;
}

int smart_measure_comparators(const char *old_doc, size_t old_len,
			      const char *old_name, const char *new_doc,
			      size_t new_len, const char *new_name,
			      smart_format format,
			      const smart_comparator *const *comparators, size_t n,
			      const smart_compare_config *config,
			      unsigned char *fails, smart_error *err)
{
	smart_compare_pair *pair = smart_compare_pair_new(old_doc, old_len, new_doc, new_len,
							  format, old_name, new_name, err);
	smart_compare_result r;
	int rc = 0;

	if (!pair)
		return -1;
	smart_compare_result_init(&r);
	r.verdict_only = 1; /* only the verdicts are kept */
	for (size_t k = 0; k < n && rc == 0; k++) {
		rc = smart_compare_run(comparators[k], pair, config, &r, err);
		if (rc < 0)
			smart_error_prefix(err, "comparator %s", comparators[k]->name);
		fails[k] = r.verdict == SMART_COMPARE_FAIL;
	}
	smart_compare_result_clear(&r);
	smart_compare_pair_free(pair);
	return rc;
}
