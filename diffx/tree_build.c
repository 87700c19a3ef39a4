/*
 * Flattening libxml2's pointer tree into the pre-order node array of
 * include/smart/tree.h. One pass with an explicit stack emits the nodes;
 * a second pass (finish_tree) fills in subtree sizes and sibling positions.
 */
#include "tree_internal.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/array.h"
#include "../common/arena.h"
#include "text.h"

typedef struct frame {
	uint32_t index;      /* our node for this libxml2 element */
	uint32_t last_child; /* our last child emitted so far */
	xmlNodePtr next;     /* next libxml2 child still to visit */
	int preserve;        /* inside <pre> and friends: keep white space */
} frame;

typedef struct builder {
	smart_tree *tree;
	uint32_t node_cap;
	uint32_t attr_cap;
	uint32_t name_cap;
	uint32_t *name_slots; /* open-addressing table of name_id + 1 */
	uint32_t slot_count;
	frame *stack;
	size_t depth;
	size_t stack_cap;
	smart_strbuf pending; /* raw text waiting to become one text node */
	smart_strbuf scratch;
} builder;

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
static uint32_t intern_name(builder *b, const char *name)
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
	if (t->name_count == b->name_cap) {
		uint32_t cap = b->name_cap ? b->name_cap * 2 : 32;
		const char **names = realloc(t->names, cap * sizeof(*names));

		if (!names)
			return SMART_NONE;
		t->names = names;
		b->name_cap = cap;
	}
	t->names[t->name_count] = smart_arena_strndup(t->arena, name, strlen(name));
	if (!t->names[t->name_count])
		return SMART_NONE;
	b->name_slots[s] = t->name_count + 1;
	return t->name_count++;
}

/* Copies `len` bytes of text into the arena as clean UTF-8. */
static const char *store_text(builder *b, const char *s, size_t len,
			      int collapse, uint32_t *out_len)
{
	const char *copy;

	b->scratch.len = 0;
	if (text_clean(&b->scratch, s, len, collapse) < 0)
		return NULL;
	copy = smart_arena_strndup(b->tree->arena,
				   b->scratch.data ? b->scratch.data : "",
				   b->scratch.len);
	if (out_len)
		*out_len = (uint32_t)b->scratch.len;
	return copy;
}

/* Appends a node under the top frame; returns its index or SMART_NONE. */
static uint32_t emit_node(builder *b, smart_node_kind kind, const char *name)
{
	smart_tree *t = b->tree;
	frame *parent = b->depth ? &b->stack[b->depth - 1] : NULL;
	smart_node *node;
	uint32_t index = t->count;
	uint32_t name_id;
	const char *clean_name;

	if (t->count == b->node_cap) {
		uint32_t cap = b->node_cap ? b->node_cap * 2 : 256;
		smart_node *nodes;

		if (cap <= b->node_cap)
			return SMART_NONE;
		nodes = realloc(t->nodes, (size_t)cap * sizeof(*nodes));
		if (!nodes)
			return SMART_NONE;
		t->nodes = nodes;
		b->node_cap = cap;
	}
	clean_name = store_text(b, name, strlen(name), 0, NULL);
	if (!clean_name)
		return SMART_NONE;
	name_id = intern_name(b, clean_name);
	if (name_id == SMART_NONE)
		return SMART_NONE;
	node = &t->nodes[index];
	memset(node, 0, sizeof(*node));
	node->kind = kind;
	node->name = t->names[name_id];
	node->name_id = name_id;
	node->parent = parent ? parent->index : SMART_NONE;
	node->first_child = SMART_NONE;
	node->next_sibling = SMART_NONE;
	node->attr_first = t->attr_total;
	node->size = 1;
	if (parent) {
		smart_node *p = &t->nodes[parent->index];

		node->depth = p->depth + 1;
		node->index_in_parent = p->child_count++;
		if (parent->last_child == SMART_NONE)
			p->first_child = index;
		else
			t->nodes[parent->last_child].next_sibling = index;
		parent->last_child = index;
	}
	t->count++;
	return index;
}

/* Turns the text gathered for the top frame into one text node, if it is
 * more than white space. */
static int flush_text(builder *b)
{
	frame *top = &b->stack[b->depth - 1];
	uint32_t index, len;
	const char *text;

	if (b->pending.len == 0)
		return 0;
	if (text_is_blank(b->pending.data, b->pending.len)) {
		b->pending.len = 0;
		return 0;
	}
	text = store_text(b, b->pending.data, b->pending.len, !top->preserve, &len);
	b->pending.len = 0;
	if (!text)
		return -1;
	index = emit_node(b, SMART_NODE_TEXT, "#text");
	if (index == SMART_NONE)
		return -1;
	b->tree->nodes[index].text = text;
	b->tree->nodes[index].text_len = len;
	return 0;
}

