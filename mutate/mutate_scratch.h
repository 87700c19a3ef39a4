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

/* The environment for the user's build and run commands: this process's,
 * with TMPDIR set to `tmp` (a folder inside the scratch folder). Compilers
 * and test tools put their temporary files there, and one that is killed
 * (a timeout, an interrupt) cannot remove them; inside the scratch folder
 * they go when it goes, instead of piling up in the user's /tmp. NULL with
 * *err set when out of memory; free with smart__mutate_child_env_free. */
char **smart__mutate_child_env(const char *tmp, smart_error *err);
void smart__mutate_child_env_free(char **env);

/* Copies the contents of folder `from` into the new folder `to` with
 * modes and times kept (cp -a), so that incremental builds stay valid.
 * Fails with -1 when *stop is raised meanwhile. */
int smart__mutate_tree_copy(const char *from, const char *to, const char *log,
		     const volatile sig_atomic_t *stop, smart_error *err);

#endif
