/*
 * The feature registry: every feature SMART computes, in the order of the
 * feature vector. Output, models and training iterate this table, so adding
 * a feature is adding one line here (and its extractor). The names are part
 * of the model format: renaming one invalidates stored models.
 */
#include "smart/features.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "volatility.h"

static const smart_feature_info registry[] = {
	{ "diffx_moves", "content nodes in subtrees DiffX moves", 0, smart__feature_diffx_moves },
	{ "diffx_inserts", "content nodes DiffX inserts", 0, smart__feature_diffx_inserts },
	{ "diffx_deletes", "content nodes DiffX deletes", 0, smart__feature_diffx_deletes },
	{ "text_only", "1 when every difference is a change of text, else 0", 0,
	  smart__feature_text_only },
	{ "grouped_change", "elements in the largest subtree changed as a whole", 0,
	  smart__feature_grouped_change },
	{ "grouped_boolean", "1 when a subtree of 2 or more elements changed as a whole", 0,
	  smart__feature_grouped_boolean },
	{ "change_depth",
	  "how near the root the highest displayed edit lies: 1 at the root, 0 when no edits",
	  0, smart__feature_change_depth },
	{ "children_order", "matched nodes whose children are the same set in another order", 0,
	  smart__feature_children_order },
	{ "inversions", "tag positions that differ after the paper's sorted-LCS procedure", 0,
	  smart__feature_inversions },
	{ "text_ratio", "displayed text characters of new over old (1 when equal)", 1,
	  smart__feature_text_ratio },
	{ "text_multimedia_ratio", "relative change of displayed text per multimedia object", 0,
	  smart__feature_text_multimedia_ratio },
	{ "error_keywords", "error keywords in the new displayed text and not in the old", 0,
	  smart__feature_error_keywords },
	{ "input_elements", "form controls inserted, deleted or with changed name/type/value/action",
	  0, smart__feature_input_elements },
	{ "missing_attributes", "attributes of aligned elements present in old only", 0,
	  smart__feature_missing_attributes },
	{ "changed_attributes", "attributes of aligned elements with a different value", 0,
	  smart__feature_changed_attributes },
	{ "new_text", "characters of displayed text inserted or rewritten in the new document", 0,
	  smart__feature_new_text },
	VOLATILITY_FEATURES
	{ "changed_content_ratio",
	  "content nodes moved, inserted or deleted over those of the larger document (at most 1)",
	  0, smart__feature_changed_content_ratio },
	{ "new_text_ratio", "new_text over the displayed characters of the new document (0..1)", 0,
	  smart__feature_new_text_ratio },
	{ "text_size_change", "|log2((new + 1) / (old + 1))| of the displayed characters", 0,
	  smart__feature_text_size_change },
	{ "new_text_log", "log2(1 + new_text)", 0, smart__feature_new_text_log },
	{ "reworded_text",
	  "change_depth when every difference is prose rewritten with words the old page never used",
	  0,
	  smart__feature_reworded_text },
	{ "doctype_changed", "1 when the document type declaration was added, dropped or replaced",
	  0, smart__feature_doctype_changed },
	{ "hidden_edits",
	  "log2(1 + the residue where no user sees it but same-shape substitutions: script text, head, hidden inputs, ids, data-*)",
	  0, smart__feature_hidden_edits_log },
	{ "hidden_substitutions",
	  "log2(1 + the hidden residue that swaps values for values of the same shape)",
	  0, smart__feature_hidden_substitutions },
};

/* The sign each feature's weight is expected to take (the hypothesis of
 * paper §3 or of docs/features.md): +1 pushes towards inspect, -1 towards
 * ignore; features not listed have none. smart train warns when a fitted
 * weight contradicts it and, with --sign-constraints, fixes it at 0. */
