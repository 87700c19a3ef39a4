/*
 * `smart review --by-change --list` (docs/review.md): the groups a review
 * by change would ask about, without asking -- for scripts and CI. They
 * are the groups of a reviewer accepting each whole (the plan the HTML
 * report's changes view shows, smart/change_group.h), largest class first,
 * each with how many pairs it settles and its representative change; then
 * the flagged pairs that cannot be grouped. Plain lines, or JSON Lines.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "review_change.h"

/* The pair's name as the review prints it. */
static void put_name(FILE *out, const review_item *it)
{
	fprintf(out, "%s%s%s", it->app, *it->app ? "/" : "", it->test);
}

/* One group as a plain line, with its first pair below. */
static void group_line(const bc_review *r, const smart_change_group *g, size_t k)
{
	const smart_signature *s = bc_find(r, g->members, g->n_members, g->changes[0]);
	char cls[17];

	smart_signature_id_text(g->key, cls);
	printf("%zu. %zu %s  %s  ", k + 1, g->n_settled, g->n_settled == 1 ? "pair " : "pairs",
	       cls);
	bc_change_line(stdout, s);
	if (g->n_key > 1)
		printf(" (%zu alike changes)", g->n_key);
	if (g->n_changes > g->n_key)
		printf("; and %zu other %s", g->n_changes - g->n_key,
		       g->n_changes - g->n_key == 1 ? "change" : "changes");
	printf("\n   first: ");
	put_name(stdout, &r->s->items[g->members[0]]);
	printf("\n");
}

/* The name of item i as "app/test" into a new JSON string. */
static cJSON *name_json(const review_item *it)
{
	size_t n = strlen(it->app) + strlen(it->test) + 2;
	char *name = malloc(n);
	cJSON *s;

	if (!name)
		return NULL;
	snprintf(name, n, "%s%s%s", it->app, *it->app ? "/" : "", it->test);
	s = cJSON_CreateString(name);
	free(name);
	return s;
}

/* One group as a JSON line: {group, class, pairs, holding, changes,
 * change: {id, kind, location, old, new}, tests: [...]}. */
static int group_json(const bc_review *r, const smart_change_group *g, size_t k)
{
	const smart_signature *s = g ? bc_find(r, g->members, g->n_members, g->changes[0]) : NULL;
	cJSON *o = cJSON_CreateObject(), *c = NULL, *tests = NULL;
	char id[17];
	int ok = o != NULL;

	if (ok && g) {
		smart_signature_id_text(g->key, id);
		ok = cJSON_AddNumberToObject(o, "group", (double)(k + 1)) &&
		     cJSON_AddStringToObject(o, "class", id) &&
		     cJSON_AddNumberToObject(o, "pairs", (double)g->n_settled) &&
		     cJSON_AddNumberToObject(o, "holding", (double)g->n_members) &&
		     cJSON_AddNumberToObject(o, "changes", (double)g->n_changes) &&
		     (c = cJSON_AddObjectToObject(o, "change")) != NULL;
		smart_signature_id_text(s->id, id);
		ok = ok && cJSON_AddStringToObject(c, "id", id) &&
		     cJSON_AddStringToObject(c, "kind", smart_op_name(s->kind)) &&
		     cJSON_AddStringToObject(c, "location", s->location) &&
		     cJSON_AddStringToObject(c, "old", s->old_shape) &&
		     cJSON_AddStringToObject(c, "new", s->new_shape);
	} else if (ok) {
		ok = cJSON_AddNullToObject(o, "group") != NULL;
	}
	ok = ok && (tests = cJSON_AddArrayToObject(o, "tests")) != NULL;
	if (ok && g) {
		for (size_t m = 0; ok && m < g->n_settled; m++)
			ok = cJSON_AddItemToArray(tests, name_json(&r->s->items[g->members[m]]));
	} else {
		for (size_t i = 0; ok && i < r->s->n; i++)
			if (r->s->items[i].inspect && r->state[i] == BC_OUTSIDE)
				ok = cJSON_AddItemToArray(tests, name_json(&r->s->items[i]));
	}
	if (ok && !g)
		ok = cJSON_AddNumberToObject(o, "pairs", (double)cJSON_GetArraySize(tests)) != NULL;
	if (ok) {
		char *line = cJSON_PrintUnformatted(o);

		ok = line != NULL;
		if (ok)
			printf("%s\n", line);
		free(line);
	}
	cJSON_Delete(o);
	return ok ? 0 : -1;
}

int review_by_change_list(review_suite *s, int json)
{
	bc_review r;
	smart_change_group *g = NULL;
	smart_error err = { "" };
	size_t n = 0, flagged = 0;
	int bad = 0;

	if (bc_init(&r, s, &err) || bc_plan(&r, &g, &n, &err)) {
		bc_free(&r);
		return cli_fail(&err);
	}
	for (size_t i = 0; i < s->n; i++)
		flagged += s->items[i].inspect != 0;
	if (!json)
		printf("%zu flagged %s in %zu %s of changes (the largest class first; each "
		       "group's changes accepted whole ignore all its pairs)\n",
		       flagged, flagged == 1 ? "pair" : "pairs", n, n == 1 ? "group" : "groups");
	for (size_t k = 0; !bad && k < n; k++) {
		if (json)
			bad = group_json(&r, &g[k], k);
		else
			group_line(&r, &g[k], k);
	}
	if (!bad && r.ungrouped) {
		if (json)
			bad = group_json(&r, NULL, 0);
		else
			printf("%zu flagged %s not grouped (no residual change to group by, more "
			       "than a change signature set keeps, or not classified: review "
			       "them with 'smart review')\n", r.ungrouped,
			       r.ungrouped == 1 ? "pair" : "pairs");
	}
	smart_change_groups_free(g, n);
	bc_free(&r);
	return bad ? cli_failf("out of memory") : 0;
}
