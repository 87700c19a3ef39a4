/*
 * Fault seeding (SMART §6.3): seed one fault into one random line of an
 * application's sources, rebuild, rerun the tests, and keep every output
 * that differs from the clean run as a pair labelled "inspect".
 *
 * Two layers:
 *  - mutation operators over source text (smart_mutate_scan lists every
 *    place an operator applies; smart_mutate_order picks them line first,
 *    seeded), which need no filesystem;
 *  - the driver (smart_mutate_run), which works only in scratch copies of
 *    the source tree, runs the user's build and test commands with
 *    timeouts, and writes the pair records.
 */
#ifndef SMART_MUTATE_H
#define SMART_MUTATE_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "smart/error.h"

/* The operators, after Ellims et al. as SMART used them. */
typedef enum smart_mutate_op {
	SMART_MUTATE_DELETE = 0, /* "delete": a statement line removed (Python: pass) */
	SMART_MUTATE_RETURN,     /* "return": a statement replaced by a return */
	SMART_MUTATE_SWAP,       /* "swap-op": a binary operator swapped (&& ||, == !=, ...) */
	SMART_MUTATE_NEGATE,     /* "negate": an if/while condition negated */
	SMART_MUTATE_CONSTANT,   /* "constant": an integer constant changed by one */
	SMART_MUTATE_OP_COUNT
} smart_mutate_op;

/* The source languages; chosen from the file name's extension. C, C++,
 * JavaScript, PHP and Java share the C-like operators; unknown extensions
 * are treated as C-like. */
typedef enum smart_mutate_lang {
	SMART_LANG_C = 0, /* C and C++: also skips preprocessor lines */
	SMART_LANG_JS,    /* JavaScript, TypeScript: also `...` strings, ===, !== */
	SMART_LANG_JAVA,
	SMART_LANG_PHP,   /* code only between <?php and ?>; # comments */
	SMART_LANG_PYTHON /* # comments, triple quotes, and/or, if x: */
} smart_mutate_lang;

/* One place where one operator can be applied. */
typedef struct smart_mutation {
	uint32_t file;       /* index in the caller's file list */
	uint32_t line;       /* 1-based line number */
	smart_mutate_op op;
	size_t offset;       /* the replaced bytes are text[offset, offset+length) */
	size_t length;
	char *after;         /* the replacement, owned by the list */
} smart_mutation;

/* A growable list of mutations; zero-initialise, free with
 * smart_mutation_list_free. */
typedef struct smart_mutation_list {
	smart_mutation *items;
	size_t count;
	size_t cap;
} smart_mutation_list;

/* The operator's name as written in notes: "delete", "return", "swap-op",
 * "negate", "constant". */
const char *smart_mutate_op_name(smart_mutate_op op);

/* The language of a source file, from its name. */
smart_mutate_lang smart_mutate_lang_of(const char *path);

/* Appends to `list` every mutation the operators allow in `text` (`len`
 * bytes, the contents of the file `path`, which is index `file` of the
 * caller's list). Skips blank lines, comments, preprocessor lines and lines
 * holding nothing but string literals. Returns 0, or -1 when out of memory. */
int smart_mutate_scan(const char *path, const char *text, size_t len,
		      uint32_t file, smart_mutation_list *list, smart_error *err);

/* Frees the list's storage and empties it. */
void smart_mutation_list_free(smart_mutation_list *list);

/* Returns a new buffer (caller frees) holding `text` with the mutation
 * applied and its length in *out_len, or NULL when out of memory. */
char *smart_mutation_apply(const char *text, size_t len,
			   const smart_mutation *m, size_t *out_len);

/* Orders the mutations for trying, seeded and deterministic: every line
 * with a mutation is visited in a shuffled order, and each visit takes one
 * not yet used mutation of the line (a random operator, then a random place),
 * so the first mutants fall on distinct random lines, as in SMART. Writes
 * list->count indices into a new array *order (caller frees). */
int smart_mutate_order(const smart_mutation_list *list, unsigned long seed,
		       size_t **order, smart_error *err);

