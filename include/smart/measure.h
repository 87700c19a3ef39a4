/*
 * The measuring stage (DESIGN §2): one pair of documents -> parsed trees
 * -> scrubbed volatile values -> DiffX alignment -> edits judged against
 * a volatility profile -> feature vector (and the papers' comparators'
 * verdicts). The one path that `smart features`, training, evaluation and
 * classification share; classify/ and train/ both sit on top of it.
 */
#ifndef SMART_MEASURE_H
#define SMART_MEASURE_H

#include <stddef.h>
#include <stdint.h>

#include "smart/compare.h"
#include "smart/diffx.h"
#include "smart/error.h"
#include "smart/features.h"
#include "smart/profile.h"
#include "smart/scrub.h"

/* What measuring a pair found besides the features: what scrubbing
 * explained (smart_measure.result). */
typedef struct smart_features_result {
	int trees_differ;  /* the parsed raw trees differ (smart_tree_equal) */
	int only_volatile; /* they differ, and not at all once scrubbed */
	unsigned discounted[32];     /* per smart_shape: value changes scrubbing explained,
	                              * and at SMART_DISCOUNT_PRESENTATION the
	                              * presentational attributes it dropped */
	unsigned discounted_total;
	unsigned scrubbed[24];       /* per smart_scrubber_id: what each scrubber
	                              * explained (the values scrubber: its
	                              * tokens, as counted in discounted[]) */
} smart_features_result;

/* The slots of discounted[] past the shapes: presentational attributes,
 * generator metadata elements, and captcha challenges. */
#define SMART_DISCOUNT_PRESENTATION SMART_SHAPE_COUNT
#define SMART_DISCOUNT_METADATA (SMART_SHAPE_COUNT + 1)
#define SMART_DISCOUNT_CAPTCHA (SMART_SHAPE_COUNT + 2)
#define SMART_DISCOUNT_NAMED (SMART_SHAPE_COUNT + 3) /* values known by name, and copies */
#define SMART_DISCOUNT_LEARNED (SMART_SHAPE_COUNT + 4) /* values the value model called volatile */
#define SMART_DISCOUNT_RESCALED (SMART_SHAPE_COUNT + 5) /* texts whose numbers one factor rescaled */

/* Comparators to run on each pair, with their configuration. */
typedef struct smart_comparator_set {
	const smart_comparator *const *comparators; /* borrowed */
	size_t n;
	const smart_compare_config *config;         /* borrowed, read-only */
} smart_comparator_set;

/* What smart learns from one pair of documents: how it is measured (in)
 * and what was found (out). */
struct smart_profile;

/* The aligned pair as the measuring stage sees it just before the
 * features, for a caller that wants more than the features (severity, the
 * HTML report's views): the alignment of the trees as measured (scrubbed,
 * unless raw), and how to get back to the documents as parsed. */
typedef struct smart_aligned_pair {
	const smart_diff *diff;            /* diff->old_tree, new_tree: as measured */
	const smart_tree *old_raw, *new_raw; /* as parsed; the same trees as the
	                                    * diff's when no copy was made */
	const uint32_t *old_raw_of, *new_raw_of; /* measured node -> raw node, or
	                                    * NULL: the same numbering */
	smart_scrub_log *log;              /* what scrubbing changed (the trees are
	                                    * scrubbed during the call: undo to
	                                    * read the parsed values, then redo),
	                                    * or NULL when nothing was scrubbed */
} smart_aligned_pair;

/* Called by smart_measure_pair once the pair is aligned; 0, or -1 with
 * `err` set to stop the measuring. */
typedef int (*smart_aligned_fn)(void *ctx, const smart_aligned_pair *pair, smart_error *err);

typedef struct smart_measure {
	double *values;    /* caller-provided, smart_feature_count() long (and
	                    * comparators->n more with comparator_features) */
	smart_format format; /* in: SMART_FORMAT_AUTO: sniffed */
	const struct smart_profile *profile; /* in: the application's volatility
	                                       * profile, or NULL (built-in
	                                       * value shapes only) */
	const char *test;  /* in: the pair's test name, or NULL */
	int raw;           /* in: 1 for SMART's raw-tree features (no scrubbing) */
	unsigned scrubbers_off; /* in: scrubbers not to run (1u << smart_scrubber_id;
	                    * 0: all of them, smart/scrub.h) */
	const smart_comparator_set *comparators; /* in: oracle comparators
	                    * to run on the pair too, or NULL */
	int comparator_features; /* in: their verdicts are also the feature
	                    * columns after smart's own (1 = fail) */
	unsigned char *fails; /* out, caller-provided, comparators->n long:
	                    * 1 when comparator k fails the pair */
	int bytes_differ;  /* out: the diff baseline */
	int trees_differ;  /* out: the tree-diff baseline */
	smart_features_result result; /* out: what the scrubbing explained */
	smart_aligned_fn on_aligned; /* in: optional, see smart_aligned_pair */
	void *on_aligned_ctx;        /* in: its ctx */
	int align_only;    /* in: 1 to stop once the pair is aligned and
	                    * on_aligned has seen it: no features (values may
	                    * be NULL), no comparators (learning a profile) */
	struct smart_tree_cache *trees; /* in: optional: parse through this
	                    * cache (smart_tree_cache_new), for many pairs
	                    * that share documents; NULL: parse each */
	int side_by_side;  /* in: 1 to parse the two documents at once, the old
	                    * one on a thread of its own, when the machine has
	                    * a second core and both are large enough to pay
	                    * for it (one pair measured on its own); 0: one
	                    * after the other (batches: their pool keeps every
	                    * core busy already). The same trees either way */
	int parsed_side_by_side; /* out: 1 when they were parsed at once */
} smart_measure;

