/*
 * Scrubbing volatile values before alignment (include/smart/profile.h,
 * smart_shapes_scrub): a copy of a tree in which every value shape of a set
 * (dates, clocks, tokens, versions, build paths, ports, ...) is replaced by
 * its placeholder, so that two runs differing only in such values align
 * with no edit at all, and every feature measures what is left.
 */
#include "smart/profile.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/arena.h"

/* The words a shape without a digit starts with: path roots, zone
 * regions (before a slash JSON may escape), relative times, zone names,
 * the local host. */
static int holds_digitless_shape(const char *v)
{
	static const char *const needles[] = {
		"/tmp", "/home", "/usr", "/var", "/opt", "/srv", "/build", "/root", "/private",
		"/Users", "/mnt", "/nix", ":\\", "Africa", "America", "Antarctica", "Asia",
		"Atlantic", "Australia", "Europe", "Indian", "Pacific", "Etc", "now", "day",
		"Time)", "ago", "UTC", "GMT", "localhost", NULL
	};

	for (size_t i = 0; needles[i]; i++)
		if (strstr(v, needles[i]))
			return 1;
	return 0;
}

/* Whether a value can hold a shape at all: every shape but paths, zone
 * names and a few words ("just now", "yesterday", "(… Time)", "(UTC)",
 * "localhost") contains a digit, so most text is passed over without
 * running the regular expression. */
static int may_hold_shape(const char *v)
{
	size_t digits = 0, len = 0;

	for (const char *p = v; *p; p++, len++)
		digits += isdigit((unsigned char)*p) != 0;
	if (digits == len)  /* a bare number: only epochs and compact dates */
		return len == 10 || len == 13 || len == 14;
	if (digits)
		return 1;
	return holds_digitless_shape(v);
}

/* The scrubbed form of `value` in the copy's arena, or `value` itself when
 * no shape occurs in it; NULL when out of memory. */
static const char *scrub_value(const smart_shapes *s, smart_arena *arena, const char *value,
			       smart_error *err)
{
	unsigned found = 0;
	char *masked;
	const char *kept;

	if (!value || !may_hold_shape(value))
		return value;
	masked = smart_shapes_mask(s, value, strlen(value), &found, err);
	if (!masked)
		return NULL;
	kept = found ? smart_arena_strndup(arena, masked, strlen(masked)) : value;
	free(masked);
	if (!kept)
		smart_error_oom(err);
	return kept;
}

/* Whether text node `i` of `t` is a stylesheet: the content of a <style>
 * element. */
static int is_stylesheet(const smart_tree *t, uint32_t i)
{
	uint32_t parent = t->nodes[i].parent;

	return parent != SMART_NONE && t->nodes[parent].kind == SMART_NODE_ELEMENT &&
	       strcasecmp(t->nodes[parent].name, "style") == 0;
}

/* A stylesheet with every run of white space made one space and both ends
 * trimmed, in `arena`; `css` itself when that changes nothing, NULL when
 * out of memory. Reindenting a stylesheet (a template's indentation, a
 * pretty-printer's) changes nothing a browser draws, and white space is
 * not significant in CSS outside strings, which hold none that matters
 * here. */
static const char *stylesheet_collapsed(smart_arena *arena, const char *css)
{
	size_t len = strlen(css), out = 0;
	char *s = smart_arena_alloc(arena, len + 1);
	int space = 0;

	if (!s)
		return NULL;
	for (const char *p = css; *p; p++) {
		if (isspace((unsigned char)*p)) {
			space = out > 0;
			continue;
		}
		if (space)
			s[out++] = ' ';
		space = 0;
		s[out++] = *p;
	}
	s[out] = '\0';
	return strcmp(s, css) == 0 ? css : s;
}

/* Attributes whose value is a measurement of the run, not content: JUnit's
 * time="0.023", timestamp="…", hostname="…"; <time datetime="…">. Their
 * values are scrubbed whatever shape they have. */
static int volatile_attribute(const char *name)
{
	static const char *const names[] = { "time", "timestamp", "duration", "elapsed",
					     "hostname", "datetime", NULL };

	for (size_t i = 0; names[i]; i++)
		if (strcasecmp(name, names[i]) == 0)
			return 1;
	return 0;
}

smart_tree *smart_shapes_scrub(const smart_shapes *s, const smart_tree *t, smart_error *err)
{
	smart_tree *c = calloc(1, sizeof(*c));

	if (!c) {
		smart_error_oom(err);
		return NULL;
	}
	*c = *t;
	c->nodes = malloc((t->count ? t->count : 1) * sizeof(*c->nodes));
	c->attrs = malloc((t->attr_total ? t->attr_total : 1) * sizeof(*c->attrs));
	c->names = malloc((t->name_count ? t->name_count : 1) * sizeof(*c->names));
	c->arena = smart_arena_new();
	if (!c->nodes || !c->attrs || !c->names || !c->arena) {
		smart_tree_free(c);
		smart_error_oom(err);
		return NULL;
	}
	memcpy(c->nodes, t->nodes, t->count * sizeof(*c->nodes));
	if (t->attr_total)
		memcpy(c->attrs, t->attrs, t->attr_total * sizeof(*c->attrs));
	if (t->name_count)
		memcpy(c->names, t->names, t->name_count * sizeof(*c->names));
	for (uint32_t i = 0; i < t->count; i++) {
		smart_node *n = &c->nodes[i];

		if (n->kind == SMART_NODE_TEXT && n->text) {
			const char *text = is_stylesheet(t, i) ? stylesheet_collapsed(c->arena, n->text)
							      : n->text;
			const char *v = text ? scrub_value(s, c->arena, text, err) : NULL;

			if (!text)
				smart_error_oom(err);

			if (!v)
				goto fail;
			n->text = v;
			n->text_len = (uint32_t)strlen(v);
		}
		for (uint32_t k = 0; n->kind == SMART_NODE_ELEMENT && k < n->attr_count; k++) {
			smart_attr *a = &c->attrs[n->attr_first + k];
			const char *v = volatile_attribute(a->name) ? "{measured}"
								    : scrub_value(s, c->arena, a->value, err);

			if (!v)
				goto fail;
			a->value = v;
		}
	}
	return c;
fail:
	smart_tree_free(c);
	return NULL;
}

int smart_shapes_count_discounted(const smart_shapes *s, const smart_tree *old_raw,
				  const smart_tree *new_raw, const uint32_t *old_to_new,
				  unsigned counts[SMART_SHAPE_COUNT])
{
	int total = 0;

	for (uint32_t i = 0; i < old_raw->count; i++) {
		const smart_node *a = &old_raw->nodes[i], *b;
		uint32_t j = old_to_new[i];
		int got;

		if (j == SMART_NONE)
			continue;
		b = &new_raw->nodes[j];
		if (a->kind == SMART_NODE_TEXT && a->text && b->text && strcmp(a->text, b->text)) {
			got = smart_shapes_count_changes(s, a->text, b->text, counts);
			if (got < 0)
				return -1;
			total += got;
		}
		for (uint32_t k = 0; a->kind == SMART_NODE_ELEMENT && k < a->attr_count; k++) {
			const smart_attr *x = &old_raw->attrs[a->attr_first + k];
			const smart_attr *y = smart_tree_attr(new_raw, j, x->name);

			if (!y || !x->value || !y->value || strcmp(x->value, y->value) == 0)
				continue;
			got = smart_shapes_count_changes(s, x->value, y->value, counts);
			if (got < 0)
				return -1;
			total += got;
		}
	}
	return total;
}
