/* Accepted changes: loading .smart/accepted.json and matching a pair's
 * change signatures against it (include/smart/accepted.h,
 * docs/review.md). */
#include "smart/accepted.h"

#include <assert.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "smart/file.h"
#include "smart/signature.h"

#define ACCEPTED_MAX_FILE (64u << 20) /* bytes of an accepted-changes file read */

void smart_accepted_free(smart_accepted *a)
{
	if (!a)
		return;
	for (size_t i = 0; i < a->n; i++) {
		for (size_t k = 0; k < a->changes[i].n_tests; k++)
			free(a->changes[i].tests[k]);
		free(a->changes[i].tests);
	}
	free(a->changes);
	free(a);
}

/* A signature id as the file writes it: exactly 16 hex digits. 0, or -1
 * when `text` is not one. */
static int parse_id(const char *text, uint64_t *id)
{
	uint64_t v = 0;

	if (!text || strlen(text) != 16)
		return -1;
	for (const char *p = text; *p; p++) {
		int c = tolower((unsigned char)*p);

		if (!isxdigit(c))
			return -1;
		v = v << 4 | (uint64_t)(isdigit(c) ? c - '0' : c - 'a' + 10);
	}
	*id = v;
	return 0;
}

/* Change `k` of a file of `version` (object `o`) into *c: its id, its
 * class (version 2) and its tests. 0, or -1 with `err` set naming the
 * change and the field. */
static int parse_change(const cJSON *o, size_t k, int version, const char *source,
			smart_accepted_change *c, smart_error *err)
{
	const cJSON *id = cJSON_GetObjectItemCaseSensitive(o, "id");
	const cJSON *cls = cJSON_GetObjectItemCaseSensitive(o, "class");
	const cJSON *tests = cJSON_GetObjectItemCaseSensitive(o, "tests");
	const cJSON *t;

	if (!cJSON_IsObject(o))
		return smart_error_set(err, "%s: changes[%zu] is not an object", source, k);
	if (id || !cls) {
		if (parse_id(cJSON_GetStringValue(id), &c->id))
			return smart_error_set(err, "%s: changes[%zu].id is not 16 hex digits (a "
					       "change signature's id, smart classify --json)",
					       source, k);
		c->has_id = 1;
	}
	/* a version 1 entry with an id has no class: its "class" key, if any,
	 * was for people and matches nothing; an entry with a class and no id
	 * (an adapted model's, docs/adaptation.md) accepts its class in either
	 * version */
	if (cls && (version >= 2 || !id)) {
		if (parse_id(cJSON_GetStringValue(cls), &c->class_id))
			return smart_error_set(err, "%s: changes[%zu].class is not 16 hex digits "
					       "(a change class, smart review --by-change or smart "
					       "train --adapt)", source, k);
		c->has_class = 1;
	}
	if (!tests)
		return 0;
	if (!cJSON_IsArray(tests))
		return smart_error_set(err, "%s: changes[%zu].tests is not an array of test names",
				       source, k);
	c->tests = calloc((size_t)cJSON_GetArraySize(tests) + 1, sizeof(*c->tests));
	if (!c->tests)
		return smart_error_oom(err);
	cJSON_ArrayForEach(t, tests) {
		if (!cJSON_IsString(t) || !*t->valuestring)
			return smart_error_set(err, "%s: changes[%zu].tests holds something other "
					       "than a test name", source, k);
		if (!(c->tests[c->n_tests] = strdup(t->valuestring)))
			return smart_error_oom(err);
		c->n_tests++;
	}
	return 0;
}

smart_accepted *smart_accepted_from_json(const char *json, size_t len, const char *source,
					 smart_error *err)
{
	cJSON *root = cJSON_ParseWithLength(json, len);
	const cJSON *format, *version, *changes, *c;
	smart_accepted *a = NULL;
	size_t k = 0;

	if (!root) {
		smart_error_set(err, "%s: not JSON", source);
		return NULL;
	}
	format = cJSON_GetObjectItemCaseSensitive(root, "format");
	version = cJSON_GetObjectItemCaseSensitive(root, "version");
	changes = cJSON_GetObjectItemCaseSensitive(root, "changes");
	if (!cJSON_IsString(format) || strcmp(format->valuestring, "smart-accepted") != 0)
		smart_error_set(err, "%s: \"format\" is not \"smart-accepted\"", source);
	else if (!cJSON_IsNumber(version) ||
		 (version->valuedouble != 1 && version->valuedouble != 2))
		smart_error_set(err, "%s: \"version\" is not 1 or 2 (this smart reads accepted "
				"changes up to version %d)", source, SMART_ACCEPTED_VERSION);
	else if (!cJSON_IsArray(changes))
		smart_error_set(err, "%s: \"changes\" is not an array", source);
	else if (!(a = calloc(1, sizeof(*a))) ||
		 !(a->changes = calloc((size_t)cJSON_GetArraySize(changes) + 1, sizeof(*a->changes))))
		smart_error_oom(err);
	else
		cJSON_ArrayForEach(c, changes) {
			a->n = k + 1; /* so that a failure frees what this one holds */
			if (parse_change(c, k, (int)version->valuedouble, source, &a->changes[k],
					 err)) {
				smart_accepted_free(a);
				a = NULL;
				break;
			}
			k++;
		}
	if (a && !a->changes) {
		free(a);
		a = NULL;
	}
	cJSON_Delete(root);
	return a;
}

