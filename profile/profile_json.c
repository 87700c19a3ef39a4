/*
 * Profile files (docs/profile.md): written indented so a tester can read and
 * edit them, read back with every field checked — a corrupt or hand-broken
 * profile is one error line naming the file and the field.
 */
#include "smart/profile.h"
#include "internal.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "common/json.h"
#include "internal.h"
#include "smart/file.h"

#define PROFILE_FORMAT "smart-profile"
#define PROFILE_VERSION 1
#define PROFILE_MAX_FILE ((size_t)256 * 1024 * 1024)

static cJSON *shapes_json(unsigned set)
{
	cJSON *a = cJSON_CreateArray();

	for (int s = 0; a && s < SMART_SHAPE_COUNT; s++)
		if (set & (1u << s))
			cJSON_AddItemToArray(a, cJSON_CreateString(smart_shape_name((smart_shape)s)));
	return a;
}

static cJSON *entries_json(const smart_profile_entry *v, size_t n)
{
	cJSON *a = cJSON_CreateArray();

	for (size_t i = 0; a && i < n; i++) {
		cJSON *o = cJSON_CreateObject(), *pats;

		if (!o) {
			cJSON_Delete(a);
			return NULL;
		}
		cJSON_AddItemToArray(a, o);
		cJSON_AddStringToObject(o, "location", v[i].location);
		pats = cJSON_AddArrayToObject(o, "patterns");
		for (size_t k = 0; pats && k < v[i].n_patterns; k++)
			cJSON_AddItemToArray(pats, cJSON_CreateString(v[i].patterns[k]));
		cJSON_AddItemToObject(o, "shapes", shapes_json(v[i].shapes));
		cJSON_AddNumberToObject(o, "seen", v[i].seen);
		if (v[i].most)
			cJSON_AddNumberToObject(o, "most", v[i].most);
		if (v[i].pinned)
			cJSON_AddTrueToObject(o, "pinned");
	}
	return a;
}

char *smart_profile_to_json(const smart_profile *p, smart_error *err)
{
	cJSON *root = cJSON_CreateObject(), *from, *tests;

	if (!root) {
		smart_error_oom(err);
		return NULL;
	}
	cJSON_AddStringToObject(root, "format", PROFILE_FORMAT);
	cJSON_AddNumberToObject(root, "version", PROFILE_VERSION);
	from = cJSON_AddObjectToObject(root, "learned_from");
	if (from) {
		cJSON_AddStringToObject(from, "kind", p->kind);
		cJSON_AddNumberToObject(from, "runs", (double)p->runs);
		cJSON_AddNumberToObject(from, "pairs", (double)p->pairs);
	}
	cJSON_AddItemToObject(root, "shapes", shapes_json(p->shapes));
	cJSON_AddItemToObject(root, "all_tests", entries_json(p->all, p->n_all));
	tests = cJSON_AddObjectToObject(root, "tests");
	for (size_t i = 0; tests && i < p->n_tests; i++)
		cJSON_AddItemToObject(tests, p->tests[i].test,
				      entries_json(p->tests[i].entries, p->tests[i].n_entries));
	return smart__json_print(root, 1, 1, err);
}

/* ---- reading ---- */

typedef struct loader {
	const char *source;
	smart_error *err;
} loader;

static int bad(loader *ld, const char *fmt, const char *what)
{
	char msg[SMART_ERROR_MAX];

	snprintf(msg, sizeof(msg), fmt, what);
	return smart_error_set(ld->err, "%s: %s", ld->source, msg);
}

static int read_shapes(loader *ld, const cJSON *a, const char *where, unsigned *set)
{
	const cJSON *it;

	*set = 0;
	if (!cJSON_IsArray(a))
		return bad(ld, "'%s' must be an array of shape names", where);
	cJSON_ArrayForEach(it, a) {
		int s = cJSON_IsString(it) ? smart_shape_from_name(it->valuestring) : -1;

		if (s < 0)
			return smart_error_set(ld->err,
					       "%s: '%.100s' holds an unknown shape '%.100s' (shapes: uuid "
					       "date time reltime epoch hex base64 url-query path version number)",
					       ld->source, where,
					       cJSON_IsString(it) ? it->valuestring : "(not a string)");
		*set |= 1u << s;
	}
	return 0;
}

/* One entry of `where` ("all_tests" or "tests.NAME"); test NULL for all. */
static int read_entry(loader *ld, smart_profile *p, const char *test, const cJSON *o,
		      const char *where)
{
	const cJSON *loc = cJSON_GetObjectItemCaseSensitive(o, "location");
	const cJSON *pats = cJSON_GetObjectItemCaseSensitive(o, "patterns");
	const cJSON *shapes = cJSON_GetObjectItemCaseSensitive(o, "shapes");
	const cJSON *seen = cJSON_GetObjectItemCaseSensitive(o, "seen");
	const cJSON *most = cJSON_GetObjectItemCaseSensitive(o, "most");
	const cJSON *pinned = cJSON_GetObjectItemCaseSensitive(o, "pinned"), *it;
	smart_profile_entry *e;
	unsigned set = 0;

	if (!cJSON_IsObject(o))
		return bad(ld, "'%s' holds an entry that is not an object", where);
	if (!cJSON_IsString(loc) || loc->valuestring[0] != '/')
		return bad(ld, "an entry of '%s' has no 'location' (a path starting with '/')", where);
	if (pats && !cJSON_IsArray(pats))
		return bad(ld, "an entry of '%s' has 'patterns' that is not an array", where);
	if (shapes && read_shapes(ld, shapes, where, &set))
		return -1;
	if (seen && (!cJSON_IsNumber(seen) || seen->valuedouble < 0 || seen->valuedouble > 1e9))
		return bad(ld, "an entry of '%s' has a 'seen' that is not a count", where);
	if (most && (!cJSON_IsNumber(most) || most->valuedouble < 1 || most->valuedouble > 1e9 ||
		     most->valuedouble != (double)(unsigned)most->valuedouble))
		return bad(ld, "an entry of '%s' has a 'most' that is not a count of edits", where);
	if (pinned && !cJSON_IsBool(pinned))
		return bad(ld, "an entry of '%s' has a 'pinned' that is not true or false", where);
	cJSON_ArrayForEach(it, pats)
		if (!cJSON_IsString(it))
			return bad(ld, "an entry of '%s' has a pattern that is not a string", where);
	if (!pats || cJSON_GetArraySize(pats) == 0) {
		if (smart__profile_add(p, test, loc->valuestring, NULL, set, 0, ld->err))
			return -1;
	}
	cJSON_ArrayForEach(it, pats)
		if (smart__profile_add(p, test, loc->valuestring, it->valuestring, set, 0, ld->err))
			return -1;
	/* the entry just added (or merged into) */
	e = smart__profile_entry_find(p, test, loc->valuestring);
	if (e) {
		e->seen = seen ? (unsigned)seen->valuedouble : 1;
		e->most = most ? (unsigned)most->valuedouble : 0;
		e->pinned = cJSON_IsTrue(pinned);
	}
	return 0;
}

