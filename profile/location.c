/* Locations: node paths that tolerate repeated siblings (profile.h). */
#include "smart/profile.h"

#include <stdlib.h>
#include <string.h>

/* The path of `node` without [k] positions: every <li> of a list, every
 * row of a table shares one location, so a value that varies in the third
 * item of one run and the fifth of another is still one volatile place.
 * Built leaf to root into a buffer sized first, iteratively (documents nest
 * deeper than a stack allows). */
char *smart_location_of(const smart_tree *t, uint32_t node)
{
	size_t len = 0, pos;
	char *s;

	if (node == 0 || node >= t->count)
		return strdup("/");
	for (uint32_t at = node; at != 0 && at != SMART_NONE; at = t->nodes[at].parent)
		len += 1 + (t->nodes[at].kind == SMART_NODE_TEXT ? strlen("text()")
								 : strlen(t->nodes[at].name));
	s = malloc(len + 1);
	if (!s)
		return NULL;
	pos = len;
	s[pos] = '\0';
	for (uint32_t at = node; at != 0 && at != SMART_NONE; at = t->nodes[at].parent) {
		const char *step = t->nodes[at].kind == SMART_NODE_TEXT ? "text()"
									: t->nodes[at].name;
		size_t n = strlen(step);

		pos -= n;
		memcpy(s + pos, step, n);
		s[--pos] = '/';
	}
	return s;
}
