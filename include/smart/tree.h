/*
 * The document tree: an HTML or XML document parsed by libxml2 and flattened
 * into a compact, immutable array of nodes in document (pre-order) order.
 *
 * Node 0 is always the synthetic document node ("#document"); the subtree of
 * node i is exactly the index range [i, i + nodes[i].size). Every traversal in
 * the project is iterative over these indices, because real documents nest
 * far deeper than a C stack allows.
 *
 * What the tree keeps, and why:
 *  - elements, with their attributes as a set sorted by name (the first of
 *    duplicate names wins, as in browsers);
 *  - text, with white space collapsed as a browser displays it (runs of white
 *    space become one space, leading and trailing space trimmed), except
 *    inside <pre>, <textarea>, <script>, <style> where it is kept as written;
 *    white-space-only text is dropped; adjacent text is merged; CDATA is text;
 *    invalid UTF-8 is replaced by U+FFFD so that every string is valid UTF-8;
 *  - comments and processing instructions, marked by their kind so that later
 *    stages (DiffX, features, canonical equality) can skip them;
 *  - unexpanded XML entity references as text "&name;" (entities are never
 *    expanded or loaded).
 */
#ifndef SMART_TREE_H
#define SMART_TREE_H

#include <stddef.h>
#include <stdint.h>

#include "smart/error.h"

#define SMART_NONE UINT32_MAX

/* One document of a pair: its bytes and the name its errors carry. */
typedef struct smart_document {
	const char *data;
	size_t len;
	const char *name;
} smart_document;

typedef enum smart_node_kind {
	SMART_NODE_DOCUMENT = 0,
	SMART_NODE_ELEMENT,
	SMART_NODE_TEXT,
	SMART_NODE_COMMENT,
	SMART_NODE_PI
} smart_node_kind;

typedef enum smart_format {
	SMART_FORMAT_AUTO = 0, /* sniff: XML if it starts like XML and is not XHTML/HTML */
	SMART_FORMAT_HTML,
	SMART_FORMAT_XML
} smart_format;

typedef struct smart_attr {
	const char *name;
	const char *value;
} smart_attr;

typedef struct smart_node {
	smart_node_kind kind;
	uint32_t parent;       /* SMART_NONE for node 0 */
	uint32_t first_child;  /* SMART_NONE when there are no children */
	uint32_t next_sibling; /* SMART_NONE for the last child */
	uint32_t child_count;
	uint32_t index_in_parent; /* 0-based position among all siblings */
	uint32_t depth;        /* 0 for the document node */
	uint32_t size;         /* nodes in the subtree, this one included */
	const char *name;      /* tag (HTML: lower case), "#text", "#comment",
	                        * PI target, "#document"; interned, so two nodes
	                        * of one tree have the same name exactly when
	                        * their name pointers (and name_ids) are equal */
	uint32_t name_id;      /* index into smart_tree.names */
	uint32_t name_position;/* 1-based position among the siblings with the
	                        * same name (the [k] of the node's path) */
	uint32_t name_siblings;/* how many siblings (this one included) share
	                        * the name; the path omits [k] when it is 1 */
	uint32_t text_len;     /* strlen(text), 0 when text is NULL (placed
	                        * here, between the pointers, so that the node
	                        * has no padding: 72 bytes, not 80) */
	const char *text;      /* text, comment or PI content; NULL otherwise */
	uint32_t attr_first;   /* index into smart_tree.attrs */
	uint32_t attr_count;
} smart_node;

typedef struct smart_tree smart_tree;

struct smart_tree {
	smart_node *nodes;
	uint32_t count;
	smart_attr *attrs;
	uint32_t attr_total;
	const char **names;  /* the interned names, indexed by name_id */
	uint32_t name_count;
	smart_format format; /* the parser actually used */
	const char *doctype; /* the document type declaration as written back
	                      * ("<!DOCTYPE html>"), or NULL when the document
	                      * has none; not compared by diff or equality */
	struct smart_arena *arena; /* owns every string; internal */
};

