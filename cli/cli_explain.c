/* The text explanation of one decision (cli/cli_explain.h). */
#include "cli_explain.h"

#include "cli.h"

/* "scrubbed by: values 5, rebase 1": the scrubbers (smart/scrub.h) that
 * explained the discounted differences, by the names --scrubbers takes. */
static void print_scrubbers(FILE *out, const smart_classification *c)
{
	const char *sep = "scrubbed by: ";

	for (int k = 0; k < SMART_SCRUBBER_COUNT; k++) {
		if (!c->scrubbed[k])
			continue;
		fprintf(out, "%s%s %u", sep, smart_scrubber_name(k), c->scrubbed[k]);
		sep = ", ";
	}
	if (*sep == ',')
		fputc('\n', out);
}

/* The decision and what moved it: classify's one-pair text report, and
 * the body of each pair `smart review` shows, so that both say the same. */
int cli_explain_text(FILE *out, const smart_model *m, const smart_classification *c, int top)
{
	const double *v = c->values;
	int inspect = c->inspect;
	size_t idx[64], k = smart_top_features(m, v, idx, top > 64 ? 64 : (size_t)top);
	char discounted[256];

	fprintf(out, "%s\n", inspect ? "inspect" : "ignore");
	fprintf(out, "score %.6g, inspect when score %s %.6g\n", c->score,
		smart_comparison_name(m->comparison), m->cutoff);
	if (c->severity != SMART_SEVERITY_NONE)
		fprintf(out, "severity %s: %s\n", smart_severity_name(c->severity),
			c->severity_reason);
	if (smart_discount_text(c->discounted, discounted, sizeof(discounted))) {
		fprintf(out, "%s: %s\n", smart_discount_heading(c), discounted);
		print_scrubbers(out, c);
	}
	if (m->kind != SMART_MODEL_LINEAR) {
		fprintf(out, "(an SVM score is not a sum over features: no per-feature breakdown)\n");
		return inspect ? CLI_DIFFER : CLI_SAME;
	}
	if (k == 0) {
		fprintf(out, "no feature moved the score (the pair looks unchanged)\n");
		return inspect ? CLI_DIFFER : CLI_SAME;
	}
	fprintf(out, "features that moved the score most (weight x value; + is towards inspect):\n");
	for (size_t i = 0; i < k; i++) {
		size_t j = idx[i];

		fprintf(out, "  %-22s %+10.4f = %-+10.4g x %g\n", m->names[j],
			smart_model_contribution(m, v, j), m->weights[j], v[j]);
	}
	return inspect ? CLI_DIFFER : CLI_SAME;
}
