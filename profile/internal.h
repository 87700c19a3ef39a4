/* What the files of profile/ share (internal). */
#ifndef SMART_PROFILE_INTERNAL_H
#define SMART_PROFILE_INTERNAL_H

#include "smart/tree.h"

/* The id that names an element in its location: an id attribute without
 * digits ("footer", "main-nav"); ids with digits are usually generated
 * ("ember123", "r:1a") and would differ between runs. NULL when none. */
const char *profile_stable_id(const smart_tree *t, uint32_t node);

#endif
