/*
 * A site that moved between two runs (include/smart/scrub.h,
 * smart_scrub_rebase): the same pages served or built under another root
 * ("/css/base.css" -> "/latest/css/base.css", "http://127.0.0.1:8001/a/"
 * -> "https://docs.example.org/latest/a/"). No single value shows it, since
 * one changed link is just a changed link; many links of one page rewritten
 * by the same prefix do. Such links are rewritten to "{base}" + the rest in
 * both scrubbed trees (through the scrub log), so they align as equal.
 */
#include "smart/scrub.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "common/array.h"
#include "rebase.h"

/* A path rule needs this many links of the page rewritten by it. */
#define REBASE_MIN_SUPPORT 2
/* A prefix of one side split into scheme://authority and path. */
typedef struct prefix {
	const char *origin, *path;
	size_t origin_len, path_len;
} prefix;

/* One differing link: old = A + rest, new = B + rest. */
typedef struct rewrite {
	size_t slot;
	size_t rest_len;
	prefix a, b;
} rewrite;

/* A rule: one prefix pair (origins or paths) and how many links show it. */
typedef struct rule {
	const char *from, *to;
	size_t from_len, to_len;
	size_t support;
} rule;

static int split_prefix(const char *s, size_t len, prefix *p)
{
	const char *scheme_end = memchr(s, ':', len);
	size_t path_at = 0;

	if (memchr(s, '?', len) || memchr(s, '#', len))
		return 0;
	if (len > 5 && memcmp(s, "tag:", 4) == 0 && memchr(s, ',', len) && s[len - 1] == ':') {
		/* a tag URI's "tag:AUTHORITY,DATE:" is all origin */
		*p = (prefix){ s, s + len, len, 0 };
		return 1;
	}
	if (scheme_end && (size_t)(scheme_end - s) + 3 <= len && scheme_end[1] == '/' &&
	    scheme_end[2] == '/') {
		const char *slash = memchr(scheme_end + 3, '/', len - (size_t)(scheme_end + 3 - s));

		path_at = slash ? (size_t)(slash - s) : len;
	} else if (len > 0 && s[0] != '/') {
		return 0;
	}
	p->origin = s;
	p->origin_len = path_at;
	p->path = s + path_at;
	p->path_len = len - path_at;
	return 1;
}

/* old = A + rest and new = B + rest with `rest` the longest common tail
 * that starts at a '/' (the part of the site both runs share); 0 when the
 * two have no such tail or a prefix is not a URL prefix. */
static int find_rewrite(const char *old_value, const char *new_value, rewrite *w)
{
	size_t lo = strlen(old_value), ln = strlen(new_value), common = 0, rest = 0;

	while (common < lo && common < ln && old_value[lo - 1 - common] == new_value[ln - 1 - common])
		common++;
	for (size_t k = common; k > 0 && !rest; k--)
		if (old_value[lo - k] == '/')
			rest = k;
	if (!rest)
		return 0;
	w->rest_len = rest;
	return split_prefix(old_value, lo - rest, &w->a) && split_prefix(new_value, ln - rest, &w->b);
}

static int same_bytes(const char *a, size_t la, const char *b, size_t lb)
{
	return la == lb && memcmp(a, b, la) == 0;
}

/* Counts one use of the rule from -> to (from != to) in `rules`. */
static int count_rule(rule *rules, size_t *n, size_t cap, const char *from, size_t from_len,
		      const char *to, size_t to_len)
{
	for (size_t i = 0; i < *n; i++)
		if (same_bytes(rules[i].from, rules[i].from_len, from, from_len) &&
		    same_bytes(rules[i].to, rules[i].to_len, to, to_len)) {
			rules[i].support++;
			return 0;
		}
	assert(*n < cap);
	rules[(*n)++] = (rule){ from, to, from_len, to_len, 1 };
	return 0;
}

