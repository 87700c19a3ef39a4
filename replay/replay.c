/*
 * Replaying a set of sessions (smart_replay_run): the reset command, one
 * client (cookie jar) per session, token substitution, the response files
 * and each session's manifest.
 */
#include "internal.h"

#include <ctype.h>
#include <stdarg.h>
#include <curl/curl.h>
#include <dirent.h>
#include <errno.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "common/options.h"
#include "smart/file.h"
#include "smart/shard.h"
#include "smart/tree.h"

extern char **environ;


/* Runs the reset command with sh -c, its output going to stderr so that
 * smart's own output stays clean. */
static int run_reset(const char *cmd, smart_error *err)
{
	posix_spawn_file_actions_t fa;
	char *argv[] = { "sh", "-c", (char *)cmd, NULL };
	pid_t pid;
	int status, rc;

	if (posix_spawn_file_actions_init(&fa) != 0)
		return smart_error_oom(err);
	posix_spawn_file_actions_adddup2(&fa, STDERR_FILENO, STDOUT_FILENO);
	rc = posix_spawn(&pid, "/bin/sh", &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (rc != 0)
		return smart_error_set(err, "reset command: cannot run /bin/sh: %s", strerror(rc));
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return smart_error_set(err, "reset command: %s", strerror(errno));
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		return smart_error_set(err, "reset command '%.200s' failed (%s %d)", cmd,
				       WIFEXITED(status) ? "exit status" : "signal",
				       WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
	return 0;
}


/* The file extension for a response: html, xml or txt. */
static const char *extension(const rp_response *r)
{
	const char *t = r->content_type;

	if (t) {
		if (strncasecmp(t, "text/html", 9) == 0 || strcasestr(t, "xhtml"))
			return "html";
		return strcasestr(t, "xml") ? "xml" : "txt";
	}
	for (size_t i = 0; i < r->body.len; i++) {
		char c = r->body.data[i];

		if (c == ' ' || c == '\t' || c == '\r' || c == '\n')
			continue;
		if (c != '<')
			return "txt";
		return smart_format_sniff(r->body.data, r->body.len) == SMART_FORMAT_XML ? "xml"
											 : "html";
	}
	return "txt";
}

/* The value of the header `name` of a request, or NULL. */
static const char *header(const smart_replay_request *req, const char *name)
{
	for (size_t i = 0; i < req->header_count; i++)
		if (strcasecmp(req->headers[i].name, name) == 0)
			return req->headers[i].value;
	return NULL;
}

/* Drops a trailing ".EXT" (or ".htm" for html) from a slug that is about to
 * get ".EXT" appended: /docs/x.html is saved as 01_GET_docs-x.html, not
 * 01_GET_docs-x.html.html. */
static void drop_extension(char *slug, const char *ext)
{
	size_t n = strlen(slug), e = strlen(ext);

	if (n > e + 1 && slug[n - e - 1] == '.' && strcasecmp(slug + n - e, ext) == 0)
		slug[n - e - 1] = '\0';
	else if (strcmp(ext, "html") == 0 && n > 4 && strcasecmp(slug + n - 4, ".htm") == 0)
		slug[n - 4] = '\0';
}

/* Puts fresh token values into the URL's query and the body. */
static int substitute(const rp_token_store *store, const smart_replay_tokens *tokens,
		      const smart_replay_request *req, const char *url, smart_strbuf *url_out,
		      smart_strbuf *body_out, size_t *replaced)
{
	const char *q = strchr(url, '?'), *type = header(req, "content-type");
	const char *path = url + smart__rp_url_origin_len(url);
	char path_only[1024];

	snprintf(path_only, sizeof(path_only), "%.*s", (int)strcspn(path, "?#"), path);
	if (smart__strbuf_append(url_out, url, q ? (size_t)(q + 1 - url) : strlen(url)) < 0)
		return -1;
	if (q && smart__rp_form_rewrite_urlencoded(store, tokens, path_only, q + 1, strlen(q + 1),
					    url_out, replaced) < 0)
		return -1;
	if (!req->body)
		return 0;
	if (type && strncasecmp(type, "application/x-www-form-urlencoded", 33) == 0)
		return smart__rp_form_rewrite_urlencoded(store, tokens, path_only, req->body,
						  req->body_len, body_out, replaced);
	if (type && strncasecmp(type, "multipart/form-data", 19) == 0) {
		const char *b = strcasestr(type, "boundary=");
		char boundary[200];

		if (b) {
			b += 9;
			if (*b == '"')
				b++;
			snprintf(boundary, sizeof(boundary), "%.*s", (int)strcspn(b, "\";"), b);
			return smart__rp_form_rewrite_multipart(store, tokens, path_only, boundary,
							 req->body, req->body_len, body_out,
							 replaced);
		}
	}
	return smart__strbuf_append(body_out, req->body, req->body_len);
}

/* Adds one request's line to the manifest. */
static int manifest_add(cJSON *list, size_t index, const smart_replay_request *req,
			const char *url, const char *file, const rp_response *r,
			size_t replaced)
{
	cJSON *o = cJSON_CreateObject(), *hops;
	int ok = o && cJSON_AddNumberToObject(o, "index", (double)index) &&
		 cJSON_AddStringToObject(o, "method", req->method) &&
		 cJSON_AddStringToObject(o, "target", req->target) &&
		 cJSON_AddStringToObject(o, "url", url) &&
		 (file ? cJSON_AddStringToObject(o, "file", file) : cJSON_AddNullToObject(o, "file")) &&
		 cJSON_AddNumberToObject(o, "status", (double)r->status) &&
		 cJSON_AddStringToObject(o, "final_url", r->final_url ? r->final_url : url) &&
		 (hops = cJSON_AddArrayToObject(o, "redirects"));

	for (size_t i = 0; ok && i < r->hop_count; i++) {
		cJSON *h = cJSON_CreateObject();

		ok = h && cJSON_AddNumberToObject(h, "status", (double)r->hops[i].status) &&
		     cJSON_AddStringToObject(h, "location", r->hops[i].url);
		if (h)
			cJSON_AddItemToArray(hops, h);
	}
	ok = ok &&
	     (r->content_type ? cJSON_AddStringToObject(o, "content_type", r->content_type)
			      : cJSON_AddNullToObject(o, "content_type")) &&
	     cJSON_AddNumberToObject(o, "bytes", (double)r->body.len) &&
	     cJSON_AddNumberToObject(o, "time_ms", (double)(long)(r->seconds * 1e5) / 100.0) &&
	     cJSON_AddNumberToObject(o, "tokens_replaced", (double)replaced) &&
	     (r->error[0] ? cJSON_AddStringToObject(o, "error", r->error)
			  : cJSON_AddNullToObject(o, "error")) &&
	     cJSON_AddStringToObject(o, "recorded", req->where ? req->where : "");
	if (o)
		cJSON_AddItemToArray(list, o);
	return ok ? 0 : -1;
}

/* Replays one session into its folder. */
static int replay_session(const smart_replay_session *s, const smart_replay_options *o,
			  const char *mode, size_t total, smart_replay_summary *sum,
			  smart_error *err)
{
	char dir[4096], path[4352], base[2048];
	size_t blen = strlen(o->base_url), width = s->count < 100 ? 2 : s->count < 1000 ? 3 : 6;
	rp_token_store store = { 0 };
	rp_client *client = NULL;
	cJSON *manifest = cJSON_CreateObject(), *list;
	char *text = NULL;
	int rc = -1;

	while (blen > 0 && o->base_url[blen - 1] == '/')
		blen--;
	if (blen >= sizeof(base)) {
		smart_error_set(err, "base URL too long (%zu bytes; at most %zu)", blen,
				sizeof(base) - 1);
		goto out;
	}
	memcpy(base, o->base_url, blen);
	base[blen] = '\0';
	if (smart__rp_path_printf(dir, sizeof(dir), err, "%s/%s", o->out_dir, s->name))
		goto out;
	if (!manifest || !cJSON_AddStringToObject(manifest, "session", s->name) ||
	    !cJSON_AddStringToObject(manifest, "source", s->source) ||
	    !cJSON_AddStringToObject(manifest, "base_url", o->base_url) ||
	    !cJSON_AddStringToObject(manifest, "mode", mode) ||
	    !cJSON_AddNumberToObject(manifest, "skipped", (double)s->skipped) ||
	    !(list = cJSON_AddArrayToObject(manifest, "requests"))) {
		smart_error_oom(err);
		goto out;
	}
	if (smart__rp_make_dirs(dir, err) < 0 || smart__rp_clear_old_responses(dir, err) < 0 ||
	    !(client = smart__rp_client_new(o, err)))
		goto out;
	for (size_t i = 0; i < s->count; i++) {
		const smart_replay_request *req = &s->requests[i];
		smart_strbuf url = { 0 }, body = { 0 }, full = { 0 };
		rp_response r;
		size_t replaced = 0;
		char file[256], slug[80];
		int written = 0;

		if (i > 0 && o->delay_ms) {
			struct timespec ts = { o->delay_ms / 1000, (long)(o->delay_ms % 1000) * 1000000L };

			while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
				;
		}
		if (smart__strbuf_printf(&full, "%s%s", base, req->target) < 0 ||
		    substitute(&store, o->tokens, req, full.data, &url, &body, &replaced) < 0) {
			smart__strbuf_free(&full);
			smart__strbuf_free(&url);
			smart__strbuf_free(&body);
			smart_error_oom(err);
			goto out;
		}
		smart__strbuf_free(&full);
		if (smart__rp_client_fetch(client, req->method, url.data, req->headers, req->header_count,
				    req->body ? (body.data ? body.data : "") : NULL, body.len, &r,
				    err) < 0)
			goto fail;
		smart__rp_slug(req->target, slug, sizeof(slug));
		drop_extension(slug, extension(&r));
		if (smart__rp_path_printf(file, sizeof(file), err, "%0*zu_%s_%s.%s", (int)width, i + 1,
				req->method, slug, extension(&r)) ||
		    smart__rp_path_printf(path, sizeof(path), err, "%s/%s", dir, file))
			goto fail;
		if (!r.error[0]) {
			if (smart_file_write_atomic(path, r.body.data, r.body.len, err) < 0)
				goto fail;
			written = 1;
			if (o->tokens && strcmp(extension(&r), "html") == 0 &&
			    smart__rp_tokens_harvest(&store, o->tokens, r.body.data, r.body.len,
					      r.final_url, err) < 0)
				goto fail;
		}
		if (manifest_add(list, i + 1, req, url.data, written ? file : NULL, &r, replaced) < 0) {
			smart_error_oom(err);
			goto fail;
		}
		sum->requests++;
		sum->failed += r.error[0] != '\0';
		sum->tokens += replaced;
		if (o->progress)
			o->progress(o->progress_ctx, sum->requests, total);
		smart__rp_response_free(&r);
		smart__strbuf_free(&url);
		smart__strbuf_free(&body);
		continue;
fail:
		smart__rp_response_free(&r);
		smart__strbuf_free(&url);
		smart__strbuf_free(&body);
		goto out;
	}
	text = cJSON_Print(manifest);
	if (smart__rp_path_printf(path, sizeof(path), err, "%s/manifest.json", dir))
		; /* err says why */
	else if (!text)
		smart_error_oom(err);
	else if (smart_file_write_atomic(path, text, strlen(text), err) == 0)
		rc = 0;
	sum->sessions += rc == 0;
out:
	free(text);
	cJSON_Delete(manifest);
	smart__rp_client_free(client);
	smart__rp_token_store_clear(&store);
	return rc;
}

int smart_replay_run(const smart_replay_set *set, const smart_replay_options *o,
		     smart_replay_summary *sum, smart_error *err)
{
	const char *mode = o->without_state ? "without_state" : "with_state";
	char host[256];
	size_t total = 0; /* requests, for progress (a shard's are not known) */
	int rc = 0;

	memset(sum, 0, sizeof(*sum));
	if (smart__options_check(o->version, SMART_REPLAY_OPTIONS_VERSION, "replay",
				 "SMART_REPLAY_OPTIONS_INIT", err))
		return -1;
	for (size_t i = 0; !o->shard && i < set->count; i++)
		total += set->sessions[i].count;
	if (o->shard && o->without_state)
		return smart_error_set(err, "replay: --shard needs --with-state: without it each "
				       "session starts from the state the sessions before it left");
	if (smart__rp_url_origin_len(o->base_url) == 0)
		return smart_error_set(err, "base URL '%s': not an http:// or https:// URL",
				       o->base_url);
	smart__rp_url_host(o->base_url, host, sizeof(host));
	if (!smart_replay_host_allowed(host, o->allow_hosts, o->allow_count))
		return smart_error_set(err, "base URL '%s': host %s is not loopback; refusing to "
				       "contact it (allow it with --allow-host %s)",
				       o->base_url, host, host);
	if (smart__rp_make_dirs(o->out_dir, err) < 0)
		return -1;
	if (curl_global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK)
		return smart_error_set(err, "cannot initialise libcurl");
	for (size_t i = 0; i < set->count && rc == 0; i++) {
		const char *name = set->sessions[i].name;
		size_t index;

		if (o->shard &&
		    !smart_shard_walk_see(o->shard, smart_shard_hash(name, strlen(name)), &index))
			continue; /* another shard's session */
		if (o->reset_cmd && (i == 0 || !o->without_state)) {
			rc = run_reset(o->reset_cmd, err);
			sum->resets += rc == 0;
			if (rc < 0)
				break;
		}
		rc = replay_session(&set->sessions[i], o, mode, total, sum, err);
		if (rc < 0)
			smart_error_prefix(err, "session %s", set->sessions[i].name);
	}
	curl_global_cleanup();
	return rc;
}
