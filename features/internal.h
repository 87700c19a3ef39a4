/*
 * What the feature extractors share, internal to features/: the extractor
 * of every registered feature (one file per family), and small questions
 * about trees that several families ask (is this text displayed, how many
 * characters, which tree does an operation touch).
 */
#ifndef SMART_FEATURES_INTERNAL_H
#define SMART_FEATURES_INTERNAL_H

#include <stdint.h>

#include "smart/features.h"

/* diffx_counts.c */
int smart__feature_diffx_moves(const smart_feature_args *a, double *v, smart_error *err);
int smart__feature_diffx_inserts(const smart_feature_args *a, double *v, smart_error *err);
int smart__feature_diffx_deletes(const smart_feature_args *a, double *v, smart_error *err);

/* text.c */
int smart__feature_text_only(const smart_feature_args *a, double *v, smart_error *err);
int smart__feature_text_ratio(const smart_feature_args *a, double *v, smart_error *err);
int smart__feature_text_multimedia_ratio(const smart_feature_args *a, double *v, smart_error *err);
int smart__feature_new_text(const smart_feature_args *a, double *v, smart_error *err);

/* grouping.c */
int smart__feature_grouped_change(const smart_feature_args *a, double *v, smart_error *err);
int smart__feature_grouped_boolean(const smart_feature_args *a, double *v, smart_error *err);
int smart__feature_change_depth(const smart_feature_args *a, double *v, smart_error *err);

/* visibility.c */

/* Per edit of a->diff, 1 when it lies where no user sees it (a script's
 * text, <head> but its title, a hidden input, an id or data-* attribute):
 * *hidden receives a new array of diff->op_count flags (free()). */
int smart__feature_hidden_edits(const smart_feature_args *a, uint8_t **hidden, smart_error *err);

/* order.c */
int smart__feature_children_order(const smart_feature_args *a, double *v, smart_error *err);
int smart__feature_inversions(const smart_feature_args *a, double *v, smart_error *err);

/* keywords.c */
int smart__feature_error_keywords(const smart_feature_args *a, double *v, smart_error *err);

/* inputs.c */
int smart__feature_input_elements(const smart_feature_args *a, double *v, smart_error *err);

/* attributes.c */
int smart__feature_missing_attributes(const smart_feature_args *a, double *v, smart_error *err);
int smart__feature_changed_attributes(const smart_feature_args *a, double *v, smart_error *err);

/* ratios.c */
int smart__feature_changed_content_ratio(const smart_feature_args *a, double *v, smart_error *err);
int smart__feature_new_text_ratio(const smart_feature_args *a, double *v, smart_error *err);
int smart__feature_text_size_change(const smart_feature_args *a, double *v, smart_error *err);
int smart__feature_new_text_log(const smart_feature_args *a, double *v, smart_error *err);

/* document.c */
int smart__feature_doctype_changed(const smart_feature_args *a, double *v, smart_error *err);

/* vocabulary.c */
int smart__feature_reworded_text(const smart_feature_args *a, double *v, smart_error *err);

/* common.c */

/* Per name id of `t`, 1 when that name is in the NULL-terminated `names`:
 * element tests become one array lookup instead of string compares. Returns
 * a new array (free()) or NULL when out of memory. */
uint8_t *smart__feature_name_flags(const smart_tree *t, const char *const *names);

/* A pre-order walk that tells which nodes a browser would not display:
 * those inside (or being) script, style or template elements. */
typedef struct feature_walk {
	const smart_tree *tree;
	uint8_t *hidden_names; /* owned; per name id */
	uint32_t hidden_end;   /* end of the hidden subtree being walked */
} feature_walk;

/* Starts a walk over `t`; free with smart__feature_walk_free. */
int smart__feature_walk_init(feature_walk *w, const smart_tree *t, smart_error *err);

/* True when node i is not displayed. Call for i = 0, 1, 2, ... in order. */
int smart__feature_walk_hidden(feature_walk *w, uint32_t i);

void smart__feature_walk_free(feature_walk *w);

/* Characters (Unicode code points) in `len` bytes of valid UTF-8. */
uint64_t smart__feature_utf8_chars(const char *s, size_t len);

/* Characters of displayed text in a whole tree, into *chars. */
int smart__feature_displayed_chars(const smart_tree *t, uint64_t *chars, smart_error *err);

/* What several extractors of one pair ask alike, each answered once:
 * text_ratio, text_multimedia_ratio, new_text_ratio and text_size_change
 * all count a tree's displayed characters, and three features start from
 * new_text. Filled lazily, keyed by the tree or the diff asked about (the
 * volatility analysis and SMART's own features see different trees). */
typedef struct smart_feature_memo {
	const smart_tree *chars_tree[2]; /* trees whose count is held */
	uint64_t chars[2];
	const smart_diff *new_text_diff; /* the diff new_text was measured on */
	double new_text;
} smart_feature_memo;

/* smart__feature_displayed_chars of `t`, remembered in a->memo. */
int smart__feature_displayed_chars_of(const smart_feature_args *a, const smart_tree *t,
				      uint64_t *chars, smart_error *err);


#endif