/* The support of from -> to, or 0 when it is not a rule of `rules`. */
static size_t support_of(const rule *rules, size_t n, const char *from, size_t from_len,
			 const char *to, size_t to_len)
{
	for (size_t i = 0; i < n; i++)
		if (same_bytes(rules[i].from, rules[i].from_len, from, from_len) &&
		    same_bytes(rules[i].to, rules[i].to_len, to, to_len))
			return rules[i].support;
	return 0;
}

/* Whether an origin ("scheme://host:port", or empty for a link relative to
 * the page) is the tested site's own: a relative link, a file: URL, or a
 * loopback host (localhost, *.localhost, 127.x.x.x, [::1], or the
 * "{hostport}" scrubbing left of one), where test runs serve what they
 * build. Another site's links keep their layout
 * whatever root the tested site is deployed under: a rewritten path there
 * ("https://eslint.org/docs/rules/" -> ".../docs/latest/rules/") is a
 * changed link, not a moved site. */
static int is_own_origin(const char *origin, size_t len)
{
	const char *host = memchr(origin, ':', len), *end = origin + len;
	size_t host_len;

	if (len == 0)
		return 1;
	if (!host || end - host < 3)
		return 0;
	host += 3; /* past "://" */
	host_len = (size_t)(end - host);
	for (const char *p = host; p < end; p++)
		if (*p == ':' && host[0] != '[') {
			host_len = (size_t)(p - host);
			break;
		}
	if (host_len == 0)
		return 1; /* file:/// */
	if ((host_len >= 9 && memcmp(host + host_len - 9, "localhost", 9) == 0) ||
	    (host_len >= 4 && memcmp(host, "127.", 4) == 0) ||
	    (host_len >= 5 && memcmp(host, "[::1]", 5) == 0) ||
	    (host_len == 10 && memcmp(host, "{hostport}", 10) == 0))
		return 1;
	return 0;
}

/* The path of a link to the tested site itself ("/a/b" of
 * "http://127.0.0.1:8001/a/b" or of "/a/b"), or NULL for another site's
 * link, a relative one or a fragment. */
static const char *own_path(const char *v)
{
	const char *sep = strstr(v, "://"), *path;

	if (!sep)
		return v[0] == '/' && v[1] != '/' ? v : NULL;
	path = strchr(sep + 3, '/');
	if (!path)
		path = v + strlen(v);
	return is_own_origin(v, (size_t)(path - v)) ? path : NULL;
}

/* Whether `path` lies under the prefix `from` ("/category/notes/feed/"
 * under "/category/notes"). */
static int lies_under(const char *path, const char *from, size_t from_len)
{
	return strncmp(path, from, from_len) == 0 &&
	       strchr("/?#", path[from_len]) != NULL; /* also the terminating NUL */
}

/* A site moved under another root moves every one of its links: a path
 * rule "/category/notes" -> "" is refuted by a link of the site that lies
 * under "/category/notes" on both sides (the page's feed link, kept while
 * two pagination links lost the prefix: a broken link template, not a
 * move). Sets the support of each refuted rule to 0. Rules that only add
 * a root (from "") have nothing to be refuted by. */
static void refute_contradicted(rule *paths, size_t n_paths, const slot_list *a,
				const slot_list *b)
{
	for (size_t r = 0; r < n_paths; r++) {
		if (paths[r].from_len == 0 || paths[r].support < REBASE_MIN_SUPPORT)
			continue;
		for (size_t i = 0; i < a->n; i++) {
			const char *op = own_path(*a->at[i].value), *np = own_path(*b->at[i].value);

			if (op && np && lies_under(op, paths[r].from, paths[r].from_len) &&
			    lies_under(np, paths[r].from, paths[r].from_len)) {
				paths[r].support = 0;
				break;
			}
		}
	}
}

/* Whether one path prefix is the other with leading segments added
 * ("/" -> "/latest/"): what deploying under another root does. Replacing
 * a segment ("/blog/" -> "/posts/") renames part of the site instead. */
