/*
 * The "json_order" scrubber (scrub/registry.c): the members of a JSON
 * object have no order (RFC 8259, section 4), and the languages web
 * applications are written in do not keep one: Perl (since 5.18) and
 * Python (before 3.7) draw a new hash order for every process, so a page
 * that prints a hash as JSON (a script's configuration, a data-* attribute
 * of options) prints its members in another order in every clean run.
 * Each JSON object in a script's text, and each attribute value that is
 * JSON as a whole, is written again with the members of every object
 * sorted by name and without white space (cJSON), in both trees, so that
 * only a change of a member's name or value stays a difference.
 */
#include "smart/scrub.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cjson/cJSON.h>

#include "internal.h"

/* Names two members by their pointers, for qsort. */
static int by_name(const void *a, const void *b)
{
	const cJSON *x = *(const cJSON *const *)a, *y = *(const cJSON *const *)b;

	return strcmp(x->string ? x->string : "", y->string ? y->string : "");
}

/* Sorts the members of every object in `item` by name, relinking cJSON's
 * child lists; sets *moved when some object's order changed. 0, or -1
 * when out of memory. */
static int sort_members(cJSON *item, int *moved)
{
	size_t n = 0, k = 0;
	cJSON **v;

	for (cJSON *c = item->child; c; c = c->next) {
		if (sort_members(c, moved))
			return -1;
		n++;
	}
	if (!cJSON_IsObject(item) || n < 2)
		return 0;
	if (!(v = malloc(n * sizeof(*v))))
		return -1;
	for (cJSON *c = item->child; c; c = c->next)
		v[k++] = c;
	qsort(v, n, sizeof(*v), by_name);
	for (k = 0; k < n; k++) {
		if (v[k] != (k ? v[k - 1]->next : item->child))
			*moved = 1;
		v[k]->prev = k ? v[k - 1] : v[n - 1]; /* cJSON: the head's prev is the tail */
		v[k]->next = k + 1 < n ? v[k + 1] : NULL;
	}
	item->child = v[0];
	free(v);
	return 0;
}

/* Whether `item` holds an object of two members or more (an order). */
static int has_order(const cJSON *item)
{
	size_t n = 0;

	for (const cJSON *c = item->child; c; c = c->next, n++)
		if (has_order(c))
			return 1;
	return cJSON_IsObject(item) && n >= 2;
}

/* The text of the JSON value `item` with its objects' members sorted, in
 * malloc()ed memory, or NULL when out of memory. */
static char *canonical(cJSON *item, int *moved)
{
	return sort_members(item, moved) ? NULL : cJSON_PrintUnformatted(item);
}

/* Where a JSON object may start in a script: '{' then a member name or
 * the end ('"' or '}' after white space). Cheap enough to test before
 * asking cJSON, which most of a script's braces would fail. */
static int object_start(const char *p)
{
	if (*p != '{')
		return 0;
	p++;
	while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
		p++;
	return *p == '"' || *p == '}';
}

/* A growable string in malloc()ed memory. */
typedef struct text_buf {
	char *s;
	size_t len, cap;
} text_buf;

/* Appends the n bytes at p; 0, or -1 when out of memory. */
static int put(text_buf *b, const char *p, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		size_t cap = (b->len + n + 1) * 2;
		char *s = realloc(b->s, cap);

		if (!s)
			return -1;
		b->s = s;
		b->cap = cap;
	}
	memcpy(b->s + b->len, p, n);
	b->len += n;
	b->s[b->len] = '\0';
	return 0;
}

/* The script text `v` with each JSON object in it written canonically,
 * into *out (malloc()ed; NULL when no object with an order was found).
 * *moved is set when some object's members were out of order. 0, or -1
 * when out of memory. */
