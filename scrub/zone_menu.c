/*
 * The "zone_menu" scrubber (scrub/registry.c): a menu of time zones handed
 * to a script as JSON. A settings or user form that lets the user choose a
 * zone often gives its widget the choices as a JSON list in an attribute
 * (data-options='[{"value":"Europe/Berlin","label":"(UTC+01:00)
 * Europe/Berlin"},...]'), each zone labelled with its offset from UTC *at
 * the run's clock* and the list ordered by that offset. Two clean runs on
 * either side of a change to daylight saving time then print other
 * offsets and another order for the same zones. A JSON array in an
 * attribute, at least MIN_ZONES of whose entries hold an offset from UTC
 * written (UTC+hh:mm) or (GMT+hh:mm), is written with every such offset
 * "{offset}" and its entries in the order of their text, in both trees; a
 * zone added, dropped or renamed, or a label changed otherwise, stays an
 * edit. Text menus (a <select> of "Europe/Berlin -0100" options) are the
 * zone_offset scrubber's.
 */
#include "smart/scrub.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "internal.h"

#define OFFSET "{offset}"
/* A list with fewer zones is not a zone menu. */
#define MIN_ZONES 3

/* The length of the offset at `p`: an optional '(', UTC or GMT, a sign,
 * one or two digits of hours, ':' and two of minutes, and the ')' when
 * one opened it; 0 when `p` starts none. */
static size_t offset_at(const char *p)
{
	const char *q = p + (*p == '(');

	if (strncmp(q, "UTC", 3) != 0 && strncmp(q, "GMT", 3) != 0)
		return 0;
	q += 3;
	if (*q != '+' && *q != '-')
		return 0;
	q++;
	if (*q < '0' || *q > '9')
		return 0;
	q += q[1] >= '0' && q[1] <= '9' ? 2 : 1;
	if (q[0] != ':' || q[1] < '0' || q[1] > '5' || q[2] < '0' || q[2] > '9')
		return 0;
	q += 3;
	if (*p == '(') {
		if (*q != ')')
			return 0;
		q++;
	}
	return (size_t)(q - p);
}

/* `s` with each offset "{offset}" (malloc()ed), or NULL when it holds
 * none or memory ran out (*oom then set). */
static char *masked(const char *s, int *oom)
{
	size_t len = strlen(s), out = 0, n;
	char *m = NULL;

	for (size_t i = 0; i < len;) {
		if (!(n = offset_at(s + i))) {
			if (m)
				m[out] = s[i];
			out++;
			i++;
			continue;
		}
		if (!m) {
			/* no offset (UTC+1:00 the shortest) is shorter than OFFSET */
			if (!(m = malloc(len + sizeof(OFFSET)))) {
				*oom = 1;
				return NULL;
			}
			memcpy(m, s, i);
		}
		memcpy(m + out, OFFSET, sizeof(OFFSET) - 1);
		out += sizeof(OFFSET) - 1;
		i += n;
	}
	if (m)
		m[out] = '\0';
	return m;
}

/* Masks the offsets of every string in `item` (an entry of the list and
 * what it holds); returns how many strings held one, or -1 when out of
 * memory. */
static int mask_strings(cJSON *item)
{
	int count = 0, oom = 0, got;

	if (cJSON_IsString(item)) {
		char *m = masked(item->valuestring, &oom);

		if (oom)
			return -1;
		if (!m)
			return 0;
		if (!cJSON_SetValuestring(item, m)) {
			free(m);
			return -1;
		}
		free(m);
		return 1;
	}
	for (cJSON *c = item->child; c; c = c->next) {
		if ((got = mask_strings(c)) < 0)
			return -1;
		count += got;
	}
	return count;
}

/* Orders two texts of entries (qsort). */
static int by_text(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The array `list` written with its offsets masked and its entries in
 * the order of their text (malloc()ed) when at least MIN_ZONES entries
 * held an offset; NULL with *oom 0 when it is no zone menu. */
static char *menu_canonical(cJSON *list, int *oom)
{
	int n = cJSON_GetArraySize(list), zones = 0, got;
	char **texts;
	size_t total = 3, at = 0;
	char *out = NULL;
	int i = 0;

	for (cJSON *e = list->child; e; e = e->next) {
		if ((got = mask_strings(e)) < 0) {
			*oom = 1;
			return NULL;
		}
		zones += got > 0;
	}
	if (zones < MIN_ZONES)
		return NULL;
	if (!(texts = calloc((size_t)n, sizeof(*texts)))) {
		*oom = 1;
		return NULL;
	}
	for (cJSON *e = list->child; e; e = e->next, i++) {
		if (!(texts[i] = cJSON_PrintUnformatted(e)))
			goto done;
		total += strlen(texts[i]) + 1;
	}
	qsort(texts, (size_t)n, sizeof(*texts), by_text);
	if (!(out = malloc(total)))
		goto done;
	out[at++] = '[';
	for (i = 0; i < n; i++) {
		size_t l = strlen(texts[i]);

		if (i)
			out[at++] = ',';
		memcpy(out + at, texts[i], l);
		at += l;
	}
	out[at++] = ']';
	out[at] = '\0';
	assert(at < total);
done:
	for (i = 0; i < n; i++)
		free(texts[i]);
	free(texts);
	*oom = !out;
	return out;
}

/* The attribute value `v` as a zone menu's canonical text (malloc()ed),
 * or NULL when it is none (*oom set when memory ran out). */
static char *attribute_menu(const char *v, int *oom)
{
	cJSON *list;
	char *out;

	*oom = 0;
	while (*v == ' ' || *v == '\n' || *v == '\t' || *v == '\r')
		v++;
	/* the first byte, then an offset's letters, before any parsing */
	if (*v != '[' || (!strstr(v, "UTC") && !strstr(v, "GMT")))
		return NULL;
	if (!(list = cJSON_ParseWithOpts(v, NULL, 1)))
		return NULL;
	out = cJSON_IsArray(list) ? menu_canonical(list, oom) : NULL;
	cJSON_Delete(list);
	return out;
}

/* Writes the zone menus of `t`'s attributes canonically through `log`;
 * returns how many changed, or -1 when out of memory. */
static int scrub_tree(smart_tree *t, smart_scrub_log *log)
{
	int count = 0, oom;

	for (uint32_t i = 0; i < t->count; i++) {
		smart_node *node = &t->nodes[i];

		for (uint32_t k = 0; node->kind == SMART_NODE_ELEMENT && k < node->attr_count; k++) {
			smart_attr *a = &t->attrs[node->attr_first + k];
			char *c, *s;

			if (!a->value || !(c = attribute_menu(a->value, &oom))) {
				if (a->value && oom)
					return -1;
				continue;
			}
			s = smart_scrub_log_alloc(log, strlen(c) + 1);
			if (!s || (strcpy(s, c), smart_scrub_log_set(log, &a->value, NULL, s))) {
				free(c);
				return -1;
			}
			free(c);
			count++;
		}
	}
	return count;
}

int smart__scrub_zone_menu(smart_tree *old_tree, smart_tree *new_tree, smart_scrub_log *log,
			   smart_error *err)
{
	int got;

	if (scrub_tree(old_tree, log) < 0 || (got = scrub_tree(new_tree, log)) < 0)
		return smart_error_oom(err);
	return got;
}
