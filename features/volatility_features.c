/*
 * The extractors over the volatility analysis (features/volatility.h).
 * Each reads the counts computed once per pair by smart__feature_volatility_compute.
 */
#include <math.h>

#include "volatility.h"

#define VOL(a) ((const smart_volatility *)(a)->volatility)

/* volatile_moves, volatile_inserts, volatile_deletes: the part of
 * diffx_moves, diffx_inserts and diffx_deletes (content nodes) that lies
 * where the profile says an element's children vary, as log2(1 + nodes)
 * (like every volatile count here: how much noise an application makes is
 * its own, and a linear model trained on other applications should not
 * weigh it by the node) ("/\*" entries, "/\*\*"
 * regions); the rest is in residual_change. 0 without a profile.
 * Hypothesis (Sprenkle et al. 2007 §5.1: DSpace shows 3 to 5 random
 * publications; hash-ordered hidden fields): structure that varies between
 * clean runs is no evidence of a fault. */
int smart__feature_volatile_moves(const smart_feature_args *a, double *v, smart_error *err)
{
	(void)err;
	*v = log2(1.0 + VOL(a)->volatile_moves);
	return 0;
}

int smart__feature_volatile_inserts(const smart_feature_args *a, double *v, smart_error *err)
{
	(void)err;
	*v = log2(1.0 + VOL(a)->volatile_inserts);
	return 0;
}

int smart__feature_volatile_deletes(const smart_feature_args *a, double *v, smart_error *err)
{
	(void)err;
	*v = log2(1.0 + VOL(a)->volatile_deletes);
	return 0;
}

/* volatile_updates / stable_updates: text nodes whose text changed, split
 * into those that only changed volatile values (equal once the volatile
 * shapes are masked, or fitting the profile's patterns at their location)
 * and the others. Hypothesis (SMART §7.2.2: a rotating "featured product"
 * made clean pairs look like text-only changes): a text change that a clean
 * rerun also shows should weigh towards ignore, the others not. */
int smart__feature_volatile_updates(const smart_feature_args *a, double *v, smart_error *err)
{
	(void)err;
	*v = log2(1.0 + VOL(a)->volatile_updates);
	return 0;
}

int smart__feature_stable_updates(const smart_feature_args *a, double *v, smart_error *err)
{
	(void)err;
	*v = VOL(a)->stable_updates;
	return 0;
}

/* volatile_attributes: log2(1 + attribute inserts, deletes and value
 * changes of aligned elements that only change volatile values) (a cache-busting
 * ?t=1732156433 on an image, a CSRF token in a hidden input). The stable
 * rest is split by kind: link_attributes + form_attributes +
 * presentation_attributes. Hypothesis: as for text updates. */
int smart__feature_volatile_attributes(const smart_feature_args *a, double *v, smart_error *err)
{
	(void)err;
	*v = log2(1.0 + VOL(a)->volatile_attributes);
	return 0;
}

/* residual_change: what differs once volatile parts are discounted, as
 * log2(1 + R), where R counts content nodes inserted, deleted or moved
 * outside volatile locations, the words that differ in stable text
 * updates and the stable attribute edits. 0 for identical documents and
 * for pairs that differ only in noise. On a log scale because R is, without
 * a profile, a sum of other features (a linear model could not tell them
 * apart) and because its tail is long (a page replaced by an error page).
 * Hypothesis: the size of the real change predicts a fault better than the
 * size of all change when runs are nondeterministic. */
int smart__feature_residual_change(const smart_feature_args *a, double *v, smart_error *err)
{
	const smart_volatility *s = VOL(a);

	(void)err;
	*v = log2(1.0 + (double)s->stable_structure + s->changed_words + s->stable_attributes -
		  s->hidden_residue);
	return 0;
}

/* hidden_edits: the part of residual_change's R that lies where no user
 * sees it (features/visibility.c: the text of a script, style or
 * template, the <head> but its title, a meta, link or hidden input, an
 * attribute that names or wires an element: id, name, for, data-*,
 * nonce, ...), as log2(1 + R_hidden); residual_change and changed_words
 * keep the displayed rest. Hypothesis (+, issue 35): an unexplained
 * difference there is still a difference, but one a user neither sees
 * nor loses, and clean reruns leave such values behind (a session id in a
 * hidden input, a token in a script) where faults change what is shown;
 * so it is kept apart from the displayed residue, for the model to weigh
 * on its own. The same-shape substitutions among them are
 * hidden_substitutions', not these. */
