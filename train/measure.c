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
	rc = smart_features_compute(old_tree, new_tree, diff, m->values, err);
done:
	smart_diff_free(diff);
	smart_tree_free(new_tree);
	smart_tree_free(old_tree);
	return rc;
}