static int script_canonical(const char *v, size_t len, char **out, int *moved)
{
	text_buf b = { 0 };
	const char *done = v;
	int any = 0;

	*out = NULL;
	for (const char *p = v; *p; p++) {
		const char *end = NULL;
		cJSON *item;
		char *c;

		if (!object_start(p))
			continue;
		item = cJSON_ParseWithLengthOpts(p, len - (size_t)(p - v), &end, 0);
		if (!item)
			continue;
		if (!has_order(item)) {
			cJSON_Delete(item);
			p = end - 1;
			continue;
		}
		c = canonical(item, moved);
		cJSON_Delete(item);
		if (!c || put(&b, done, (size_t)(p - done)) || put(&b, c, strlen(c))) {
			free(c);
			free(b.s);
			return -1;
		}
		free(c);
		any = 1;
		done = end;
		p = end - 1;
	}
	if (!any)
		return 0;
	if (put(&b, done, strlen(done))) {
		free(b.s);
		return -1;
	}
	*out = b.s;
	return 0;
}

/* The attribute value `v` written canonically when it is JSON as a whole
 * (an object, or an array holding one) with an order, into *out
 * (malloc()ed; NULL otherwise). 0, or -1 when out of memory. */
static int attribute_canonical(const char *v, char **out, int *moved)
{
	cJSON *item;

	*out = NULL;
	while (*v == ' ' || *v == '\n' || *v == '\t' || *v == '\r')
		v++;
	if (*v != '{' && *v != '[')
		return 0;
	if (!(item = cJSON_ParseWithOpts(v, NULL, 1)))
		return 0;
	if (has_order(item) && !(*out = canonical(item, moved))) {
		cJSON_Delete(item);
		return -1;
	}
	cJSON_Delete(item);
	return 0;
}

/* Sets *slot to `c` (copied into the log's arena) through `log`; 0, or -1
 * when out of memory. */
static int set_copy(smart_scrub_log *log, const char **slot, uint32_t *len_slot, const char *c)
{
	char *s = smart_scrub_log_alloc(log, strlen(c) + 1);

	if (!s)
		return -1;
	strcpy(s, c);
	return smart_scrub_log_set(log, slot, len_slot, s);
}

/* Whether text node `i` of `t` is a script's text. */
static int in_script(const smart_tree *t, uint32_t i)
{
	uint32_t parent = t->nodes[i].parent;

	/* the first letter first: most parents are not scripts */
	return parent != SMART_NONE && t->nodes[parent].kind == SMART_NODE_ELEMENT &&
	       (t->nodes[parent].name[0] | 0x20) == 's' &&
	       strcasecmp(t->nodes[parent].name, "script") == 0;
}

/* Writes the JSON of `t` canonically through `log`; returns how many
 * values had members out of order, or -1 when out of memory. */
static int scrub_tree(smart_tree *t, smart_scrub_log *log)
{
	int count = 0;

	for (uint32_t i = 0; i < t->count; i++) {
		smart_node *node = &t->nodes[i];
		char *c = NULL;
		int moved = 0;

		if (node->kind == SMART_NODE_TEXT && node->text && in_script(t, i)) {
			if (script_canonical(node->text, node->text_len, &c, &moved) ||
			    (c && set_copy(log, &node->text, &node->text_len, c))) {
				free(c);
				return -1;
			}
			free(c);
			count += moved;
		}
		for (uint32_t k = 0; node->kind == SMART_NODE_ELEMENT && k < node->attr_count; k++) {
			smart_attr *a = &t->attrs[node->attr_first + k];

			moved = 0;
			if (!a->value)
				continue;
			if (attribute_canonical(a->value, &c, &moved) ||
			    (c && set_copy(log, &a->value, NULL, c))) {
				free(c);
				return -1;
			}
			free(c);
			c = NULL;
			count += moved;
		}
	}
	return count;
}

int smart__scrub_json_order(smart_tree *old_tree, smart_tree *new_tree, smart_scrub_log *log,
			    smart_error *err)
{
	int got;

	if (old_tree->format != SMART_FORMAT_HTML)
		return 0; /* an XML document's text is its data, not a script */
	if (scrub_tree(old_tree, log) < 0 || (got = scrub_tree(new_tree, log)) < 0)
		return smart_error_oom(err);
	return got;
}
