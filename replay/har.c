/*
 * HAR files (HTTP Archive 1.2, what browsers' developer tools export): one
 * file is one session. The requests to the site's host (the host of the
 * first page request) are kept in order; those to other hosts (CDNs,
 * analytics) and, unless asked, static files are skipped.
 */
#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/json.h"

/* The boundary of multipart bodies built from postData.params. */
#define BOUNDARY "----smartreplayboundary7MA4YWxkTrZu0gW"

/* Headers a replay must not copy: the cookie jar, libcurl and the new
 * host own them, and conditional ones would turn pages into empty 304s. */
static int header_dropped(const char *name)
{
	static const char *const drop[] = {
		"host", "cookie", "content-length", "connection", "keep-alive",
		"accept-encoding", "transfer-encoding", "te", "upgrade", "expect",
		"if-none-match", "if-modified-since", "if-match", "if-unmodified-since",
		"if-range", "proxy-authorization", "proxy-connection", "origin", "referer"
	};

	if (name[0] == ':' || name[0] == '\0') /* HTTP/2 pseudo-headers */
		return 1;
	for (size_t i = 0; i < sizeof(drop) / sizeof(drop[0]); i++)
		if (strcasecmp(name, drop[i]) == 0)
			return 1;
	return 0;
}

/* Builds a body from postData.params when there is no text. */
static int body_from_params(const cJSON *params, const char *mime,
			    smart_strbuf *out, const char *where, smart_error *err)
{
	static const char boundary[] = BOUNDARY;
	int multipart = mime && strncasecmp(mime, "multipart/form-data", 19) == 0;
	const cJSON *p;
	int first = 1, rc = 0;

	cJSON_ArrayForEach(p, params) {
		int bad = 0;
		const char *name = smart__json_opt_string(p, "name", &bad), *value = smart__json_opt_string(p, "value", &bad);

		if (bad || !name)
			return smart_error_set(err, "%s: postData.params needs string 'name' and 'value'",
					       where);
		if (!value)
			value = "";
		if (multipart)
			rc |= smart__strbuf_printf(out, "--%s\r\nContent-Disposition: form-data; "
						  "name=\"%s\"\r\n\r\n%s\r\n", boundary, name, value);
		else
			rc |= (first ? 0 : smart__strbuf_append(out, "&", 1)) |
			      smart__rp_form_encode(out, name, strlen(name)) |
			      smart__strbuf_append(out, "=", 1) |
			      smart__rp_form_encode(out, value, strlen(value));
		first = 0;
	}
	if (multipart)
		rc |= smart__strbuf_printf(out, "--%s--\r\n", boundary);
	if (!out->data)
		rc |= smart__strbuf_append(out, "", 0);
	return rc ? smart_error_oom(err) : 0;
}

/* Reads one entry's request into `req` (headers into `hv`, body into
 * `body`). Returns 1 when the entry is to be skipped. */
