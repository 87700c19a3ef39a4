/*
 * Neutralising what a profile says varies (profile.h): a copy of a tree in
 * which every volatile text and attribute value is replaced by its pattern
 * ("Generated {date} {time}", "{hex}", "{*}"), so that aligning two
 * normalised trees shows only what is not noise, and every feature measured
 * on them discounts the noise by itself.
 */
#include "smart/profile.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/arena.h"
#include "common/strbuf.h"
#include "diffx/ptree.h"
#include "internal.h"

/* What a profile says of an element's children (structural volatility). */
enum { KEEP_CHILDREN = 0, DROP_CHILDREN = 1, SORT_CHILDREN = 2 };

/* What is volatile at one location: the canonical value for a value that
 * fits (written into *out, owned by the arena), or none (*out = NULL). */
typedef struct normaliser {
	const smart_profile *p;
	const smart_profile_test *test;
	const smart_shapes *all;
	const smart_shapes *own;  /* the profile's shapes, this thread's copy */
	smart_arena *arena;
	smart_error *err;
} normaliser;

/* The first of the n entries at v that accepts `value` at `loc`, into
 * *out (NULL when none). The value masked with every shape, which only an
 * entry at `loc` reads, is made on meeting the first such entry and kept
 * in *masked: most places of a page have none, and masking every value
 * with every shape was most of what measuring a pair with a profile cost.
 * 0, or -1 with the error set. */
static int find_entry(normaliser *nz, const smart_profile_entry *v, size_t n, const char *loc,
		      const char *value, char **masked, const smart_profile_entry **out)
{
	*out = NULL;
	for (size_t i = 0; i < n; i++) {
		if (!smart_profile_entries_accept(&v[i], 1, loc, NULL, NULL))
			continue; /* an entry of another place */
		if (!*masked && !(*masked = smart__profile_mask(nz->all, value, NULL, nz->err)))
			return -1;
		if (smart_profile_entries_accept(&v[i], 1, loc, *masked, *masked)) {
			*out = &v[i];
			return 0;
		}
	}
	return 0;
}

/* The normalised form of `value` at `loc`: "{*}" inside a location that
 * accepts any value, the template itself where one fits (both sides of a
 * pair then read alike), the value with every shape masked where a pattern
 * fits, else the value with the profile's everywhere-shapes masked when it
 * has one (a value the quick test rules out has none). *out is NULL when
 * the value stays as it is. */
static int normalise_value(normaliser *nz, const char *loc, const char *value, const char **out)
{
	const smart_profile_entry *e = NULL;
	const char *use = NULL;
	char *masked = NULL, *mine = NULL;
	unsigned found = 0;

	*out = NULL;
	if (find_entry(nz, nz->p->all, nz->p->n_all, loc, value, &masked, &e) ||
	    (!e && nz->test &&
	     find_entry(nz, nz->test->entries, nz->test->n_entries, loc, value, &masked, &e))) {
		free(masked);
		return -1;
	}
	if (e) {
		use = e->n_patterns ? masked : "{*}";
		/* a template that fits is the value on both sides alike */
		for (size_t q = 0; q < e->n_patterns && use == masked; q++)
			if (smart__profile_pattern_is_template(e->patterns[q]) &&
			    smart__profile_pattern_matches(e->patterns[q], masked))
				use = e->patterns[q];
		for (size_t q = 0; q < e->n_patterns && use == masked; q++)
			if (strstr(e->patterns[q], "{digits}")) { /* both sides alike */
				if (!(mine = smart__profile_digits(masked))) {
					free(masked);
					return smart_error_oom(nz->err);
				}
				use = mine;
			}
	} else if (smart_shapes_may_match(nz->own, value)) {
		mine = smart_shapes_mask(nz->own, value, strlen(value), &found, nz->err);
		if (!mine) {
			free(masked);
			return -1;
		}
		use = found ? mine : NULL;
	}
	if (use && strcmp(use, value) != 0 &&
	    !(*out = smart__arena_strndup(nz->arena, use, strlen(use)))) {
		free(masked);
		free(mine);
		return smart_error_oom(nz->err);
	}
	free(masked);
	free(mine);
	return 0;
}

