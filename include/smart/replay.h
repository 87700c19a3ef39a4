/*
 * Replaying recorded user sessions against a web application (Sprenkle et
 * al. 2005; docs/replay.md): sessions are read from HAR files, from a web
 * server's combined access log (GET requests only; a session is one client
 * address until 30 minutes of silence) or from smart's own JSON session
 * format, and replayed with libcurl, each session with its own cookie jar,
 * against a base URL. Each response body is written to
 * OUT_DIR/<session>/<NN>_<METHOD>_<slug>.<html|xml|txt> and each session
 * gets a manifest.json (status, final URL, redirect chain, content type,
 * timing, error) — what the Flist comparator compares.
 *
 * Typical use (what `smart replay` does):
 *
 *     smart_replay_set *set = smart_replay_set_new(&err);
 *     smart_replay_load(set, "session.har", NULL, &err);
 *     smart_replay_tokens *tokens = smart_replay_tokens_new(&err);
 *     smart_replay_options o = SMART_REPLAY_OPTIONS_INIT;
 *     o.base_url = "http://127.0.0.1:8080";
 *     o.out_dir = "out";
 *     o.tokens = tokens;
 *     smart_replay_run(set, &o, &summary, &err);
 *
 * Only loopback hosts (localhost, 127.0.0.0/8, ::1) and the hosts in
 * allow_hosts are ever contacted; the check is made before connecting, on
 * every redirect target, and on the address a name resolves to.
 */
#ifndef SMART_REPLAY_H
#define SMART_REPLAY_H

#include <stddef.h>

#include "smart/error.h"
#include "smart/progress.h"

/* ---- sessions ---------------------------------------------------------- */

typedef struct smart_replay_header {
	const char *name;
	const char *value;
} smart_replay_header;

/* One recorded request. Strings are owned by the set. */
typedef struct smart_replay_request {
	const char *method;       /* upper case, e.g. "GET" */
	const char *target;       /* path and query, always starting with '/' */
	const char *recorded_url; /* the URL as recorded (may be relative) */
	smart_replay_header *headers; /* recorded headers worth replaying */
	size_t header_count;
	const char *body;         /* NULL when the request has none */
	size_t body_len;
	double time;              /* seconds since the epoch; 0 when unknown */
	const char *where;        /* "file.har: log.entries[3]", for messages */
} smart_replay_request;

typedef struct smart_replay_session {
	const char *name;   /* unique within the set; safe as a folder name */
	const char *source; /* the file it was read from */
	smart_replay_request *requests;
	size_t count;
	size_t skipped;     /* recorded requests not replayed (static files,
	                     * other hosts, non-GET lines of an access log) */
} smart_replay_session;

/* A list of sessions, in replay order. Owns everything it holds. */
typedef struct smart_replay_set {
	smart_replay_session *sessions;
	size_t count;
	size_t capacity;           /* internal */
	struct smart_arena *arena; /* internal: owns every string */
	struct rp_names *names;    /* internal: the names taken */
} smart_replay_set;

/* How files are read: start from SMART_REPLAY_LOAD_OPTIONS_INIT; NULL
 * means all defaults. */
typedef struct smart_replay_load_options {
	unsigned version; /* SMART_REPLAY_LOAD_OPTIONS_VERSION */
	int keep_static; /* keep images, style sheets, scripts and fonts
	                  * (dropped by default: they do not exercise the
	                  * application, as in the paper) */
} smart_replay_load_options;

#define SMART_REPLAY_LOAD_OPTIONS_VERSION 1
#define SMART_REPLAY_LOAD_OPTIONS_INIT { .version = SMART_REPLAY_LOAD_OPTIONS_VERSION }

/* An empty set (free with smart_replay_set_free), or NULL when out of memory. */
smart_replay_set *smart_replay_set_new(smart_error *err);
void smart_replay_set_free(smart_replay_set *set);

/* Reads the sessions of one file and appends them to the set. The kind is
 * recognised from the content: a JSON object with "log" is a HAR file, one
 * with "sessions" or "requests" is smart's session format, anything else
 * is read as a combined access log. Any entry that cannot be used is an
 * error naming the file and the line or entry. Names are made unique
 * within the set (a suffix "-2", "-3"… is added). */
