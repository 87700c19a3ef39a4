/*
 * Neutralising what a profile says varies (profile.h): a copy of a tree in
 * which every volatile text and attribute value is replaced by its pattern
 * ("Generated {date} {time}", "{hex}", "{*}"), so that aligning two
 * normalised trees shows only what is not noise, and every feature measured
 * on them discounts the noise by itself.
 */
#include "smart/profile.h"

#include <stdlib.h>
#include <string.h>

#include "common/arena.h"
#include "common/strbuf.h"
#include "internal.h"

/* What is volatile at one location: the canonical value for a value that
 * fits (written into *out, owned by the arena), or none (*out = NULL). */
typedef struct normaliser {
	const smart_profile *p;
	const smart_profile_test *test;
	const smart_shapes *all;
	smart_arena *arena;
	smart_error *err;
} normaliser;

/* The entry that accepts `masked` at `loc`, or NULL. */
static const smart_profile_entry *find_entry(const smart_profile_entry *v, size_t n,
					     const char *loc, const char *masked)
{
	for (size_t i = 0; i < n; i++)
		if (smart_profile_entries_accept(&v[i], 1, loc, masked, masked))
			return &v[i];
	return NULL;
}

/* The normalised form of `value` at `loc`: "{*}" inside a location that
 * accepts any value, the value with every shape masked where a pattern
 * fits, else the value with the profile's everywhere-shapes masked when it
 * has one. *out is NULL when the value stays as it is. */
static int normalise_value(normaliser *nz, const char *loc, const char *value, const char **out)
{
	char *masked = smart_shapes_mask(nz->all, value, strlen(value), NULL, nz->err);
	const smart_profile_entry *e;
	const char *use = NULL;
	char *mine = NULL;
	unsigned found = 0;

	*out = NULL;
	if (!masked)
		return -1;
	e = find_entry(nz->p->all, nz->p->n_all, loc, masked);
	if (!e && nz->test)
		e = find_entry(nz->test->entries, nz->test->n_entries, loc, masked);
	if (e) {
		use = e->n_patterns ? masked : "{*}";
	} else {
		mine = smart_shapes_mask(nz->p->compiled, value, strlen(value), &found, nz->err);
		if (!mine) {
			free(masked);
			return -1;
		}
		use = found ? mine : NULL;
	}
	if (use && strcmp(use, value) != 0 &&
	    !(*out = smart_arena_strndup(nz->arena, use, strlen(use)))) {
		free(masked);
		free(mine);
		return smart_error_oom(nz->err);
	}
	free(masked);
	free(mine);
	return 0;
}

/* One step of the location path being built (see smart_location_of). */
static int push_step(smart_strbuf *b, const smart_tree *t, uint32_t node)
{
	const smart_node *n = &t->nodes[node];
	const char *id;

	if (n->kind == SMART_NODE_TEXT)
		return smart_strbuf_append(b, "/text()", 7);
	if (smart_strbuf_append(b, "/", 1) || smart_strbuf_append(b, n->name, strlen(n->name)))
		return -1;
	id = profile_stable_id(t, node);
	return id ? smart_strbuf_printf(b, "#%s", id) : 0;
}

smart_tree *smart_profile_normalize(const smart_profile *p, const char *test,
				    const smart_tree *t, smart_error *err)
{
	normaliser nz = { p, smart_profile_find_test(p, test), smart_shapes_all(err), NULL, err };
	smart_tree *c = calloc(1, sizeof(*c));
	smart_strbuf path = { 0 };
	size_t *ends = malloc((t->count + 1) * sizeof(*ends)); /* path length after node i */
	int fail = !nz.all;

	if (!c || !ends)
		goto oom;
	*c = *t;
	c->arena = nz.arena = smart_arena_new();
	c->nodes = malloc(t->count * sizeof(*c->nodes));
	c->attrs = malloc((t->attr_total ? t->attr_total : 1) * sizeof(*c->attrs));
	c->names = malloc((t->name_count ? t->name_count : 1) * sizeof(*c->names));
	if (!c->arena || !c->nodes || !c->attrs || !c->names)
		goto oom;
	memcpy(c->nodes, t->nodes, t->count * sizeof(*c->nodes));
	memcpy(c->attrs, t->attrs, t->attr_total * sizeof(*c->attrs));
	memcpy(c->names, t->names, t->name_count * sizeof(*c->names));
	if (smart_strbuf_append(&path, "", 0))
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

			if (smart_strbuf_printf(&path, "/@%s", a->name))
				goto oom;
			fail = normalise_value(&nz, path.data, a->value, &v) != 0;
			if (!fail && v)
				a->value = v;
			path.len = len;
			path.data[len] = '\0';
		}
	}
	smart_strbuf_free(&path);
	free(ends);
	if (fail) {
		smart_tree_free(c);
		return NULL;
	}
	return c;
oom:
	smart_strbuf_free(&path);
	free(ends);
	if (c) {
		c->arena = nz.arena;
		smart_tree_free(c);
	}
	smart_error_oom(err);
	return NULL;
}
