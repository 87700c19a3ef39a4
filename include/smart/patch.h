/*
 * Edit scripts read back from JSON, and applying them: `smart patch`.
 *
 * The JSON format is docs/script-format.md (what `smart diff --json`
 * writes). smart_script_parse reads it into the flat structure below;
 * smart_patch applies a script to an old tree and returns the new tree,
 * which smart_tree_write turns into a document. The promise:
 * smart_tree_equal(smart_patch(old, diff(old, new)), new).
 */
#ifndef SMART_PATCH_H
#define SMART_PATCH_H

#include <stddef.h>
#include <stdint.h>

#include "smart/diffx.h"
#include "smart/error.h"
#include "smart/tree.h"

/* One step of a path: an element name or text() (name NULL), and the
 * 1-based position among same-named content siblings (0 when the path left
 * it out because the name is unique among the siblings). */
typedef struct smart_path_step {
	const char *name;
	uint32_t position;
} smart_path_step;

/* A path as a run of steps in smart_script.steps; no steps is "/". */
typedef struct smart_script_path {
	const char *text;    /* as written in the script, for messages */
	uint32_t first;
	uint32_t count;
} smart_script_path;

/* A node of inserted content, in pre-order in smart_script.nodes; the
 * subtree of node i is [i, i + size). */
typedef struct smart_script_node {
	smart_node_kind kind; /* SMART_NODE_ELEMENT or SMART_NODE_TEXT */
	const char *name;     /* element name; NULL for text */
	const char *text;     /* text; NULL for elements */
	uint32_t attr_first;  /* attributes in smart_script.attrs */
	uint32_t attr_count;
	uint32_t size;
} smart_script_node;

typedef struct smart_script_op {
	smart_op_kind kind;
	smart_script_path path;   /* old tree; new tree for insert */
	smart_script_path parent; /* insert, move: new parent */
	uint32_t index;           /* insert, move: among the parent's content children */
	uint32_t subtree_size;    /* 0 when the script left it out */
	const char *attr_name;    /* attribute operations */
	const char *old_value;    /* update, attr-delete, attr-change */
	const char *new_value;    /* update, attr-insert, attr-change */
	uint32_t content;         /* insert: its root in smart_script.nodes */
} smart_script_op;

/* A parsed script. Owns everything it points to; free with
 * smart_script_free. */
typedef struct smart_script {
	const char *name;         /* file name, for messages */
	smart_script_op *ops;
	size_t op_count;
	smart_path_step *steps;
	uint32_t step_count;
	smart_script_node *nodes;
	uint32_t node_count;
	smart_attr *attrs;
	uint32_t attr_count;
	struct smart_arena *arena;
} smart_script;

/* Reads a script from `len` bytes of JSON. `name` names it in messages.
 * Returns a new script or NULL with `err` set to one line such as
 * "s.json: operation 3: 'index' must be a non-negative integer". */
smart_script *smart_script_parse(const char *json, size_t len,
				 const char *name, smart_error *err);

/* Reads and parses a script file. */
smart_script *smart_script_parse_file(const char *path, smart_error *err);

/* Frees a script; NULL is allowed. */
void smart_script_free(smart_script *script);

/* Applies `script` to `old` (which it does not change) and returns the new
 * tree (free with smart_tree_free), in old's format, or NULL with `err` set
 * to one line naming the script, the operation index and the cause (a path
 * that does not resolve, an index out of range, a text or attribute value
 * that is not what the script expects). Comments and processing
 * instructions of the old tree stay where they were, or go with their
 * moved or deleted subtree; they never count in paths or indexes. */
smart_tree *smart_patch(const smart_tree *old, const smart_script *script,
			smart_error *err);

#endif
