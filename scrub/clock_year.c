/*
 * A bare year that follows the run's clock (scrub/internal.h,
 * smart__scrub_clock_year; part of smart_shapes_scrub). A page that prints the current year on its own
 * ("2024 marks another season", MediaWiki's {{CURRENTYEAR}}) prints another
 * when the run's clock has moved to another year. A year on its own is no
 * shape -- "in 2020" is content, and a fault may change it -- so the
 * evidence comes from the pair: the dates scrubbed from the two trees show
 * the clock's year before and after, and a value whose only difference from
 * one of the other tree is that year, put in the other's place, changed with
 * the clock.
 */
#include "smart/scrub.h"

#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/array.h"
#include "internal.h"

/* Whether year `y` (1900-2099) is in the set. */
static int year_in(const smart__year_set *set, unsigned y)
{
	return (set->bits[(y - 1900) / 8] >> ((y - 1900) % 8)) & 1;
}

static void year_add(smart__year_set *set, unsigned y)
{
	set->bits[(y - 1900) / 8] |= (unsigned char)(1u << ((y - 1900) % 8));
}

/* The years (1900-2099) that start the runs of digits of `v` as dates
 * print them: "2024" of 2024-03-01, 20240301 and 20240301100004. */
static void years_of(const char *v, smart__year_set *set)
{
	size_t n;

	memset(set, 0, sizeof(*set));
	for (const char *p = v; (p = smart__digit_run(v, p, &n)) != NULL; p += n) {
		if ((n == 4 || n == 6 || n == 8 || n == 12 || n == 14) &&
		    (p[0] == '2' ? p[1] == '0' : p[0] == '1' && p[1] == '9'))
			year_add(set, (unsigned)((p[0] - '0') * 1000 + (p[1] - '0') * 100 +
						 (p[2] - '0') * 10 + (p[3] - '0')));
	}
}

void smart__year_set_note_scrubbed(smart__year_set *set, const char *raw, const char *scrubbed)
{
	smart__year_set before, after;

	years_of(raw, &before);
	years_of(scrubbed, &after);
	for (size_t i = 0; i < sizeof(set->bits); i++)
		set->bits[i] |= before.bits[i] & (unsigned char)~after.bits[i];
}

/* The one year of `a` that `b` lacks, or 0 when there is none or more. */
static unsigned only_year(const smart__year_set *a, const smart__year_set *b)
{
	unsigned found = 0;

	for (unsigned y = 1900; y < 2100; y++) {
		if (!year_in(a, y) || year_in(b, y))
			continue;
		if (found)
			return 0;
		found = y;
	}
	return found;
}

/* Where the year `year` ("2024") stands as a word of its own in `v`, from
 * `from` on, or NULL. */
static const char *bare_year(const char *v, const char *from, const char *year)
{
	for (const char *p = strstr(from, year); p; p = strstr(p + 1, year))
		if ((p == v || !isalnum((unsigned char)p[-1])) && !isalnum((unsigned char)p[4]))
			return p;
	return NULL;
}

/* `v` with each bare `from` year written `to` (four bytes each), in a new
 * string (free()), or NULL when out of memory. */
static char *with_year(const char *v, const char *from, const char *to)
{
	char *s = strdup(v);

	for (const char *p = s ? bare_year(s, s, from) : NULL; p; p = bare_year(s, p + 4, from))
		memcpy((char *)p, to, 4);
	return s;
}

/* A value of a tree that holds a bare year: where it is kept. */
typedef struct year_value {
	const char **slot;
	uint32_t *len_slot; /* a text's length, or NULL */
} year_value;

typedef struct year_values {
	year_value *at;
	size_t n, cap;
} year_values;

static int year_values_push(year_values *vs, const char **slot, uint32_t *len_slot)
{
	if (smart__array_reserve((void **)&vs->at, &vs->cap, vs->n, sizeof(*vs->at), 16) < 0)
		return -1;
	vs->at[vs->n++] = (year_value){ slot, len_slot };
	return 0;
}

/* Every text and attribute value of `t` in which `year` stands bare. */
static int collect(smart_tree *t, const char *year, year_values *vs)
{
	for (uint32_t i = 0; i < t->count; i++) {
		smart_node *n = &t->nodes[i];

		if (n->kind == SMART_NODE_TEXT && n->text && bare_year(n->text, n->text, year) &&
		    year_values_push(vs, &n->text, &n->text_len))
			return -1;
		for (uint32_t k = 0; n->kind == SMART_NODE_ELEMENT && k < n->attr_count; k++) {
			smart_attr *a = &t->attrs[n->attr_first + k];

			if (a->value && bare_year(a->value, a->value, year) &&
			    year_values_push(vs, &a->value, NULL))
				return -1;
		}
	}
	return 0;
}

