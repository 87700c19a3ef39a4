/*
 * Features about natural-language text (paper §3.2 "Changes to Only Text
 * Nodes", §3.3 "Text and Multimedia Ratios"): whether only text changed, how
 * the amount of displayed text changed, and how much text is new.
 *
 * "Displayed text" is the text of text nodes outside script, style and
 * template elements, white space already collapsed as a browser shows it (the
 * tree does that), counted in Unicode characters.
 */
#include <assert.h>
#include <math.h>
#include <stdlib.h>

#include "internal.h"

/* Elements that show an image, a video, a sound, a plug-in or another page. */
static const char *const multimedia_elements[] = {
	"img", "picture", "video", "audio", "object", "embed", "svg", "canvas", "iframe", NULL
};

/* True when `node` of `t` exists and is a text node. */
static int is_text_node(const smart_tree *t, uint32_t node)
{
	return node != SMART_NONE && node < t->count && t->nodes[node].kind == SMART_NODE_TEXT;
}

/* text_only: 1 when the documents differ and every operation of the script
 * changes text only — a text update, or the insertion or deletion of a lone
 * text node (text appearing in or vanishing from an element that is
 * otherwise unchanged); 0 as soon as any element is inserted, deleted or
 * moved, any text node moved, or any attribute changed; 0 for identical
 * documents (no operation). Hypothesis (paper §3.2, the most significant
 * feature of Fig. 4, strongly negative): text-only differences are reworded
 * messages, dates and ids, and rarely need inspection. */
int smart__feature_text_only(const smart_feature_args *a, double *v, smart_error *err)
{
	const smart_diff *d = a->diff;

	(void)err;
	*v = 0;
	if (d->op_count == 0)
		return 0;
	for (size_t i = 0; i < d->op_count; i++) {
		const smart_edit_op *op = &d->ops[i];

		switch (op->kind) {
		case SMART_OP_UPDATE:
			break;
		case SMART_OP_INSERT:
			if (op->subtree_size != 1 || !is_text_node(a->new_tree, op->new_node))
				return 0;
			break;
		case SMART_OP_DELETE:
			if (op->subtree_size != 1 || !is_text_node(a->old_tree, op->old_node))
				return 0;
			break;
		default:
			return 0;
		}
	}
	*v = 1;
	return 0;
}

/* text_ratio: displayed characters of the new document over those of the
 * old. 1 when both are equal (identical documents included, and two
 * documents without text); when the old document has no text and the new
 * one has N characters, N (as if the old one had one character), so the
 * value is always finite. Hypothesis (paper §3.3): small changes in the
 * amount of text are benign, large ones (a page replaced by an error
 * message or a stack trace) are not. */
int smart__feature_text_ratio(const smart_feature_args *a, double *v, smart_error *err)
{
	uint64_t old_chars, new_chars;

	if (smart__feature_displayed_chars_of(a, a->old_tree, &old_chars, err) < 0 ||
	    smart__feature_displayed_chars_of(a, a->new_tree, &new_chars, err) < 0)
		return -1;
	if (old_chars == 0)
		*v = new_chars == 0 ? 1.0 : (double)new_chars;
	else
		*v = (double)new_chars / (double)old_chars;
	return 0;
}

/* Displayed characters of `t` per multimedia element plus one, counting
 * only outermost multimedia elements (the <img> fallback inside <picture>
 * or <object> is the same picture). */
static int text_density(const smart_feature_args *a, const smart_tree *t, double *density,
			smart_error *err)
{
	uint8_t *media = smart__feature_name_flags(t, multimedia_elements);
	uint64_t count = 0, chars;
	uint32_t inside_end = 0;

	if (!media)
		return smart_error_oom(err);
	for (uint32_t i = 0; i < t->count; i++) {
		const smart_node *n = &t->nodes[i];

		if (i < inside_end || n->kind != SMART_NODE_ELEMENT || !media[n->name_id])
			continue;
		count++;
		inside_end = i + n->size;
	}
	free(media);
	if (smart__feature_displayed_chars_of(a, t, &chars, err) < 0)
		return -1;
	*density = (double)chars / (1.0 + (double)count);
	return 0;
}