static int push_frame(builder *b, uint32_t index, xmlNodePtr first, int preserve)
{
	if (smart_array_reserve((void **)&b->stack, &b->stack_cap, b->depth, sizeof(*b->stack),
				64) < 0)
		return -1;
	b->stack[b->depth++] = (frame){ index, SMART_NONE, first, preserve };
	return 0;
}

/* Writes "prefix:local" (or "local") into scratch-free storage of `out`. */
static void qualified_name(const xmlNs *ns, const xmlChar *local, smart_strbuf *out,
			   int *oom)
{
	out->len = 0;
	if (ns && ns->prefix) {
		*oom |= smart_strbuf_append(out, (const char *)ns->prefix,
					    strlen((const char *)ns->prefix)) < 0;
		*oom |= smart_strbuf_append(out, ":", 1) < 0;
	}
	*oom |= smart_strbuf_append(out, (const char *)local,
				    strlen((const char *)local)) < 0;
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

static int add_attribute(builder *b, const xmlAttr *a)
{
	smart_tree *t = b->tree;
	smart_strbuf name = { 0 }, value = { 0 };
	smart_attr *slot;
	int oom = 0;

	qualified_name(a->ns, a->name, &name, &oom);
	/* Walk the value's children ourselves: libxml2's helpers would expand
	 * entity references, which is how "billion laughs" explodes. */
	for (const xmlNode *v = a->children; v && !oom; v = v->next) {
		if (v->type == XML_TEXT_NODE && v->content) {
			oom |= smart_strbuf_append(&value, (const char *)v->content,
						   strlen((const char *)v->content)) < 0;
		} else if (v->type == XML_ENTITY_REF_NODE) {
			oom |= smart_strbuf_append(&value, "&", 1) < 0;
			oom |= smart_strbuf_append(&value, (const char *)v->name,
						   strlen((const char *)v->name)) < 0;
			oom |= smart_strbuf_append(&value, ";", 1) < 0;
		}
	}
	if (!oom && t->attr_total == b->attr_cap) {
		uint32_t cap = b->attr_cap ? b->attr_cap * 2 : 64;
		smart_attr *attrs = realloc(t->attrs, cap * sizeof(*attrs));

		if (attrs) {
			t->attrs = attrs;
			b->attr_cap = cap;
		} else {
			oom = 1;
		}
	}
	if (!oom) {
		slot = &t->attrs[t->attr_total];
		slot->name = store_text(b, name.data ? name.data : "", name.len, 0, NULL);
		slot->value = store_text(b, value.data ? value.data : "", value.len, 0, NULL);
		oom = !slot->name || !slot->value;
		if (!oom)
			t->attr_total++;
	}
	smart_strbuf_free(&name);
	smart_strbuf_free(&value);
	return oom ? -1 : 0;
}

/* Adds the element's attributes as a set sorted by name, first one winning
 * among duplicates. */
static int add_attributes(builder *b, uint32_t index, const xmlNode *x)
{
	smart_tree *t = b->tree;
	uint32_t first = t->attr_total, kept = 0;

	for (const xmlAttr *a = x->properties; a; a = a->next)
		if (add_attribute(b, a) < 0)
			return -1;
	if (t->attr_total == first)
		return 0;
	qsort(t->attrs + first, t->attr_total - first, sizeof(smart_attr),
	      compare_attrs);
	for (uint32_t i = first; i < t->attr_total; i++)
		if (kept == 0 || strcmp(t->attrs[first + kept - 1].name,
					t->attrs[i].name) != 0)
			t->attrs[first + kept++] = t->attrs[i];
	t->attr_total = first + kept;
	t->nodes[index].attr_first = first;
	t->nodes[index].attr_count = kept;
	return 0;
}

static int keeps_white_space(const char *name)
{
	return strcasecmp(name, "pre") == 0 || strcasecmp(name, "textarea") == 0 ||
	       strcasecmp(name, "script") == 0 || strcasecmp(name, "style") == 0 ||
	       strcasecmp(name, "listing") == 0 || strcasecmp(name, "plaintext") == 0;
}

static int visit_element(builder *b, xmlNodePtr x)
{
	frame *top = &b->stack[b->depth - 1];
	int preserve = top->preserve;
	int oom = 0;
	uint32_t index;

	if (flush_text(b) < 0)
		return -1;
	qualified_name(x->ns, x->name, &b->pending, &oom);
	if (oom)
		return -1;
	index = emit_node(b, SMART_NODE_ELEMENT, b->pending.data);
	b->pending.len = 0;
	if (index == SMART_NONE || add_attributes(b, index, x) < 0)
		return -1;
	preserve |= keeps_white_space(b->tree->nodes[index].name);
	return push_frame(b, index, x->children, preserve);
}

/* Comments and processing instructions: kept, marked by kind. */
static int visit_marker(builder *b, xmlNodePtr x, smart_node_kind kind)
{
	const char *content = x->content ? (const char *)x->content : "";
	uint32_t index, len;
	const char *text;

	if (flush_text(b) < 0)
		return -1;
	text = store_text(b, content, strlen(content), 0, &len);
	if (!text)
		return -1;
	index = emit_node(b, kind,
			  kind == SMART_NODE_COMMENT ? "#comment" : (const char *)x->name);
	if (index == SMART_NONE)
		return -1;
	b->tree->nodes[index].text = text;
	b->tree->nodes[index].text_len = len;
	return 0;
}

static int visit(builder *b, xmlNodePtr x)
{
	switch (x->type) {
	case XML_ELEMENT_NODE:
		return visit_element(b, x);
	case XML_TEXT_NODE:
	case XML_CDATA_SECTION_NODE:
		if (!x->content)
			return 0;
		return smart_strbuf_append(&b->pending, (const char *)x->content,
					   strlen((const char *)x->content));
	case XML_ENTITY_REF_NODE:
		if (smart_strbuf_append(&b->pending, "&", 1) < 0 ||
		    smart_strbuf_append(&b->pending, (const char *)x->name,
					strlen((const char *)x->name)) < 0)
			return -1;
		return smart_strbuf_append(&b->pending, ";", 1);
	case XML_COMMENT_NODE:
		return visit_marker(b, x, SMART_NODE_COMMENT);
	case XML_PI_NODE:
		return visit_marker(b, x, SMART_NODE_PI);
	default:
		return 0; /* DTDs, entity declarations, XInclude markers */
	}
}

/* Fills in subtree sizes (children come after parents, so one backward
 * pass accumulates them) and same-name sibling positions. Content nodes
 * are numbered among content siblings only, as script paths count them: a
 * processing instruction shares its target's interned name with elements
 * of that name (<?d?><d/>), and counting it made the element "d[2]", a
 * path patch cannot resolve (found by fuzzing). Comments and PIs are
 * numbered among themselves. */
static int finish_tree(smart_tree *t)
{
	uint32_t *seen_in = malloc(t->name_count * sizeof(uint32_t));
	uint32_t *seen_count = malloc(t->name_count * sizeof(uint32_t));

	if (!seen_in || !seen_count) {
		free(seen_in);
		free(seen_count);
		return -1;
	}
	for (uint32_t i = t->count; i-- > 1;)
		t->nodes[t->nodes[i].parent].size += t->nodes[i].size;
	for (int content = 1; content >= 0; content--) {
		for (uint32_t id = 0; id < t->name_count; id++)
			seen_in[id] = SMART_NONE;
		for (uint32_t p = 0; p < t->count; p++) {
			for (uint32_t c = t->nodes[p].first_child; c != SMART_NONE;
			     c = t->nodes[c].next_sibling) {
				uint32_t id = t->nodes[c].name_id;

				if (smart_node_is_content(&t->nodes[c]) != content)
					continue;
				if (seen_in[id] != p) {
					seen_in[id] = p;
					seen_count[id] = 0;
				}
				t->nodes[c].name_position = ++seen_count[id];
			}
			for (uint32_t c = t->nodes[p].first_child; c != SMART_NONE;
			     c = t->nodes[c].next_sibling)
				if (smart_node_is_content(&t->nodes[c]) == content)
					t->nodes[c].name_siblings = seen_count[t->nodes[c].name_id];
		}
	}
	t->nodes[0].name_position = 1;
	t->nodes[0].name_siblings = 1;
	assert(t->nodes[0].size == t->count);
	free(seen_in);
	free(seen_count);
	return 0;
}

static int build(builder *b, xmlDocPtr doc)
{
	b->depth = 0;
	if (emit_node(b, SMART_NODE_DOCUMENT, "#document") == SMART_NONE ||
	    push_frame(b, 0, doc ? doc->children : NULL, 0) < 0)
		return -1;
	while (b->depth > 0) {
		frame *top = &b->stack[b->depth - 1];
		xmlNodePtr x = top->next;

		if (!x) {
			if (flush_text(b) < 0)
				return -1;
			b->depth--;
			continue;
		}
		top->next = x->next;
		if (visit(b, x) < 0)
			return -1;
	}
	return finish_tree(b->tree);
}

smart_tree *tree_from_libxml(xmlDocPtr doc, smart_format format,
			     const char *name, smart_error *err)
{
	builder b = { 0 };
	smart_tree *tree = calloc(1, sizeof(*tree));

	if (!tree || !(tree->arena = smart_arena_new())) {
		free(tree);
		smart_error_set(err, "%s: out of memory", name);
		return NULL;
	}
	tree->format = format;
	b.tree = tree;
	if (build(&b, doc) < 0) {
		smart_error_set(err, "%s: out of memory while building the tree", name);
		smart_tree_free(tree);
		tree = NULL;
	}
	free(b.name_slots);
	free(b.stack);
	smart_strbuf_free(&b.pending);
	smart_strbuf_free(&b.scratch);
	return tree;
}