static int adds_or_drops_a_root(const prefix *a, const prefix *b)
{
	const prefix *shorter = a->path_len <= b->path_len ? a : b;
	const prefix *longer = shorter == a ? b : a;

	return memcmp(shorter->path, longer->path, shorter->path_len) == 0;
}

/* The host of an origin: "{hostport}" of "http://{hostport}", "example.org"
 * of "https://example.org:8443" and of the tag URI prefix
 * "tag:example.org,2023-05-10:"; its length in *len. */
static const char *host_of(const char *origin, size_t origin_len, size_t *len)
{
	const char *end = origin + origin_len, *host, *p;

	if (origin_len > 4 && memcmp(origin, "tag:", 4) == 0) {
		host = origin + 4;
		p = memchr(host, ',', (size_t)(end - host));
	} else {
		p = memchr(origin, ':', origin_len);
		host = p && end - p >= 3 ? p + 3 : end;
		for (p = host; p < end && !(*p == ':' && host[0] != '['); p++)
			;
	}
	*len = p ? (size_t)(p - host) : 0;
	return host;
}

/* Whether the origin change a -> b moves the same host as a rule of
 * `origins` shown by REBASE_MIN_SUPPORT links: a feed's one tag URI
 * ("tag:127.0.0.1,..." -> "tag:blog.example.org,...") beside its links
 * ("http://127.0.0.1:8001" -> "https://blog.example.org"). */
static int same_host_change(const prefix *a, const prefix *b, const rule *origins, size_t n)
{
	size_t la, lb, lf, lt;
	const char *ha = host_of(a->origin, a->origin_len, &la);
	const char *hb = host_of(b->origin, b->origin_len, &lb);

	for (size_t i = 0; i < n; i++) {
		const char *from, *to;

		if (origins[i].support < REBASE_MIN_SUPPORT)
			continue;
		from = host_of(origins[i].from, origins[i].from_len, &lf);
		to = host_of(origins[i].to, origins[i].to_len, &lt);
		if (!same_bytes(ha, la, hb, lb) && same_bytes(ha, la, from, lf) &&
		    same_bytes(hb, lb, to, lt))
			return 1;
	}
	return 0;
}

/* Whether the rewrite's path part and origin part are each unchanged or an
 * accepted rule: a path rule shown by REBASE_MIN_SUPPORT links, an origin
 * rule shown by as many (or another origin of the same host change), or
 * the one origin change of a page whose paths demonstrably moved. The page's canonical address needs no support: it
 * appears once a page and says only where the site is deployed (but
 * "/axios/" -> "/chalk/" on one host is another page, not another root). */
static int explained(const rewrite *w, int page_address, const rule *paths, size_t n_paths,
		     const rule *origins, size_t n_origins, int paths_moved)
{
	int path_same = same_bytes(w->a.path, w->a.path_len, w->b.path, w->b.path_len);
	int origin_same = same_bytes(w->a.origin, w->a.origin_len, w->b.origin, w->b.origin_len);
	size_t ps = path_same ? 0 : support_of(paths, n_paths, w->a.path, w->a.path_len,
					       w->b.path, w->b.path_len);
	size_t os = origin_same ? 0 : support_of(origins, n_origins, w->a.origin,
						 w->a.origin_len, w->b.origin, w->b.origin_len);

	if (path_same && origin_same)
		return 0; /* not a prefix change at all */
	if (page_address) /* unless only the page's own name changed */
		return w->rest_len > 1 || !origin_same;
	if (!path_same && ps < REBASE_MIN_SUPPORT)
		return 0;
	if (!path_same && origin_same && !is_own_origin(w->a.origin, w->a.origin_len))
		return 0; /* another site's layout, which no deployment moves */
	if (!path_same && !adds_or_drops_a_root(&w->a, &w->b))
		return 0; /* "/blog/" -> "/posts/": a renamed section, not a new root */
	return origin_same || os >= REBASE_MIN_SUPPORT || (paths_moved && n_origins == 1) ||
	       same_host_change(&w->a, &w->b, origins, n_origins);
}