static int read_request(smart_replay_set *set, const cJSON *request, const char *where,
			smart_replay_request *req, smart_replay_header *hv, size_t hcap,
			smart_strbuf *body, smart_error *err)
{
	const cJSON *headers = cJSON_GetObjectItemCaseSensitive(request, "headers");
	const cJSON *post = cJSON_GetObjectItemCaseSensitive(request, "postData"), *h;
	int bad = 0, has_type = 0;
	const char *method = smart__json_opt_string(request, "method", &bad);
	const char *url = smart__json_opt_string(request, "url", &bad);

	char upper[RP_METHOD_MAX];

	if (bad || !method || !url || !*method || !*url)
		return smart_error_set(err, "%s: request needs string 'method' and 'url'", where);
	if (smart__rp_method(method, upper) < 0)
		return smart_error_set(err, "%s: request.method must be an HTTP method (letters, "
				       "at most %d)", where, RP_METHOD_MAX - 1);
	if (smart__rp_url_origin_len(url) == 0 && url[strcspn(url, "/?#:")] == ':')
		return 1; /* data:, blob:, ws:, chrome-extension: … are not pages */
	req->method = smart__rp_strdup(set, upper);
	if (!req->method)
		return smart_error_oom(err);
	req->recorded_url = url;
	req->target = smart__rp_url_target(set, url);
	if (!req->target)
		return smart_error_oom(err);
	if (headers && !cJSON_IsArray(headers))
		return smart_error_set(err, "%s: request.headers must be an array", where);
	cJSON_ArrayForEach(h, headers) {
		const char *name = smart__json_opt_string(h, "name", &bad), *value = smart__json_opt_string(h, "value", &bad);

		if (bad || !name || !value)
			return smart_error_set(err, "%s: request.headers need string 'name' and 'value'",
					       where);
		if (header_dropped(name) || req->header_count == hcap)
			continue;
		has_type |= strcasecmp(name, "content-type") == 0;
		hv[req->header_count].name = name;
		hv[req->header_count++].value = value;
	}
	req->headers = hv;
	if (post && !cJSON_IsNull(post)) {
		const char *mime = smart__json_opt_string(post, "mimeType", &bad), *text = smart__json_opt_string(post, "text", &bad);
		const cJSON *params = cJSON_GetObjectItemCaseSensitive(post, "params");

		if (bad || !cJSON_IsObject(post) || (params && !cJSON_IsArray(params)))
			return smart_error_set(err, "%s: request.postData must be an object with string "
					       "'mimeType' and 'text' and an array 'params'", where);
		if (text) {
			if (smart__strbuf_append(body, text, strlen(text)) < 0)
				return smart_error_oom(err);
		} else if (params && body_from_params(params, mime, body, where, err) < 0) {
			return -1;
		}
		if (!body->data && smart__strbuf_append(body, "", 0) < 0)
			return smart_error_oom(err);
		req->body = body->data;
		req->body_len = body->len;
		if (mime && *mime && !has_type && req->header_count < hcap) {
			int built = !text && strncasecmp(mime, "multipart/", 10) == 0;

			hv[req->header_count].name = "Content-Type";
			hv[req->header_count++].value = built ? "multipart/form-data; boundary="
								BOUNDARY : mime;
		}
	}
	return 0;
}

/* True for Chrome's resource types that are static files. */
static int static_resource(const cJSON *entry)
{
	int bad = 0;
	const char *type = smart__json_opt_string(entry, "_resourceType", &bad);
	static const char *const kinds[] = { "image", "stylesheet", "script", "font", "media",
					     "manifest" };

	for (size_t i = 0; type && i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (strcmp(type, kinds[i]) == 0)
			return 1;
	return 0;
}

int smart__rp_load_har(smart_replay_set *set, const char *path, const cJSON *root,
		const smart_replay_load_options *o, smart_error *err)
{
	const cJSON *log = cJSON_GetObjectItemCaseSensitive(root, "log");
	const cJSON *entries = cJSON_GetObjectItemCaseSensitive(log, "entries"), *entry;
	char name[96], site[256] = "", where[160];
	smart_replay_session *session;
	size_t index = 0;

	if (!cJSON_IsObject(log) || !cJSON_IsArray(entries))
		return smart_error_set(err, "%s: log.entries must be an array (not a HAR file?)", path);
	smart__rp_base_name(path, name, sizeof(name));
	session = smart__rp_session_begin(set, name, path, err);
	if (!session)
		return -1;
	cJSON_ArrayForEach(entry, entries) {
		const cJSON *request = cJSON_GetObjectItemCaseSensitive(entry, "request");
		smart_replay_header hv[64];
		smart_replay_request req = { 0 };
		smart_strbuf body = { 0 };
		char host[256];
		int rc;

		snprintf(where, sizeof(where), "%s: log.entries[%zu]", path, index++);
		if (!cJSON_IsObject(request)) {
			return smart_error_set(err, "%s: 'request' must be an object", where);
		}
		req.where = where;
		rc = read_request(set, request, where, &req, hv, 64, &body, err);
		if (rc == 0) {
			smart__rp_url_host(req.recorded_url, host, sizeof(host));
			if (!o->keep_static &&
			    (static_resource(entry) || smart__rp_target_is_static(req.target)))
				rc = 1;
			else if (!site[0])
				snprintf(site, sizeof(site), "%s", host);
			else if (host[0] && strcmp(host, site) != 0)
				rc = 1;
		}
		if (rc == 0)
			rc = smart__rp_session_add(set, &req, err);
		else if (rc == 1)
			set->sessions[set->count - 1].skipped++, rc = 0;
		smart__strbuf_free(&body);
		if (rc < 0)
			return -1;
	}
	smart__rp_session_drop_if_empty(set);
	return 0;
}
