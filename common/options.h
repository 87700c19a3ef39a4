/*
 * The version check every options struct of the API gets (SQLite's and
 * libgit2's way: a caller compiled against another layout of the struct
 * is told so, instead of reading fields that are not there). Each struct
 * has `unsigned version` first and a SMART_<NAME>_OPTIONS_INIT macro that
 * sets it.
 */
#ifndef SMART_COMMON_OPTIONS_H
#define SMART_COMMON_OPTIONS_H

#include "smart/error.h"

/* 0 when `got` is `want`, else -1 with `err` saying which struct
 * (`what`: "mutate", ...) and which macro (`init`) starts it. */
static inline int smart__options_check(unsigned got, unsigned want, const char *what,
				       const char *init, smart_error *err)
{
	if (got == want)
		return 0;
	return smart_error_set(err, "%s options of version %u, not %u (start from %s)", what, got,
			       want, init);
}

#endif
