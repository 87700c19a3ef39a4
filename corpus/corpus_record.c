/* One corpus record <-> JSON (include/smart/corpus.h). */
#include "smart/corpus.h"

#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "common/json.h"
#include "common/text.h"
#include "json_strict.h"

static const char *const origins[] = { "mutant", "version", "rerun", "perturb",
				       "manual", "review" };

const char *smart_label_name(smart_label label)
{
	switch (label) {
	case SMART_LABEL_INSPECT: return "inspect";
	case SMART_LABEL_IGNORE: return "ignore";
	default: return NULL;
	}
}

int smart_pair_from_json(const smart_document *text, size_t line, smart_pair *pair,
			 cJSON **holder, smart_error *err)
{
	static const char *const required[] = { "app", "test", "old", "new" };
	const char *got[4], *fmt, *label, *file = text->name;
	cJSON *obj;
	int bad = 0;

	*holder = NULL;
	memset(pair, 0, sizeof(*pair));
	if (smart__json_check_strict(text->data, text->len, err))
		return smart_error_prefix(err, "%s:%zu", file, line);
	obj = cJSON_ParseWithLengthOpts(text->data, text->len, NULL, 0);
	if (!obj)
		return smart_error_set(err, "%s:%zu: not valid JSON", file, line);
	if (!cJSON_IsObject(obj)) {
		cJSON_Delete(obj);
		return smart_error_set(err, "%s:%zu: a record must be a JSON object", file, line);
	}
	for (int i = 0; i < 4; i++) {
		got[i] = smart__json_opt_string(obj, required[i], &bad);
		if (!got[i]) {
			cJSON_Delete(obj);
			return smart_error_set(err, "%s:%zu: '%s' is missing or not a string",
					       file, line, required[i]);
		}
	}
	pair->app = got[0];
	pair->test = got[1];
	pair->old_doc = got[2];
	pair->old_len = strlen(got[2]);
	pair->new_doc = got[3];
	pair->new_len = strlen(got[3]);
	pair->file = file;
	pair->line = line;
	fmt = smart__json_opt_string(obj, "format", &bad);
	label = smart__json_opt_string(obj, "label", &bad);
	pair->origin = smart__json_opt_string(obj, "origin", &bad);
	pair->note = smart__json_opt_string(obj, "note", &bad);
	if (bad) {
		cJSON_Delete(obj);
		return smart_error_set(err, "%s:%zu: 'format', 'label', 'origin' and 'note' must be strings",
				       file, line);
	}
	if (!fmt)
		pair->format = SMART_FORMAT_AUTO;
	else if (!strcmp(fmt, "html"))
		pair->format = SMART_FORMAT_HTML;
	else if (!strcmp(fmt, "xml"))
		pair->format = SMART_FORMAT_XML;
	else {
		cJSON_Delete(obj);
		return smart_error_set(err, "%s:%zu: 'format' must be \"html\" or \"xml\"", file, line);
	}
	if (!label)
		pair->label = SMART_LABEL_NONE;
	else if (!strcmp(label, "inspect"))
		pair->label = SMART_LABEL_INSPECT;
	else if (!strcmp(label, "ignore"))
		pair->label = SMART_LABEL_IGNORE;
	else {
		cJSON_Delete(obj);
		return smart_error_set(err, "%s:%zu: 'label' must be \"inspect\" or \"ignore\"",
				       file, line);
	}
	if (pair->origin) {
		size_t i = 0;

		while (i < sizeof(origins) / sizeof(origins[0]) && strcmp(origins[i], pair->origin))
			i++;
		if (i == sizeof(origins) / sizeof(origins[0])) {
			cJSON_Delete(obj);
			return smart_error_set(err,
				"%s:%zu: 'origin' must be one of mutant, version, rerun, perturb, manual, review",
				file, line);
		}
	}
	*holder = obj;
	return 0;
}

/* 0 when string `name` of `len` bytes can be stored in a record that
 * reads back (smart__json_check_strict): no NUL byte, which cJSON would cut
 * the string at, and UTF-8 only; -1 with `err` naming the field. */
static int storable(const char *name, const char *text, size_t len, smart_error *err)
{
	if (!text)
		return 0;
	if (memchr(text, '\0', len))
		return smart_error_set(err, "'%s' holds a NUL byte: a corpus record cannot "
				       "(it would be cut there)", name);
	if (!smart__text_is_valid_utf8(text, len))
		return smart_error_set(err, "'%s' is not UTF-8 text: a corpus record holds "
				       "UTF-8 only", name);
	return 0;
}

char *smart_pair_to_json(const smart_pair *p, smart_error *err)
{
	cJSON *o;
	int ok;

	if (storable("app", p->app, p->app ? strlen(p->app) : 0, err) ||
	    storable("test", p->test, p->test ? strlen(p->test) : 0, err) ||
	    storable("old", p->old_doc, p->old_len, err) ||
	    storable("new", p->new_doc, p->new_len, err) ||
	    storable("origin", p->origin, p->origin ? strlen(p->origin) : 0, err) ||
	    storable("note", p->note, p->note ? strlen(p->note) : 0, err))
		return NULL;
	o = cJSON_CreateObject();
	ok = o && cJSON_AddStringToObject(o, "app", p->app) &&
		 cJSON_AddStringToObject(o, "test", p->test);

	if (ok && p->format != SMART_FORMAT_AUTO)
		ok = cJSON_AddStringToObject(o, "format",
					     p->format == SMART_FORMAT_XML ? "xml" : "html") != NULL;
	ok = ok && cJSON_AddStringToObject(o, "old", p->old_doc) &&
	     cJSON_AddStringToObject(o, "new", p->new_doc);
	if (ok && p->label != SMART_LABEL_NONE)
		ok = cJSON_AddStringToObject(o, "label", smart_label_name(p->label)) != NULL;
	if (ok && p->origin)
		ok = cJSON_AddStringToObject(o, "origin", p->origin) != NULL;
	if (ok && p->note)
		ok = cJSON_AddStringToObject(o, "note", p->note) != NULL;
	return smart__json_print(o, ok, 0, err);
}
