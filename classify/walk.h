/*
 * The files of two folders matched by relative path, in sorted order
 * (internal to classify/). Folders are listed iteratively, so deep trees
 * cannot exhaust the stack; symbolic links are not followed.
 */
#ifndef SMART_CLASSIFY_WALK_H
#define SMART_CLASSIFY_WALK_H

#include "smart/error.h"

enum { SMART_WALK_BOTH = 0, SMART_WALK_OLD_ONLY, SMART_WALK_NEW_ONLY };

typedef struct smart_walk smart_walk;

/* Lists both folders; NULL with err set when one cannot be read. */
smart_walk *smart_walk_new(const char *old_dir, const char *new_dir,
			   smart_error *err);

/* The next relative path (valid until smart_walk_free) and on which side
 * it exists. Returns 1, or 0 at the end. */
int smart_walk_next(smart_walk *w, const char **rel, int *side, smart_error *err);

void smart_walk_free(smart_walk *w);

#endif