/* True when an entry of the profile (all tests or this test) accepts
 * structural change at `loc`. */
static int accepts_here(const normaliser *nz, const char *loc)
{
	return smart_profile_entries_accept(nz->p->all, nz->p->n_all, loc, NULL, NULL) ||
	       (nz->test &&
		smart_profile_entries_accept(nz->test->entries, nz->test->n_entries, loc, NULL, NULL));
}

static int ends_with(const char *s, const char *end)
{
	size_t n = strlen(s), m = strlen(end);

	return n >= m && strcmp(s + n - m, end) == 0;
}

/* True when some entry speaks of structure ("/\*", "/\*order", "/\*\*"). */
static int has_structure(const smart_profile *p, const smart_profile_test *t)
{
	for (size_t i = 0; i < p->n_all; i++)
		if (ends_with(p->all[i].location, "*") || ends_with(p->all[i].location, "*order"))
			return 1;
	for (size_t i = 0; t && i < t->n_entries; i++)
		if (ends_with(t->entries[i].location, "*") || ends_with(t->entries[i].location, "*order"))
			return 1;
	return 0;
}

/* A key that orders sibling subtrees by content: names, attributes and
 * texts of the subtree in pre-order, cut at 256 bytes. */
typedef struct child_key {
	uint32_t node;
	char key[256];
} child_key;

static void subtree_key(const smart_tree *t, uint32_t node, char *key, size_t size)
{
	size_t at = 0;

	key[0] = '\0';
	for (uint32_t i = node; i < node + t->nodes[node].size && at + 1 < size; i++) {
		const smart_node *n = &t->nodes[i];
		int w = snprintf(key + at, size - at, "<%s %s", n->name, n->text ? n->text : "");

		at += w > 0 ? (size_t)w : 0;
		for (uint32_t k = 0; k < n->attr_count && at + 1 < size; k++) {
			const smart_attr *a = &t->attrs[n->attr_first + k];

			w = snprintf(key + at, size - at, " %s=%s", a->name, a->value);
			at += w > 0 ? (size_t)w : 0;
		}
	}
}

static int by_key(const void *a, const void *b)
{
	return strcmp(((const child_key *)a)->key, ((const child_key *)b)->key);
}

/* The tree with the children of DROP_CHILDREN elements removed and those
 * of SORT_CHILDREN elements in a canonical order, rebuilt through the
 * mutable tree (diffx/ptree.h) so it is normalised as a parsed document is. */
static smart_tree *restructured(const smart_tree *c, const unsigned char *structural,
				smart_error *err)
{
	ptree pt;
	smart_tree *r;

	if (smart__ptree_init(&pt, c)) {
		smart_error_oom(err);
		return NULL;
	}
	for (uint32_t i = 0; i < c->count; i++) {
		uint32_t n = 0, k;
		child_key *keys;

		if (structural[i] == DROP_CHILDREN) {
			while (pt.nodes[i].first != SMART_NONE)
				smart__ptree_unlink(&pt, pt.nodes[i].first);
			continue;
		}
		if (structural[i] != SORT_CHILDREN || c->nodes[i].child_count < 2)
			continue;
		keys = malloc(c->nodes[i].child_count * sizeof(*keys));
		if (!keys) {
			smart__ptree_release(&pt);
			smart_error_oom(err);
			return NULL;
		}
		for (k = c->nodes[i].first_child; k != SMART_NONE; k = c->nodes[k].next_sibling) {
			keys[n].node = k;
			subtree_key(c, k, keys[n].key, sizeof(keys[n].key));
			n++;
		}
		qsort(keys, n, sizeof(*keys), by_key);
		for (k = 0; k < n; k++) {
			smart__ptree_unlink(&pt, keys[k].node);
			smart__ptree_link(&pt, i, SMART_NONE, keys[k].node);
		}
		free(keys);
	}
	r = smart__ptree_finish(&pt, c->format, "normalised document", err);
	smart__ptree_release(&pt);
	return r;
}

