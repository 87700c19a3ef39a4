/* From two documents to a feature vector: parse, align, compute. */
#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "smart/features.h"
#include "smart/file.h"
#include "smart/profile.h"

/* The one path from two documents to their features, shared by `smart
 * features`, training and classification: parse both, note whether the
 * parsed trees differ (the tree-diff baseline), scrub the built-in value
 * shapes and the site's root if it moved out of both (unless raw), align
 * (again without the presentational attributes elements gained)
 * with DiffX, count what the scrubbing explained, and compute the features
 * against the profile. */
int smart_features_of_pair(const smart_document *old_doc, const smart_document *new_doc,
			   const smart_features_options *o, double *values,
			   smart_features_result *r, smart_error *err)
{
	smart_tree *old_tree = NULL, *new_tree = NULL, *old_clean = NULL, *new_clean = NULL;
	const smart_tree *old_used, *new_used;
	const smart_shapes *shapes = NULL;
	smart_diff *diff = NULL;
	int status = -1, total, rebased = 0;

	assert(o->version == SMART_FEATURES_OPTIONS_VERSION);
	assert(SMART_DISCOUNT_PRESENTATION < sizeof(r->discounted) / sizeof(r->discounted[0]));
	memset(r, 0, sizeof(*r));
	old_tree = smart_tree_parse(old_doc->data, old_doc->len, o->format, old_doc->name, err);
	if (!old_tree)
		goto out;
	new_tree = smart_tree_parse(new_doc->data, new_doc->len, o->format, new_doc->name, err);
	if (!new_tree)
		goto out;
	r->trees_differ = !smart_tree_equal(old_tree, new_tree);
	old_used = old_tree;
	new_used = new_tree;
	if (!o->raw && r->trees_differ) {
		shapes = smart_shapes_scrubbed(err);
		old_clean = shapes ? smart_shapes_scrub(shapes, old_tree, err) : NULL;
		new_clean = old_clean ? smart_shapes_scrub(shapes, new_tree, err) : NULL;
		if (!new_clean || (rebased = smart_scrub_rebase(old_clean, new_clean, err)) < 0)
			goto out;
		old_used = old_clean;
		new_used = new_clean;
	}
	diff = smart_diffx(old_used, new_used, err);
	if (diff && shapes &&
	    (r->discounted[SMART_DISCOUNT_PRESENTATION] = smart_scrub_added_presentation(new_clean, diff))) {
		smart_diff_free(diff); /* new hooks removed: align what is left */
		diff = smart_diffx(old_used, new_used, err);
	}
	if (!diff)
		goto out;
	if (shapes) {
		total = smart_shapes_count_discounted(shapes, old_tree, new_tree, diff->old_to_new,
						      r->discounted);
		if (total < 0) {
			smart_error_oom(err);
			goto out;
		}
		r->discounted[SMART_SHAPE_PATH] += (unsigned)rebased;
		total += rebased + (int)r->discounted[SMART_DISCOUNT_PRESENTATION];
		r->discounted_total = (unsigned)total;
		r->only_volatile = smart_diff_is_empty(diff);
	}
	status = smart_features_compute_profiled(old_used, new_used, diff, o->profile, o->test,
						 values, err);
out:
	smart_diff_free(diff);
	smart_tree_free(new_clean);
	smart_tree_free(old_clean);
	smart_tree_free(new_tree);
	smart_tree_free(old_tree);
	return status;
}

/* SMART's pipeline, scrubbed, with a profile and test name. */
int smart_features_from_documents_profiled(const char *old_data, size_t old_len,
					   const char *old_name, const char *new_data,
					   size_t new_len, const char *new_name,
					   smart_format format,
					   const struct smart_profile *profile,
					   const char *test, double *values,
					   int *trees_differ, smart_error *err)
{
	smart_document a = { old_data, old_len, old_name }, b = { new_data, new_len, new_name };
	smart_features_options o = SMART_FEATURES_OPTIONS_INIT;
	smart_features_result r;
	int rc;

	o.format = format;
	o.profile = profile;
	o.test = test;
	rc = smart_features_of_pair(&a, &b, &o, values, &r, err);
	if (rc == 0 && trees_differ)
		*trees_differ = r.trees_differ;
	return rc;
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
