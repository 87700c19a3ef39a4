/*
 * What the files of replay/ share: building sessions into a set (set.c),
 * the three readers (har.c, access_log.c, session_json.c), URL helpers
 * (url.c), token harvesting and substitution (tokens.c, form.c), one HTTP
 * exchange with its redirects (fetch.c), and a session's manifest
 * (manifest.c). Internal to replay/.
 */
#ifndef SMART_REPLAY_INTERNAL_H
#define SMART_REPLAY_INTERNAL_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "common/strbuf.h"
#include "smart/replay.h"

/* ---- building sets (set.c) ---- */

/* Copies `len` bytes of `s` into the set's arena (NUL-terminated). */
char *smart__rp_strndup(smart_replay_set *set, const char *s, size_t len);
char *smart__rp_strdup(smart_replay_set *set, const char *s);

/* Appends an empty session called `name` (made unique and safe as a folder
 * name) read from `source`; returns it, or NULL when out of memory. The
 * pointer is valid until the next smart__rp_session_begin. */
smart_replay_session *smart__rp_session_begin(smart_replay_set *set, const char *name,
				       const char *source, smart_error *err);

/* Appends a copy of `req` (every string and the headers are copied) to the
 * last session of the set. */
int smart__rp_session_add(smart_replay_set *set, const smart_replay_request *req,
		   smart_error *err);

/* Removes the last session when it has no requests (a file whose every
 * entry was skipped). */
void smart__rp_session_drop_if_empty(smart_replay_set *set);

/* Longest HTTP method accepted, with its NUL. */
#define RP_METHOD_MAX 32

/* Checks that `in` is an HTTP method, a token of RFC 9110 (letters, digits
 * and !#$%&'*+-.^_`|~, 1 to RP_METHOD_MAX - 1 of them), and writes it in
 * upper case into `out`. Returns 0, or -1 when it is not one. Every reader
 * goes through it: the method is sent verbatim as the request line's first
 * word (CURLOPT_CUSTOMREQUEST), so a space or CR LF in it would write a
 * different request than the one recorded. */
int smart__rp_method(const char *in, char out[RP_METHOD_MAX]);

/* ---- session names (names.c) ---- */

/* The names given to the sessions of a set; see names.c. */
typedef struct rp_names rp_names;
rp_names *smart__rp_names_new(void);
void smart__rp_names_free(rp_names *t);

/* Writes into `out` the first of base, base-2, base-3, ... that no
 * session of the set has. */
int smart__rp_names_unique(rp_names *t, const char *base, char *out, size_t size);

/* Records `name` (the set's arena copy, kept by pointer) as taken. */
int smart__rp_names_add(rp_names *t, const char *name);

/* Frees the name of the session just removed (the last one begun). */
void smart__rp_names_drop(rp_names *t, const char *name);

/* ---- readers ---- */

int smart__rp_load_har(smart_replay_set *set, const char *path, const cJSON *root,
		const smart_replay_load_options *o, smart_error *err);
int smart__rp_load_session_json(smart_replay_set *set, const char *path,
			 const cJSON *root, smart_error *err);
int smart__rp_load_access_log(smart_replay_set *set, const char *path,
		       const char *data, size_t len,
		       const smart_replay_load_options *o, smart_error *err);

/* The folder-safe base name of a path without its extension, into buf. */
void smart__rp_base_name(const char *path, char *buf, size_t size);

/* ---- URLs (url.c) ---- */

/* The path and query of `url` (absolute, or relative to the site root),
 * without fragment, into a new arena string starting with '/'. */
char *smart__rp_url_target(smart_replay_set *set, const char *url);

/* The host of an absolute URL into buf (lower case, no port, no brackets);
 * "" for a relative URL. */
void smart__rp_url_host(const char *url, char *buf, size_t size);

/* True when the path of a target names a static file (image, style sheet,
 * script, font, source map) by its extension. */
int smart__rp_target_is_static(const char *target);

/* Writes the file-name slug of a target into buf: the path and query
 * without the leading '/', characters other than [A-Za-z0-9._-] replaced
 * by '-', runs collapsed, cut at 60 characters; "index" for "/". */
void smart__rp_slug(const char *target, char *buf, size_t size);

/* The origin (scheme://host[:port]) of an absolute URL, its length; 0 when
 * `url` is not absolute http(s). */
