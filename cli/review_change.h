/*
 * `smart review --by-change` (docs/review.md): the flagged pairs grouped by
 * the residual changes (change signatures, smart/signature.h) they share,
 * the largest group first, one key deciding a whole group. Split by
 * concept: review_group.c keeps the decisions and says which group comes
 * next, review_change.c draws a group with the change highlighted in its
 * pairs' text, review_remember.c writes what was decided to .smart/
 * (accepted changes, labels), review_bychange.c is the key loop.
 * Internal to the front end.
 */
#ifndef SMART_CLI_REVIEW_CHANGE_H
#define SMART_CLI_REVIEW_CHANGE_H

#include "review.h"
#include "smart/change_group.h"
#include "smart/signature.h"

typedef enum { BC_ACCEPT, BC_ACCEPT_ALL, BC_ACCEPT_EXACT, BC_REJECT, BC_SPLIT } bc_kind;

/* One decision: changes accepted (the group's class with what every pair
 * holds, or every change of the group), a group rejected or split, for
 * its whole group (pair SIZE_MAX) or, once split, for one pair. */
typedef struct bc_decision {
	bc_kind kind;          /* BC_ACCEPT_ALL and BC_ACCEPT_EXACT are kept as BC_ACCEPT */
	int exact;             /* accept: the changes by id alone, not their class */
	uint64_t key;          /* the group's class */
	smart_signature *sigs; /* accept: the changes accepted */
	size_t n_sigs;
	size_t pair;           /* SIZE_MAX, or the item (split groups) */
	size_t *members;       /* the group's items (accept: those holding the
	                        * class; reject: labelled inspect; split: to
	                        * decide one by one) */
	size_t n_members;
	char **records;        /* reject: each member's label record, once made */
} bc_decision;

/* A group (smart/change_group.h): the undecided flagged pairs holding an
 * unaccepted change of one class, and the changes they hold. */
typedef struct bc_group {
	smart_signature sig;  /* the class's change in members[0], as shown */
	size_t pair;          /* SIZE_MAX, or the one item of a split group */
	size_t *members;      /* items, in review order */
	size_t n;
	smart_change_group g; /* the class, and the changes: g.changes[0 ..
	                       * n_key) the class's, then n_shared every
	                       * member holds, then the rest */
} bc_group;

/* The review by change: the suite, its decisions, and what they settled. */
typedef struct bc_review {
	review_suite *s;
	bc_decision *d;
	size_t n, cap;
	unsigned char *state; /* per item: BC_OPEN, BC_IGNORED, BC_REJECTED */
	smart_group_pair *pairs; /* per item: its changes, as grouping reads them */
	uint64_t *ids;        /* what pairs point into */
	size_t ungrouped;     /* flagged pairs with no signature to group by
	                       * (not classified, no residual change) */
} bc_review;

enum { BC_OPEN, BC_IGNORED, BC_REJECTED, BC_OUTSIDE };

/* ---- review_group.c ---- */

/* Starts a review of the suite (collected with signatures). 0, or -1 when
 * out of memory. */
int bc_init(bc_review *r, review_suite *s, smart_error *err);
void bc_free(bc_review *r);

/* The group to decide next into *g (members allocated; bc_group_free):
 * the pairs of a split group one at a time, else the change held by the
 * most undecided pairs. 1, 0 when every group is decided, -1 when out of
 * memory. */
int bc_next(bc_review *r, bc_group *g, smart_error *err);
void bc_group_free(bc_group *g);

/* How many groups and pairs are still undecided (the groups as a
 * reviewer accepting each whole would meet them). */
void bc_left(const bc_review *r, size_t *groups, size_t *pairs);

/* The groups still undecided, as a reviewer accepting each whole would
 * meet them (smart_change_groups_plan): the report's and --list's. 0, or
 * -1 with `err` set. */
int bc_plan(const bc_review *r, smart_change_group **out, size_t *n, smart_error *err);

/* The signature of change `id` in item i's set, or NULL. */
const smart_signature *bc_signature(const bc_review *r, size_t i, uint64_t id);

/* The signature of change `id` in the first of the items that holds it. */
const smart_signature *bc_find(const bc_review *r, const size_t *items, size_t n, uint64_t id);

/* Decides group g (taking its members): accept its class (and what every
 * member holds), accept all its changes, accept exactly the changes of
 * its class that its member `shown` holds (BC_ACCEPT_EXACT: by id, not
 * class: a change of the class elsewhere stays flagged), reject or
 * split. 0, or -1 when out of memory. */
int bc_decide(bc_review *r, bc_kind kind, bc_group *g, size_t shown, smart_error *err);

/* Takes back the last decision; 0 when there was none. */
int bc_undo(bc_review *r);

/* 1 when change `id` of item i is accepted (the file the review started
 * from, or a decision of this review). */
int bc_accepted(const bc_review *r, size_t i, uint64_t id);

/* ---- review_change.c ---- */

/* Draws group g (`member`: which of its pairs shows the change) with the
 * change highlighted in the pair's own text. */
int bc_show(FILE *out, const bc_review *r, const bc_group *g, size_t member, int colour,
	    smart_error *err);

/* The members of g, one line each. */
void bc_list_members(FILE *out, const bc_review *r, const bc_group *g);

/* The change as one line: kind, location, old and new shapes. */
void bc_change_line(FILE *out, const smart_signature *s);

/* ---- review_remember.c ---- */

/* Where decisions go: the accepted changes and the labels, rewritten
 * whole (temporary file, rename) after every decision and undo. */
typedef struct bc_files {
	const char *accepted_path;
	const char *labels_path;
	int mkdir_parent;     /* create .smart/ (the default places) */
	char session[64];     /* the note that marks this review's labels */
	int labels_touched;   /* this review wrote labels once: keep them in step */
	size_t accepted_written, labels_written;
} bc_files;

/* Makes the labels records a reject needs (before anything is written),
 * then writes both files as the decisions now stand. 0, or -1 with `err`
 * set (the files are then as they were). */
int bc_remember(bc_files *f, bc_review *r, smart_error *err);

/* ---- review_bychange.c ---- */

/* ---- review_bylist.c ---- */

/* --by-change --list: the groups a review by change would ask about, as
 * plain lines or (`json`) JSON Lines. 0, or 2 after printing trouble. */
int review_by_change_list(review_suite *s, int json);

/* The interactive review by change; returns the exit status. */
int review_by_change(review_suite *s, bc_files *f);

/* --by-change: where decisions go (`accepted_given`, else the accepted
 * changes the suite was classified with, else .smart/accepted.json; the
 * labels' file), then review_by_change. */
int review_by_change_run(review_suite *s, const char *accepted_given,
			 const review_labels *labels);

#endif
