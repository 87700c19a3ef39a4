/*
 * A set of sessions: the arena that owns their strings, appending sessions
 * and requests, and reading a file of any of the three kinds.
 */
#include "internal.h"

#include <ctype.h>

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/options.h"
#include "common/arena.h"
#include "common/array.h"
#include "smart/file.h"

#define RP_MAX_FILE ((size_t)1024 * 1024 * 1024)

smart_replay_set *smart_replay_set_new(smart_error *err)
{
	smart_replay_set *set = calloc(1, sizeof(*set));

	if (set) {
		set->arena = smart__arena_new();
		set->names = smart__rp_names_new();
	}
	if (!set || !set->arena || !set->names) {
		if (set) {
			smart__arena_free(set->arena);
			smart__rp_names_free(set->names);
		}
		free(set);
		smart_error_oom(err);
		return NULL;
	}
	return set;
}

void smart_replay_set_free(smart_replay_set *set)
{
	if (!set)
		return;
	for (size_t i = 0; i < set->count; i++)
		free(set->sessions[i].requests);
	free(set->sessions);
	smart__rp_names_free(set->names);
	smart__arena_free(set->arena);
	free(set);
}

char *smart__rp_strndup(smart_replay_set *set, const char *s, size_t len)
{
	return smart__arena_strndup(set->arena, s, len);
}

char *smart__rp_strdup(smart_replay_set *set, const char *s)
{
	return s ? smart__rp_strndup(set, s, strlen(s)) : NULL;
}

