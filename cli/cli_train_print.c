/* What smart train prints of a model (cli/cli_train.h): the analysis of
 * variance of its features, most significant first (SMART Fig. 4), as a
 * table or as JSON. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "cli_train.h"

typedef struct sort_ctx {
	char *const *names;
	const smart_anova_row *rows;
} sort_ctx;

/* Rows of the ANOVA table, most significant first, dropped features last. */
static int by_f(const void *a, const void *b, void *arg)
{
	const sort_ctx *sc = arg;
	const smart_anova_row *x = &sc->rows[*(const size_t *)a];
	const smart_anova_row *y = &sc->rows[*(const size_t *)b];

	if (x->dropped != y->dropped)
		return x->dropped - y->dropped;
	if (x->f != y->f)
		return x->f < y->f ? 1 : -1;
	return strcmp(sc->names[*(const size_t *)a], sc->names[*(const size_t *)b]);
}

static void print_p(double p)
{
	if (p < 0.001)
		printf("%8s", "< 0.001");
	else
		printf("%8.3f", p);
}

void cli_train_print_table(const smart_model *m, const smart_ols_fit *fit,
			   double train_f1)
{
	size_t *order = malloc(m->n_features * sizeof(*order));

	printf("%s model on %zu pairs (%zu inspect, %zu ignore)\n\n",
	       m->kind == SMART_MODEL_SVM ? "svm" : "linear", m->provenance.pairs,
	       m->provenance.inspect, m->provenance.pairs - m->provenance.inspect);
	if (fit && order) {
		for (size_t j = 0; j < m->n_features; j++)
			order[j] = j;
		sort_ctx sc = { m->names, fit->anova };

		qsort_r(order, m->n_features, sizeof(*order), by_f, &sc);
		printf("%-24s %12s %12s %8s\n", "feature", "coefficient", "F", "p");
		for (size_t k = 0; k < m->n_features; k++) {
			size_t j = order[k];
			const smart_anova_row *r = &fit->anova[j];

			if (r->dropped) {
				printf("%-24s %12s %12s %8s  (%s: weight 0)\n",
				       m->names[j], "-", "-", "-",
				       !r->sign_fixed ? "not estimable"
				       : smart_feature_sign(m->names[j]) == SMART_SIGN_HELD
					       ? "held at 0"
					       : "sign contradicts hypothesis");
				continue;
			}
			printf("%-24s %+12.4g %12.4g ", m->names[j], r->coefficient, r->f);
			print_p(r->p);
			printf("%s\n", r->p >= 0.05 ? "  (not significant)" : "");
		}
		printf("%-24s %+12.4g\n\n", "(intercept)", m->intercept);
	}
	free(order);
	printf("inspect when score %s %.6g\n", smart_comparison_name(m->comparison), m->cutoff);
	if (m->provenance.cutoff_search[0]) /* docs/model.md */
		printf("cutoff chosen for a first look (%s): moved by %+.6g\n",
		       m->provenance.cutoff_search, m->provenance.cutoff_offset);
	if (m->has_profile_cutoff) /* chosen on held-out scores (docs/profile.md) */
		printf("with a profile: inspect when score %s %.6g\n",
		       smart_comparison_name(m->comparison), m->profile_cutoff);
	printf("training F1 %.4f", train_f1);
	if (isfinite(m->provenance.cv_f1))
		printf(", %u-fold cross-validated F1 %.4f", m->provenance.folds,
		       m->provenance.cv_f1);
	printf("\n");
}

/* What the cutoff search of `r` searched and chose, as the text table
 * says it in its last lines: the objective ("f1": the F1-maximising
 * cutoff on the training pairs, SMART §4.1.2; "transfer...": moved for a
 * first look), the cutoff before and after any move, the training F1 at
 * the chosen cutoff, and the profile cutoff's held-out search (null when
 * the model has none). */
