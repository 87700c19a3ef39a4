/* The parts of configuration loading shared by config.c and pipeline.c. */
#ifndef SMART_COMPARE_CONFIG_INTERNAL_H
#define SMART_COMPARE_CONFIG_INTERNAL_H

#include <cjson/cJSON.h>

#include "internal.h"

/* Compiles one POSIX extended regex (case-insensitive when asked); errors
 * name the file `name` and the key. */
int smart__cmp_compile_regex(regex_t *re, const char *source, int icase,
		      const char *key, const char *name, smart_error *err);

/* Checks that `expr` is a valid XPath expression. */
int smart__cmp_check_xpath(const char *expr, const char *key, const char *name,
		    smart_error *err);

/* Reads crawljax.pipeline: [{"comparator": NAME, "preconditions": […]}]. */
int smart__cmp_config_read_pipeline(smart_compare_config *cfg, const cJSON *array,
			     const char *name, smart_error *err);

/* Frees what smart__cmp_config_read_pipeline built. */
void smart__cmp_config_free_pipeline(smart_compare_config *cfg);

#endif