int smart__feature_hidden_edits_log(const smart_feature_args *a, double *v, smart_error *err)
{
	(void)err;
	*v = log2(1.0 + VOL(a)->hidden_residue - VOL(a)->hidden_substituted);
	return 0;
}

/* hidden_substitutions: the part of the hidden residue that same-shape
 * substitutions make (features/shape.c: every separator, space and line
 * break in place, words swapped for generated values of their kind, a
 * random id for a random id), as log2(1 + R_substituted); hidden_edits
 * keeps the rest (text, lines, white space or tokens inserted or taken
 * away in a script, a hidden text node added, an id that became a word).
 * Hypothesis (issue 35): this is what clean reruns leave behind where no
 * rule knows the value, and faults that reach a hidden place mostly
 * change its shape; still a difference, so + (never counted towards
 * ignore), but weighed apart from hidden_edits: trained on the
 * shipped corpora with --sign-constraints its weight is 0. */
int smart__feature_hidden_substitutions(const smart_feature_args *a, double *v, smart_error *err)
{
	(void)err;
	*v = log2(1.0 + VOL(a)->hidden_substituted);
	return 0;
}

/* only_volatile: 1 when the documents differ and every difference is
 * volatile (residual_change is 0), else 0. Hypothesis: such a pair is what
 * a clean rerun produces, and needs no look. */
int smart__feature_only_volatile(const smart_feature_args *a, double *v, smart_error *err)
{
	const smart_volatility *s = VOL(a);

	(void)err;
	*v = s->edits > 0 && s->stable_structure == 0 && s->stable_updates == 0 &&
	     s->stable_attributes == 0;
	return 0;
}

/* changed_words: in every stable text update, the words (runs of non-space)
 * outside the longest common subsequence of the two texts' words, counted
 * on both sides, after the volatile shapes are masked: "Sold 3 items at
 * 10:41" -> "Sold 4 items at 10:42" is 2 ("3" and "4"), the clock being
 * masked — as log2(1 + words), so a rewritten page does not outweigh every
 * other feature of a linear model (2 words: 1.58; 37 words: 5.25).
 * Hypothesis: a real change beside a token is seen, however long the text
 * node. Words of text no user sees (a script's, <head>'s but its title's)
 * are hidden_edits', not these. */
int smart__feature_changed_words(const smart_feature_args *a, double *v, smart_error *err)
{
	(void)err;
	*v = log2(1.0 + VOL(a)->changed_words - VOL(a)->hidden_words);
	return 0;
}

/* link_attributes: stable edits (insert, delete, change) of attributes that
 * point at a page or a resource: href, src, action, formaction, srcset,
 * poster, cite, data, background, longdesc, manifest, codebase, archive,
 * ping, lowsrc, xlink:href, content. Hypothesis: a changed link target is a
 * broken navigation (SMART §7.2.2 asks for attribute changes to count). */
int smart__feature_link_attributes(const smart_feature_args *a, double *v, smart_error *err)
{
	(void)err;
	*v = VOL(a)->link_attributes;
	return 0;
}

/* form_attributes: stable edits of attributes that define what a form
 * field submits: name, type, value, checked, selected, disabled, method,
 * enctype, for, required, multiple, readonly, maxlength, min, max, pattern,
 * accept, autocomplete, placeholder. Hypothesis (SMART §7.2.2: VANILLA's
 * mistyped input name was missed): a changed field is a changed function. */
int smart__feature_form_attributes(const smart_feature_args *a, double *v, smart_error *err)
{
	(void)err;
	*v = VOL(a)->form_attributes;
	return 0;
}

/* presentation_attributes: stable edits of every other attribute:
 * identifiers and presentation (id, class, style, data-*, aria-*, title,
 * width, ...). Hypothesis (SMART §2): these evolve benignly most often. */
int smart__feature_presentation_attributes(const smart_feature_args *a, double *v, smart_error *err)
{
	(void)err;
	*v = VOL(a)->presentation_attributes;
	return 0;
}