static void add_cutoff_search(cJSON *o, const smart_train_report *r)
{
	const smart_model *m = r->model;
	cJSON *s = cJSON_AddObjectToObject(o, "cutoff_search"), *pc;

	if (!s)
		return;
	cJSON_AddStringToObject(s, "objective", m->provenance.cutoff_search[0]
							? m->provenance.cutoff_search : "f1");
	cJSON_AddNumberToObject(s, "f1_cutoff", r->f1_cutoff);
	cJSON_AddNumberToObject(s, "cutoff", m->cutoff);
	cJSON_AddStringToObject(s, "comparison", smart_comparison_name(m->comparison));
	cJSON_AddNumberToObject(s, "training_f1", r->train_f1);
	if (r->transfer_cutoff.found) {
		const smart_transfer_cutoff *tc = &r->transfer_cutoff;

		cJSON_AddNumberToObject(s, "offset", m->provenance.cutoff_offset);
		cJSON_AddNumberToObject(s, "held_out_apps", (double)tc->apps);
		cJSON_AddNumberToObject(s, "held_out_rows", (double)tc->rows);
		cJSON_AddNumberToObject(s, "held_out_worst_f1", tc->choice.worst_f1);
		cJSON_AddNumberToObject(s, "held_out_mean_f1", tc->choice.mean_f1);
		cJSON_AddNumberToObject(s, "held_out_pooled_f1", tc->choice.pooled_f1);
	}
	if (!m->has_profile_cutoff || !r->profile_cutoff.found) {
		cJSON_AddNullToObject(s, "profile");
		return;
	}
	if (!(pc = cJSON_AddObjectToObject(s, "profile")))
		return;
	cJSON_AddNumberToObject(pc, "cutoff", m->profile_cutoff);
	cJSON_AddNumberToObject(pc, "offset", r->profile_cutoff.offset);
	cJSON_AddNumberToObject(pc, "held_out_f1", r->profile_cutoff.f1);
	cJSON_AddNumberToObject(pc, "held_out_apps", (double)r->profile_cutoff.apps);
	cJSON_AddNumberToObject(pc, "held_out_rows", (double)r->profile_cutoff.rows);
}

int cli_train_print_json(const char *path, const smart_train_report *r)
{
	const smart_model *m = r->model;
	const smart_ols_fit *fit = r->has_fit ? &r->fit : NULL;
	double train_f1 = r->train_f1;
	cJSON *o = cJSON_CreateObject(), *feats;

	if (!o)
		return cli_failf("out of memory");
	cJSON_AddStringToObject(o, "model", path);
	cJSON_AddStringToObject(o, "kind", m->kind == SMART_MODEL_SVM ? "svm" : "linear");
	cJSON_AddNumberToObject(o, "pairs", (double)m->provenance.pairs);
	cJSON_AddNumberToObject(o, "inspect", (double)m->provenance.inspect);
	cJSON_AddNumberToObject(o, "cutoff", m->cutoff);
	cJSON_AddStringToObject(o, "comparison", smart_comparison_name(m->comparison));
	if (m->has_profile_cutoff)
		cJSON_AddNumberToObject(o, "profile_cutoff", m->profile_cutoff);
	cJSON_AddNumberToObject(o, "training_f1", train_f1);
	if (isfinite(m->provenance.cv_f1))
		cJSON_AddNumberToObject(o, "cv_f1", m->provenance.cv_f1);
	else
		cJSON_AddNullToObject(o, "cv_f1");
	add_cutoff_search(o, r);
	if (fit) {
		cJSON_AddNumberToObject(o, "intercept", m->intercept);
		feats = cJSON_AddArrayToObject(o, "features");
		for (size_t j = 0; feats && j < m->n_features; j++) {
			cJSON *f = cJSON_CreateObject();

			cJSON_AddItemToArray(feats, f);
			cJSON_AddStringToObject(f, "name", m->names[j]);
			cJSON_AddBoolToObject(f, "dropped", fit->anova[j].dropped);
			cJSON_AddNumberToObject(f, "coefficient", fit->anova[j].coefficient);
			/* JSON has no infinity: a perfect fit's F is null. */
			if (isfinite(fit->anova[j].f))
				cJSON_AddNumberToObject(f, "f", fit->anova[j].f);
			else
				cJSON_AddNullToObject(f, "f");
			cJSON_AddNumberToObject(f, "p", fit->anova[j].p);
		}
	}
	return cli_print_json(o);
}
