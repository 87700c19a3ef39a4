/*
 * Places a profile learnt from a few pairs lets speak for the whole
 * application (smart_profile_widen, adaptation): a random number glued to
 * a word is learnt as "{digits}", and an attribute whose values kept
 * their form is written once more as "//element/@attr", that element's
 * attribute wherever it stands on any page (issue 35: a random id learnt
 * on one page explains the same id on the others, and nothing of another
 * form).
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* A letter outside the placeholders (internal.h). */
int smart__profile_pattern_has_letter(const char *pat)
{
	for (int depth = 0; *pat; pat++) {
		depth += *pat == '{' ? 1 : *pat == '}' && depth ? -1 : 0;
		if (!depth && ((*pat >= 'a' && *pat <= 'z') || (*pat >= 'A' && *pat <= 'Z')))
			return 1;
	}
	return 0;
}

/* Digit runs as "{digits}" (internal.h). */
char *smart__profile_digits(const char *masked)
{
	size_t n = 0, at = 0;
	char *out;

	for (const char *c = masked; *c; c++)
		n += *c >= '0' && *c <= '9' ? 8 : 1; /* at most "{digits}" per digit */
	if (!(out = malloc(n + 1)))
		return NULL;
	for (const char *c = masked; *c;) {
		if (*c >= '0' && *c <= '9') {
			memcpy(out + at, "{digits}", 8);
			at += 8;
			while (*c >= '0' && *c <= '9')
				c++;
		} else {
			out[at++] = *c++;
		}
	}
	out[at] = '\0';
	return out;
}

/* The anywhere location of attribute entry `e` ("//input/@id" of
 * ".../form/table/tr/td/input/@id": its element and attribute wherever
 * they stand), when its values kept their form (no template's "{*}") and
 * every pattern holds a letter of its own (a random id "showAll_{digits}" on a result table that
 * other pages place elsewhere); NULL when it should not spread so far, or
 * out of memory (*oom set). Text and structure never spread. */
static char *anywhere_location(const smart_profile_entry *e, int *oom)
{
	const char *at = strstr(e->location, "/@"), *step;
	char *loc;

	*oom = 0;
	if (e->pinned || e->n_patterns == 0 || !at || strstr(at + 2, "/"))
		return NULL;
	for (size_t q = 0; q < e->n_patterns; q++)
		if (!smart__profile_pattern_has_letter(e->patterns[q]) ||
		    smart__profile_pattern_is_template(e->patterns[q]))
			return NULL;
	for (step = at; step > e->location && step[-1] != '/'; step--)
		;
	if (step == e->location || step == at)
		return NULL;
	loc = malloc(strlen(step) + 3);
	if (!loc) {
		*oom = 1;
		return NULL;
	}
	loc[0] = loc[1] = '/';
	strcpy(loc + 2, step);
	return loc;
}

/* Adds entry `e`'s patterns at its anywhere location too (when it has
 * one, anywhere_location). */
int smart__profile_spread_anywhere(smart_profile *p, const smart_profile_entry *e,
				   smart_error *err)
{
	int oom, rc = 0;
	char *loc = anywhere_location(e, &oom);

	if (oom)
		return smart_error_oom(err);
	for (size_t q = 0; loc && rc == 0 && q < e->n_patterns; q++)
		rc = smart__profile_add(p, NULL, loc, e->patterns[q], e->shapes, 0, err);
	free(loc);
	return rc;
}

/* Drops the anywhere entries that came to accept any value (past the
 * patterns a location keeps): an element's attribute anywhere in the
 * application taking any value would explain faults too. */
void smart__profile_drop_unbounded_anywhere(smart_profile *p)
{
	size_t kept = 0;

	for (size_t j = 0; j < p->n_all; j++) {
		smart_profile_entry *e = &p->all[j];

		if (strncmp(e->location, "//", 2) == 0 && e->n_patterns == 0 && !e->pinned) {
			free(e->location);
			free(e->patterns);
		} else {
			p->all[kept++] = *e;
		}
	}
	p->n_all = kept;
}

