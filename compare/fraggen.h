/*
 * FragGen's fragment-based state comparison (Yandrapally and Mesbah,
 * Algorithm 1) on DOM block fragments. Internal to compare/.
 */
#ifndef SMART_COMPARE_FRAGGEN_H
#define SMART_COMPARE_FRAGGEN_H

#include "internal.h"

typedef enum cmp_fraggen_class {
	CMP_FG_CLONE = 0,   /* Cl: same structure, same content */
	CMP_FG_ND2_DATA,    /* Nd2-data: same structure, content changed */
	CMP_FG_ND3_STRUCT,  /* Nd3-struct: every change maps to an equivalent fragment */
	CMP_FG_DISTINCT     /* Di: some change maps to nothing: inspect */
} cmp_fraggen_class;

/* The class's name as the paper writes it: "clone", "Nd2-data", … */
const char *smart__cmp_fraggen_class_name(cmp_fraggen_class c);

/* Classifies a pair of trees (whole pages: their root fragments). */
int smart__cmp_fraggen_classify(const smart_tree *old_tree, const smart_tree *new_tree,
			 const smart_compare_config *cfg,
			 cmp_fraggen_class *out, smart_compare_result *result,
			 smart_error *err);

int smart__cmp_fraggen_run(const smart_comparator *self, smart_compare_pair *pair,
		    const smart_compare_config *cfg, smart_compare_result *result,
		    smart_error *err);

#endif
