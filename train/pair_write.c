/* One pair record as a JSON line (train/pair_write.h). */
#include "pair_write.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cjson/cJSON.h>

#include "smart/tree.h"

const char *pair_format_of(const char *path, const char *data, size_t len)
{
	static const char *const xml_ext[] = { "xml", "svg", "rss", "atom", NULL };
	static const char *const html_ext[] = { "html", "htm", "xhtml", NULL };
	const char *dot = strrchr(path, '.');

	if (dot && !strchr(dot, '/')) {
		for (const char *const *e = xml_ext; *e; e++)
			if (strcasecmp(dot + 1, *e) == 0)
				return "xml";
		for (const char *const *e = html_ext; *e; e++)
			if (strcasecmp(dot + 1, *e) == 0)
				return "html";
	}
	return smart_format_sniff(data, len) == SMART_FORMAT_XML ? "xml" : "html";
}

/* Adds `text` as a string member, made valid UTF-8. Returns 0, 1 for NUL
 * bytes, -1 when out of memory. */
static int add_text(cJSON *obj, const char *key, const char *text, size_t len)
{
	text_buf clean = { 0 };
	int rc = 0;

	if (memchr(text, '\0', len))
		return 1;
	if (text_clean(&clean, text, len, 0) < 0 ||
	    text_buf_append(&clean, "", 1) < 0 ||
	    !cJSON_AddStringToObject(obj, key, clean.data ? clean.data : ""))
		rc = -1;
	text_buf_release(&clean);
	return rc;
}

/* Adds a plain string member unless `value` is NULL. */
static int add_opt(cJSON *obj, const char *key, const char *value)
{
	return !value || cJSON_AddStringToObject(obj, key, value) ? 0 : -1;
}

int pair_write_line(text_buf *out, const pair_fields *p, smart_error *err)
{
	cJSON *obj = cJSON_CreateObject();
	char *line = NULL;
	int rc = -1, t;

	if (!obj)
		return smart_error_oom(err);
	if (add_opt(obj, "app", p->app) < 0 || add_opt(obj, "test", p->test) < 0 ||
	    add_opt(obj, "format", p->format) < 0)
		goto oom;
	t = add_text(obj, "old", p->old_text, p->old_len);
	if (t == 0)
		t = add_text(obj, "new", p->new_text, p->new_len);
	if (t != 0) {
		cJSON_Delete(obj);
		return t > 0 ? 1 : smart_error_oom(err);
	}
	if (add_opt(obj, "label", p->label) < 0 ||
	    add_opt(obj, "origin", p->origin) < 0 || add_opt(obj, "note", p->note) < 0)
		goto oom;
	line = cJSON_PrintUnformatted(obj);
	if (!line || text_buf_append(out, line, strlen(line)) < 0 ||
	    text_buf_append(out, "\n", 1) < 0)
		goto oom;
	rc = 0;
	goto done;
oom:
	smart_error_oom(err);
done:
	cJSON_free(line);
	cJSON_Delete(obj);
	return rc;
}
