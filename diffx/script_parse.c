/*
 * Reading an edit script from JSON (include/smart/patch.h,
 * docs/script-format.md) with cJSON. Every string is copied into the
 * script's arena, paths are split into steps, and inserted content is
 * flattened into a pre-order node array, so that patching never touches
 * JSON. Each malformed field is reported as one line naming the file and
 * the operation ("s.json: operations[3]: 'index' must be ...").
 */
#include "smart/patch.h"

#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#include "common/arena.h"
#include "common/array.h"
#include "smart/file.h"
#include "script_internal.h"

/* Largest script file accepted (scripts hold whole inserted subtrees). */
#define SCRIPT_MAX_FILE ((size_t)1024 * 1024 * 1024)

/* Fails with "NAME: operations[I]: MESSAGE". */
static int op_error(parse_state *ps, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static int op_error(parse_state *ps, const char *fmt, ...)
{
	char msg[SMART_ERROR_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return smart_error_set(ps->err, "%s: operations[%zu]: %s", ps->script->name,
			       ps->op_index, msg);
}

int smart__script_op_error(parse_state *ps, const char *msg)
{
	return op_error(ps, "%s", msg);
}

const char *smart__script_strdup(parse_state *ps, const char *s)
{
	const char *copy = smart__arena_strndup(ps->script->arena, s, strlen(s));

	if (!copy)
		smart_error_set(ps->err, "%s: out of memory", ps->script->name);
	return copy;
}

/* A required (or, with `optional`, possibly absent) string field. */
static int get_string(parse_state *ps, const cJSON *op, const char *field,
		      int optional, const char **out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(op, field);

	*out = NULL;
	if (!v && optional)
		return 0;
	if (!cJSON_IsString(v))
		return op_error(ps, "'%s' must be a string", field);
	*out = smart__script_strdup(ps, v->valuestring);
	return *out ? 0 : -1;
}

/* A required (or optional: 0 when absent) non-negative integer field. */
static int get_count(parse_state *ps, const cJSON *op, const char *field,
		     int optional, uint32_t *out)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(op, field);
	double d;

	*out = 0;
	if (!v && optional)
		return 0;
	d = cJSON_IsNumber(v) ? v->valuedouble : -1;
	if (d < 0 || d > (double)(UINT32_MAX - 1) || floor(d) != d)
		return op_error(ps, "'%s' must be a non-negative integer", field);
	*out = (uint32_t)d;
	return 0;
}

int smart__script_reserve(parse_state *ps, void **array, size_t *cap, uint32_t count,
		   size_t size)
{
	if (count == UINT32_MAX || smart__array_reserve(array, cap, count, size, 64) < 0)
		return smart_error_set(ps->err, "%s: out of memory", ps->script->name);
	return 0;
}

static int add_step(parse_state *ps, const char *name, uint32_t position)
{
	smart_script *s = ps->script;

	if (smart__script_reserve(ps, (void **)&s->steps, &ps->step_cap, s->step_count,
			   sizeof(*s->steps)) < 0)
		return -1;
	s->steps[s->step_count++] = (smart_path_step){ name, position };
	return 0;
}

/* Splits "/html/body/div[2]/text()" into steps. */
static int get_path(parse_state *ps, const cJSON *op, const char *field,
		    smart_script_path *path)
{
	const char *text, *p;

	if (get_string(ps, op, field, 0, &text) < 0)
		return -1;
	path->text = text;
	path->first = ps->script->step_count;
	path->count = 0;
	if (text[0] != '/')
		return op_error(ps, "'%s' must start with '/': \"%s\"", field, text);
	if (strcmp(text, "/") == 0)
		return 0;
	for (p = text + 1;;) {
		size_t len = strcspn(p, "/[");
		const char *next = p + len, *step = NULL;
		unsigned long position = 0;

		if (len == 0)
			return op_error(ps, "'%s' has an empty step: \"%s\"", field, text);
		if (*next == '[') {
			char *end;

			position = isdigit((unsigned char)next[1]) ? strtoul(next + 1, &end, 10) : 0;
			if (position == 0 || position >= UINT32_MAX || *end != ']' ||
			    (end[1] != '/' && end[1] != '\0'))
				return op_error(ps, "'%s' has a bad [position]: \"%s\"", field, text);
			next = end + 1;
		}
		if (len == 6 && strncmp(p, "text()", 6) == 0)
			step = NULL;
		else if (memchr(p, '(', len) || memchr(p, ']', len))
			return op_error(ps, "'%s' may only name elements and text(): \"%s\"",
					field, text);
		else if (!(step = smart__arena_strndup(ps->script->arena, p, len)))
			return smart_error_set(ps->err, "%s: out of memory", ps->script->name);
		if (add_step(ps, step, (uint32_t)position) < 0)
			return -1;
		path->count++;
		if (*next == '\0')
			return 0;
		p = next + 1;
	}
}

static int kind_from_name(const char *name, smart_op_kind *kind)
{
	for (int k = SMART_OP_MOVE; k <= SMART_OP_ATTR_CHANGE; k++)
		if (strcmp(name, smart_op_name((smart_op_kind)k)) == 0) {
			*kind = (smart_op_kind)k;
			return 0;
		}
	return -1;
}

/* Reads the fields of one operation, as docs/script-format.md lists them. */
static int parse_op(parse_state *ps, const cJSON *json, smart_script_op *op)
{
	const cJSON *name = cJSON_GetObjectItemCaseSensitive(json, "op");
	const char *ignored;

	memset(op, 0, sizeof(*op));
	if (!cJSON_IsObject(json))
		return op_error(ps, "must be an object");
	if (!cJSON_IsString(name) || kind_from_name(name->valuestring, &op->kind) < 0)
		return op_error(ps, "'op' must be one of move, insert, delete, update, "
				    "attr-insert, attr-delete, attr-change");
	if (get_path(ps, json, "path", &op->path) < 0 ||
	    get_count(ps, json, "subtree_size", 1, &op->subtree_size) < 0)
		return -1;
	switch (op->kind) {
	case SMART_OP_INSERT:
	case SMART_OP_MOVE:
		if (get_path(ps, json, "parent", &op->parent) < 0 ||
		    get_count(ps, json, "index", 0, &op->index) < 0 ||
		    get_string(ps, json, "to", 1, &ignored) < 0)
			return -1;
		if (op->kind == SMART_OP_INSERT)
			return smart__script_parse_content(ps, cJSON_GetObjectItemCaseSensitive(json, "content"),
						    op);
		return 0;
	case SMART_OP_DELETE:
		return 0;
	case SMART_OP_UPDATE:
		return get_string(ps, json, "old", 0, &op->old_value) < 0 ||
		       get_string(ps, json, "new", 0, &op->new_value) < 0 ? -1 : 0;
	case SMART_OP_ATTR_INSERT:
	case SMART_OP_ATTR_DELETE:
	case SMART_OP_ATTR_CHANGE:
		if (get_string(ps, json, "name", 0, &op->attr_name) < 0)
			return -1;
		if (op->kind != SMART_OP_ATTR_INSERT &&
		    get_string(ps, json, "old", 0, &op->old_value) < 0)
			return -1;
		if (op->kind != SMART_OP_ATTR_DELETE &&
		    get_string(ps, json, "new", 0, &op->new_value) < 0)
			return -1;
		return 0;
	}
	return 0;
}

/* The 1-based line of byte offset `at` in `json`. */
static unsigned line_of(const char *json, size_t len, const char *at)
{
	unsigned line = 1;

	for (const char *p = json; p < json + len && p < at; p++)
		line += *p == '\n';
	return line;
}

static int parse_root(parse_state *ps, const char *json, size_t len)
{
	smart_script *s = ps->script;
	const char *end = NULL;
	cJSON *root = cJSON_ParseWithLengthOpts(json, len, &end, 0);
	const cJSON *ops, *item;
	int status = 0;

	if (!root)
		return smart_error_set(ps->err, "%s:%u: not valid JSON (or nested deeper than %d)",
				       s->name, line_of(json, len, end), CJSON_NESTING_LIMIT);
	ops = cJSON_GetObjectItemCaseSensitive(root, "operations");
	if (!cJSON_IsObject(root) || !cJSON_IsArray(ops)) {
		cJSON_Delete(root);
		return smart_error_set(ps->err, "%s: not an edit script: no \"operations\" array",
				       s->name);
	}
	s->op_count = (size_t)cJSON_GetArraySize(ops);
	s->ops = calloc(s->op_count ? s->op_count : 1, sizeof(*s->ops));
	if (!s->ops)
		status = smart_error_set(ps->err, "%s: out of memory", s->name);
	ps->op_index = 0;
	cJSON_ArrayForEach(item, ops) {
		if (status < 0 || (status = parse_op(ps, item, &s->ops[ps->op_index])) < 0)
			break;
		ps->op_index++;
	}
	cJSON_Delete(root);
	return status;
}

smart_script *smart_script_parse(const char *json, size_t len, const char *name,
				 smart_error *err)
{
	smart_script *s = calloc(1, sizeof(*s));
	parse_state ps = { 0 };

	if (!name)
		name = "(script)";
	if (!s || !(s->arena = smart__arena_new())) {
		free(s);
		smart_error_set(err, "%s: out of memory", name);
		return NULL;
	}
	s->name = smart__arena_strndup(s->arena, name, strlen(name));
	ps.script = s;
	ps.err = err;
	if (!s->name || parse_root(&ps, json, len) < 0) {
		if (!s->name)
			smart_error_set(err, "%s: out of memory", name);
		smart_script_free(s);
		return NULL;
	}
	return s;
}

smart_script *smart_script_parse_file(const char *path, smart_error *err)
{
	char *data;
	size_t len;
	smart_script *s;

	if (smart_file_read(path, SCRIPT_MAX_FILE, &data, &len, err) < 0)
		return NULL;
	s = smart_script_parse(data, len, path, err);
	free(data);
	return s;
}

void smart_script_free(smart_script *script)
{
	if (!script)
		return;
	free(script->ops);
	free(script->steps);
	free(script->nodes);
	free(script->attrs);
	smart__arena_free(script->arena);
	free(script);
}
