/*
 * The generic oracle comparators of Crawljax (Roest, Mesbah and van Deursen
 * 2010): each strips one kind of difference from both DOMs, and a pipeline
 * of them ends in a plain string comparison. Internal to compare/.
 */
#ifndef SMART_COMPARE_CRAWLJAX_H
#define SMART_COMPARE_CRAWLJAX_H

#include "internal.h"

/* The stripping stages (a registry entry's `options`). */
enum {
	CJ_WHITESPACE = 1,
	CJ_ATTRIBUTE,
	CJ_STYLE,
	CJ_DATE,
	CJ_REGEX,
	CJ_XPATH,
	CJ_TABLE,
	CJ_LIST,
	CJ_STRUCTURE,
	CJ_PIPELINE
};

/* The run function of every Crawljax comparator: one stage, or for
 * CJ_PIPELINE the configured pipeline. */
int smart__cmp_crawljax_run(const smart_comparator *self, smart_compare_pair *pair,
		     const smart_compare_config *cfg, smart_compare_result *result,
		     smart_error *err);

/* True for the comparators a pipeline may contain (the single stages). */
int smart__cmp_crawljax_is_stage(const smart_comparator *c);

/* Replaces every outermost TABLE / UL, OL, DL, SELECT (as `stage` says) of
 * the document by an empty element of the same name whose one attribute is
 * the hash of its template: tag names and attribute names inside, runs of
 * same-shaped rows or items collapsed, the container's own attributes as
 * written. Two containers get the same hash exactly when one matches the
 * other's template. */
int smart__cmp_crawljax_templates(xmlDocPtr doc, int stage, smart_error *err);

/* True when every precondition of `stage` holds on the new document. */
int smart__cmp_stage_applies(const cmp_stage *stage, smart_compare_pair *pair,
		      smart_error *err);

#endif
