/*
 * The views of Sprenkle et al.'s comparators: which parts of a document a
 * comparator keeps before the diff. Internal to compare/.
 */
#ifndef SMART_COMPARE_SPRENKLE_H
#define SMART_COMPARE_SPRENKLE_H

#include "internal.h"

enum {
	V_RAW       = 1u << 0,  /* the bytes as written, by line (Raw, Document) */
	V_BASE      = 1u << 1,  /* leave out the ignored elements (DocumentBase) */
	V_TEXT      = 1u << 2,  /* text nodes as tokens among the tags */
	V_TAGS      = 1u << 3,  /* start tags */
	V_END       = 1u << 4,  /* end tags (P1 keeps them) */
	V_ATTRS     = 1u << 5,  /* every attribute with its value */
	V_IMPT      = 1u << 6,  /* only the important attributes, with defaults */
	V_NO_STYLE  = 1u << 7,  /* leave out style tags and attributes (P3) */
	V_NO_LAYOUT = 1u << 8,  /* leave out layout tags and attributes (P2) */
	V_COLLAPSE  = 1u << 9,  /* collapse white space in text */
	V_CONTENT   = 1u << 10, /* only the text, tags stripped */
	V_DATES     = 1u << 11, /* remove dates and times from the text */
	V_LINKS     = 1u << 12, /* plus the sorted list of links and images (P5) */
	V_FORMS     = 1u << 13, /* plus the sorted list of form controls (P6) */
	V_SELECTION = 1u << 14  /* form controls keep selected/checked (not P7) */
};

/* Reduces a document (NULL: empty) to the tokens of view `flags`; `extra`
 * (with V_LINKS or V_FORMS) receives the sorted list. */
int smart__cmp_sprenkle_view(const xmlDoc *doc, unsigned flags,
		      const smart_compare_config *cfg, cmp_lines *tokens,
		      cmp_lines *extra, smart_error *err);

/* The run function of every Sprenkle comparator; `self->options` holds the
 * view flags. */
int smart__cmp_sprenkle_run(const smart_comparator *self, smart_compare_pair *pair,
		     const smart_compare_config *cfg, smart_compare_result *result,
		     smart_error *err);

/* The run function of Table 4's unions and intersections of two named
 * comparators (`self->left`, `self->right`). */
enum { CMP_UNION = 1, CMP_INTERSECTION = 2 };
int smart__cmp_combine_run(const smart_comparator *self, smart_compare_pair *pair,
		    const smart_compare_config *cfg, smart_compare_result *result,
		    smart_error *err);

#endif