size_t smart__rp_url_origin_len(const char *url);

/* ---- tokens (tokens.c, form.c) ---- */

/* The fresh token values a session has received: field name, value, and
 * the path of the form (or link) they came from, from the last HTML page
 * that carried any. */
typedef struct rp_token {
	char *name;
	char *value;
	char *path; /* form action or link path; NULL when unknown (meta) */
} rp_token;

typedef struct rp_token_store {
	rp_token *v;
	size_t n, cap;
} rp_token_store;

void smart__rp_token_store_clear(rp_token_store *store);

/* Collects the token fields of an HTML page (hidden inputs, meta tags, and
 * query parameters of links and form actions, whose names match the rule);
 * when it finds any they replace the store's contents. `page_url` resolves
 * relative form actions. */
int smart__rp_tokens_harvest(rp_token_store *store, const smart_replay_tokens *tokens,
		      const char *html, size_t len, const char *page_url,
		      smart_error *err);

/* The fresh value for a field called `name` in a request to `path`: the one
 * from a form or link with that path, else the first. NULL when none. */
const char *smart__rp_tokens_lookup(const rp_token_store *store, const char *name,
			     const char *path);

/* Rewrites the token fields of an application/x-www-form-urlencoded text
 * (a body or a query string): appends the result to `out`, counting the
 * fields replaced in *replaced. */
int smart__rp_form_rewrite_urlencoded(const rp_token_store *store,
			       const smart_replay_tokens *tokens,
			       const char *path, const char *text, size_t len,
			       smart_strbuf *out, size_t *replaced);

/* The same for a multipart/form-data body with the given boundary. */
int smart__rp_form_rewrite_multipart(const rp_token_store *store,
			      const smart_replay_tokens *tokens,
			      const char *path, const char *boundary,
			      const char *body, size_t len, smart_strbuf *out,
			      size_t *replaced);

/* Appends `s` percent-encoded for a form or query (unreserved characters
 * kept, everything else %XX). Returns 0, -1 when memory runs out. */
int smart__rp_form_encode(smart_strbuf *out, const char *s, size_t len);

/* Percent-decodes a form field name or value (with '+' as space) into buf
 * (NUL-terminated, cut to fit). */
void smart__rp_form_decode(const char *s, size_t len, char *buf, size_t size);

/* ---- one exchange (fetch.c) ---- */

typedef struct rp_hop {
	long status;
	char *url; /* the Location it redirected to (absolute) */
} rp_hop;

typedef struct rp_response {
	long status;          /* of the last response; 0 when none */
	char *final_url;      /* the URL the body came from */
	char *content_type;   /* NULL when the server sent none */
	smart_strbuf body;
	rp_hop *hops;         /* the redirects followed, in order */
	size_t hop_count;
	double seconds;       /* total time of every hop */
	char error[256];      /* "" when a response arrived */
} rp_response;

void smart__rp_response_free(rp_response *r);

typedef struct rp_client rp_client;

/* A client with its own (in-memory) cookie jar, for one session. */
rp_client *smart__rp_client_new(const smart_replay_options *o, smart_error *err);
void smart__rp_client_free(rp_client *c);

/* Sends one request and follows redirects as a browser does (303, and
 * 301/302 after POST, become GET without a body; 307/308 repeat the
 * request). Failures are written into r->error, never returned: the
 * function only fails when memory runs out. `headers` are sent as given
 * (minus the ones libcurl or the cookie jar must own). */
int smart__rp_client_fetch(rp_client *c, const char *method, const char *url,
		    const smart_replay_header *headers, size_t header_count,
		    const char *body, size_t body_len, rp_response *r,
		    smart_error *err);

/* ---- the folders replay writes (replay/folders.c) ---- */

/* Writes a path into buf like snprintf; a path that does not fit is an
 * error naming its start, never a file written under a cut name. 0, or -1
 * with `err` set. */
__attribute__((format(printf, 4, 5)))
int smart__rp_path_printf(char *buf, size_t size, smart_error *err, const char *fmt, ...);

/* Creates a folder and its parents (like mkdir -p). 0, or -1 with `err`. */
int smart__rp_make_dirs(const char *path, smart_error *err);

/* Removes the response files an earlier replay left in a session's folder.
 * 0, or -1 with `err`. */
int smart__rp_clear_old_responses(const char *dir, smart_error *err);

#endif
