/*
 * Flist (Sprenkle et al. 2005, §5): "a simple diff on the file names that
 * wget has downloaded". It catches failures in page-level control flow — a
 * redirect elsewhere, a page the server did not produce — and has no false
 * positives: if a replay took a different path through the application, a
 * failure occurred. It misses everything inside the pages.
 *
 * Here the lists are those of two manifests written by `smart replay`
 * (docs/replay.md): one line per request with its file name (order, method,
 * path, kind of content), its redirect chain and final page as statuses
 * and paths (relative to each replay's base URL, so two replays served on
 * different ports compare equal), or "no response". Timing, sizes and
 * error wording are left out: they vary from run to run.
 *
 * On a pair of ordinary documents (not manifests) the only file-level fact
 * is whether a page was produced at all: Flist fails when exactly one side
 * is empty, and passes otherwise.
 */
#include "flist.h"

#include <stdio.h>
#include <string.h>

#include <cjson/cJSON.h>

/* The manifest in `data`, or NULL when the bytes are not one. */
static cJSON *parse_manifest(const char *data, size_t len)
{
	size_t i = 0;
	cJSON *root;

	while (i < len && (data[i] == ' ' || data[i] == '\t' || data[i] == '\r' || data[i] == '\n'))
		i++;
	if (i == len || data[i] != '{')
		return NULL;
	root = cJSON_ParseWithLength(data + i, len - i);
	if (root && cJSON_IsString(cJSON_GetObjectItemCaseSensitive(root, "session")) &&
	    cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(root, "requests")))
		return root;
	cJSON_Delete(root);
	return NULL;
}

/* A string member, or `fallback`. */
static const char *str(const cJSON *o, const char *key, const char *fallback)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsString(v) ? v->valuestring : fallback;
}

/* A number member as a long, 0 when absent. */
static long num(const cJSON *o, const char *key)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);

	return cJSON_IsNumber(v) ? (long)v->valuedouble : 0;
}

/* Appends `url` relative to the replay's base URL. */
static int add_url(cmp_lines *l, const char *base, size_t base_len, const char *url)
{
	if (base_len && strncmp(url, base, base_len) == 0 &&
	    (url[base_len] == '/' || url[base_len] == '?' || url[base_len] == '\0'))
		url += base_len;
	return smart__cmp_lines_appends(l, url[0] ? url : "/");
}

/* The Flist lines of one manifest. */
static int manifest_lines(const cJSON *m, cmp_lines *l, const char *name, smart_error *err)
{
	const char *base = str(m, "base_url", "");
	size_t base_len = strlen(base);
	const cJSON *r;
	int rc = 0;

	while (base_len && base[base_len - 1] == '/')
		base_len--;
	cJSON_ArrayForEach(r, cJSON_GetObjectItemCaseSensitive(m, "requests")) {
		const cJSON *hops = cJSON_GetObjectItemCaseSensitive(r, "redirects"), *h;
		char head[64];

		if (!cJSON_IsObject(r))
			return smart_error_set(err, "%s: a manifest request is not an object", name);
		snprintf(head, sizeof(head), "%s ", str(r, "file", "(no file)"));
		rc |= smart__cmp_lines_begin(l) | smart__cmp_lines_appends(l, head);
		if (!cJSON_IsString(cJSON_GetObjectItemCaseSensitive(r, "file")))
			rc |= smart__cmp_lines_appends(l, str(r, "method", "?")) |
			      smart__cmp_lines_appends(l, " ") | smart__cmp_lines_appends(l, str(r, "target", "?")) |
			      smart__cmp_lines_appends(l, " ");
		cJSON_ArrayForEach(h, hops) {
			char status[32];

			snprintf(status, sizeof(status), "%ld ", num(h, "status"));
			rc |= smart__cmp_lines_appends(l, status) |
			      add_url(l, base, base_len, str(h, "location", "?")) |
			      smart__cmp_lines_appends(l, " -> ");
		}
		if (cJSON_IsString(cJSON_GetObjectItemCaseSensitive(r, "error"))) {
			rc |= smart__cmp_lines_appends(l, "no response");
		} else {
			char status[32];

			snprintf(status, sizeof(status), "%ld ", num(r, "status"));
			rc |= smart__cmp_lines_appends(l, status) |
			      add_url(l, base, base_len, str(r, "final_url", "?"));
		}
		rc |= smart__cmp_lines_end(l);
		if (rc)
			return smart_error_oom(err);
	}
	return 0;
}

/* Whether a document is empty but for white space. */
static int blank(const char *data, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (data[i] != ' ' && data[i] != '\t' && data[i] != '\r' && data[i] != '\n')
			return 0;
	return 1;
}

int smart__cmp_flist_run(const smart_comparator *self, smart_compare_pair *pair,
		  const smart_compare_config *cfg, smart_compare_result *result,
		  smart_error *err)
{
	const char *data[2];
	size_t len[2];
	cJSON *m[2];
	cmp_lines l[2];
	int rc = 0;

	(void)self;
	for (int side = 0; side < 2; side++) {
		smart__cmp_pair_bytes(pair, side, &data[side], &len[side]);
		m[side] = parse_manifest(data[side], len[side]);
	}
	result->verdict = SMART_COMPARE_PASS;
	if (!m[0] != !m[1]) {
		int which = m[0] ? 1 : 0;

		cJSON_Delete(m[0]);
		cJSON_Delete(m[1]);
		return smart_error_set(err, "Flist: %s is a replay manifest but %s is not",
				       smart__cmp_pair_name(pair, !which), smart__cmp_pair_name(pair, which));
	}
	if (!m[0]) { /* two documents: was a page produced on both sides? */
		if (blank(data[0], len[0]) != blank(data[1], len[1])) {
			result->verdict = SMART_COMPARE_FAIL;
			if (!result->verdict_only)
				return smart__cmp_result_add(result, cfg->max_differences, "page",
						      blank(data[0], len[0]) ? "(empty)" : "(page)", 7,
						      blank(data[1], len[1]) ? "(empty)" : "(page)", 7,
						      err);
		}
		return 0;
	}
	smart__cmp_lines_init(&l[0]);
	smart__cmp_lines_init(&l[1]);
	for (int side = 0; side < 2 && rc == 0; side++)
		rc = manifest_lines(m[side], &l[side], smart__cmp_pair_name(pair, side), err);
	if (rc == 0)
		rc = smart__cmp_lines_compare(&l[0], &l[1], NULL, "request", cfg, result, err);
	smart__cmp_lines_free(&l[0]);
	smart__cmp_lines_free(&l[1]);
	cJSON_Delete(m[0]);
	cJSON_Delete(m[1]);
	return rc;
}
