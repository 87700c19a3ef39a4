/*
 * Output-level mutation of recorded pages (after FragGen, Yandrapally and
 * Mesbah, Table VIII): a page is parsed, one operator changes it, and the
 * page before and after (both written by smart_tree_write, so that nothing
 * but the operator differs) become a labelled pair.
 *
 * Two families of operators:
 *  - changes (attributes, tags, subtrees, text) made on libxml2's document
 *    of the page, which a reviewer should look at: label "inspect" by
 *    default; the date change (a timestamp that differs between runs) is
 *    "ignore";
 *  - benign reformatting (re-indentation, attribute order, quoting,
 *    self-closing forms, tag case) made on the written text, which leaves
 *    the document tree unchanged (checked with smart_tree_equal): "ignore".
 * The operator -> label table is docs/perturb.md and can be overridden.
 */
#ifndef SMART_PERTURB_H
#define SMART_PERTURB_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "smart/error.h"
#include "smart/progress.h"
#include "smart/tree.h"

typedef enum smart_perturb_op {
	SMART_PERTURB_ATTR_DELETE = 0, /* "attr-delete": an attribute removed */
	SMART_PERTURB_ATTR_CHANGE,     /* "attr-change": a value changed (FragGen: +"Mut") */
	SMART_PERTURB_ATTR_ADD,        /* "attr-add": an attribute added */
	SMART_PERTURB_TAG_RENAME,      /* "tag-rename": a similar tag (h1->h2, b->i, ...) */
	SMART_PERTURB_TAG_UNWRAP,      /* "tag-unwrap": element removed, children kept */
	SMART_PERTURB_SUBTREE_DELETE,  /* "subtree-delete" */
	SMART_PERTURB_SUBTREE_DUPLICATE, /* "subtree-duplicate": copied next to itself */
	SMART_PERTURB_SUBTREE_MOVE,    /* "subtree-move": to another place */
	SMART_PERTURB_TEXT_CHANGE,     /* "text-change": a word replaced */
	SMART_PERTURB_TEXT_DELETE,     /* "text-delete": a text node removed */
	SMART_PERTURB_TEXT_DATE,       /* "text-date": a date or time changed */
	SMART_PERTURB_REINDENT,        /* "reindent": white space between block tags */
	SMART_PERTURB_ATTR_ORDER,      /* "attr-order": attributes reordered */
	SMART_PERTURB_ATTR_QUOTE,      /* "attr-quote": '...' or unquoted values */
	SMART_PERTURB_SELF_CLOSE,      /* "self-close": <br/>, <x/> for <x></x> */
	SMART_PERTURB_TAG_CASE,        /* "tag-case": upper-case HTML tag names */
	SMART_PERTURB_OP_COUNT
} smart_perturb_op;

/* The operator's name, as in --operators, --labels and notes. */
const char *smart_perturb_op_name(smart_perturb_op op);

/* Finds an operator by name; -1 when there is none. */
int smart_perturb_op_from_name(const char *name, smart_perturb_op *op);

/* True for the reformatting operators, whose result must parse to a tree
 * equal to the original. */
int smart_perturb_op_is_format(smart_perturb_op op);

/* The documented default label of each operator: "inspect" or "ignore". */
const char *smart_perturb_default_label(smart_perturb_op op);

/* One perturbed page. */
typedef struct smart_perturbation {
	char *old_text;  /* the page as written from its tree */
	size_t old_len;
	char *new_text;  /* after the operator */
	size_t new_len;
	char *where;     /* what changed, e.g. "/html/body/div[2] @class" */
	smart_format format;
} smart_perturbation;

/* Frees the strings of a perturbation and zeroes it. */
void smart_perturbation_release(smart_perturbation *p);

/* Applies `op` to the page (page->data, page->len bytes, named
 * page->name; `format` AUTO to sniff), choosing where with a generator
 * seeded by `seed`. Returns 1 and
 * fills *out (release with smart_perturbation_release) when the operator
 * applied and did what it promises (changes: the written page parses to a
 * different tree; reformatting: to an equal tree with different text);
 * 0 when it does not apply to this page or this seed; -1 on failure (out
 * of memory, or an XML page that is not well-formed). */
int smart_perturb_apply(const smart_document *page, smart_format format,
			smart_perturb_op op, uint64_t seed, smart_perturbation *out,
			smart_error *err);

/* ---- the batch ------------------------------------------------------------ */

/* What smart_perturb_run does. Start from SMART_PERTURB_OPTIONS_INIT (100
 * pairs, seed 1) and set what differs. */
typedef struct smart_perturb_options {
	unsigned version;       /* SMART_PERTURB_OPTIONS_VERSION */
	const char *in;         /* folder of recorded pages (all regular files,
	                         * .git skipped) */
	const smart_perturb_op *ops; /* operators to draw from */
	size_t op_count;
	const char *labels[SMART_PERTURB_OP_COUNT]; /* NULL: the default */
	unsigned pairs;         /* how many pairs */
	unsigned long seed;
	const char *app;        /* the records' app */
	smart_format format;    /* every page's parser; SMART_FORMAT_AUTO (0): by
	                         * extension, else by content */
	const volatile sig_atomic_t *stop; /* raised by a signal handler: stop
					    * early and fail; may be NULL */
	smart_progress_fn progress; /* after each pair slot tried (total: the
	                             * slots of this run or shard), or NULL */
	void *progress_ctx;         /* progress's ctx */
	struct smart_shard_walk *shard;    /* only the pair slots of this shard
	                                    * (smart/shard.h): those whose page's
	                                    * path hashes to it; NULL: all */
	struct smart_shard_out *shard_out; /* with shard: each slot's pair line
	                                    * goes here as an item (the unit: the
	                                    * slot's number), not to *jsonl */
} smart_perturb_options;

#define SMART_PERTURB_OPTIONS_VERSION 1
#define SMART_PERTURB_OPTIONS_INIT { .version = SMART_PERTURB_OPTIONS_VERSION, .pairs = 100, .seed = 1 }

typedef struct smart_perturb_summary {
	unsigned pages;         /* pages read */
	unsigned unreadable;    /* pages that did not parse (left out) */
	unsigned pairs;         /* pairs written */
	unsigned inspect;       /* of which labelled inspect */
	unsigned ignore;        /* of which labelled ignore */
	unsigned attempts;      /* operator applications tried */
	unsigned per_op[SMART_PERTURB_OP_COUNT]; /* pairs per operator */
} smart_perturb_summary;

/* Reads a label table ({"operator": "inspect"|"ignore", ...}) from a JSON
 * file into `labels` (entries it names are overridden; the strings are
 * static). Unknown operators and other labels are errors naming the file. */
int smart_perturb_labels_load(const char *path,
			      const char *labels[SMART_PERTURB_OP_COUNT],
			      smart_error *err);

/* Makes opt->pairs pairs, seeded and deterministic, and returns them as
 * JSON Lines in a new buffer (*jsonl, caller frees). Each of the opt->pairs
 * slots gets a page drawn at random and makes one pair of it that the page
 * has not given before, or none when 64 draws of an operator and a place
 * find no new one (so fewer pairs when the pages are small). */
int smart_perturb_run(const smart_perturb_options *opt, char **jsonl,
		      size_t *jsonl_len, smart_perturb_summary *sum,
		      smart_error *err);

#endif
