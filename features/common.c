/* Questions about trees that several feature families ask. */
#include <string.h>

#include "internal.h"

/* Elements whose content a browser never shows as text. */
static const char *const hidden_elements[] = { "script", "style", "template", NULL };

int feature_name_in(const char *name, const char *const *names)
{
	for (; *names; names++)
		if (strcmp(name, *names) == 0)
			return 1;
	return 0;
}

/* A subtree is the index range [i, i + size), so "inside a hidden element"
 * is "before the end of the last hidden subtree entered"; nested hidden
 * elements end no later than their ancestor, so one index suffices. */
int feature_node_hidden(const smart_tree *t, uint32_t i, uint32_t *hidden_end)
{
	const smart_node *n = &t->nodes[i];

	if (i < *hidden_end)
		return 1;
	if (n->kind == SMART_NODE_ELEMENT && feature_name_in(n->name, hidden_elements)) {
		*hidden_end = i + n->size;
		return 1;
	}
	return 0;
}

uint64_t feature_utf8_chars(const char *s, size_t len)
{
	uint64_t chars = 0;

	for (size_t i = 0; i < len; i++)
		chars += ((unsigned char)s[i] & 0xC0) != 0x80;
	return chars;
}

uint64_t feature_displayed_chars(const smart_tree *t)
{
	uint32_t hidden_end = 0;
	uint64_t chars = 0;

	for (uint32_t i = 0; i < t->count; i++)
		if (!feature_node_hidden(t, i, &hidden_end) &&
		    t->nodes[i].kind == SMART_NODE_TEXT)
			chars += feature_utf8_chars(t->nodes[i].text, t->nodes[i].text_len);
	return chars;
}
