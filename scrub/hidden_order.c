/*
 * The "hidden_order" scrubber (scrub/registry.c): a form sends its hidden
 * fields as name=value pairs that the server reads by name, and a reader
 * never sees them, so their order among themselves carries nothing. The
 * languages web applications are written in print a hash's pairs in a
 * new order in every process (Perl since 5.18), so a page that writes
 * hidden fields from a hash writes them in another order in every clean
 * run, which the alignment reports as moves. Each run of two or more
 * sibling <input type="hidden"> elements (white space between them
 * aside) whose attributes have the same names in the same order is
 * written in one order, in both trees: the elements keep their places
 * and take the attribute values of the run sorted by those values (the
 * log can change values, not move nodes). A field added, removed or
 * changed still differs; a hidden field among shown ones is not moved.
 */
#include "smart/scrub.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "internal.h"

/* The longest run taken; a longer one is left as printed. */
#define RUN_MAX 256

/* The value of attribute `name` of element `node`, or NULL. */
static const char *attribute(const smart_tree *t, const smart_node *node, const char *name)
{
	for (uint32_t k = 0; k < node->attr_count; k++) {
		const smart_attr *a = &t->attrs[node->attr_first + k];

		if (strcasecmp(a->name, name) == 0)
			return a->value ? a->value : "";
	}
	return NULL;
}

/* Whether `node` is an <input type="hidden">. */
static int hidden_input(const smart_tree *t, const smart_node *node)
{
	const char *type;

	/* the first letter first: most elements are not inputs */
	if (node->kind != SMART_NODE_ELEMENT || (node->name[0] | 0x20) != 'i' ||
	    strcasecmp(node->name, "input") != 0)
		return 0;
	type = attribute(t, node, "type");
	return type && strcasecmp(type, "hidden") == 0;
}

/* Whether `node` is a text of white space only. */
static int blank(const smart_node *node)
{
	if (node->kind != SMART_NODE_TEXT)
		return 0;
	for (const char *p = node->text ? node->text : ""; *p; p++)
		if (*p != ' ' && *p != '\n' && *p != '\t' && *p != '\r')
			return 0;
	return 1;
}

/* Whether elements a and b have attributes of the same names in the same
 * order. */
static int same_names(const smart_tree *t, const smart_node *a, const smart_node *b)
{
	if (a->attr_count != b->attr_count)
		return 0;
	for (uint32_t k = 0; k < a->attr_count; k++)
		if (strcmp(t->attrs[a->attr_first + k].name, t->attrs[b->attr_first + k].name) != 0)
			return 0;
	return 1;
}

/* The tree whose elements a sort compares (qsort passes no context). */
static _Thread_local const smart_tree *sorting;

/* Orders two elements of a run by their attribute values, in order. */
static int by_values(const void *x, const void *y)
{
	const smart_node *a = &sorting->nodes[*(const uint32_t *)x];
	const smart_node *b = &sorting->nodes[*(const uint32_t *)y];

	for (uint32_t k = 0; k < a->attr_count; k++) {
		const char *u = sorting->attrs[a->attr_first + k].value;
		const char *v = sorting->attrs[b->attr_first + k].value;
		int c = strcmp(u ? u : "", v ? v : "");

		if (c)
			return c;
	}
	return 0;
}

/* Writes the run of `n` elements (node numbers, in document order) in the
 * order of their values through `log`; returns 1 when the order changed,
 * 0 when it was sorted, -1 when out of memory. */
static int sort_run(smart_tree *t, const uint32_t *run, size_t n, smart_scrub_log *log)
{
	uint32_t sorted[RUN_MAX];
	const char **values;
	uint32_t width = t->nodes[run[0]].attr_count;
	int changed = 0;

	memcpy(sorted, run, n * sizeof(*run));
	sorting = t;
	qsort(sorted, n, sizeof(*sorted), by_values);
	for (size_t i = 0; i < n; i++)
		changed |= by_values(&sorted[i], &run[i]) != 0;
	if (!changed)
		return 0;
	if (!(values = malloc(n * width * sizeof(*values))))
		return -1;
	for (size_t i = 0; i < n; i++)
		for (uint32_t k = 0; k < width; k++)
			values[i * width + k] = t->attrs[t->nodes[sorted[i]].attr_first + k].value;
	for (size_t i = 0; i < n; i++)
		for (uint32_t k = 0; k < width; k++) {
			smart_attr *a = &t->attrs[t->nodes[run[i]].attr_first + k];
			const char *v = values[i * width + k];

			if (a->value != v && smart_scrub_log_set(log, &a->value, NULL, v)) {
				free(values);
				return -1;
			}
		}
	free(values);
	return 1;
}

/* Whether `t` holds two hidden inputs or more: a run needs two, and most
 * pages hold none, so one pass over the nodes spares them the walk over
 * every element's children. */
static int two_hidden(const smart_tree *t)
{
	int seen = 0;

	for (uint32_t i = 0; i < t->count; i++)
		if (hidden_input(t, &t->nodes[i]) && ++seen == 2)
			return 1;
	return 0;
}

/* Sorts every run of hidden inputs among the children of each element of
 * `t`; returns how many runs changed order, or -1 when out of memory. */
static int scrub_tree(smart_tree *t, smart_scrub_log *log)
{
	int count = 0;

	if (!two_hidden(t))
		return 0;

	for (uint32_t p = 0; p < t->count; p++) {
		uint32_t run[RUN_MAX];
		size_t n = 0;

		if (t->nodes[p].kind != SMART_NODE_ELEMENT && p != 0)
			continue;
		for (uint32_t c = t->nodes[p].first_child;; c = t->nodes[c].next_sibling) {
			int ends = c == SMART_NONE ||
				   (!blank(&t->nodes[c]) &&
				    (!hidden_input(t, &t->nodes[c]) ||
				     (n && !same_names(t, &t->nodes[run[0]], &t->nodes[c])) || n == RUN_MAX));
			int got;

			if (ends && n >= 2) {
				if ((got = sort_run(t, run, n, log)) < 0)
					return -1;
				count += got;
			}
			if (ends)
				n = 0;
			if (c == SMART_NONE)
				break;
			if (hidden_input(t, &t->nodes[c]))
				run[n++] = c;
		}
	}
	return count;
}

int smart__scrub_hidden_order(smart_tree *old_tree, smart_tree *new_tree, smart_scrub_log *log,
			      smart_error *err)
{
	int got;

	if (old_tree->format != SMART_FORMAT_HTML)
		return 0; /* XML has no forms */
	if (scrub_tree(old_tree, log) < 0 || (got = scrub_tree(new_tree, log)) < 0)
		return smart_error_oom(err);
	return got;
}
