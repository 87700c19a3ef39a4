/*
 * Internals of the change operators of `smart perturb`, shared by
 * perturb_tree.c (where the operators may act: the visible elements or
 * text nodes of a page, and the dispatch by operator), perturb_element.c
 * (the attribute, tag and subtree operators) and perturb_text.c (the text
 * and date operators).
 */
#ifndef SMART_PERTURB_TREE_H
#define SMART_PERTURB_TREE_H

#include "perturb_internal.h"

typedef struct node_list {
	xmlNodePtr *items;
	size_t count;
	size_t cap;
} node_list;

/* Appends n to l; 0, or -1 when out of memory. */
int smart__perturb_list_add(node_list *l, xmlNodePtr n);

/* A node of l chosen with rng, or NULL when l is empty. */
xmlNodePtr smart__perturb_pick(const node_list *l, gsl_rng *rng);

/* "PATH" or "PATH SUFFIX" for the note (caller frees). */
char *smart__perturb_where_of(xmlNodePtr n, const char *suffix);

/* The operators on the listed elements (perturb_element.c) or text nodes
 * (perturb_text.c): 1 when applied (*where set, caller frees), 0 when the
 * page offers no place, -1 when out of memory. */
int smart__perturb_attr_op(const node_list *els, smart_perturb_op op, gsl_rng *rng,
		    char **where);
int smart__perturb_rename_op(const node_list *els, smart_format format, gsl_rng *rng,
		      char **where);
int smart__perturb_structure_op(xmlDocPtr doc, const node_list *els,
			 smart_perturb_op op, gsl_rng *rng, char **where);
int smart__perturb_text_change(const node_list *texts, gsl_rng *rng, char **where);
int smart__perturb_text_date(const node_list *texts, gsl_rng *rng, char **where);

#endif
