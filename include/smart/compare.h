/*
 * The oracle comparators smart is measured against: every comparator of the
 * papers in ../shared/papers, run inside smart on the same pairs (issue 6,
 * docs/comparators.md).
 *
 *  - Sprenkle et al. 2005: Raw, Content, Structure.
 *  - Sprenkle et al. 2007: the 22 comparators of its Fig. 3 and the unions
 *    and intersections of its Table 4.
 *  - Roest et al. 2010 (Crawljax): the generic stripping comparators and
 *    their pipeline, with regex and XPath preconditions.
 *  - Yandrapally & Mesbah (FragGen): fragment-based classification.
 *
 * Every comparator answers pass or fail for one pair of documents (old, new)
 * and lists the differences it found, for reporting. Those that can be
 * configured read a small JSON file (smart_compare_config_load); without
 * one they use the defaults documented in docs/comparators.md.
 *
 * Typical use, e.g. by `smart eval --baselines`:
 *
 *     smart_compare_config *cfg = smart_compare_config_new(NULL, &err);
 *     smart_compare_pair *pair = smart_compare_pair_new(
 *             &(smart_document){ old, old_len, "old" },
 *             &(smart_document){ new, new_len, "new" }, SMART_FORMAT_AUTO, &err);
 *     int verdict = smart_compare_by_name("N+I_or_C-WD", pair, cfg, NULL, &err);
 *     // 0 pass, 1 fail, -1 error
 *
 * A pair caches its parsed documents, so running many comparators on one
 * pair parses each side once. Nothing here keeps global mutable state: pairs,
 * results and configs may be used on different threads (one pair per thread;
 * a config may be shared, it is read-only once built).
 */
#ifndef SMART_COMPARE_H
#define SMART_COMPARE_H

#include <stddef.h>

#include "smart/error.h"
#include "smart/tree.h"

typedef enum smart_compare_verdict {
	SMART_COMPARE_PASS = 0, /* no difference the comparator cares about */
	SMART_COMPARE_FAIL = 1  /* a difference: a human should look */
} smart_compare_verdict;

/* One difference a comparator found, for reporting. */
typedef struct smart_compare_difference {
	char *where;    /* e.g. "lines old 12-13, new 12-14", or a node path */
	char *old_text; /* what the old document has there; NULL for nothing */
	char *new_text; /* what the new document has there; NULL for nothing */
} smart_compare_difference;

/* What a comparator says about a pair. Initialise with
 * smart_compare_result_init, release with smart_compare_result_clear. */
typedef struct smart_compare_result {
	smart_compare_verdict verdict;
	char detail[64];       /* a class or note, e.g. FragGen's "Nd3-struct";
	                        * "" when the comparator has none */
	smart_compare_difference *differences; /* at most max_differences */
	size_t difference_count;               /* how many are stored */
	size_t differences_found; /* how many were found (may be more than
	                           * stored; 0 when max_differences is 0) */
	size_t capacity;          /* internal */
	int verdict_only;         /* set before running to skip collecting
	                           * differences (faster; kept by clear) */
} smart_compare_result;

typedef struct smart_compare_pair smart_compare_pair;
typedef struct smart_compare_config smart_compare_config;
typedef struct smart_comparator smart_comparator;

typedef int (*smart_compare_fn)(const smart_comparator *self,
				smart_compare_pair *pair,
				const smart_compare_config *config,
				smart_compare_result *result, smart_error *err);

/* A registry entry. The registry is a constant table: iterate it with
 * smart_comparators, look one up with smart_comparator_find. */
struct smart_comparator {
	const char *name;        /* e.g. "TagNames+ImptAttrs-Style" */
	const char *abbrev;      /* the paper's abbreviation ("N+I-S"), or NULL */
	const char *paper;       /* "sprenkle2005", "sprenkle2007", "roest2010",
	                          * "yandrapally2023" */
	const char *description; /* one line */
	smart_compare_fn run;
	unsigned options;        /* private to the comparator's implementation */
	const char *left;        /* combinators: the two comparators combined */
	const char *right;
};

/* ---- the registry ------------------------------------------------------ */

/* The table of every comparator, in the order `smart compare --list` shows. */
const smart_comparator *smart_comparators(size_t *count);

/* Looks a comparator up by name or abbreviation, ignoring case; NULL when
 * there is none. */
const smart_comparator *smart_comparator_find(const char *name);

/* Resolves "all" or a comma-separated list of names into a new array of
 * registry entries (free() it), in the order given. An unknown name is an
 * error naming it. */
int smart_comparators_select(const char *list, const smart_comparator ***out,
			     size_t *count, smart_error *err);

/* ---- pairs --------------------------------------------------------------- */

/* Makes a pair of documents to compare. The bytes are borrowed and must
 * outlive the pair; the names (used in error messages; NULL: "old",
 * "new") are copied. `format` AUTO sniffs each side. Free with
 * smart_compare_pair_free. */
smart_compare_pair *smart_compare_pair_new(const smart_document *old_doc,
					   const smart_document *new_doc,
					   smart_format format, smart_error *err);

/* Frees a pair and the documents it parsed; NULL is allowed. */
void smart_compare_pair_free(smart_compare_pair *pair);

/* ---- configuration --------------------------------------------------------- */

/* Builds a configuration: the defaults, overridden key by key by the JSON
 * file at `path` (NULL: defaults only). The format is in
 * docs/comparators.md; an unknown key or a bad value is an error naming the
 * file and the key. Free with smart_compare_config_free. */
smart_compare_config *smart_compare_config_new(const char *path, smart_error *err);

/* The same, from JSON text in memory; `name` is used in error messages. */
smart_compare_config *smart_compare_config_parse(const char *json,
						 const char *name,
						 smart_error *err);

/* Frees a configuration; NULL is allowed. */
void smart_compare_config_free(smart_compare_config *config);

/* The default configuration as JSON text (static storage). */
const char *smart_compare_config_defaults(void);

/* ---- running ------------------------------------------------------------------ */

/* Sets up an empty result. */
void smart_compare_result_init(smart_compare_result *result);

/* Frees the differences of a result and empties it (verdict_only stays). */
void smart_compare_result_clear(smart_compare_result *result);

/* Runs one comparator on a pair. `config` NULL means the defaults (built and
 * freed on each call: pass a config when running many pairs). The result is
 * cleared first. Returns 0, or -1 with `err` set (e.g. XML that is not
 * well-formed). */
int smart_compare_run(const smart_comparator *comparator,
		      smart_compare_pair *pair,
		      const smart_compare_config *config,
		      smart_compare_result *result, smart_error *err);

/* Runs the comparator called `name` on a pair: 0 pass, 1 fail, -1 error
 * (including an unknown name). `result` may be NULL when only the verdict
 * is wanted (no differences are collected then). */
int smart_compare_by_name(const char *name, smart_compare_pair *pair,
			  const smart_compare_config *config,
			  smart_compare_result *result, smart_error *err);

#endif