/* Parses `len` bytes of `data` (need not be NUL-terminated) as `format` and
 * builds a tree. `name` is used in error messages (usually the file path).
 * Returns a new tree (free with smart_tree_free) or NULL with `err` set.
 * HTML never fails on content: it is recovered as browsers do. XML fails on
 * documents that are not well-formed, with the line of the first error. */
smart_tree *smart_tree_parse(const char *data, size_t len, smart_format format,
			     const char *name, smart_error *err);

/* Sets up, once for the process, what every parse shares (libxml2's
 * xmlInitParser, its entity loader and error handler). smart_tree_parse
 * does it itself; a caller that parses on threads it starts calls it
 * first, before they start, as libxml2 asks of threaded programs. */
void smart_tree_parse_init(void);

/* Reads and parses a file (at most SMART_TREE_MAX_FILE bytes). */
#define SMART_TREE_MAX_FILE ((size_t)512 * 1024 * 1024)
smart_tree *smart_tree_parse_file(const char *path, smart_format format,
				  smart_error *err);

/* Frees a tree; NULL is allowed. */
void smart_tree_free(smart_tree *tree);

/* A copy of `t` without the subtrees rooted at the nodes whose drop[i] is
 * set (node 0 is always kept), its nodes renumbered in pre-order and their
 * sizes and sibling positions recomputed; strings are borrowed from `t`,
 * which must outlive the copy. *raw_of (free()) receives, per node of the
 * copy, its index in `t`. NULL with `err` set when out of memory. */
smart_tree *smart_tree_prune(const smart_tree *t, const unsigned char *drop, uint32_t **raw_of,
			     smart_error *err);

/* Guesses the format of a document from its first bytes. */
smart_format smart_format_sniff(const char *data, size_t len);

/* True for the node kinds that DiffX, features and equality look at
 * (document, element, text); comments and PIs are skipped. */
static inline int smart_node_is_content(const smart_node *node)
{
	return node->kind == SMART_NODE_DOCUMENT ||
	       node->kind == SMART_NODE_ELEMENT || node->kind == SMART_NODE_TEXT;
}

/* The attributes of `node` (node->attr_count of them, sorted by name). Never
 * NULL, even in a tree without any attribute (whose `attrs` is NULL), so
 * that `smart_node_attrs(t, n) + n->attr_count` is defined C: pointer
 * arithmetic on NULL is not, even adding 0. */
static inline const smart_attr *smart_node_attrs(const smart_tree *tree,
						 const smart_node *node)
{
	static const smart_attr none[1];

	return node->attr_count ? tree->attrs + node->attr_first : none;
}

/* Looks up an attribute of an element by exact name; NULL when absent. */
const smart_attr *smart_tree_attr(const smart_tree *tree, uint32_t node,
				  const char *name);

/* Writes the XPath-like path of `node` into buf, e.g.
 * "/html/body/div[2]/p" or "/html/body/p[3]/text()[2]"; positions count
 * same-named siblings (text nodes among text nodes), from 1, and are left out
 * when no sibling shares the name. The document node's path is "/". Returns the length the full path needs (like
 * snprintf), so a caller can detect truncation. */
size_t smart_tree_path(const smart_tree *tree, uint32_t node, char *buf,
		       size_t buf_size);

/* True when the two trees are equal in canonical form: same content nodes
 * (comments and PIs skipped) with the same names, texts and attribute sets in
 * the same order. */
int smart_tree_equal(const smart_tree *a, const smart_tree *b);

/* True when the two documents' type declarations differ: one has none, or
 * they differ other than in case (browsers read them case-blind). Equality
 * leaves the doctype out; a change of it is still a change of rendering
 * (quirks mode), which smart's features measure. */
int smart_tree_doctypes_differ(const smart_tree *a, const smart_tree *b);

#endif
