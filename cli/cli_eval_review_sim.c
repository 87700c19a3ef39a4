/* smart eval --review-sim: a reviewer of `smart review --by-change`
 * simulated with the labels as the oracle, per application
 * (cli/cli_eval.h, docs/signatures.md). */
#include <stdio.h>
#include <stdlib.h>

#include <cjson/cJSON.h>

#include "cli_eval.h"

/* Adds the counts of `s` to `o`; 0, or -1 when out of memory. */
static int sim_json(cJSON *o, const smart_review_sim *s)
{
	const struct {
		const char *name;
		size_t v;
	} f[] = { { "pairs", s->pairs },
		  { "flagged", s->flagged },
		  { "groups", s->groups },
		  { "impure_groups", s->impure_groups },
		  { "decisions", s->decisions },
		  { "wasted_decisions", s->wasted_decisions },
		  { "decisions_on_faults", s->decisions_on_faults },
		  { "impure_groups_accepted", s->impure_groups_accepted } };

	for (size_t k = 0; k < sizeof(f) / sizeof(f[0]); k++)
		if (!cJSON_AddNumberToObject(o, f[k].name, (double)f[k].v))
			return -1;
	return cJSON_AddNumberToObject(o, "wasted_per_1000_pairs",
				       s->pairs ? 1000.0 * (double)s->wasted_decisions /
							  (double)s->pairs
						: 0)
		       ? 0
		       : -1;
}

/* Adds application-wise counts into the total. */
static void add(smart_review_sim *t, const smart_review_sim *s)
{
	t->pairs += s->pairs;
	t->flagged += s->flagged;
	t->groups += s->groups;
	t->impure_groups += s->impure_groups;
	t->decisions += s->decisions;
	t->wasted_decisions += s->wasted_decisions;
	t->decisions_on_faults += s->decisions_on_faults;
	t->impure_groups_accepted += s->impure_groups_accepted;
}

/* One text row. */
static void sim_row(const char *name, const smart_review_sim *s)
{
	printf("%-16s %6zu %7zu %6zu %6zu %9zu %6zu %6.1f %7zu %7zu\n", name, s->pairs, s->flagged,
	       s->groups, s->impure_groups, s->decisions, s->wasted_decisions,
	       s->pairs ? 1000.0 * (double)s->wasted_decisions / (double)s->pairs : 0.0,
	       s->decisions_on_faults, s->impure_groups_accepted);
}

int cli_eval_review_sim_print(const smart_eval_report *r, int json)
{
	const smart_table *t = &r->table;
	smart_review_sim all = { 0 };
	smart_review_sim *s = calloc(t->n_apps + 1, sizeof(*s));
	smart_error err = { "" };
	cJSON *o = NULL, *apps = NULL;
	int ok = 1;

	if (!s)
		return cli_failf("out of memory");
	for (size_t a = 0; a < t->n_apps; a++) {
		if (smart_review_simulate(t, &r->result, a, &s[a], &err)) {
			free(s);
			return cli_fail(&err);
		}
		add(&all, &s[a]);
	}
	if (json) {
		o = cJSON_CreateObject();
		apps = o ? cJSON_AddObjectToObject(o, "apps") : NULL;
		ok = apps != NULL;
		for (size_t a = 0; ok && a < t->n_apps; a++) {
			cJSON *x = cJSON_AddObjectToObject(apps, t->apps[a]);

			ok = x && sim_json(x, &s[a]) == 0;
		}
		cJSON *x = ok ? cJSON_AddObjectToObject(o, "all") : NULL;

		ok = ok && x && sim_json(x, &all) == 0;
		free(s);
		if (!ok) {
			cJSON_Delete(o);
			return cli_failf("out of memory");
		}
		return cli_print_json(o);
	}
	printf("review by change, simulated with the labels as the oracle: the flagged pairs'\n"
	       "changes (signatures) decided one group at a time, largest first; a pair is\n"
	       "ignored once all its changes are accepted; a group whose acceptance would hide\n"
	       "a fault is split and its pairs decided alone (wasted: decisions on groups of\n"
	       "ignore pairs only; docs/signatures.md)\n\n");
	printf("%-16s %6s %7s %6s %6s %9s %6s %6s %7s %7s\n", "application", "pairs", "flagged",
	       "groups", "impure", "decisions", "wasted", "/1000", "faults", "impure+");
	for (size_t a = 0; a < t->n_apps; a++)
		sim_row(t->apps[a], &s[a]);
	sim_row("all", &all);
	printf("\nimpure+: impure groups a reviewer trusting the first pair would have "
	       "accepted (a fault hidden)\n");
	free(s);
	return CLI_SAME;
}
