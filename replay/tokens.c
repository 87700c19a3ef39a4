/*
 * Anti-forgery tokens. Web applications put a fresh random value in each
 * form (a hidden input such as sectok, _token, csrf…, _wpnonce,
 * authenticity_token, wpEditToken) and reject a submission that does not
 * carry it back; a recorded session carries the values of the recording,
 * long stale. The rule (glob patterns on field names) says which fields are
 * tokens; their values are harvested from each HTML page the session
 * receives and put into the next requests in place of the recorded ones.
 */
#include "internal.h"

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/array.h"
#include "smart/file.h"
#include "smart/tree.h"

struct smart_replay_tokens {
	char **patterns;
	size_t count, cap;
};

/* The default rule: what common PHP, Rails, Django, ASP.NET and Laravel
 * applications call their token fields (docs/replay.md). */
static const char *const default_patterns[] = {
	"sectok", "token", "_token", "*csrf*", "*xsrf*", "*nonce", "authenticity_token",
	"*EditToken", "*LoginToken", "logintoken", "__RequestVerificationToken",
	"form_key", "formkey", "form_token", "security_token"
};

smart_replay_tokens *smart_replay_tokens_new(smart_error *err)
{
	smart_replay_tokens *t = calloc(1, sizeof(*t));

	if (!t) {
		smart_error_oom(err);
		return NULL;
	}
	for (size_t i = 0; i < sizeof(default_patterns) / sizeof(default_patterns[0]); i++)
		if (smart_replay_tokens_add(t, default_patterns[i], err) < 0) {
			smart_replay_tokens_free(t);
			return NULL;
		}
	return t;
}

/* Empties the rule (before a file replaces it, and on free). */
static void clear_patterns(smart_replay_tokens *t)
{
	for (size_t i = 0; i < t->count; i++)
		free(t->patterns[i]);
	free(t->patterns);
	t->patterns = NULL;
	t->count = 0;
	t->cap = 0;
}

void smart_replay_tokens_free(smart_replay_tokens *t)
{
	if (!t)
		return;
	clear_patterns(t);
	free(t);
}

int smart_replay_tokens_add(smart_replay_tokens *t, const char *pattern, smart_error *err)
{
	char *copy;

	if (!pattern[0])
		return smart_error_set(err, "token pattern: empty");
	if (smart__array_reserve((void **)&t->patterns, &t->cap, t->count, sizeof(*t->patterns),
				16) < 0)
		return smart_error_oom(err);
	copy = strdup(pattern);
	if (!copy)
		return smart_error_oom(err);
	t->patterns[t->count++] = copy;
	return 0;
}

int smart_replay_tokens_load(smart_replay_tokens *t, const char *path, smart_error *err)
{
	const cJSON *patterns, *p, *item;
	cJSON *root;
	char *data;
	size_t len, i = 0;
	int rc = 0;

	if (smart_file_read(path, 1 << 20, &data, &len, err) < 0)
		return -1;
	root = cJSON_ParseWithLength(data, len);
	free(data);
	if (!root)
		return smart_error_set(err, "%s: not valid JSON", path);
	if (!cJSON_IsObject(root)) {
		cJSON_Delete(root);
		return smart_error_set(err, "%s: needs {\"patterns\": [\"glob\", ...]}", path);
	}
	cJSON_ArrayForEach(item, root)
		if (strcmp(item->string, "patterns") != 0) {
			smart_error_set(err, "%s: unknown key '%s' (only \"patterns\")", path,
					item->string);
			cJSON_Delete(root);
			return -1;
		}
	patterns = cJSON_GetObjectItemCaseSensitive(root, "patterns");
	if (!cJSON_IsArray(patterns)) {
		cJSON_Delete(root);
		return smart_error_set(err, "%s: needs {\"patterns\": [\"glob\", ...]}", path);
	}
	clear_patterns(t);
	cJSON_ArrayForEach(p, patterns) {
		if (!cJSON_IsString(p) || !p->valuestring[0])
			rc = smart_error_set(err, "%s: patterns[%zu] must be a non-empty string",
					     path, i);
		else
			rc = smart_replay_tokens_add(t, p->valuestring, err);
		if (rc < 0)
			break;
		i++;
	}
	cJSON_Delete(root);
	return rc;
}

int smart_replay_tokens_match(const smart_replay_tokens *t, const char *name)
{
	for (size_t i = 0; t && i < t->count; i++)
		if (fnmatch(t->patterns[i], name, FNM_CASEFOLD) == 0)
			return 1;
	return 0;
}

/* ---- the store ---------------------------------------------------------- */

void smart__rp_token_store_clear(rp_token_store *store)
{
	for (size_t i = 0; i < store->n; i++) {
		free(store->v[i].name);
		free(store->v[i].value);
		free(store->v[i].path);
	}
	free(store->v);
	store->v = NULL;
	store->n = 0;
	store->cap = 0;
}

