/*
 * Hand-built alignments for testing what sits above DiffX (features) without
 * depending on DiffX's choices: nodes are aligned by equal path, pairs can be
 * forced, and the edit script is derived from the alignment as the contract
 * in include/smart/diffx.h describes it.
 */
#ifndef SMART_TEST_FAKE_DIFF_H
#define SMART_TEST_FAKE_DIFF_H

#include "smart.h"

/* A diff aligning every content node of `o` with the content node of `n`
 * that has the same path and kind. Free with fake_diff_free. */
smart_diff *fake_diff_by_path(const smart_tree *o, const smart_tree *n);

/* Aligns old node `o` with new node `n`, undoing their previous pairs. */
void fake_diff_pair(smart_diff *d, uint32_t o, uint32_t n);

/* Declares the pair of old node `o` moved (a sibling reorder). */
void fake_diff_move(smart_diff *d, uint32_t o);

/* Derives ops and summary from the alignment; call after the last pair. */
void fake_diff_finish(smart_diff *d);

void fake_diff_free(smart_diff *d);

/* The value of feature `name` for two HTML documents aligned by path. */
double fake_feature(const char *old_html, const char *new_html, const char *name);

/* The value of feature `name` for an aligned pair. */
double feature_of(const smart_tree *o, const smart_tree *n, const smart_diff *d,
		  const char *name);

#endif
