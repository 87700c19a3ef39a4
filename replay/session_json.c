/*
 * smart's own session format for hand-written sessions (docs/replay.md):
 *
 *   {"sessions": [{"name": "login", "requests": [
 *       {"url": "/login.php"},
 *       {"method": "POST", "url": "/login.php", "form": {"user": "ann", "sectok": "x"}},
 *       {"method": "POST", "url": "/api", "headers": {"Content-Type": "application/json"},
 *        "body": "{\"q\": 1}"}]}]}
 *
 * or one session object {"name", "requests"} at the top.
 */
#include "internal.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/json.h"

#define MAX_HEADERS 64

/* Reads one request object. */
static int read_request(smart_replay_set *set, const cJSON *r, const char *where,
			smart_error *err)
{
	static const char *const keys[] = { "method", "url", "headers", "form", "body" };
	const cJSON *method = cJSON_GetObjectItemCaseSensitive(r, "method");
	const cJSON *url = cJSON_GetObjectItemCaseSensitive(r, "url");
	const cJSON *headers = cJSON_GetObjectItemCaseSensitive(r, "headers");
	const cJSON *form = cJSON_GetObjectItemCaseSensitive(r, "form");
	const cJSON *body = cJSON_GetObjectItemCaseSensitive(r, "body"), *item;
	smart_replay_header hv[MAX_HEADERS + 1];
	smart_replay_request req = { 0 };
	smart_strbuf text = { 0 };
	char upper[RP_METHOD_MAX];
	int has_type = 0, rc;

	if (!cJSON_IsObject(r))
		return smart_error_set(err, "%s: a request must be an object", where);
	cJSON_ArrayForEach(item, r) {
		size_t k = 0;

		while (k < sizeof(keys) / sizeof(keys[0]) && strcmp(keys[k], item->string) != 0)
			k++;
		if (k == sizeof(keys) / sizeof(keys[0]))
			return smart_error_set(err, "%s: unknown key '%s'", where, item->string);
	}
	if (!cJSON_IsString(url) || url->valuestring[0] == '\0')
		return smart_error_set(err, "%s: 'url' must be a non-empty string", where);
	if (method && (!cJSON_IsString(method) || smart__rp_method(method->valuestring, upper) < 0))
		return smart_error_set(err, "%s: 'method' must be an HTTP method (letters, "
				       "at most %d)", where, RP_METHOD_MAX - 1);
	if (form && body)
		return smart_error_set(err, "%s: give 'form' or 'body', not both", where);
	if ((form && !cJSON_IsObject(form)) || (body && !cJSON_IsString(body)) ||
	    (headers && !cJSON_IsObject(headers)))
		return smart_error_set(err, "%s: 'headers' and 'form' must be objects of strings, "
				       "'body' a string", where);
	if (!method)
		snprintf(upper, sizeof(upper), "%s", form || body ? "POST" : "GET");
	cJSON_ArrayForEach(item, headers) {
		if (!cJSON_IsString(item))
			return smart_error_set(err, "%s: header '%s' must be a string", where,
					       item->string);
		if (req.header_count == MAX_HEADERS)
			return smart_error_set(err, "%s: more than %d headers", where, MAX_HEADERS);
		has_type |= strcasecmp(item->string, "content-type") == 0;
		hv[req.header_count].name = item->string;
		hv[req.header_count++].value = item->valuestring;
	}
	cJSON_ArrayForEach(item, form) {
		if (!cJSON_IsString(item)) {
			smart__strbuf_free(&text);
			return smart_error_set(err, "%s: form field '%s' must be a string", where,
					       item->string);
		}
		if ((text.len && smart__strbuf_append(&text, "&", 1) < 0) ||
		    smart__rp_form_encode(&text, item->string, strlen(item->string)) < 0 ||
		    smart__strbuf_append(&text, "=", 1) < 0 ||
		    smart__rp_form_encode(&text, item->valuestring, strlen(item->valuestring)) < 0) {
			smart__strbuf_free(&text);
			return smart_error_oom(err);
		}
	}
	if (form) {
		if (!text.data && smart__strbuf_append(&text, "", 0) < 0)
			return smart_error_oom(err);
		req.body = text.data;
		req.body_len = text.len;
		if (!has_type) {
			hv[req.header_count].name = "Content-Type";
			hv[req.header_count++].value = "application/x-www-form-urlencoded";
		}
	} else if (body) {
		req.body = body->valuestring;
		req.body_len = strlen(body->valuestring);
	}
	req.method = upper;
	req.recorded_url = url->valuestring;
	req.target = smart__rp_url_target(set, url->valuestring);
	req.headers = hv;
	req.where = where;
	rc = req.target ? smart__rp_session_add(set, &req, err) : smart_error_oom(err);
	smart__strbuf_free(&text);
	return rc;
}

