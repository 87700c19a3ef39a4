/*
 * Internals of the tree builder, shared by tree_build.c (the walk over
 * libxml2's tree that emits the nodes, and the pass that finishes the
 * array) and tree_build_store.c (what the nodes point to: interned names,
 * clean text in the arena, and sorted attribute sets).
 */
#ifndef SMART_DIFFX_TREE_BUILD_H
#define SMART_DIFFX_TREE_BUILD_H

#include "tree_internal.h"
#include "common/strbuf.h"

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

/* Returns the id of `name` in this tree, adding it when new; SMART_NONE when
 * out of memory (tree_build_store.c). */
uint32_t tree_build_intern_name(builder *b, const char *name);

/* Copies `len` bytes of text into the arena as clean UTF-8 (collapsing
 * white space when `collapse`); its length into *out_len when given. NULL
 * when out of memory. */
const char *tree_build_store_text(builder *b, const char *s, size_t len,
				  int collapse, uint32_t *out_len);

/* Writes "prefix:local" (or "local") into `out`; sets *oom when out of
 * memory. */
void tree_build_qualified_name(const xmlNs *ns, const xmlChar *local,
			       smart_strbuf *out, int *oom);

/* Adds the attributes of libxml2 element x to node `index` as a set sorted
 * by name; 0, or -1 when out of memory. */
int tree_build_add_attributes(builder *b, uint32_t index, const xmlNode *x);

#endif
