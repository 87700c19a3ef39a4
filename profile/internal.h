/* What the files of profile/ share (internal). */
#ifndef SMART_PROFILE_INTERNAL_H
#define SMART_PROFILE_INTERNAL_H

#include "smart/profile.h"
#include "smart/tree.h"

/* The id that names an element in its location: an id attribute without
 * digits ("footer", "main-nav"); ids with digits are usually generated
 * ("ember123", "r:1a") and would differ between runs. NULL when none. */
const char *profile_stable_id(const smart_tree *t, uint32_t node);

/* Adds (or merges into) the entry at `location` of `test` (NULL: of all
 * tests), recording `pattern` (NULL: any value) and the shapes met: how
 * learning (learn.c) and loading (profile_json.c) fill a profile. */
int smart_profile_add(smart_profile *p, const char *test, const char *location,
		      const char *pattern, unsigned shapes, int pinned,
		      smart_error *err);

#endif