/* Reads one session object. */
static int read_session(smart_replay_set *set, const char *path, const cJSON *s,
			const char *where, const char *sep, smart_error *err)
{
	const cJSON *name = cJSON_GetObjectItemCaseSensitive(s, "name");
	const cJSON *requests = cJSON_GetObjectItemCaseSensitive(s, "requests"), *r;
	char base[96], rwhere[192];
	size_t i = 0;

	if (!cJSON_IsObject(s))
		return smart_error_set(err, "%s: a session must be an object", where);
	if (name && !cJSON_IsString(name))
		return smart_error_set(err, "%s: 'name' must be a string", where);
	if (!cJSON_IsArray(requests) || cJSON_GetArraySize(requests) == 0)
		return smart_error_set(err, "%s: 'requests' must be a non-empty array", where);
	smart__rp_base_name(path, base, sizeof(base));
	if (!smart__rp_session_begin(set, name ? name->valuestring : base, path, err))
		return -1;
	cJSON_ArrayForEach(r, requests) {
		snprintf(rwhere, sizeof(rwhere), "%s%srequests[%zu]", where, sep, i++);
		if (read_request(set, r, rwhere, err) < 0)
			return -1;
	}
	return 0;
}

int smart__rp_load_session_json(smart_replay_set *set, const char *path, const cJSON *root,
			 smart_error *err)
{
	const cJSON *sessions = cJSON_GetObjectItemCaseSensitive(root, "sessions"), *s;
	char where[160];
	size_t i = 0;

	if (!sessions) {
		snprintf(where, sizeof(where), "%s", path);
		return read_session(set, path, root, where, ": ", err);
	}
	if (!cJSON_IsArray(sessions) || cJSON_GetArraySize(sessions) == 0)
		return smart_error_set(err, "%s: 'sessions' must be a non-empty array", path);
	cJSON_ArrayForEach(s, sessions) {
		snprintf(where, sizeof(where), "%s: sessions[%zu]", path, i++);
		if (read_session(set, path, s, where, ".", err) < 0)
			return -1;
	}
	return 0;
}

/* One request as an object of the session format. */
static cJSON *request_json(const smart_replay_request *r)
{
	cJSON *o = cJSON_CreateObject(), *h = NULL;
	int ok = o && cJSON_AddStringToObject(o, "method", r->method) &&
		 cJSON_AddStringToObject(o, "url", r->target);

	if (ok && r->header_count) {
		ok = (h = cJSON_AddObjectToObject(o, "headers")) != NULL;
		for (size_t i = 0; ok && i < r->header_count; i++) {
			cJSON *v = cJSON_CreateString(r->headers[i].value);

			ok = v && cJSON_AddItemToObject(h, r->headers[i].name, v);
			if (!ok)
				cJSON_Delete(v);
		}
	}
	if (ok && r->body) {
		/* The format holds text; a body with NUL bytes is cut at the first. */
		ok = cJSON_AddStringToObject(o, "body", r->body) != NULL;
	}
	if (!ok) {
		cJSON_Delete(o);
		return NULL;
	}
	return o;
}

int smart_replay_set_to_json(const smart_replay_set *set, char **out, smart_error *err)
{
	cJSON *root = cJSON_CreateObject(), *sessions = NULL;
	int ok = root && (sessions = cJSON_AddArrayToObject(root, "sessions"));

	*out = NULL;
	for (size_t s = 0; ok && s < set->count; s++) {
		const smart_replay_session *ss = &set->sessions[s];
		cJSON *so = cJSON_CreateObject(), *list = NULL;

		ok = so && cJSON_AddStringToObject(so, "name", ss->name) &&
		     (list = cJSON_AddArrayToObject(so, "requests"));
		for (size_t i = 0; ok && i < ss->count; i++) {
			cJSON *r = request_json(&ss->requests[i]);

			ok = r && cJSON_AddItemToArray(list, r);
		}
		if (so)
			cJSON_AddItemToArray(sessions, so);
	}
	*out = smart__json_print(root, ok, 1, err);
	return *out ? 0 : -1;
}