/* text_multimedia_ratio: with r = displayed characters / (1 + multimedia
 * objects) for each document, |r_new − r_old| / max(r_old, r_new): the
 * relative change of the text-per-picture density, in [0, 1]. 0 when both
 * densities are equal (identical documents, two documents without text);
 * 1 when one side has text and the other none. Multimedia objects are img,
 * picture, video, audio, object, embed, svg, canvas and iframe elements, one
 * per outermost such element. Hypothesis (paper §3.3): swapping a text link
 * for an image button is benign, replacing the content of a page is not. */
int smart__feature_text_multimedia_ratio(const smart_feature_args *a, double *v, smart_error *err)
{
	double r_old, r_new, top;

	if (text_density(a, a->old_tree, &r_old, err) < 0 ||
	    text_density(a, a->new_tree, &r_new, err) < 0)
		return -1;
	top = r_old > r_new ? r_old : r_new;
	*v = top > 0 ? fabs(r_new - r_old) / top : 0.0;
	assert(*v >= 0 && *v <= 1);
	return 0;
}

/* Characters of `new_text` outside its longest common prefix and suffix with
 * `old_text`: the rewritten middle of an updated text ("5 items" -> "15
 * items" gives 2). Cuts are moved to character boundaries. */
static uint64_t rewritten_chars(const char *old_text, size_t old_len,
				const char *new_text, size_t new_len)
{
	size_t prefix = 0, suffix = 0, shorter = old_len < new_len ? old_len : new_len;

	while (prefix < shorter && old_text[prefix] == new_text[prefix])
		prefix++;
	while (prefix > 0 && prefix < new_len && ((unsigned char)new_text[prefix] & 0xC0) == 0x80)
		prefix--;
	while (suffix < shorter - prefix &&
	       old_text[old_len - 1 - suffix] == new_text[new_len - 1 - suffix])
		suffix++;
	while (suffix > 0 && ((unsigned char)new_text[new_len - suffix] & 0xC0) == 0x80)
		suffix--;
	return smart__feature_utf8_chars(new_text + prefix, new_len - prefix - suffix);
}

/* new_text: characters of displayed text that the new document adds: all of
 * every inserted text node, and the rewritten part (outside the common prefix
 * and suffix) of every aligned text node whose text changed. 0 for identical
 * documents and for pure deletions. Hypothesis (paper Fig. 14, "new text"):
 * much new text means new content such as an error report; a changed date
 * or counter adds only a few characters. */
int smart__feature_new_text(const smart_feature_args *a, double *v, smart_error *err)
{
	const smart_tree *o = a->old_tree, *t = a->new_tree;
	const uint32_t *to_old = a->diff->new_to_old;
	feature_walk w;
	uint64_t chars = 0;

	if (a->memo && a->memo->new_text_diff == a->diff) {
		*v = a->memo->new_text; /* new_text_ratio and new_text_log ask too */
		return 0;
	}
	if (smart__feature_walk_init(&w, t, err) < 0)
		return -1;
	for (uint32_t i = 0; i < t->count; i++) {
		const smart_node *n = &t->nodes[i];
		uint32_t m = to_old[i];

		if (smart__feature_walk_hidden(&w, i) || n->kind != SMART_NODE_TEXT)
			continue;
		if (m == SMART_NONE)
			chars += smart__feature_utf8_chars(n->text, n->text_len);
		else if (o->nodes[m].kind == SMART_NODE_TEXT)
			chars += rewritten_chars(o->nodes[m].text, o->nodes[m].text_len,
						 n->text, n->text_len);
	}
	smart__feature_walk_free(&w);
	*v = (double)chars;
	if (a->memo) {
		a->memo->new_text_diff = a->diff;
		a->memo->new_text = *v;
	}
	return 0;
}