int smart_replay_load(smart_replay_set *set, const char *path,
		      const smart_replay_load_options *options, smart_error *err);

/* The same from bytes in memory; `path` names them in messages and sessions. */
int smart_replay_load_data(smart_replay_set *set, const char *path,
			   const char *data, size_t len,
			   const smart_replay_load_options *options,
			   smart_error *err);

/* Writes the set in smart's JSON session format (docs/replay.md) into a new
 * string (*out, free()): what `smart replay --list --json` prints, so that
 * a HAR file or an access log can be turned into sessions to edit by hand.
 * Reading it back gives the same sessions (names, methods, targets, headers,
 * bodies). */
int smart_replay_set_to_json(const smart_replay_set *set, char **out,
			     smart_error *err);

/* ---- security tokens ----------------------------------------------------- */

/* The rule saying which form fields are anti-forgery tokens: a list of
 * glob patterns (fnmatch, case-insensitive) on field names. A matching
 * field of a replayed request gets the value the session last received
 * (docs/replay.md), not the recorded one. */
typedef struct smart_replay_tokens smart_replay_tokens;

/* The default rule (the patterns in docs/replay.md). Free with
 * smart_replay_tokens_free. */
smart_replay_tokens *smart_replay_tokens_new(smart_error *err);
void smart_replay_tokens_free(smart_replay_tokens *tokens);

/* Adds one pattern. */
int smart_replay_tokens_add(smart_replay_tokens *tokens, const char *pattern,
			    smart_error *err);

/* Replaces the patterns with those of a JSON file {"patterns": [...]}. */
int smart_replay_tokens_load(smart_replay_tokens *tokens, const char *path,
			     smart_error *err);

/* True when a field called `name` is a token under the rule. */
int smart_replay_tokens_match(const smart_replay_tokens *tokens,
			      const char *name);

/* ---- replaying ----------------------------------------------------------- */

/* How smart_replay_run replays. Start from SMART_REPLAY_OPTIONS_INIT. */
typedef struct smart_replay_options {
	unsigned version;      /* SMART_REPLAY_OPTIONS_VERSION */
	const char *base_url;  /* scheme://host[:port][/prefix]; each request's
	                        * target is appended to it */
	const char *out_dir;   /* created when missing */
	const char *reset_cmd; /* run with sh -c; NULL for none */
	int without_state;     /* 0: reset before each session (with_state);
	                        * 1: reset once, before the first */
	unsigned delay_ms;     /* pause between two requests */
	unsigned timeout_s;    /* per request (each hop of a redirect); 0: 30 */
	const char *const *allow_hosts; /* hosts contacted besides loopback */
	size_t allow_count;
	const smart_replay_tokens *tokens; /* NULL: no token substitution */
	struct smart_shard_walk *shard; /* only the sessions of this shard, by
	                        * name (smart/shard.h; needs with_state: each
	                        * session then starts from the reset state);
	                        * NULL: every session */
	smart_progress_fn progress; /* after each request (total: every
	                        * session's requests; 0 with shard), or NULL */
	void *progress_ctx;    /* progress's ctx */
} smart_replay_options;

#define SMART_REPLAY_OPTIONS_VERSION 1
#define SMART_REPLAY_OPTIONS_INIT { .version = SMART_REPLAY_OPTIONS_VERSION }

typedef struct smart_replay_summary {
	size_t sessions;
	size_t requests;
	size_t failed;   /* requests without a response (recorded, not fatal) */
	size_t tokens;   /* token fields given a fresh value */
	size_t resets;   /* times the reset command ran */
} smart_replay_summary;

/* Replays every session of the set in order and writes the bodies and
 * manifests. A request that fails (refused host, no answer, timeout) is
 * recorded in its manifest and the run goes on; -1 is returned only for
 * trouble that makes the run meaningless: a bad base URL or one that is
 * not allowed, a reset command that fails, an output file that cannot be
 * written. */
int smart_replay_run(const smart_replay_set *set,
		     const smart_replay_options *options,
		     smart_replay_summary *summary, smart_error *err);

/* True when `host` (as in a URL; IPv6 with or without brackets) may be
 * contacted: a loopback name or address, or one of `allow` (ignoring case). */
int smart_replay_host_allowed(const char *host, const char *const *allow,
			      size_t allow_count);

#endif
