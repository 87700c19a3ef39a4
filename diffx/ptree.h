/*
 * The mutable tree (ptree): a smart_tree's nodes copied into doubly linked
 * sibling lists, so that subtrees can be unlinked and relinked in O(1),
 * plus new nodes appended after them; smart__ptree_finish turns the result back
 * into an immutable smart_tree, normalised as a parsed document is.
 *
 * Internal to libsmart but shared between modules (docs/architecture.md,
 * "Headers shared between modules"; not in include/smart.h): diffx/patch.c
 * applies edit scripts with it, and profile/normalize.c drops and reorders
 * volatile children with it. Other library modules may include it as
 * "diffx/ptree.h"; the CLI and programs using libsmart may not (it changes
 * without notice).
 */
#ifndef SMART_DIFFX_PTREE_H
#define SMART_DIFFX_PTREE_H

#include <stdint.h>

#include "smart/patch.h"

enum { PNODE_KEPT = 0, PNODE_DELETED, PNODE_MOVED };

typedef struct pnode {
	smart_node_kind kind;
	const char *name;
	const char *text;
	const smart_attr *attrs; /* borrowed from the old tree or the script,
				  * or a modified copy in the patcher's arena */
	uint32_t attr_count;
	uint32_t parent, first, last, prev, next; /* SMART_NONE when absent */
	int state;               /* PNODE_* (old nodes) */
	uint32_t version;        /* bumped whenever its children change */
} pnode;

typedef struct ptree {
	pnode *nodes;     /* node 0 is the document */
	uint32_t count;
	size_t cap;
} ptree;

/* Copies `old` into `t` (empty). -1 when out of memory. */
int smart__ptree_init(ptree *t, const smart_tree *old);

/* Appends a new unlinked node; SMART_NONE when out of memory. */
uint32_t smart__ptree_add(ptree *t, smart_node_kind kind, const char *name,
		   const char *text, const smart_attr *attrs, uint32_t attr_count);

/* Unlinks node n (and its subtree) from its parent. */
void smart__ptree_unlink(ptree *t, uint32_t n);

/* Links the unlinked node n under `parent`, before `before` (a child of
 * parent) or last when `before` is SMART_NONE. */
void smart__ptree_link(ptree *t, uint32_t parent, uint32_t before, uint32_t n);

/* Builds the finished smart_tree (format `format`) from the nodes reachable
 * from the document node; NULL with `err` set. */
smart_tree *smart__ptree_finish(const ptree *t, smart_format format, const char *name,
			 smart_error *err);

void smart__ptree_release(ptree *t);

#endif
