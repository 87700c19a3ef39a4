/*
 * The volatility analysis of a pair (features/volatility.h): every DiffX
 * edit is judged expected noise ("volatile") or not, once, before the
 * extractors run.
 *
 * An edit is volatile when
 *  - its location is in the profile (for all tests or for this test) and
 *    the values on both sides fit one of the location's patterns (values
 *    masked with every shape); structural edits (insert, delete, move)
 *    need a "/\*" entry at the parent, or a "/\*\*" region around it; or
 *  - it changes a text or attribute value only inside value shapes: both
 *    values are equal once the volatile shapes (the profile's, or the
 *    built-in ones without a profile) are masked ("Updated 10:41" ->
 *    "Updated 10:42"). A real change beside such a token is not masked
 *    away: "price 10 at 10:41" -> "price 12 at 10:42" is stable, and its
 *    changed words are counted word by word.
 */
#include "volatility.h"

#include <stdlib.h>
#include <string.h>

#include "smart/profile.h"

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

/* The per-pair state of the analysis. */
typedef struct analysis {
	const smart_feature_args *a;
	const smart_shapes *shapes; /* volatile everywhere */
	const smart_shapes *all;    /* for the profile's patterns */
	const smart_profile_test *test;
	smart_error *err;
} analysis;

/* True when the profile accepts the change of `loc` from `old_value` to
 * `new_value` (either may be NULL: absent). -1 when out of memory. */
static int profile_accepts(analysis *an, const char *loc, const char *old_value,
			   const char *new_value)
{
	const smart_profile *p = an->a->profile;
	char *om = NULL, *nm = NULL;
	int yes = -1;

	if (!p)
		return 0;
	if (old_value && !(om = smart_shapes_mask(an->all, old_value, strlen(old_value), NULL,
						  an->err)))
		goto done;
	if (new_value && !(nm = smart_shapes_mask(an->all, new_value, strlen(new_value), NULL,
						  an->err)))
		goto done;
	yes = smart_profile_entries_accept(p->all, p->n_all, loc, om, nm) ||
	      (an->test && smart_profile_entries_accept(an->test->entries, an->test->n_entries,
							loc, om, nm));
done:
	free(om);
	free(nm);
	return yes;
}

/* A value edit: volatile (1), stable (0) or out of memory (-1); for a
 * stable text update *words receives the words that differ once the
 * volatile shapes are masked. */
static int judge_value(analysis *an, const smart_edit_op *op, uint32_t *words)
{
	char *loc = smart_location_of_op(an->a->diff, op), *om = NULL, *nm = NULL;
	int verdict = -1;

	*words = 0;
	if (!loc) {
		smart_error_oom(an->err);
		return -1;
	}
	if (op->old_value && op->new_value) {
		om = smart_shapes_mask(an->shapes, op->old_value, strlen(op->old_value), NULL, an->err);
		nm = om ? smart_shapes_mask(an->shapes, op->new_value, strlen(op->new_value), NULL,
					    an->err)
			: NULL;
		if (!nm)
			goto done;
		if (strcmp(om, nm) == 0) {
			verdict = 1;
			goto done;
		}
	}
	verdict = profile_accepts(an, loc, op->old_value, op->new_value);
	if (verdict == 0 && op->kind == SMART_OP_UPDATE)
		*words = feature_word_changes(om, nm);
done:
	free(loc);
	free(om);
	free(nm);
	return verdict;
}

/* A structural edit: an insert or delete is volatile when the profile
 * says the parent's children come and go ("…/\*"), a move when they do or
 * when their order varies ("…/\*order"). */
static int judge_structure(analysis *an, const smart_edit_op *op)
{
	char *loc = smart_location_of_op(an->a->diff, op);
	int verdict;

	if (!loc) {
		smart_error_oom(an->err);
		return -1;
	}
	verdict = profile_accepts(an, loc, NULL, NULL);
	if (verdict == 0 && op->kind == SMART_OP_MOVE) {
		loc[strlen(loc) - strlen("order")] = '\0'; /* "…/\*order" -> "…/\*" */
		verdict = profile_accepts(an, loc, NULL, NULL);
	}
	free(loc);
	return verdict;
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

int feature_volatility_compute(const smart_feature_args *args, smart_volatility *vol,
			       smart_error *err)
{
	analysis an = { .a = args, .err = err };
	const smart_diff *d = args->diff;

	memset(vol, 0, sizeof(*vol));
	vol->edits = d->op_count;
	vol->raw_old = args->old_tree;
	vol->raw_new = args->new_tree;
	an.shapes = args->profile ? args->profile->compiled : smart_shapes_builtin(err);
	an.all = smart_shapes_all(err);
	if (!an.shapes || !an.all)
		return -1;
	an.test = smart_profile_find_test(args->profile, args->test);
	for (size_t i = 0; i < d->op_count; i++) {
		const smart_edit_op *op = &d->ops[i];
		uint32_t words = 0;
		int v;

		switch (op->kind) {
		case SMART_OP_MOVE:
		case SMART_OP_INSERT:
		case SMART_OP_DELETE:
			if ((v = judge_structure(&an, op)) < 0)
				return -1;
			if (!v)
				vol->stable_structure += op->subtree_size;
			else if (op->kind == SMART_OP_MOVE)
				vol->volatile_moves += op->subtree_size;
			else if (op->kind == SMART_OP_INSERT)
				vol->volatile_inserts += op->subtree_size;
			else
				vol->volatile_deletes += op->subtree_size;
			break;
		case SMART_OP_UPDATE:
			if ((v = judge_value(&an, op, &words)) < 0)
				return -1;
			if (v)
				vol->volatile_updates++;
			else
				vol->stable_updates++;
			vol->changed_words += words;
			break;
		default: /* attribute edits */
			if ((v = judge_value(&an, op, &words)) < 0)
				return -1;
			if (v) {
				vol->volatile_attributes++;
			} else {
				vol->stable_attributes++;
				count_attribute(vol, op->attr_name);
			}
			break;
		}
	}
	return 0;
}