/* One step of the location path being built (see smart_location_of). */
static int push_step(smart_strbuf *b, const smart_tree *t, uint32_t node)
{
	const smart_node *n = &t->nodes[node];
	const char *id;

	if (n->kind == SMART_NODE_TEXT)
		return smart__strbuf_append(b, "/text()", 7);
	if (smart__strbuf_append(b, "/", 1) || smart__strbuf_append(b, n->name, strlen(n->name)))
		return -1;
	id = smart__profile_stable_id(t, node);
	return id ? smart__strbuf_printf(b, "#%s", id) : 0;
}

smart_tree *smart_profile_normalize(const smart_profile *p, const char *test,
				    const smart_tree *t, smart_error *err)
{
	normaliser nz = { p, smart_profile_find_test(p, test), smart_shapes_all(err),
			  smart_shapes_of_thread(p->shapes, err), NULL, err };
	smart_tree *c = calloc(1, sizeof(*c));
	smart_strbuf path = { 0 };
	size_t *ends = malloc((t->count + 1) * sizeof(*ends)); /* path length after node i */
	unsigned char *structural = has_structure(p, nz.test) ? calloc(t->count, 1) : NULL;
	int fail = !nz.all || !nz.own, restructure = 0;

	if (!c || !ends || (has_structure(p, nz.test) && !structural))
		goto oom;
	*c = *t;
	c->arena = nz.arena = smart__arena_new();
	c->nodes = malloc(t->count * sizeof(*c->nodes));
	c->attrs = malloc((t->attr_total ? t->attr_total : 1) * sizeof(*c->attrs));
	c->names = malloc((t->name_count ? t->name_count : 1) * sizeof(*c->names));
	if (!c->arena || !c->nodes || !c->attrs || !c->names)
		goto oom;
	memcpy(c->nodes, t->nodes, t->count * sizeof(*c->nodes));
	if (t->attr_total)
		memcpy(c->attrs, t->attrs, t->attr_total * sizeof(*c->attrs));
	if (t->name_count)
		memcpy(c->names, t->names, t->name_count * sizeof(*c->names));
	if (smart__strbuf_append(&path, "", 0))
		goto oom;
	ends[0] = 0;
	for (uint32_t i = 1; i < t->count && !fail; i++) {
		const smart_node *n = &t->nodes[i];
		size_t base = ends[n->parent];
		const char *v;

		path.len = base; /* the parent's location */
		path.data[base] = '\0';
		if (push_step(&path, t, i))
			goto oom;
		ends[i] = path.len;
		if (structural && n->kind == SMART_NODE_ELEMENT) {
			size_t len = path.len;

			if (smart__strbuf_append(&path, "/*", 2))
				goto oom;
			if (accepts_here(&nz, path.data))
				structural[i] = DROP_CHILDREN;
			else if (!smart__strbuf_append(&path, "order", 5) && accepts_here(&nz, path.data))
				structural[i] = SORT_CHILDREN;
			path.len = len;
			path.data[len] = '\0';
			restructure |= structural[i] != KEEP_CHILDREN;
		}
		if (n->kind == SMART_NODE_TEXT) {
			fail = normalise_value(&nz, path.data, n->text, &v) != 0;
			if (!fail && v) {
				c->nodes[i].text = v;
				c->nodes[i].text_len = (uint32_t)strlen(v);
			}
		}
		for (uint32_t k = 0; !fail && n->kind == SMART_NODE_ELEMENT && k < n->attr_count; k++) {
			smart_attr *a = &c->attrs[n->attr_first + k];
			size_t len = path.len;

			if (smart__strbuf_printf(&path, "/@%s", a->name))
				goto oom;
			fail = normalise_value(&nz, path.data, a->value, &v) != 0;
			if (!fail && v)
				a->value = v;
			path.len = len;
			path.data[len] = '\0';
		}
	}
	smart__strbuf_free(&path);
	free(ends);
	if (!fail && restructure) {
		smart_tree *r = restructured(c, structural, err);

		smart_tree_free(c);
		c = r;
		fail = !r;
	}
	free(structural);
	if (fail) {
		smart_tree_free(c);
		return NULL;
	}
	return c;
oom:
	smart__strbuf_free(&path);
	free(ends);
	free(structural);
	if (c) {
		c->arena = nz.arena;
		smart_tree_free(c);
	}
	smart_error_oom(err);
	return NULL;
}