static int read_entries(loader *ld, smart_profile *p, const char *test, const cJSON *a,
			const char *where)
{
	const cJSON *it;

	if (!cJSON_IsArray(a))
		return bad(ld, "'%s' must be an array of entries", where);
	cJSON_ArrayForEach(it, a)
		if (read_entry(ld, p, test, it, where))
			return -1;
	return 0;
}

smart_profile *smart_profile_from_json(const char *json, size_t len,
				       const char *source, smart_error *err)
{
	loader ld = { source, err };
	cJSON *root = cJSON_ParseWithLength(json, len);
	const cJSON *it, *from, *tests, *all, *shapes;
	smart_profile *p = NULL;

	if (!root) {
		smart_error_set(err, "%s: not valid JSON (a profile is a JSON object; see docs/profile.md)",
				source);
		return NULL;
	}
	it = cJSON_GetObjectItemCaseSensitive(root, "format");
	if (!cJSON_IsObject(root) || !cJSON_IsString(it) || strcmp(it->valuestring, PROFILE_FORMAT)) {
		bad(&ld, "%s", "not a profile ('format' must be \"" PROFILE_FORMAT "\")");
		goto fail;
	}
	it = cJSON_GetObjectItemCaseSensitive(root, "version");
	if (!cJSON_IsNumber(it) || it->valuedouble != PROFILE_VERSION) {
		bad(&ld, "%s", "unsupported 'version' (this smart reads version 1)");
		goto fail;
	}
	p = smart_profile_new(err);
	if (!p)
		goto fail;
	from = cJSON_GetObjectItemCaseSensitive(root, "learned_from");
	if (from) {
		const cJSON *k = cJSON_GetObjectItemCaseSensitive(from, "kind");
		const cJSON *r = cJSON_GetObjectItemCaseSensitive(from, "runs");
		const cJSON *q = cJSON_GetObjectItemCaseSensitive(from, "pairs");

		if (!cJSON_IsObject(from) || (k && !cJSON_IsString(k)) ||
		    (r && (!cJSON_IsNumber(r) || r->valuedouble < 0)) ||
		    (q && (!cJSON_IsNumber(q) || q->valuedouble < 0))) {
			bad(&ld, "%s", "'learned_from' must be {\"kind\": text, \"runs\": count, \"pairs\": count}");
			goto fail;
		}
		if (k)
			snprintf(p->kind, sizeof(p->kind), "%s", k->valuestring);
		p->runs = r ? (size_t)r->valuedouble : 0;
		p->pairs = q ? (size_t)q->valuedouble : 0;
	}
	shapes = cJSON_GetObjectItemCaseSensitive(root, "shapes");
	if (shapes) {
		unsigned set;

		if (read_shapes(&ld, shapes, "shapes", &set))
			goto fail;
		if (set != p->shapes) {
			smart_shapes_free(p->compiled);
			p->shapes = set;
			if (!(p->compiled = smart_shapes_compile(set, err)))
				goto fail;
		}
	}
	all = cJSON_GetObjectItemCaseSensitive(root, "all_tests");
	if (all && read_entries(&ld, p, NULL, all, "all_tests"))
		goto fail;
	tests = cJSON_GetObjectItemCaseSensitive(root, "tests");
	if (tests && !cJSON_IsObject(tests)) {
		bad(&ld, "%s", "'tests' must be an object {\"TEST\": [entries]}");
		goto fail;
	}
	cJSON_ArrayForEach(it, tests) {
		char where[300];

		snprintf(where, sizeof(where), "tests.%s", it->string);
		if (read_entries(&ld, p, it->string, it, where))
			goto fail;
	}
	cJSON_Delete(root);
	return p;
fail:
	smart_profile_free(p);
	cJSON_Delete(root);
	return NULL;
}

int smart_profile_save(const smart_profile *p, const char *path, smart_error *err)
{
	char *text = smart_profile_to_json(p, err);
	int rc;

	if (!text)
		return -1;
	rc = smart_file_write_atomic(path, text, strlen(text), err);
	free(text);
	return rc;
}

smart_profile *smart_profile_load(const char *path, smart_error *err)
{
	char *data;
	size_t len;
	smart_profile *p;

	if (smart_file_read(path, PROFILE_MAX_FILE, &data, &len, err))
		return NULL;
	p = smart_profile_from_json(data, len, path, err);
	free(data);
	return p;
}
