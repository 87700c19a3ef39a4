/*
 * Small cJSON helpers the modules that read and write JSON share (internal
 * to libsmart).
 */
#ifndef SMART_COMMON_JSON_H
#define SMART_COMMON_JSON_H

#include <cjson/cJSON.h>

#include "smart/error.h"

/* The string member `key` of `obj`, or NULL when absent or null; when it is
 * present but not a string, NULL and *bad is set (so a reader can check many
 * members and report once). The string is borrowed from `obj`. */
const char *smart__json_opt_string(const cJSON *obj, const char *key, int *bad);

/* The text of `root` (indented when `pretty`, else on one line; a new
 * string the caller frees), deleting `root` either way. When `built` is 0
 * (building `root` ran out of memory), `root` is NULL, or printing fails:
 * NULL with `err` set to out of memory. */
char *smart__json_print(cJSON *root, int built, int pretty, smart_error *err);

#endif
