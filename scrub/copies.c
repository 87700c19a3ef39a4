/*
 * The "copies" scrubber (scrub/registry.c): a value explained in one place
 * is explained wherever the page copies it. Pages copy their anti-forgery
 * token into a script's string, a logout link's query or a data attribute;
 * once the names scrubber knows that the old run's token T1 became T2,
 * every T1 in the old tree and every T2 in the new one becomes "{copy}",
 * in texts and attribute values alike. Values shorter than
 * SMART__COPY_MIN bytes are not followed: too many words are that short.
 */
#include "smart/scrub.h"

#include <assert.h>
#include <string.h>

#include "internal.h"

#define COPY "{copy}"

/* The tokens whose copies a walk makes "{copy}". */
typedef struct copy_tokens {
	const char *const *tokens;
	size_t n;
} copy_tokens;

/* `value` (a text, or an attribute's) with every occurrence of each token
 * of `ctx` (a copy_tokens) made "{copy}", in the log's arena; `value`
 * itself when it holds none; NULL when out of memory. A rule of the
 * respelling walk (scrub/respell.c). */
static const char *replaced(smart_scrub_log *log, const char *value, size_t len,
			    const smart_attr *attr, void *ctx)
{
	const copy_tokens *copies = ctx;
	const char *const *tokens = copies->tokens;
	size_t n = copies->n, out = 0;
	char *s = NULL;
	int any = 0;

	(void)attr;
	assert(len == strlen(value));

	for (size_t k = 0; k < n && !any; k++)
		any = strstr(value, tokens[k]) != NULL;
	if (!any)
		return value;
	/* every token is at least SMART__COPY_MIN bytes, longer than COPY */
	assert(SMART__COPY_MIN >= sizeof(COPY) - 1);
	if (!(s = smart_scrub_log_alloc(log, len + 1)))
		return NULL;
	for (const char *p = value; *p;) {
		size_t k, tl = 0;

		for (k = 0; k < n; k++) {
			tl = strlen(tokens[k]);
			if (strncmp(p, tokens[k], tl) == 0)
				break;
		}
		if (k == n) {
			s[out++] = *p++;
			continue;
		}
		memcpy(s + out, COPY, sizeof(COPY) - 1);
		out += sizeof(COPY) - 1;
		p += tl;
	}
	s[out] = '\0';
	return s;
}

/* Makes the copies of the n tokens in `t` "{copy}" through `log`; returns
 * how many values changed, or -1 when out of memory. */
static int scrub_tree(smart_tree *t, const char *const *tokens, size_t n, smart_scrub_log *log)
{
	copy_tokens copies = {tokens, n};

	return smart__scrub_respell_tree(t, log, SMART__RESPELL_TEXTS | SMART__RESPELL_ATTRS,
					 replaced, &copies);
}

/* How many times `token` occurs in the texts and attribute values of `t`. */
static size_t occurrences(const smart_tree *t, const char *token)
{
	size_t n = 0, len = strlen(token);

	for (uint32_t i = 0; i < t->count; i++) {
		const smart_node *node = &t->nodes[i];

		for (const char *p = node->kind == SMART_NODE_TEXT ? node->text : NULL;
		     p && (p = strstr(p, token)); p += len)
			n++;
		for (uint32_t k = 0; node->kind == SMART_NODE_ELEMENT && k < node->attr_count; k++)
			for (const char *p = t->attrs[node->attr_first + k].value;
			     p && (p = strstr(p, token)); p += len)
				n++;
	}
	return n;
}

int smart__scrub_copies(smart_tree *old_tree, smart_tree *new_tree, smart_scrub_log *log,
			const smart_shapes *shapes, const smart__scrub_named *named,
			smart_error *err)
{
	const char *olds[SMART__NAMED_MAX], *shaped[SMART__NAMED_MAX], *plain[SMART__NAMED_MAX];
	size_t n = 0, n_shaped = 0, n_plain = 0;
	int b;

	/* A pair is followed only where both runs copy it as often: a value
	 * copied to a place in one run only is an edit there, and making one
	 * side "{copy}" would turn what the shapes explain on both sides into
	 * a difference. */
	for (size_t k = 0; k < named->n; k++) {
		const char *v = named->new_values[k];

		if (occurrences(old_tree, named->old_values[k]) != occurrences(new_tree, v))
			continue;
		olds[n++] = named->old_values[k];
		/* a token of a shape is counted by its shape, once aligned */
		if (shapes && smart_shapes_any(shapes, v))
			shaped[n_shaped++] = v;
		else
			plain[n_plain++] = v;
	}
	if (n == 0)
		return 0;
	if (scrub_tree(old_tree, olds, n, log) < 0 ||
	    (n_shaped && scrub_tree(new_tree, shaped, n_shaped, log) < 0) ||
	    (b = n_plain ? scrub_tree(new_tree, plain, n_plain, log) : 0) < 0)
		return smart_error_oom(err);
	return b;
}