/* ---- the driver ---------------------------------------------------------- */

/* What a run did, for the closing summary. */
typedef struct smart_mutate_summary {
	unsigned candidates;    /* mutations the operators allow in the files */
	unsigned tried;         /* mutants made */
	unsigned built;         /* mutants that built */
	unsigned build_failed;  /* mutants whose build failed (skipped) */
	unsigned timed_out;     /* mutants whose build or run timed out (skipped) */
	unsigned killed;        /* mutants with at least one differing output */
	unsigned pairs;         /* pair records written */
	unsigned outputs;       /* outputs of the clean run that are compared */
	unsigned unstable;      /* outputs that differ between two clean runs,
	                         * left out of the comparison */
	unsigned missing;       /* mutant outputs absent or empty (not pairs) */
	unsigned op_tried[SMART_MUTATE_OP_COUNT];  /* mutants per operator */
	unsigned op_killed[SMART_MUTATE_OP_COUNT]; /* killed mutants per operator */
	double clean_build_seconds;
	double clean_run_seconds;
	double elapsed_seconds;
	int interrupted;        /* the stop flag was raised */
} smart_mutate_summary;

/* Called after each mutant finishes, e.g. to draw a progress bar. `total`
 * is the planned mutant count (0 when the run is limited by time). */
typedef void smart_mutate_progress(const smart_mutate_summary *sum,
				   unsigned total, void *ctx);

/* What smart_mutate_run does. Start from SMART_MUTATE_OPTIONS_INIT (50
 * mutants, seed 1, one job) and set what differs. */
typedef struct smart_mutate_options {
	unsigned version;       /* SMART_MUTATE_OPTIONS_VERSION */
	const char *src;        /* the application's tree; only ever read */
	const char *const *globs; /* which files to mutate: fnmatch patterns
	                         * against the relative path (a pattern without
	                         * '/' also matches the base name) */
	size_t glob_count;
	const char *build;      /* shell command, or NULL for none */
	const char *run;        /* shell command leaving outputs under `outputs` */
	const char *outputs;    /* relative folder of the outputs */
	unsigned mutants;       /* how many mutants; 0 with `seconds` */
	double seconds;         /* time budget instead of a count; 0 for none */
	unsigned long seed;
	unsigned jobs;          /* mutants run in parallel (>= 1) */
	const char *app;        /* "app" of the records */
	unsigned per_mutant;    /* at most this many pairs per mutant, a seeded
	                         * choice among its differing outputs; 0: all */
	double timeout;         /* per command; 0: clean unlimited, mutants
	                         * max(10 s, 10 x the clean command's time) */
	const char *tmpdir;     /* where scratch copies go; NULL: $TMPDIR or /tmp */
	const volatile sig_atomic_t *stop; /* raised by a signal handler; may be NULL */
	smart_mutate_progress *progress;   /* may be NULL */
	void *progress_ctx;
	struct smart_shard_walk *shard;    /* only the mutants of this shard
	                                    * (smart/shard.h) among those the
	                                    * unsharded run would try; NULL: all */
	struct smart_shard_out *shard_out; /* with shard: each mutant's pair
	                                    * lines go here as an item, not to
	                                    * *jsonl */
} smart_mutate_options;

#define SMART_MUTATE_OPTIONS_VERSION 1
#define SMART_MUTATE_OPTIONS_INIT \
	{ .version = SMART_MUTATE_OPTIONS_VERSION, .mutants = 50, .seed = 1, .jobs = 1 }

/* Runs the whole fault-seeding experiment described by `opt` and returns
 * the pair records as JSON Lines in a new buffer (*jsonl, caller frees, of
 * *jsonl_len bytes; empty when no output differed). Fills `sum` also on
 * failure. When *opt->stop is raised it kills the running commands,
 * removes the scratch copies and fails with sum->interrupted set. */
int smart_mutate_run(const smart_mutate_options *opt, char **jsonl,
		     size_t *jsonl_len, smart_mutate_summary *sum,
		     smart_error *err);

#endif
