/* One pair of documents -> feature vector and baseline verdicts. */
#include "smart/train.h"

#include <string.h>

#include "smart/diffx.h"
#include "smart/features.h"
#include "smart/tree.h"

int smart_measure_documents(const char *old_doc, size_t old_len,
			    const char *old_name, const char *new_doc,
			    size_t new_len, const char *new_name,
			    smart_format format, smart_measure *m,
			    smart_error *err)
{
	smart_tree *old_tree = NULL, *new_tree = NULL;
	smart_diff *diff = NULL;
	int rc = -1;

	m->bytes_differ = old_len != new_len || memcmp(old_doc, new_doc, old_len) != 0;
	old_tree = smart_tree_parse(old_doc, old_len, format, old_name, err);
	if (!old_tree)
		goto done;
	new_tree = smart_tree_parse(new_doc, new_len, format, new_name, err);
	if (!new_tree)
		goto done;
	m->trees_differ = !smart_tree_equal(old_tree, new_tree);
	diff = smart_diffx(old_tree, new_tree, err);
	if (!diff)
		goto done;
	rc = smart_features_compute_profiled(old_tree, new_tree, diff, m->profile, m->test,
					     m->values, err);
done:
	smart_diff_free(diff);
	smart_tree_free(new_tree);
	smart_tree_free(old_tree);
	return rc;
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
