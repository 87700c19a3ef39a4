/*
 * What the built nodes point to: names interned per tree (an
 * open-addressing table of name ids), text copied into the tree's arena as
 * clean UTF-8, and each element's attributes as a set sorted by name.
 */
#include "tree_build.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/array.h"
#include "../common/arena.h"
#include "common/text.h"

#include <libxml/HTMLtree.h>

static uint32_t hash_name(const char *s)
{
	uint32_t h = 2166136261u;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

static int grow_name_table(builder *b)
{
	uint32_t count = b->slot_count ? b->slot_count * 2 : 64;
	uint32_t *slots = calloc(count, sizeof(*slots));

	if (!slots)
		return -1;
	for (uint32_t id = 0; id < b->tree->name_count; id++) {
		uint32_t s = hash_name(b->tree->names[id]) & (count - 1);

		while (slots[s])
			s = (s + 1) & (count - 1);
		slots[s] = id + 1;
	}
	free(b->name_slots);
	b->name_slots = slots;
	b->slot_count = count;
	return 0;
}

/* Returns the id of `name` in this tree, adding it when new; SMART_NONE when
 * out of memory. */
uint32_t smart__tree_build_intern_name(builder *b, const char *name)
{
	smart_tree *t = b->tree;
	uint32_t s;

	if ((t->name_count + 1) * 2 > b->slot_count && grow_name_table(b) < 0)
		return SMART_NONE;
	s = hash_name(name) & (b->slot_count - 1);
	while (b->name_slots[s]) {
		uint32_t id = b->name_slots[s] - 1;

		if (strcmp(t->names[id], name) == 0)
			return id;
		s = (s + 1) & (b->slot_count - 1);
	}
	if (smart__array_reserve((void **)&t->names, &b->name_cap, t->name_count,
				sizeof(*t->names), 32) < 0)
		return SMART_NONE;
	t->names[t->name_count] = smart__arena_strndup(t->arena, name, strlen(name));
	if (!t->names[t->name_count])
		return SMART_NONE;
	b->name_slots[s] = t->name_count + 1;
	return t->name_count++;
}

/* Copies `len` bytes of text into the arena as clean UTF-8. */
const char *smart__tree_build_store_text(builder *b, const char *s, size_t len,
				  int collapse, uint32_t *out_len)
{
	const char *copy;

	if (smart__text_is_clean(s, len, collapse)) {
		/* nearly every text and value: copied once, not cleaned into
		 * scratch first */
		if (out_len)
			*out_len = (uint32_t)len;
		return smart__arena_strndup(b->tree->arena, s, len);
	}
	b->scratch.len = 0;
	if (smart__text_clean(&b->scratch, s, len, collapse) < 0)
		return NULL;
	copy = smart__arena_strndup(b->tree->arena,
				   b->scratch.data ? b->scratch.data : "",
				   b->scratch.len);
	if (out_len)
		*out_len = (uint32_t)b->scratch.len;
	return copy;
}

/* Writes "prefix:local" (or "local") into scratch-free storage of `out`. */
void smart__tree_build_qualified_name(const xmlNs *ns, const xmlChar *local, smart_strbuf *out,
			       int *oom)
{
	out->len = 0;
	if (ns && ns->prefix) {
		*oom |= smart__strbuf_append(out, (const char *)ns->prefix,
					    strlen((const char *)ns->prefix)) < 0;
		*oom |= smart__strbuf_append(out, ":", 1) < 0;
	}
	*oom |= smart__strbuf_append(out, (const char *)local,
				    strlen((const char *)local)) < 0;
}

/* How an element keeps white space (tree_build.h, corpora/ANNOTATION.md
 * rule W): KEEP_LITERAL for preformatted blocks and the code-like inline elements
 * whose text is literal ("<code>a  b</code>" is not "a b", "<code> </code>"
 * is not "<code></code>"); KEEP_SPACES for scripts and styles, whose runs of
 * white space are kept but whose blank texts are layout; 0 elsewhere. */
static int keeps_white_space(const char *name)
{
	/* every element comes here: only the names with the first letter
	 * of one of these are compared (p, span, td: one or two looks) */
	static const char *const literal[26][3] = {
		['c' - 'a'] = { "code" }, ['k' - 'a'] = { "kbd" },  ['l' - 'a'] = { "listing" },
		['p' - 'a'] = { "pre", "plaintext" },              ['s' - 'a'] = { "samp" },
		['t' - 'a'] = { "textarea", "tt" },                 ['x' - 'a'] = { "xmp" },
	};
	int first = tolower((unsigned char)name[0]);

	if (first < 'a' || first > 'z')
		return 0;
	if (first == 's' && (strcasecmp(name, "script") == 0 || strcasecmp(name, "style") == 0))
		return KEEP_SPACES;
	for (size_t i = 0; i < 3 && literal[first - 'a'][i]; i++)
		if (strcasecmp(name, literal[first - 'a'][i]) == 0)
			return KEEP_LITERAL;
	return 0;
}

/* keeps_white_space of the element's name, remembered per name id (the
 * first 64 names; a page rarely has more) for the rest of the tree. */
int smart__tree_build_keeps(builder *b, uint32_t index)
{
	uint32_t id = b->tree->nodes[index].name_id;

	if (id >= sizeof(b->keeps))
		return keeps_white_space(b->tree->nodes[index].name);
	if (!b->keeps[id])
		b->keeps[id] = (unsigned char)(keeps_white_space(b->tree->nodes[index].name) + 1);
	return b->keeps[id] - 1;
}

/* Sizes the arrays for the page's counts (tree_build.h says why). */
void smart__tree_build_reserve(builder *b, const smart__page_counts *counts)
{
	smart_tree *t = b->tree;
	/* a tag takes at least two bytes ("<a"), so neither product nears
	 * SIZE_MAX; past 2^31 nodes emit_node refuses anyway */
	size_t nodes = 2 * counts->tags + 16, attrs = counts->attributes + 16;
	void *grown;

	if (nodes > b->node_cap && nodes < UINT32_C(1) << 31 &&
	    (grown = realloc(t->nodes, nodes * sizeof(*t->nodes)))) {
		t->nodes = grown;
		b->node_cap = nodes;
	}
	if (attrs > b->attr_cap && attrs < UINT32_C(1) << 31 &&
	    (grown = realloc(t->attrs, attrs * sizeof(*t->attrs)))) {
		t->attrs = grown;
		b->attr_cap = attrs;
	}
}

static int compare_attrs(const void *a, const void *b)
{
	const smart_attr *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	/* Equal names keep document order (the earlier is a lower address). */
	if (c == 0)
		return x < y ? -1 : (x > y);
	return c;
}

int smart__tree_build_attribute(builder *b, const char *name, size_t name_len, const char *value,
				size_t value_len)
{
	smart_tree *t = b->tree;
	smart_attr *slot;

	if (t->attr_total == b->attr_cap &&
	    smart__array_reserve((void **)&t->attrs, &b->attr_cap, t->attr_total,
				 sizeof(*t->attrs), 64) < 0)
		return -1;
	slot = &t->attrs[t->attr_total];
	slot->name = smart__tree_build_store_text(b, name, name_len, 0, NULL);
	slot->value = smart__tree_build_store_text(b, value, value_len, 0, NULL);
	if (!slot->name || !slot->value)
		return -1;
	t->attr_total++;
	return 0;
}

static int add_attribute(builder *b, const xmlAttr *a)
{
	smart_strbuf name = { 0 }, value = { 0 };
	const xmlNode *only = a->children;
	int oom = 0;

	/* Nearly every attribute: no prefix, and a value of one text node
	 * (or none). Stored from libxml2's own strings, with no buffers. */
	if (!(a->ns && a->ns->prefix) && (!only || (!only->next && only->type == XML_TEXT_NODE))) {
		const char *n = (const char *)a->name;
		const char *v = only && only->content ? (const char *)only->content : "";

		return smart__tree_build_attribute(b, n, strlen(n), v, strlen(v));
	}
	smart__tree_build_qualified_name(a->ns, a->name, &name, &oom);
	/* Walk the value's children ourselves: libxml2's helpers would expand
	 * entity references, which is how "billion laughs" explodes. */
	for (const xmlNode *v = a->children; v && !oom; v = v->next) {
		if (v->type == XML_TEXT_NODE && v->content) {
			oom |= smart__strbuf_append(&value, (const char *)v->content,
						   strlen((const char *)v->content)) < 0;
		} else if (v->type == XML_ENTITY_REF_NODE) {
			oom |= smart__strbuf_append(&value, "&", 1) < 0;
			oom |= smart__strbuf_append(&value, (const char *)v->name,
						   strlen((const char *)v->name)) < 0;
			oom |= smart__strbuf_append(&value, ";", 1) < 0;
		}
	}
	if (!oom)
		oom = smart__tree_build_attribute(b, name.data ? name.data : "", name.len,
						  value.data ? value.data : "", value.len) < 0;
	smart__strbuf_free(&name);
	smart__strbuf_free(&value);
	return oom ? -1 : 0;
}

int smart__tree_build_sort_attributes(builder *b, uint32_t index, uint32_t first)
{
	smart_tree *t = b->tree;
	uint32_t kept = 0;

	if (t->attr_total == first)
		return 0;
	if (t->attr_total == first + 1) { /* one attribute: already a sorted set */
		t->nodes[index].attr_first = first;
		t->nodes[index].attr_count = 1;
		return 0;
	}
	if (t->attr_total == first + 2) {
		/* two attributes, the commonest set of several: one comparison
		 * where qsort cost about a hundred instructions more (the order
		 * is compare_attrs's: by name, equal names in document order) */
		smart_attr *two = t->attrs + first;

		if (strcmp(two[0].name, two[1].name) > 0) {
			smart_attr swap = two[0];

			two[0] = two[1];
			two[1] = swap;
		}
	} else {
		qsort(t->attrs + first, t->attr_total - first, sizeof(smart_attr),
		      compare_attrs);
	}
	for (uint32_t i = first; i < t->attr_total; i++)
		if (kept == 0 || strcmp(t->attrs[first + kept - 1].name,
					t->attrs[i].name) != 0)
			t->attrs[first + kept++] = t->attrs[i];
	t->attr_total = first + kept;
	t->nodes[index].attr_first = first;
	t->nodes[index].attr_count = kept;
	return 0;
}

/* Adds the element's attributes as a set sorted by name, first one winning
 * among duplicates. */
int smart__tree_build_add_attributes(builder *b, uint32_t index, const xmlNode *x)
{
	uint32_t first = b->tree->attr_total;

	for (const xmlAttr *a = x->properties; a; a = a->next)
		if (add_attribute(b, a) < 0)
			return -1;
	return smart__tree_build_sort_attributes(b, index, first);
}

/* The attributes of an HTML element as libxml2's SAX start tag gives them,
 * name and value pairs, NULL-ended, the value NULL when the tag gives
 * none. Each is stored as libxml2's own tree would hold it (SAX2.c,
 * xmlSAX2AttributeInternal for HTML): the name as written, the value as
 * given, a missing value the name itself for HTML's boolean attributes
 * ("checked") and else empty. 0, or -1 when out of memory. */
int smart__tree_build_add_sax_attributes(builder *b, uint32_t index, const xmlChar **atts)
{
	uint32_t first = b->tree->attr_total;

	for (size_t i = 0; atts && atts[i]; i += 2) {
		const char *name = (const char *)atts[i];
		const char *value = (const char *)atts[i + 1];

		if (!value)
			value = htmlIsBooleanAttr(atts[i]) ? name : "";
		if (smart__tree_build_attribute(b, name, strlen(name), value, strlen(value)) < 0)
			return -1;
	}
	return smart__tree_build_sort_attributes(b, index, first);
}
