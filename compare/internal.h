/*
 * What the comparator files share: access to a pair's parsed documents,
 * adding differences to a result, token sequences and their diff, regex
 * stripping, and a walk over libxml2 documents. Internal to compare/.
 */
#ifndef SMART_COMPARE_INTERNAL_H
#define SMART_COMPARE_INTERNAL_H

#include <regex.h>
#include <stddef.h>
#include <stdint.h>

#include <libxml/tree.h>

#include "smart/compare.h"

enum { CMP_OLD = 0, CMP_NEW = 1 };

/* ---- pairs (pair.c) ---- */

/* The libxml2 document of one side, parsed on first use and kept by the
 * pair. *doc is NULL for an HTML input with nothing in it. */
int smart__cmp_pair_doc(smart_compare_pair *pair, int side, xmlDocPtr *doc,
		 smart_error *err);

/* The smart_tree of one side, built on first use and kept by the pair. */
const smart_tree *smart__cmp_pair_tree(smart_compare_pair *pair, int side,
				smart_error *err);

/* The raw bytes, the name and the resolved format of one side. */
void smart__cmp_pair_bytes(const smart_compare_pair *pair, int side,
		    const char **data, size_t *len);
const char *smart__cmp_pair_name(const smart_compare_pair *pair, int side);
smart_format smart__cmp_pair_format(const smart_compare_pair *pair, int side);

/* ---- results (result.c) ---- */

/* Counts one more difference and stores it when fewer than `max` are
 * stored. Texts are copied (at most CMP_TEXT_MAX bytes each, marked "…"
 * when cut); NULL texts stay NULL. */
#define CMP_TEXT_MAX 400
int smart__cmp_result_add(smart_compare_result *result, size_t max, const char *where,
		   const char *old_text, size_t old_len, const char *new_text,
		   size_t new_len, smart_error *err);

/* Moves the differences of `from` to the end of `to` with `prefix` in front
 * of their `where` (for combined comparators); `from` is left empty. */
int smart__cmp_result_absorb(smart_compare_result *to, smart_compare_result *from,
		      const char *prefix, size_t max, smart_error *err);

/* ---- hashing (lines.c) ---- */

/* FNV-1a over `len` bytes, continuing from `h` (start with CMP_HASH_SEED). */
#define CMP_HASH_SEED 1469598103934665603ULL
uint64_t smart__cmp_hash(uint64_t h, const void *data, size_t len);

/* The same over a string and its terminating NUL (so "ab","c" != "a","bc"). */
uint64_t smart__cmp_hash_str(uint64_t h, const char *s);

/* ---- token sequences (lines.c, seqdiff.c) ---- */

/* An append-only sequence of NUL-terminated tokens (lines, tags, words) in
 * one growing buffer, each with a hash for fast comparison. */
typedef struct cmp_lines {
	char *buf;
	size_t used, cap;
	size_t *off;     /* where token i starts in buf */
	uint32_t *len;   /* its length */
	uint64_t *hash;  /* its hash */
	size_t n;
	size_t off_cap, len_cap, hash_cap; /* room in off, len and hash */
	size_t open;     /* start of the token being built, or SIZE_MAX */
} cmp_lines;

void smart__cmp_lines_init(cmp_lines *lines);
void smart__cmp_lines_free(cmp_lines *lines);

/* Builds a token piece by piece: begin, append…, end. */
int smart__cmp_lines_begin(cmp_lines *lines);
int smart__cmp_lines_append(cmp_lines *lines, const char *s, size_t len);
int smart__cmp_lines_appends(cmp_lines *lines, const char *s); /* strlen(s) bytes */
int smart__cmp_lines_end(cmp_lines *lines);

/* Adds a whole token. */
int smart__cmp_lines_add(cmp_lines *lines, const char *s, size_t len);

static inline const char *cmp_lines_at(const cmp_lines *lines, size_t i)
{
	return lines->buf + lines->off[i];
}

/* Adds the lines of `text` (split at '\n', which is dropped; the part after
 * the last '\n' is a line too, even when empty). */
int smart__cmp_lines_add_split(cmp_lines *lines, const char *text, size_t len);

/* Adds the white-space separated words of `text`. */
int smart__cmp_lines_add_words(cmp_lines *lines, const char *text, size_t len);

/* Sorts the tokens (byte order), for the unordered comparators. */
int smart__cmp_lines_sort(cmp_lines *lines);

