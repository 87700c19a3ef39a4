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
int feature_diffx_moves(const smart_feature_args *a, double *v, smart_error *err);
int feature_diffx_inserts(const smart_feature_args *a, double *v, smart_error *err);
int feature_diffx_deletes(const smart_feature_args *a, double *v, smart_error *err);

/* text.c */
int feature_text_only(const smart_feature_args *a, double *v, smart_error *err);
int feature_text_ratio(const smart_feature_args *a, double *v, smart_error *err);
int feature_text_multimedia_ratio(const smart_feature_args *a, double *v, smart_error *err);
int feature_new_text(const smart_feature_args *a, double *v, smart_error *err);

/* grouping.c */
int feature_grouped_change(const smart_feature_args *a, double *v, smart_error *err);
int feature_grouped_boolean(const smart_feature_args *a, double *v, smart_error *err);
int feature_change_depth(const smart_feature_args *a, double *v, smart_error *err);

/* order.c */
int feature_children_order(const smart_feature_args *a, double *v, smart_error *err);
int feature_inversions(const smart_feature_args *a, double *v, smart_error *err);

/* keywords.c */
int feature_error_keywords(const smart_feature_args *a, double *v, smart_error *err);

/* inputs.c */
int feature_input_elements(const smart_feature_args *a, double *v, smart_error *err);

/* attributes.c */
int feature_missing_attributes(const smart_feature_args *a, double *v, smart_error *err);
int feature_changed_attributes(const smart_feature_args *a, double *v, smart_error *err);

/* common.c */

/* Walks a tree in pre-order telling which nodes a browser would not display:
 * those inside (or being) script, style or template elements. Call it for
 * i = 0, 1, 2, ... in order with the same *hidden_end, which starts at 0. */
int feature_node_hidden(const smart_tree *t, uint32_t i, uint32_t *hidden_end);

/* Characters (Unicode code points) in `len` bytes of valid UTF-8. */
uint64_t feature_utf8_chars(const char *s, size_t len);

/* Characters of displayed text in a whole tree. */
uint64_t feature_displayed_chars(const smart_tree *t);

/* True when `name` (lower case, as HTML trees store tags) is in the
 * NULL-terminated `names`. */
int feature_name_in(const char *name, const char *const *names);

#endif
