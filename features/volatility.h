/*
 * Features that know what varies (internal to features/): the volatility
 * analysis of a pair — which edits are expected noise according to the
 * profile and the value shapes — computed once per pair, and the
 * extractors that read it. VOLATILITY_FEATURES are their registry entries
 * (features/registry.c lists them after SMART's own).
 */
#ifndef SMART_FEATURES_VOLATILITY_H
#define SMART_FEATURES_VOLATILITY_H

#include <stdint.h>

#include "smart/features.h"

/* What one pair's edits amount to once volatile parts are discounted.
 * Node counts are content nodes as in smart_diff_summary. */
typedef struct smart_volatility {
	uint32_t volatile_moves;      /* nodes moved where children vary */
	uint32_t volatile_inserts;    /* nodes inserted where children vary */
	uint32_t volatile_deletes;    /* nodes deleted where children vary */
	uint32_t stable_structure;    /* nodes moved, inserted or deleted elsewhere */
	uint32_t volatile_updates;    /* text updates that are noise */
	uint32_t stable_updates;      /* the other text updates */
	uint32_t volatile_attributes; /* attribute edits that are noise */
	uint32_t stable_attributes;   /* the other attribute edits */
	uint32_t link_attributes;     /* stable edits of href, src, action, ... */
	uint32_t form_attributes;     /* stable edits of name, type, value, ... */
	uint32_t presentation_attributes; /* stable edits of id, class, style, ... */
	uint32_t changed_words;       /* words differing in stable text updates */
	uint32_t hidden_residue;      /* of stable_structure, changed_words and
	                               * stable_attributes, what lies where no
	                               * user sees it (features/visibility.c) */
	uint32_t hidden_words;        /* of changed_words, those in hidden text */
	uint32_t hidden_substituted;  /* of hidden_residue, what same-shape
	                               * substitutions make (features/shape.c) */
	size_t edits;                 /* operations of the raw script */
	const smart_tree *raw_old;    /* the documents as written (the features */
	const smart_tree *raw_new;    /* may see them normalised by a profile) */
} smart_volatility;

/* Fills *vol for args (args->volatility is not read). */
int smart__feature_volatility_compute(const smart_feature_args *args, smart_volatility *vol,
			       smart_error *err);

/* Words that differ between two texts: the words outside their longest
 * common subsequence of words, counted on both sides. */
uint32_t smart__feature_word_changes(const char *a, const char *b);

int smart__feature_volatile_moves(const smart_feature_args *a, double *v, smart_error *err);
int smart__feature_volatile_inserts(const smart_feature_args *a, double *v, smart_error *err);
int smart__feature_volatile_deletes(const smart_feature_args *a, double *v, smart_error *err);
int smart__feature_volatile_updates(const smart_feature_args *a, double *v, smart_error *err);
int smart__feature_stable_updates(const smart_feature_args *a, double *v, smart_error *err);
int smart__feature_volatile_attributes(const smart_feature_args *a, double *v, smart_error *err);
int smart__feature_residual_change(const smart_feature_args *a, double *v, smart_error *err);
int smart__feature_only_volatile(const smart_feature_args *a, double *v, smart_error *err);
int smart__feature_changed_words(const smart_feature_args *a, double *v, smart_error *err);
int smart__feature_link_attributes(const smart_feature_args *a, double *v, smart_error *err);
int smart__feature_form_attributes(const smart_feature_args *a, double *v, smart_error *err);
int smart__feature_presentation_attributes(const smart_feature_args *a, double *v, smart_error *err);
/* True when b is a with one or more words swapped for words of the same
 * kind (generated values: numbers for numbers, tokens for tokens, of about
 * the same length, or a scrubber's placeholder for one) and nothing else
 * changed: every separator, space and line break in place
 * (features/shape.c). */
int smart__feature_same_shape(const char *a, const char *b);

int smart__feature_hidden_substitutions(const smart_feature_args *a, double *v, smart_error *err);
int smart__feature_hidden_edits_log(const smart_feature_args *a, double *v, smart_error *err);
int smart__feature_placeholder_tokens(const smart_feature_args *a, double *v, smart_error *err);

#define VOLATILITY_FEATURES \
	{ "volatile_moves", "log2(1 + content nodes moved where the profile says children vary)", 0, \
	  smart__feature_volatile_moves }, \
	{ "volatile_inserts", "log2(1 + content nodes inserted where the profile says children vary)", 0, \
	  smart__feature_volatile_inserts }, \
	{ "volatile_deletes", "log2(1 + content nodes deleted where the profile says children vary)", 0, \
	  smart__feature_volatile_deletes }, \
	{ "volatile_updates", "log2(1 + text updates that only change volatile values)", 0, \
	  smart__feature_volatile_updates }, \
	{ "stable_updates", "text updates that change more than volatile values", 0, \
	  smart__feature_stable_updates }, \
	{ "volatile_attributes", "log2(1 + attribute edits that only change volatile values)", 0, \
	  smart__feature_volatile_attributes }, \
	{ "residual_change", "log2(1 + nodes, words and attributes that differ once volatile parts are discounted)", \
	  0, smart__feature_residual_change }, \
	{ "only_volatile", "1 when the documents differ and every difference is volatile", 0, \
	  smart__feature_only_volatile }, \
	{ "changed_words", "log2(1 + words that differ inside stable text updates, volatile tokens masked)", 0, \
	  smart__feature_changed_words }, \
	{ "link_attributes", "stable edits of link and resource targets (href, src, action, ...)", 0, \
	  smart__feature_link_attributes }, \
	{ "form_attributes", "stable edits of form fields (name, type, value, ...)", 0, \
	  smart__feature_form_attributes }, \
	{ "presentation_attributes", "stable edits of identifiers and presentation (id, class, style, data-*, aria-*, ...)", \
	  0, smart__feature_presentation_attributes }, \
	{ "placeholder_tokens", "unrendered values and placeholders (None, undefined, NaN, {{x}}, %s, ...) new in the new document", \
	  0, smart__feature_placeholder_tokens },

#endif