smart_accepted *smart_accepted_load(const char *path, smart_error *err)
{
	char *data;
	size_t len;
	smart_accepted *a;

	if (smart_file_read(path, ACCEPTED_MAX_FILE, &data, &len, err))
		return NULL;
	a = smart_accepted_from_json(data, len, path, err);
	free(data);
	return a;
}

/* Whether `test` is the entry's test: the same path, or a path ending in
 * "/" and it (a pair classified by its file's path). */
static int same_test(const char *entry, const char *test)
{
	size_t le = strlen(entry), lt = strlen(test);

	return strcmp(entry, test) == 0 ||
	       (lt > le && test[lt - le - 1] == '/' && strcmp(test + lt - le, entry) == 0);
}

/* Whether entry c is accepted for `test` (an entry without tests: every one). */
static int for_test(const smart_accepted_change *c, const char *test)
{
	if (c->n_tests == 0)
		return 1;
	for (size_t k = 0; test && k < c->n_tests; k++)
		if (same_test(c->tests[k], test))
			return 1;
	return 0;
}

int smart_accepted_has(const smart_accepted *a, uint64_t id, const char *test)
{
	for (size_t i = 0; a && i < a->n; i++)
		if (a->changes[i].has_id && a->changes[i].id == id && for_test(&a->changes[i], test))
			return 1;
	return 0;
}

int smart_accepted_has_class(const smart_accepted *a, uint64_t class_id, const char *test)
{
	for (size_t i = 0; a && i < a->n; i++)
		if (a->changes[i].has_class && a->changes[i].class_id == class_id &&
		    for_test(&a->changes[i], test))
			return 1;
	return 0;
}

/* Adds copies of b's entries to a: the application's file and the
 * adapted model's classes are used together. */
int smart_accepted_merge(smart_accepted *a, const smart_accepted *b, smart_error *err)
{
	smart_accepted_change *v;
	size_t n = a->n;

	if (!b || b->n == 0)
		return 0;
	v = realloc(a->changes, (a->n + b->n + 1) * sizeof(*v));
	if (!v)
		return smart_error_oom(err);
	a->changes = v;
	for (size_t i = 0; i < b->n; i++, n++) {
		const smart_accepted_change *c = &b->changes[i];

		v[n] = (smart_accepted_change){ .id = c->id, .class_id = c->class_id,
						.has_id = c->has_id, .has_class = c->has_class };
		if (c->n_tests && !(v[n].tests = calloc(c->n_tests, sizeof(*v[n].tests))))
			break;
		for (size_t k = 0; k < c->n_tests; k++, v[n].n_tests++)
			if (!(v[n].tests[k] = strdup(c->tests[k])))
				break;
		if (v[n].n_tests < c->n_tests)
			break;
	}
	if (n < a->n + b->n) { /* out of memory: undo the copies */
		for (size_t i = a->n; i <= n && i < a->n + b->n; i++) {
			for (size_t k = 0; k < v[i].n_tests; k++)
				free(v[i].tests[k]);
			free(v[i].tests);
		}
		return smart_error_oom(err);
	}
	a->n = n;
	return 0;
}

int smart_accepted_has_signature(const smart_accepted *a, const smart_signature *s,
				 const char *test)
{
	assert(s);
	for (size_t i = 0; a && i < a->n; i++) {
		const smart_accepted_change *c = &a->changes[i];

		if (((c->has_id && c->id == s->id) ||
		     (c->has_class && (c->class_id == s->class_id ||
				       c->class_id == smart_signature_accept_class(s)))) &&
		    for_test(c, test))
			return 1;
	}
	return 0;
}

int smart_accepted_covers(const smart_accepted *a, const smart_signature_set *s,
			  const char *test)
{
	assert(s);
	if (!a || s->n == 0 || s->truncated)
		return 0;
	for (size_t i = 0; i < s->n; i++)
		if (!smart_accepted_has_signature(a, &s->items[i], test))
			return 0;
	return 1;
}