/* Makes a name safe as one folder: [A-Za-z0-9._-], no leading dot. */
static void safe_name(const char *name, char *buf, size_t size)
{
	size_t k = 0;

	for (const char *p = name; *p && k + 1 < size; p++) {
		char c = *p;
		int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
			 (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.';

		buf[k] = ok && !(k == 0 && c == '.') ? c : '_';
		k++;
	}
	buf[k] = '\0';
	if (k == 0)
		snprintf(buf, size, "session");
}

smart_replay_session *smart__rp_session_begin(smart_replay_set *set, const char *name,
				       const char *source, smart_error *err)
{
	char base[96], unique[112];
	smart_replay_session *s;

	safe_name(name, base, sizeof(base));
	smart__rp_names_unique(set->names, base, unique, sizeof(unique));
	if (smart__array_reserve((void **)&set->sessions, &set->capacity, set->count,
				sizeof(*set->sessions), 8) < 0) {
		smart_error_oom(err);
		return NULL;
	}
	s = &set->sessions[set->count];
	memset(s, 0, sizeof(*s));
	s->name = smart__rp_strdup(set, unique);
	s->source = smart__rp_strdup(set, source);
	if (!s->name || !s->source || smart__rp_names_add(set->names, s->name) < 0) {
		smart_error_oom(err);
		return NULL;
	}
	set->count++;
	return s;
}

int smart__rp_session_add(smart_replay_set *set, const smart_replay_request *req,
		   smart_error *err)
{
	smart_replay_session *s;
	smart_replay_request *r;

	assert(set->count > 0);
	s = &set->sessions[set->count - 1];
	/* Grow at powers of two: the capacity is implied by the count (the
	 * public session has no capacity field for common/array.h). */
	if ((s->count & (s->count - 1)) == 0) {
		size_t cap = s->count ? s->count * 2 : 1;
		smart_replay_request *v = realloc(s->requests, cap * sizeof(*v));

		if (!v)
			return smart_error_oom(err);
		s->requests = v;
	}
	r = &s->requests[s->count];
	memset(r, 0, sizeof(*r));
	r->method = smart__rp_strdup(set, req->method);
	r->target = smart__rp_strdup(set, req->target);
	r->recorded_url = smart__rp_strdup(set, req->recorded_url);
	r->where = smart__rp_strdup(set, req->where);
	r->time = req->time;
	if (!r->method || !r->target || (req->recorded_url && !r->recorded_url) ||
	    (req->where && !r->where))
		return smart_error_oom(err);
	if (req->body) {
		r->body = smart__rp_strndup(set, req->body, req->body_len);
		r->body_len = req->body_len;
		if (!r->body)
			return smart_error_oom(err);
	}
	if (req->header_count) {
		r->headers = smart__arena_alloc(set->arena,
					       req->header_count * sizeof(*r->headers));
		if (!r->headers)
			return smart_error_oom(err);
		for (size_t i = 0; i < req->header_count; i++) {
			r->headers[i].name = smart__rp_strdup(set, req->headers[i].name);
			r->headers[i].value = smart__rp_strdup(set, req->headers[i].value);
			if (!r->headers[i].name || !r->headers[i].value)
				return smart_error_oom(err);
		}
		r->header_count = req->header_count;
	}
	s->count++;
	return 0;
}

void smart__rp_session_drop_if_empty(smart_replay_set *set)
{
	if (set->count && set->sessions[set->count - 1].count == 0) {
		smart__rp_names_drop(set->names, set->sessions[set->count - 1].name);
		free(set->sessions[set->count - 1].requests);
		set->count--;
	}
}

int smart__rp_method(const char *in, char out[RP_METHOD_MAX])
{
	size_t n = 0;

	for (; in[n]; n++) {
		unsigned char c = (unsigned char)in[n];

		if (n + 1 >= RP_METHOD_MAX ||
		    !(isalnum(c) || strchr("!#$%&'*+-.^_`|~", c)))
			return -1;
		out[n] = (char)toupper(c);
	}
	out[n] = '\0';
	return n ? 0 : -1;
}

void smart__rp_base_name(const char *path, char *buf, size_t size)
{
	const char *slash = strrchr(path, '/'), *base = slash ? slash + 1 : path;
	const char *dot = strrchr(base, '.');
	size_t len = dot && dot != base ? (size_t)(dot - base) : strlen(base);

	snprintf(buf, size, "%.*s", (int)len, base);
}

/* Turns cJSON's parse error position into a line number. */
static size_t line_of(const char *data, const char *at)
{
	size_t line = 1;

	for (const char *p = data; at && p < at && *p; p++)
		line += *p == '\n';
	return line;
}

int smart_replay_load_data(smart_replay_set *set, const char *path,
			   const char *data, size_t len,
			   const smart_replay_load_options *options,
			   smart_error *err)
{
	static const smart_replay_load_options defaults = SMART_REPLAY_LOAD_OPTIONS_INIT;
	size_t i = 0;

	if (options && smart__options_check(options->version, SMART_REPLAY_LOAD_OPTIONS_VERSION,
					    "replay load", "SMART_REPLAY_LOAD_OPTIONS_INIT", err))
		return -1;
	const char *end = NULL;
	cJSON *root;
	int rc;

	if (!options)
		options = &defaults;
	if (len >= 3 && memcmp(data, "\xEF\xBB\xBF", 3) == 0)
		i = 3; /* a UTF-8 byte order mark, as some HAR exporters write */
	while (i < len && (data[i] == ' ' || data[i] == '\t' || data[i] == '\r' ||
			   data[i] == '\n'))
		i++;
	if (i == len)
		return smart_error_set(err, "%s: no sessions (the file is empty)", path);
	if (data[i] != '{')
		return smart__rp_load_access_log(set, path, data, len, options, err);
	root = cJSON_ParseWithLengthOpts(data + i, len - i, &end, 0);
	if (!root)
		return smart_error_set(err, "%s:%zu: not valid JSON", path,
				       line_of(data, end));
	if (cJSON_GetObjectItemCaseSensitive(root, "log"))
		rc = smart__rp_load_har(set, path, root, options, err);
	else if (cJSON_GetObjectItemCaseSensitive(root, "sessions") ||
		 cJSON_GetObjectItemCaseSensitive(root, "requests"))
		rc = smart__rp_load_session_json(set, path, root, err);
	else
		rc = smart_error_set(err, "%s: a JSON object with neither \"log\" (HAR) nor "
				     "\"sessions\"/\"requests\" (docs/replay.md)", path);
	cJSON_Delete(root);
	return rc;
}

int smart_replay_load(smart_replay_set *set, const char *path,
		      const smart_replay_load_options *options, smart_error *err)
{
	char *data;
	size_t len;
	int rc;

	if (smart_file_read(path, RP_MAX_FILE, &data, &len, err) < 0)
		return -1;
	rc = smart_replay_load_data(set, path, data, len, options, err);
	free(data);
	return rc;
}
