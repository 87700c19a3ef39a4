/* Internal: what severity (classify/severity.c) reads from an edit script. */
#ifndef SMART_CLASSIFY_SEVERITY_H
#define SMART_CLASSIFY_SEVERITY_H

#include "smart/classify.h"
#include "smart/diffx.h"

/* Facts about one aligned pair's edit script (the trees as measured). */
typedef struct smart__script_facts {
	int measured;            /* the facts were filled */
	int root_replaced;       /* the old root element has no match, or
	                          * matches an element that is not the new root */
	uint32_t controls_old;   /* form controls (form, input, select,
	                          * textarea, button) of the old tree */
	uint32_t controls_new;   /* ... of the new tree */
	uint32_t controls_gone;  /* old form controls without a match */
	uint32_t content_old;    /* content nodes of the old tree */
	uint32_t deleted;        /* content nodes the script deletes */
	uint32_t substantive;    /* operations other than whitespace-only
	                          * text edits and attribute operations (but
	                          * XML attributes, and HTML href, src and
	                          * action, count) */
} smart__script_facts;

/* Fills f from the diff. */
void smart__script_facts_of(const smart_diff *d, smart__script_facts *f);

/* The severity of an inspected pair from its features (`values`, called
 * `names`) and script facts (f->measured 0: features only), and the rule
 * that decided it (a static string). */
smart_severity smart__severity_rate(const char *const *names, size_t n, const double *values,
				    const smart__script_facts *f, const char **reason);

#endif