/* Appends one harvested token (copies); -1 when out of memory. */
static int store_add(rp_token_store *s, const char *name, const char *value,
		     const char *path)
{
	rp_token *v;

	if (smart__array_reserve((void **)&s->v, &s->cap, s->n, sizeof(*s->v), 16) < 0)
		return -1;
	v = s->v;
	v[s->n].name = strdup(name);
	v[s->n].value = strdup(value);
	v[s->n].path = path ? strdup(path) : NULL;
	s->n++;
	return v[s->n - 1].name && v[s->n - 1].value && (!path || v[s->n - 1].path) ? 0 : -1;
}

const char *smart__rp_tokens_lookup(const rp_token_store *s, const char *name, const char *path)
{
	const char *first = NULL;

	for (size_t i = 0; i < s->n; i++) {
		if (strcmp(s->v[i].name, name) != 0)
			continue;
		if (path && s->v[i].path && strcmp(s->v[i].path, path) == 0)
			return s->v[i].value;
		if (!first)
			first = s->v[i].value;
	}
	return first;
}

/* The path (no query) a form action or link resolves to from the page at
 * `page_url`, into buf. */
static void resolve_path(const char *page_url, const char *ref, char *buf, size_t size)
{
	size_t origin = smart__rp_url_origin_len(ref);
	const char *page_path = page_url + smart__rp_url_origin_len(page_url);
	size_t page_len = strcspn(page_path, "?#");

	if (origin || ref[0] == '/') {
		ref += origin;
		snprintf(buf, size, "%.*s", (int)strcspn(ref, "?#"), ref[0] ? ref : "/");
		if (!ref[0])
			snprintf(buf, size, "/");
	} else if (ref[0] == '\0' || ref[0] == '?' || ref[0] == '#') {
		snprintf(buf, size, "%.*s", (int)page_len, page_path);
	} else { /* relative to the page's folder */
		size_t dir = page_len;

		while (dir > 0 && page_path[dir - 1] != '/')
			dir--;
		snprintf(buf, size, "%.*s%.*s", (int)dir, page_path, (int)strcspn(ref, "?#"), ref);
	}
}

/* Adds the token parameters of the query of `ref` (a link or an action). */
static int harvest_query(rp_token_store *s, const smart_replay_tokens *t, const char *ref,
			 const char *path)
{
	const char *q = strchr(ref, '?');
	size_t end;

	if (!q)
		return 0;
	q++;
	end = strcspn(q, "#");
	for (size_t i = 0; i < end;) {
		size_t n = strcspn(q + i, "&#"), eq = strcspn(q + i, "=&#");
		char name[256], value[1024];

		if (n > end - i)
			n = end - i;
		if (eq < n) {
			smart__rp_form_decode(q + i, eq, name, sizeof(name));
			if (smart_replay_tokens_match(t, name)) {
				smart__rp_form_decode(q + i + eq + 1, n - eq - 1, value, sizeof(value));
				if (store_add(s, name, value, path) < 0)
					return -1;
			}
		}
		i += n + 1;
	}
	return 0;
}

int smart__rp_tokens_harvest(rp_token_store *store, const smart_replay_tokens *t, const char *html,
		      size_t len, const char *page_url, smart_error *err)
{
	rp_token_store found = { 0 };
	smart_tree *tree;
	char page_path[1024];
	int rc = 0;

	if (!t || !t->count)
		return 0;
	tree = smart_tree_parse(html, len, SMART_FORMAT_HTML, page_url, err);
	if (!tree)
		return -1;
	resolve_path(page_url, "", page_path, sizeof(page_path));
	for (uint32_t i = 0; i < tree->count && rc == 0; i++) {
		const smart_node *n = &tree->nodes[i];
		const smart_attr *name, *value, *ref;
		char path[1024];

		if (n->kind != SMART_NODE_ELEMENT)
			continue;
		if (strcmp(n->name, "input") == 0 || strcmp(n->name, "meta") == 0) {
			int meta = n->name[0] == 'm';

			name = smart_tree_attr(tree, i, "name");
			value = smart_tree_attr(tree, i, meta ? "content" : "value");
			if (!name || !smart_replay_tokens_match(t, name->value))
				continue;
			path[0] = '\0';
			for (uint32_t p = n->parent; !meta && p != SMART_NONE; p = tree->nodes[p].parent)
				if (strcmp(tree->nodes[p].name, "form") == 0) {
					ref = smart_tree_attr(tree, p, "action");
					resolve_path(page_url, ref ? ref->value : "", path, sizeof(path));
					break;
				}
			if (!meta && !path[0])
				snprintf(path, sizeof(path), "%s", page_path);
			rc = store_add(&found, name->value, value ? value->value : "",
				       path[0] ? path : NULL);
		} else if ((strcmp(n->name, "a") == 0 && (ref = smart_tree_attr(tree, i, "href"))) ||
			   (strcmp(n->name, "form") == 0 &&
			    (ref = smart_tree_attr(tree, i, "action")))) {
			resolve_path(page_url, ref->value, path, sizeof(path));
			rc = harvest_query(&found, t, ref->value, path);
		}
	}
	smart_tree_free(tree);
	if (rc < 0) {
		smart__rp_token_store_clear(&found);
		return smart_error_oom(err);
	}
	if (found.n) { /* the last page that carried tokens wins */
		smart__rp_token_store_clear(store);
		*store = found;
	}
	return 0;
}