/* A cache of parsed documents, shared by the threads measuring a batch of
 * pairs (training's table, smart_table_load): a document parsed before,
 * byte for byte and in the same format, is not parsed again; the pair is
 * measured on a copy of the cached tree, and measures the same as with a
 * fresh parse. The least recently used trees are dropped past `budget`
 * bytes (a tree counts its arrays, strings and a copy of the document). */
typedef struct smart_tree_cache smart_tree_cache;

smart_tree_cache *smart_tree_cache_new(size_t budget, smart_error *err);

/* Frees the cache; every tree measured through it must be done. NULL is
 * allowed. */
void smart_tree_cache_free(smart_tree_cache *cache);

/* What the cache did, read once the pairs measured through it are done. */
typedef struct smart_tree_cache_counts {
	size_t hits;   /* documents found parsed */
	size_t misses; /* documents parsed */
	size_t held;   /* bytes the cached trees hold now */
} smart_tree_cache_counts;

smart_tree_cache_counts smart_tree_cache_count(const smart_tree_cache *cache);

/* The rules that decide before the model does, the same in classify and
 * in evaluation: a pair whose document type declaration changed is
 * inspect (1), since browsers then render the whole page in another mode
 * whatever else is volatile; a pair whose every difference is a volatile
 * value is ignore (0); a pair whose new side shows error keywords the old
 * side did not (a stack trace, "Error: ...", "500 Internal Server Error":
 * SMART §3.3's severest signal) is inspect (1), however much other text
 * came with it; otherwise -1, the model decides. `values` holds the `n`
 * features called `names` (a model's or a table's columns). */
int smart_forced_decision(const char *const *names, size_t n, const double *values,
			  int only_volatile);

/* The measuring stage, the one path from a pair of documents to its
 * features that `smart features`, training, evaluation and classification
 * share: parse both, note the baselines (bytes differ, parsed trees
 * differ), scrub volatile values (unless m->raw), align with DiffX,
 * normalise by m->profile and align again, and compute the features; then
 * run m->comparators, whose verdicts become feature columns here and
 * nowhere else. 0, or -1 with `err` set (a document that does not parse). */
int smart_measure_pair(const smart_document *old_doc, const smart_document *new_doc,
		       smart_measure *m, smart_error *err);

/* The last steps of the measuring stage, for a pair already parsed,
 * scrubbed and aligned (`diff`, whose trees it measures): judge every edit
 * by m->profile and the value shapes, normalise by the profile and align
 * again, and compute the features into m->values. The baselines and
 * m->result are left as they are, but for m->result.only_volatile, set
 * when a profile judged every edit noise (the pair is then ignore, as
 * one whose scrubbed trees are equal). */
int smart_measure_aligned(const smart_diff *diff, smart_measure *m, smart_error *err);

/* smart_measure_pair for two files, read whole. */
int smart_measure_files(const char *old_path, const char *new_path, smart_measure *m,
			smart_error *err);

/* Runs the comparators of `set` on one pair of documents: fails[k] = 1
 * when comparator k fails (asks for inspection). */
int smart_measure_comparators(const smart_document *old_doc, const smart_document *new_doc,
			      smart_format format, const smart_comparator_set *set,
			      unsigned char *fails, smart_error *err);

/* ---- learning a profile through the measuring stage (measure/learn_profile.c) ---- */

/* Learns from the documents of one test in two or more clean runs
 * (runs[i]; their names for errors): every pair of runs (i < j) is parsed,
 * scrubbed and aligned as smart_measure_pair does, and what is left
 * differing is recorded under `test` (smart_profile_learn_diff).
 * Learning from every pair, through the same scrubbing, is what makes a
 * profile explain every pair of the runs it was learnt from. (Learning
 * from the raw alignment as well added structural places a scrubbed pair
 * never shows, and cost phpMyAdmin's first look with a profile 0.987 ->
 * 0.963; a model of SMART's raw pipeline, smart train --raw, therefore
 * meets a profile that holds only what scrubbing leaves.) */
int smart_profile_learn_test(struct smart_profile *p, const char *test,
			     const smart_document *runs, size_t n_runs,
			     smart_format format, smart_error *err);

/* As smart_profile_learn_test on two runs, with the scrubbers
 * `scrubbers_off` (1u << smart_scrubber_id) also off. */
int smart_profile_learn_pair_off(struct smart_profile *p, const char *test,
				 const smart_document runs[2], smart_format format,
				 unsigned scrubbers_off, smart_error *err);

/* Learns from two or more runs (folders or archives, see smart_run_open):
 * every file present in at least two of them is a test; then generalises
 * (smart_profile_generalise). */
int smart_profile_learn_runs(struct smart_profile *p, const char *const *dirs,
			     size_t n_dirs, smart_format format, smart_error *err);

#endif
