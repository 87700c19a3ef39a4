/*
 * Flist (Sprenkle et al. 2005, §5): the comparator over the lists of pages
 * two replays of a session fetched. Internal to compare/.
 */
#ifndef SMART_COMPARE_FLIST_H
#define SMART_COMPARE_FLIST_H

#include "internal.h"

int smart__cmp_flist_run(const smart_comparator *self, smart_compare_pair *pair,
		  const smart_compare_config *cfg, smart_compare_result *result,
		  smart_error *err);

#endif