static const struct {
	const char *name;
	int sign;
} hypotheses[] = {
	{ "diffx_moves", +1 }, { "diffx_inserts", +1 }, { "diffx_deletes", +1 },
	{ "text_only", -1 }, { "grouped_change", +1 }, { "grouped_boolean", +1 },
	{ "change_depth", +1 }, { "inversions", +1 }, { "text_ratio", +1 },
	{ "text_multimedia_ratio", +1 }, { "error_keywords", +1 }, { "input_elements", +1 },
	{ "missing_attributes", +1 }, { "new_text", +1 },
	/* how much noise the profile explained: a fault's page carries its
	 * application's noise as a clean rerun's does, so its amount says
	 * nothing (issue 35: weighted, it pushed faults below clean reruns) */
	{ "volatile_moves", SMART_SIGN_HELD }, { "volatile_inserts", SMART_SIGN_HELD },
	{ "volatile_deletes", SMART_SIGN_HELD }, { "volatile_updates", SMART_SIGN_HELD },
	{ "stable_updates", +1 }, { "volatile_attributes", SMART_SIGN_HELD },
	{ "residual_change", +1 }, { "only_volatile", -1 }, { "changed_words", +1 },
	{ "link_attributes", +1 }, { "form_attributes", +1 }, { "placeholder_tokens", +1 },
	{ "changed_content_ratio", +1 }, { "new_text_ratio", +1 }, { "text_size_change", +1 },
	{ "new_text_log", +1 }, { "reworded_text", -1 }, { "doctype_changed", +1 },
	{ "hidden_edits", +1 }, { "hidden_substitutions", +1 },
};

#define REGISTRY_SIZE (sizeof(registry) / sizeof(registry[0]))

size_t smart_feature_count(void)
{
	return REGISTRY_SIZE;
}

const smart_feature_info *smart_feature_info_at(size_t i)
{
	assert(i < REGISTRY_SIZE);
	return &registry[i];
}

/* The column names of a table or a model without comparator verdicts. */
const char **smart_feature_names(size_t *n)
{
	const char **names = calloc(REGISTRY_SIZE, sizeof(*names));

	*n = REGISTRY_SIZE;
	if (!names)
		return NULL;
	for (size_t i = 0; i < REGISTRY_SIZE; i++)
		names[i] = registry[i].name;
	return names;
}

int smart_feature_sign(const char *name)
{
	for (size_t i = 0; i < sizeof(hypotheses) / sizeof(hypotheses[0]); i++)
		if (strcmp(hypotheses[i].name, name) == 0)
			return hypotheses[i].sign;
	return 0;
}

long smart_feature_index(const char *name)
{
	for (size_t i = 0; i < REGISTRY_SIZE; i++)
		if (strcmp(registry[i].name, name) == 0)
			return (long)i;
	return -1;
}

/* Runs every extractor in registry order: the volatility analysis on the
 * pair as given, SMART's own features on its normalised view when there is
 * one. A value that is not finite would poison the linear model silently,
 * so the pair is refused with an error. */
int smart_features_compute(const smart_features_input *in, double *values,
			   smart_error *err)
{
	smart_volatility vol;
	smart_feature_memo memo = { { NULL, NULL }, { 0, 0 }, NULL, 0 };
	smart_feature_args args = { .old_tree = in->old_tree,
				    .new_tree = in->new_tree,
				    .diff = in->diff,
				    .noise = in->noise,
				    .old_masked = in->old_masked,
				    .new_masked = in->new_masked,
				    .volatility = &vol,
				    .memo = &memo };

	assert(in->diff && in->diff->old_tree == in->old_tree &&
	       in->diff->new_tree == in->new_tree);
	if (smart__feature_volatility_compute(&args, &vol, err) < 0)
		return smart_error_prefix(err, "volatility");
	if (in->normal_diff) {
		assert(in->normal_diff->old_tree == in->old_normal &&
		       in->normal_diff->new_tree == in->new_normal);
		args.old_tree = in->old_normal;
		args.new_tree = in->new_normal;
		args.diff = in->normal_diff;
	}
	for (size_t i = 0; i < REGISTRY_SIZE; i++) {
		values[i] = 0;
		if (registry[i].extract(&args, &values[i], err) < 0)
			return smart_error_prefix(err, "feature %s", registry[i].name);
		/* An extractor is meant to give a finite value on any input;
		 * should one not (a ratio over a pathological page), the pair
		 * is refused with an error rather than the process aborted. */
		if (!isfinite(values[i]))
			return smart_error_set(err, "feature %s: not a finite number (%g)",
					       registry[i].name, values[i]);
	}
	return 0;
}
