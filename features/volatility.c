/*
 * The volatility analysis of a pair (features/volatility.h): the edits the
 * measuring stage judged expected noise ("volatile", smart_profile_judge in
 * profile/judge.c, which says when an edit is) are counted apart from the
 * stable ones, once, before the extractors run; a stable text update's
 * changed words are counted word by word on its values with the volatile
 * shapes masked ("price 10 at 10:41" -> "price 12 at 10:42": one word on
 * each side).
 */
#include "volatility.h"

#include "internal.h"

#include <stdlib.h>
#include <string.h>

/* Attributes that point at another page or a resource. */
static const char *const link_attributes[] = {
	"href", "src", "action", "formaction", "srcset", "poster", "cite", "data",
	"background", "longdesc", "manifest", "codebase", "archive", "ping", "lowsrc",
	"xlink:href", "content", NULL
};

/* Attributes that define what a form field submits or how it behaves. */
static const char *const form_attributes[] = {
	"name", "type", "value", "checked", "selected", "disabled", "method", "enctype",
	"for", "required", "multiple", "readonly", "maxlength", "min", "max", "pattern",
	"accept", "autocomplete", "placeholder", NULL
};

static int in_list(const char *name, const char *const *list)
{
	for (; *list; list++)
		if (strcmp(name, *list) == 0)
			return 1;
	return 0;
}

static void count_attribute(smart_volatility *vol, const char *name)
{
	if (in_list(name, link_attributes))
		vol->link_attributes++;
	else if (in_list(name, form_attributes))
		vol->form_attributes++;
	else
		vol->presentation_attributes++;
}

int smart__feature_volatility_compute(const smart_feature_args *args, smart_volatility *vol,
			       smart_error *err)
{
	const smart_diff *d = args->diff;
	uint8_t *hidden;

	memset(vol, 0, sizeof(*vol));
	vol->edits = d->op_count;
	vol->raw_old = args->old_tree;
	vol->raw_new = args->new_tree;
	if (!args->noise || !args->old_masked || !args->new_masked)
		return smart_error_set(err, "the edits were not judged (smart_profile_judge)");
	if (smart__feature_hidden_edits(args, &hidden, err) < 0)
		return -1;
	for (size_t i = 0; i < d->op_count; i++) {
		const smart_edit_op *op = &d->ops[i];
		int v = args->noise[i];

		switch (op->kind) {
		case SMART_OP_MOVE:
		case SMART_OP_INSERT:
		case SMART_OP_DELETE:
			if (!v) {
				vol->stable_structure += op->subtree_size;
				vol->hidden_residue += hidden[i] ? op->subtree_size : 0;
			} else if (op->kind == SMART_OP_MOVE)
				vol->volatile_moves += op->subtree_size;
			else if (op->kind == SMART_OP_INSERT)
				vol->volatile_inserts += op->subtree_size;
			else
				vol->volatile_deletes += op->subtree_size;
			break;
		case SMART_OP_UPDATE:
			if (v) {
				vol->volatile_updates++;
			} else {
				uint32_t words = smart__feature_word_changes(args->old_masked[i],
									   args->new_masked[i]);

				vol->stable_updates++;
				vol->changed_words += words;
				vol->hidden_words += hidden[i] ? words : 0;
				vol->hidden_residue += hidden[i] ? words : 0;
				if (hidden[i] && smart__feature_same_shape(args->old_masked[i],
									    args->new_masked[i]))
					vol->hidden_substituted += words;
			}
			break;
		default: /* attribute edits */
			if (v) {
				vol->volatile_attributes++;
			} else {
				vol->stable_attributes++;
				vol->hidden_residue += hidden[i];
				if (hidden[i] && op->kind == SMART_OP_ATTR_CHANGE &&
				    smart__feature_same_shape(op->old_value, op->new_value))
					vol->hidden_substituted++;
				count_attribute(vol, op->attr_name);
			}
			break;
		}
	}
	free(hidden);
	return 0;
}