/* Replaces a slot's value by "{base}" + its last `rest_len` bytes,
 * through the log. */
static int set_rebased(smart_scrub_log *log, url_slot *s, size_t rest_len)
{
	const char *v = *s->value;
	size_t len = strlen(v);
	char *out = smart_scrub_log_alloc(log, rest_len + 7);

	if (!out)
		return -1;
	memcpy(out, "{base}", 6);
	memcpy(out + 6, v + len - rest_len, rest_len + 1);
	return smart_scrub_log_set(log, s->value, s->text_len, out);
}

/* Finds the rules among the differing links and rewrites the links they
 * explain; returns how many links were rewritten, or -1. */
static int rebase_slots(smart_scrub_log *log, slot_list *a, slot_list *b)
{
	rewrite *w = malloc((a->n ? a->n : 1) * sizeof(*w));
	rule *paths = malloc((a->n ? a->n : 1) * sizeof(*paths));
	rule *origins = malloc((a->n ? a->n : 1) * sizeof(*origins));
	size_t n_w = 0, n_paths = 0, n_origins = 0;
	int paths_moved = 0, rewritten = 0;

	if (!w || !paths || !origins) {
		rewritten = -1;
		goto done;
	}
	for (size_t i = 0; i < a->n; i++) {
		rewrite *r = &w[n_w];

		if (strcmp(*a->at[i].value, *b->at[i].value) == 0 ||
		    !find_rewrite(*a->at[i].value, *b->at[i].value, r))
			continue;
		r->slot = i;
		n_w++;
		if (!same_bytes(r->a.path, r->a.path_len, r->b.path, r->b.path_len))
			count_rule(paths, &n_paths, a->n, r->a.path, r->a.path_len, r->b.path,
				   r->b.path_len);
		if (!same_bytes(r->a.origin, r->a.origin_len, r->b.origin, r->b.origin_len))
			count_rule(origins, &n_origins, a->n, r->a.origin, r->a.origin_len,
				   r->b.origin, r->b.origin_len);
	}
	/* and again on the links as printed: scrubbing turns a permalink's
	 * "/2024/02/" into "{date}", which would hide that the link kept the
	 * "/2024" that two pagination links lost */
	refute_contradicted(paths, n_paths, a, b);
	smart_scrub_log_undo(log);
	refute_contradicted(paths, n_paths, a, b);
	smart_scrub_log_redo(log);
	for (size_t i = 0; i < n_paths; i++)
		paths_moved |= paths[i].support >= REBASE_MIN_SUPPORT;
	for (size_t i = 0; i < n_w; i++) {
		if (!explained(&w[i], a->at[w[i].slot].page_address, paths, n_paths, origins,
			       n_origins, paths_moved))
			continue;
		if (set_rebased(log, &a->at[w[i].slot], w[i].rest_len) ||
		    set_rebased(log, &b->at[w[i].slot], w[i].rest_len)) {
			rewritten = -1;
			goto done;
		}
		rewritten++;
	}
done:
	free(w);
	free(paths);
	free(origins);
	return rewritten;
}

int smart_scrub_rebase(smart_tree *old_clean, smart_tree *new_clean, smart_scrub_log *log,
		       smart_error *err)
{
	slot_list a = { 0 }, b = { 0 };
	int rc = 0;

	if (smart__rebase_collect_slots(old_clean, &a) ||
	    smart__rebase_collect_slots(new_clean, &b))
		rc = -1;
	else if (a.n == b.n) /* links added or lost: the pages differ in structure */
		rc = rebase_slots(log, &a, &b);
	free(a.at);
	free(b.at);
	if (rc < 0)
		smart_error_oom(err);
	return rc;
}
