/*
 * DiffX: aligns two document trees and derives the edit script that turns
 * the old one into the new one (DESIGN §6; Al-Ekram, Adma and Baysal 2005,
 * as adapted by SMART §3.1–3.2).
 *
 * Only content nodes take part (document, elements, text; see
 * smart_node_is_content): comments and processing instructions are neither
 * matched nor edited.
 *
 * This header is the contract between diffx/ and everything above it
 * (features, patch, the CLI). Fields may be added; none may change meaning.
 */
#ifndef SMART_DIFFX_H
#define SMART_DIFFX_H

#include <stddef.h>
#include <stdint.h>

#include "smart/error.h"
#include "smart/tree.h"

typedef enum smart_op_kind {
	SMART_OP_MOVE = 0,     /* a matched subtree root whose parents are not
	                        * matched to each other, or that falls outside
	                        * the LCS of its siblings */
	SMART_OP_INSERT,       /* root of a maximal subtree of unmatched new nodes */
	SMART_OP_DELETE,       /* root of a maximal subtree of unmatched old nodes */
	SMART_OP_UPDATE,       /* matched text nodes whose text differs */
	SMART_OP_ATTR_INSERT,  /* attribute on the new element only */
	SMART_OP_ATTR_DELETE,  /* attribute on the old element only */
	SMART_OP_ATTR_CHANGE   /* same attribute name, different value */
} smart_op_kind;

typedef struct smart_edit_op {
	smart_op_kind kind;
	uint32_t old_node;     /* the node in the old tree; SMART_NONE for insert */
	uint32_t new_node;     /* the node in the new tree; SMART_NONE for delete */
	uint32_t subtree_size; /* content nodes in the subtree: move, the whole
	                        * old subtree; insert and delete, only its
	                        * unmatched nodes (matched nodes inside arrive or
	                        * leave by moves of their own); 1 for the other
	                        * kinds */
	const char *attr_name; /* attribute operations only, else NULL */
	const char *old_value; /* update: old text; attr-delete/-change: old value */
	const char *new_value; /* update: new text; attr-insert/-change: new value */
} smart_edit_op;

/* Counts in nodes, as `smart diff --json` prints them. */
typedef struct smart_diff_summary {
	uint32_t moves;             /* content nodes in moved subtrees */
	uint32_t inserts;           /* content nodes inserted */
	uint32_t deletes;           /* content nodes deleted (not those that
	                             * leave a deleted subtree by a move) */
	uint32_t updates;           /* text nodes whose text changed */
	uint32_t attribute_changes; /* attribute inserts + deletes + changes */
} smart_diff_summary;

typedef struct smart_diff {
	const smart_tree *old_tree; /* borrowed: must outlive the diff */
	const smart_tree *new_tree; /* borrowed: must outlive the diff */
	uint32_t *old_to_new;  /* per old node: its matched new node or SMART_NONE */
	uint32_t *new_to_old;  /* per new node: its matched old node or SMART_NONE */
	smart_edit_op *ops;    /* in a stable order: deletes in old pre-order,
	                        * then inserts and moves interleaved in new
	                        * pre-order (of the inserted / moved node), then
	                        * updates and attribute changes in old pre-order */
	size_t op_count;
	smart_diff_summary summary;
} smart_diff;

/* Aligns `old_tree` with `new_tree` and computes the edit script.
 * Returns a new diff (free with smart_diff_free) or NULL with `err` set.
 * The trees are borrowed and must outlive the diff. */
smart_diff *smart_diffx(const smart_tree *old_tree, const smart_tree *new_tree,
			smart_error *err);

/* Frees a diff; NULL is allowed. */
void smart_diff_free(smart_diff *diff);

/* True when the diff has no operations (the trees are equal in canonical
 * form, see smart_tree_equal). */
int smart_diff_is_empty(const smart_diff *diff);

/* The operation's name as written in scripts: "move", "insert", "delete",
 * "update", "attr-insert", "attr-delete", "attr-change". */
const char *smart_op_name(smart_op_kind kind);

/* The script as the JSON object of docs/script-format.md. Returns a new
 * cJSON tree (free with cJSON_Delete) or NULL with `err` set. An inserted
 * subtree nested deeper than SMART_SCRIPT_MAX_DEPTH levels is written as
 * several insert operations, so every script stays within the nesting limit
 * of JSON parsers (cJSON refuses more than 1000 levels). */
#define SMART_SCRIPT_MAX_DEPTH 200
struct cJSON;
struct cJSON *smart_diff_to_json(const smart_diff *diff, smart_error *err);

/* The same, printed on one line into a new string (free with free()). */
char *smart_diff_to_json_string(const smart_diff *diff, smart_error *err);

#endif
