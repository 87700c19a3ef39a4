/* What train/profile_set.c shares with train/rerun_calibration.c. */
#ifndef SMART_TRAIN_PROFILE_SET_H
#define SMART_TRAIN_PROFILE_SET_H

#include <stddef.h>

/* The runs of `app` under the runs folder `root` (sub-folders and run
 * archives of ROOT/APP/runs, or else of ROOT/APP), sorted: a new array of
 * new strings, *n of them (0: NULL). */
char **smart__profile_set_runs(const char *root, const char *app, size_t *n);

#endif