static int by_value(const void *a, const void *b)
{
	return strcmp(*((const year_value *)a)->slot, *((const year_value *)b)->slot);
}

/* `v` with "{yr}" for each bare `year`, in the log's arena; NULL when out
 * of memory. */
static const char *placeholder_of(smart_scrub_log *log, const char *v, const char *year)
{
	char *p = with_year(v, year, "{yr}"), *copy = p ? smart_scrub_log_alloc(log, strlen(p) + 1) : NULL;

	if (copy)
		strcpy(copy, p);
	free(p);
	return copy;
}

/* The range [*first, *last] of the sorted `vs` whose value is `value`;
 * 0 when there is none. */
static int find_range(const year_values *vs, const char *value, size_t *first, size_t *last)
{
	year_value key = { &value, NULL };
	const year_value *hit = bsearch(&key, vs->at, vs->n, sizeof(*vs->at), by_value);

	if (!hit)
		return 0;
	*first = *last = (size_t)(hit - vs->at);
	while (*first > 0 && by_value(&key, &vs->at[*first - 1]) == 0)
		(*first)--;
	while (*last + 1 < vs->n && by_value(&key, &vs->at[*last + 1]) == 0)
		(*last)++;
	return 1;
}

/* Each old value (with `old_year` bare and not `new_year`) whose twin --
 * the same with `new_year` in its place -- is a new value: both become the
 * old value with "{yr}" for the year. The placeholders are all found
 * before any is written, so that equal values are treated alike. Returns
 * how many new values changed, or -1 when out of memory. */
static int pair_up(year_values *olds, year_values *news, const char *old_year,
		   const char *new_year, smart_scrub_log *log)
{
	const char **old_to = calloc(olds->n, sizeof(*old_to));
	const char **new_to = calloc(news->n, sizeof(*new_to));
	int replaced = 0;

	if (!old_to || !new_to)
		goto oom;
	qsort(news->at, news->n, sizeof(*news->at), by_value);
	for (size_t i = 0; i < olds->n; i++) {
		const char *v = *olds->at[i].slot;
		char *twin;
		size_t first, last;
		int found;

		if (bare_year(v, v, new_year))
			continue;
		if (!(twin = with_year(v, old_year, new_year)))
			goto oom;
		found = find_range(news, twin, &first, &last);
		free(twin);
		if (!found)
			continue;
		if (!(old_to[i] = placeholder_of(log, v, old_year)))
			goto oom;
		for (size_t k = first; k <= last; k++)
			new_to[k] = old_to[i];
	}
	for (size_t i = 0; i < olds->n; i++)
		if (old_to[i] && smart_scrub_log_set(log, olds->at[i].slot, olds->at[i].len_slot, old_to[i]))
			goto oom;
	for (size_t k = 0; k < news->n; k++) {
		if (new_to[k] && smart_scrub_log_set(log, news->at[k].slot, news->at[k].len_slot, new_to[k]))
			goto oom;
		replaced += new_to[k] != NULL;
	}
	free(old_to);
	free(new_to);
	return replaced;
oom:
	free(old_to);
	free(new_to);
	return -1;
}

int smart__scrub_clock_year(smart_tree *old_clean, smart_tree *new_clean,
			   const smart__year_set *old_years, const smart__year_set *new_years,
			   smart_scrub_log *log, smart_error *err)
{
	unsigned from = only_year(old_years, new_years), to = only_year(new_years, old_years);
	char old_year[12], new_year[12];
	year_values olds = { 0 }, news = { 0 };
	int replaced = 0;

	if (!from || !to)
		return 0; /* the clock stayed in its year, or the dates say nothing clear */
	assert(from <= 2099 && to <= 2099); /* a smart__year_set holds 1900..2099 */
	snprintf(old_year, sizeof(old_year), "%u", from);
	snprintf(new_year, sizeof(new_year), "%u", to);
	if (collect(old_clean, old_year, &olds) || collect(new_clean, new_year, &news))
		replaced = -1;
	else if (olds.n && news.n)
		replaced = pair_up(&olds, &news, old_year, new_year, log);
	free(olds.at);
	free(news.at);
	return replaced < 0 ? smart_error_oom(err) : replaced;
}
