/* From two documents to a feature vector: parse, align, compute. */
#include <stdlib.h>

#include "smart/features.h"
#include "smart/file.h"

/* The one path from two documents to their features, shared by `smart
 * features`, training and classification: parse both, note whether the
 * parsed trees differ (the tree-diff baseline, when trees_differ is not
 * NULL), align them with DiffX and compute the features against the
 * profile. */
int smart_features_from_documents_profiled(const char *old_data, size_t old_len,
					   const char *old_name, const char *new_data,
					   size_t new_len, const char *new_name,
					   smart_format format,
					   const struct smart_profile *profile,
					   const char *test, double *values,
					   int *trees_differ, smart_error *err)
{
	smart_tree *old_tree = NULL, *new_tree = NULL;
	smart_diff *diff = NULL;
	int status = -1;

	old_tree = smart_tree_parse(old_data, old_len, format, old_name, err);
	if (!old_tree)
		goto out;
	new_tree = smart_tree_parse(new_data, new_len, format, new_name, err);
	if (!new_tree)
		goto out;
	if (trees_differ)
		*trees_differ = !smart_tree_equal(old_tree, new_tree);
	diff = smart_diffx(old_tree, new_tree, err);
	if (!diff)
		goto out;
	status = smart_features_compute_profiled(old_tree, new_tree, diff, profile, test,
						 values, err);
out:
	smart_diff_free(diff);
	smart_tree_free(new_tree);
	smart_tree_free(old_tree);
	return status;
}

/* Without a profile or a test name: the built-in value shapes only. */
int smart_features_from_documents(const char *old_data, size_t old_len,
				  const char *old_name, const char *new_data,
				  size_t new_len, const char *new_name,
				  smart_format format, double *values,
				  smart_error *err)
{
	return smart_features_from_documents_profiled(old_data, old_len, old_name, new_data,
						      new_len, new_name, format, NULL, NULL,
						      values, NULL, err);
}

/* Reads both files whole, then as smart_features_from_documents. */
int smart_features_from_files(const char *old_path, const char *new_path,
			      smart_format format, double *values,
			      smart_error *err)
{
	char *old_data = NULL, *new_data = NULL;
	size_t old_len, new_len;
	int status = -1;

	if (smart_file_read(old_path, SMART_TREE_MAX_FILE, &old_data, &old_len, err) < 0 ||
	    smart_file_read(new_path, SMART_TREE_MAX_FILE, &new_data, &new_len, err) < 0)
		goto out;
	status = smart_features_from_documents(old_data, old_len, old_path, new_data, new_len,
					       new_path, format, values, err);
out:
	free(old_data);
	free(new_data);
	return status;
}
