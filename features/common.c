/* Questions about trees that several feature families ask. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Elements whose content a browser never shows as text. */
static const char *const hidden_elements[] = { "script", "style", "template", NULL };

uint8_t *smart__feature_name_flags(const smart_tree *t, const char *const *names)
{
	uint8_t *flags = calloc(t->name_count + 1, 1);

	if (!flags)
		return NULL;
	for (uint32_t id = 0; id < t->name_count; id++)
		for (const char *const *n = names; *n; n++)
			if (strcmp(t->names[id], *n) == 0)
				flags[id] = 1;
	return flags;
}

int smart__feature_walk_init(feature_walk *w, const smart_tree *t, smart_error *err)
{
	w->tree = t;
	w->hidden_end = 0;
	w->hidden_names = smart__feature_name_flags(t, hidden_elements);
	return w->hidden_names ? 0 : smart_error_oom(err);
}

/* A subtree is the index range [i, i + size), so "inside a hidden element"
 * is "before the end of the last hidden subtree entered"; nested hidden
 * elements end no later than their ancestor, so one index suffices. */
int smart__feature_walk_hidden(feature_walk *w, uint32_t i)
{
	const smart_node *n = &w->tree->nodes[i];

	if (i < w->hidden_end)
		return 1;
	if (n->kind == SMART_NODE_ELEMENT && w->hidden_names[n->name_id]) {
		w->hidden_end = i + n->size;
		return 1;
	}
	return 0;
}

void smart__feature_walk_free(feature_walk *w)
{
	free(w->hidden_names);
	w->hidden_names = NULL;
}

uint64_t smart__feature_utf8_chars(const char *s, size_t len)
{
	uint64_t chars = 0;

	for (size_t i = 0; i < len; i++)
		chars += ((unsigned char)s[i] & 0xC0) != 0x80;
	return chars;
}

int smart__feature_displayed_chars(const smart_tree *t, uint64_t *chars, smart_error *err)
{
	feature_walk w;

	*chars = 0;
	if (smart__feature_walk_init(&w, t, err) < 0)
		return -1;
	for (uint32_t i = 0; i < t->count; i++)
		if (!smart__feature_walk_hidden(&w, i) && t->nodes[i].kind == SMART_NODE_TEXT)
			*chars += smart__feature_utf8_chars(t->nodes[i].text, t->nodes[i].text_len);
	smart__feature_walk_free(&w);
	return 0;
}

int smart__feature_displayed_chars_of(const smart_feature_args *a, const smart_tree *t,
				      uint64_t *chars, smart_error *err)
{
	smart_feature_memo *m = a->memo;
	int slot;

	if (!m)
		return smart__feature_displayed_chars(t, chars, err);
	for (slot = 0; slot < 2; slot++)
		if (m->chars_tree[slot] == t) {
			*chars = m->chars[slot];
			return 0;
		}
	if (smart__feature_displayed_chars(t, chars, err) < 0)
		return -1;
	slot = m->chars_tree[0] ? 1 : 0; /* a pair has two trees; a third replaces the second */
	m->chars_tree[slot] = t;
	m->chars[slot] = *chars;
	return 0;
}
