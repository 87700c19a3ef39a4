/* Internals shared by the files that read edit scripts (script_*.c). */
#ifndef SMART_DIFFX_SCRIPT_INTERNAL_H
#define SMART_DIFFX_SCRIPT_INTERNAL_H

#include <cJSON.h>

#include "smart/patch.h"

typedef struct parse_state {
	smart_script *script;
	smart_error *err;
	size_t op_index;     /* the operation being read, for messages */
	size_t step_cap;
	size_t node_cap;
	size_t attr_cap;
} parse_state;

/* Fails with "NAME: operations[I]: MSG"; returns -1. */
int smart__script_op_error(parse_state *ps, const char *msg);

/* Copies a string into the script's arena; NULL (error set) when out of
 * memory. */
const char *smart__script_strdup(parse_state *ps, const char *s);

/* Makes room for one more element in a growable array of `count` used
 * and *cap allocated elements of `size` bytes; -1 (error set) when out of
 * memory. */
int smart__script_reserve(parse_state *ps, void **array, size_t *cap, uint32_t count,
		   size_t size);

/* Reads the `content` NODE of an insert (NULL when absent) into the
 * script's node array, iteratively, and sets op->content. */
int smart__script_parse_content(parse_state *ps, const cJSON *content, smart_script_op *op);

#endif
