/*
 * Growable arrays (internal to libsmart): the one place that doubles an
 * array's capacity, with the overflow check every hand-written copy of it
 * would need.
 */
#ifndef SMART_COMMON_ARRAY_H
#define SMART_COMMON_ARRAY_H

#include <stddef.h>

/* Makes room for item number `count` in the array *items of *cap items of
 * `size` bytes each: when it is full, reallocates it to twice the capacity
 * (`first` items the first time). `items` is the address of the array
 * pointer, passed as (void **)&array. 0, or -1 when out of memory or the
 * size would overflow; the array is left as it was then. */
int smart__array_reserve(void **items, size_t *cap, size_t count, size_t size,
			size_t first);

#endif
