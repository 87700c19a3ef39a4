/*
 * How a long batch tells its caller how far it has got. The library never
 * prints: a batch whose options carry a smart_progress_fn calls it after
 * each item, and the caller (the command line draws a line on a terminal)
 * decides what to show. Its own header so that every options struct can
 * name the type without including the whole API.
 */
#ifndef SMART_PROGRESS_H
#define SMART_PROGRESS_H

#include <stddef.h>

/* `done` items of `total` are finished (total 0: not known, as when only a
 * shard is run, or mutate runs for a time budget). Called on the
 * caller's thread, in order, done counting up; never called once the batch
 * has returned. */
typedef void (*smart_progress_fn)(void *ctx, size_t done, size_t total);

#endif