/* True when both sequences hold the same tokens in the same order. */
int smart__cmp_lines_equal(const cmp_lines *a, const cmp_lines *b);

/* Compares two sequences: on a difference sets the verdict to FAIL and adds
 * one difference per changed run (a hunk of the LCS alignment), naming the
 * runs' positions in `unit`s ("line", "tag", "word"), `label` (may be NULL)
 * in front. */
int smart__cmp_lines_compare(const cmp_lines *a, const cmp_lines *b, const char *label,
		      const char *unit, const smart_compare_config *config,
		      smart_compare_result *result, smart_error *err);

/* ---- configuration (config.c) ---- */

typedef struct cmp_names {
	char **v;
	size_t n;
} cmp_names;

/* Per element: attribute names, and for defaults their values. */
typedef struct cmp_tag_rule {
	char *tag;
	cmp_names attrs;
	cmp_names values; /* parallel to attrs (attribute_defaults only) */
} cmp_tag_rule;

typedef struct cmp_rules {
	cmp_tag_rule *v;
	size_t n;
} cmp_rules;

typedef struct cmp_regexes {
	regex_t *v;
	char **source; /* the patterns as written, for messages */
	size_t n;
} cmp_regexes;

typedef enum cmp_cond_kind { CMP_COND_REGEX, CMP_COND_XPATH, CMP_COND_OR } cmp_cond_kind;

typedef struct cmp_condition {
	cmp_cond_kind kind;
	int invert;
	regex_t regex;     /* CMP_COND_REGEX */
	char *source;      /* the regex or the XPath expression */
	struct cmp_condition *either; /* CMP_COND_OR: two conditions */
} cmp_condition;

typedef struct cmp_stage {
	const smart_comparator *comparator; /* a Crawljax stripping comparator */
	cmp_condition *conditions;          /* all must hold on the new page */
	size_t condition_count;
} cmp_stage;

struct smart_compare_config {
	size_t max_differences;
	cmp_regexes dates;
	/* Sprenkle et al. 2007 */
	cmp_names ignored_elements, layout_tags, layout_attributes, style_tags,
		  style_attributes;
	cmp_rules important, defaults, links, forms;
	/* Roest et al. 2010 */
	cmp_names cj_attributes, cj_style_tags, cj_style_attributes, cj_xpath;
	cmp_regexes cj_regex;
	cmp_stage *pipeline;
	size_t pipeline_count;
	/* FragGen */
	cmp_names fg_block_tags;
	size_t fg_max_classify;
};

/* ---- asking the configuration (config_query.c) ---- */

/* True when `name` is in the list (ASCII case-insensitive). */
int smart__cmp_names_has(const cmp_names *names, const char *name);

/* The rule for `tag`, or NULL. */
const cmp_tag_rule *smart__cmp_rules_find(const cmp_rules *rules, const char *tag);

/* Removes every match of every regex from `text` (NUL-terminated), writing
 * a new NUL-terminated string into *out (malloc). */
int smart__cmp_regex_strip(const cmp_regexes *regexes, const char *text, char **out,
		    size_t *out_len, smart_error *err);

/* ---- walking libxml2 documents (walk.c) ---- */

/* Called on entering a node: return 0 to visit its children, 1 to skip
 * them, -1 to stop with an error. `leave` is called after the children
 * (also for skipped subtrees), and may be NULL. Iterative: depth costs no
 * C stack. */
typedef int (*cmp_enter_fn)(void *ctx, xmlNodePtr node);
typedef int (*cmp_leave_fn)(void *ctx, xmlNodePtr node);
int smart__cmp_walk(xmlNodePtr root, cmp_enter_fn enter, cmp_leave_fn leave, void *ctx);

/* True for HTML elements that never have an end tag (br, img, input…). */
int smart__cmp_is_void_element(const xmlNode *node);

/* A new XPath context on `doc` (may be NULL for compiling only) whose
 * errors are collected silently instead of printed (only cli/ prints). */
struct _xmlXPathContext *smart__cmp_xpath_context(xmlDocPtr doc);

/* True for elements whose start and end break the text into separate
 * lines as a browser shows it: HTML's block elements and br (libxml2's
 * element table), every XML element. Inline ones (a, b, span…) do not. */
int smart__cmp_breaks_text(const xmlNode *node);

/* The text of the node's attribute `name` (xmlFree it), or NULL. */
char *smart__cmp_attr(const xmlNode *node, const char *name);

#endif
