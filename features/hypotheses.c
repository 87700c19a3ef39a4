/*
 * Which way each feature should push a pair, by the paper's hypothesis
 * (SMART §3.2-3.3, docs/features.md): towards inspect (+1), towards ignore
 * (-1), or no stated direction (0). Least squares on correlated features
 * can give a weight the wrong sign -- new text that makes a page *less*
 * suspicious, so 50 MB of new text scores as harmless -- and such a weight
 * generalises badly to an application the model has not seen. Training
 * fixes a contradicting weight at 0 and refits (smart_ols), and says so.
 */
#include "smart/features.h"

#include <string.h>

static const struct {
	const char *name;
	signed char sign;
} hypotheses[] = {
	/* tree edits: deletes and inserts are how faults show (paper §7.2.1) */
	{ "diffx_inserts", +1 },
	{ "diffx_deletes", +1 },
	{ "text_only", -1 },           /* reworded text rarely needs a look */
	{ "grouped_change", +1 },      /* clustered edits: a lost form, a trace */
	{ "grouped_boolean", +1 },
	{ "change_depth", +1 },        /* edits near the root: large changes */
	{ "children_order", -1 },      /* a reordering is not a semantic error */
	{ "error_keywords", +1 },      /* failing applications print errors */
	{ "input_elements", +1 },      /* lost or rewired form controls */
	{ "missing_attributes", +1 },
	{ "new_text", +1 },            /* more new text, more to look at */
	{ "text_ratio", +1 },          /* a page that grew a lot is no quieter */
	{ "volatile_moves", -1 },      /* what the profile expects to vary */
	{ "volatile_inserts", -1 },
	{ "volatile_deletes", -1 },
	{ "volatile_updates", -1 },
	{ "volatile_attributes", -1 },
	{ "stable_updates", +1 },
	{ "residual_change", +1 },
	{ "only_volatile", -1 },
	{ "changed_words", +1 },
	{ "link_attributes", +1 },
	{ "form_attributes", +1 },
	{ "placeholder_tokens", +1 },  /* "undefined", "{{x}}": a broken template */
};

int smart_feature_hypothesis(const char *name)
{
	for (size_t i = 0; i < sizeof(hypotheses) / sizeof(hypotheses[0]); i++)
		if (strcmp(hypotheses[i].name, name) == 0)
			return hypotheses[i].sign;
	return 0;
}

void smart_feature_hypotheses(const char *const *names, size_t n, signed char *signs)
{
	for (size_t j = 0; j < n; j++)
		signs[j] = (signed char)smart_feature_hypothesis(names[j]);
}
