/*
 * Scratch copies of the application for `smart mutate`: a fresh folder per
 * run under $TMPDIR (sweeping the ones killed runs left behind), and the
 * copy of the source tree into it. Internal to mutate/.
 */
#ifndef SMART_MUTATE_SCRATCH_H
#define SMART_MUTATE_SCRATCH_H

#include <signal.h>

#include "smart/error.h"

/* Creates a fresh folder "smart-mutate-PID-XXXXXX" under `tmpdir` (NULL:
 * $TMPDIR or /tmp) and returns its path (caller frees). First removes the
 * folders of earlier runs that were killed before they could clean up (our
 * uid, and their PID no longer exists). */
char *smart__mutate_scratch_new(const char *tmpdir, smart_error *err);

/* Copies the contents of folder `from` into the new folder `to` with
 * modes and times kept (cp -a), so that incremental builds stay valid.
 * Fails with -1 when *stop is raised meanwhile. */
int smart__mutate_tree_copy(const char *from, const char *to, const char *log,
		     const volatile sig_atomic_t *stop, smart_error *err);

#endif
