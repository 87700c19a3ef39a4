/*
 * The state of one `smart mutate` run, shared by the driver's files
 * (mutate_run.c: setup and the clean run; mutate_loop.c: the mutants;
 * mutate_outputs.c: outputs and commands). Internal to mutate/.
 */
#ifndef SMART_MUTATE_RUN_H
#define SMART_MUTATE_RUN_H

#include "smart/mutate.h"
#include "common/fs.h"
#include "mutate_proc.h"
#include "common/strbuf.h"

/* The outputs of one run: relative paths (sorted) and their contents. */
typedef struct mutate_outputs {
	char **paths;
	char **data;
	size_t *lens;
	size_t count;
} mutate_outputs;

typedef enum slot_state { SLOT_IDLE = 0, SLOT_BUILD, SLOT_RUN } slot_state;

/* One scratch copy of the tree and the mutant it is working on. */
typedef struct mutate_slot {
	char *dir;        /* the copy */
	char *log;        /* its commands' output */
	slot_state state;
	size_t ordinal;   /* which mutant (0-based, in trying order) */
	mutate_proc proc;
} mutate_slot;

/* The pair lines of one mutant, kept until all earlier mutants are done. */
typedef struct mutate_result {
	smart_strbuf lines;
	int done;
} mutate_result;

typedef struct mutate_driver {
	const smart_mutate_options *opt;
	smart_mutate_summary *sum;
	smart_fs_paths files;      /* the files to mutate, relative */
	char **texts;            /* their original contents */
	size_t *lens;
	smart_mutation_list mutations;
	size_t *order;           /* mutations.count indices, in trying order */
	char *root;              /* the scratch folder */
	char **env;              /* the commands' environment (TMPDIR in root) */
	mutate_slot *slots;
	unsigned slot_count;
	mutate_outputs clean;    /* the stable clean outputs */
	double build_timeout, run_timeout; /* per mutant command */
	char *mutant_run;        /* the run command under a file size limit */
	mutate_result *results;  /* by ordinal */
	size_t result_cap;
	size_t flushed;          /* results before this are in `out` */
	unsigned char *mine;     /* with opt->shard: by ordinal, 1 = this
	                          * shard's mutant */
	smart_strbuf out;        /* the JSON Lines so far */
} mutate_driver;

/* Runs the build (`cmd`) or, when `cmd` is NULL, the test run (after
 * emptying the outputs folder) in the slot, waiting for it; fails naming
 * `what` and the last line of its output when it fails or times out. */
int smart__mutate_driver_command(mutate_driver *d, mutate_slot *s, const char *cmd,
			  double timeout, const char *what, smart_error *err);

/* Reads every file under root/rel into `out` (sorted by path). */
int smart__mutate_outputs_load(const char *root, const char *rel,
			mutate_outputs *out, smart_error *err);

/* Drops from `a` the outputs that `b` lacks or has different; returns
 * how many were dropped. */
unsigned smart__mutate_outputs_keep_stable(mutate_outputs *a, const mutate_outputs *b);

void smart__mutate_outputs_free(mutate_outputs *o);

/* Tries mutants until the count or the time budget is used up. */
int smart__mutate_driver_loop(mutate_driver *d, double start, smart_error *err);

/* Kills what still runs, removes the scratch folder, frees everything
 * but `out`'s data when it was taken. Returns -1 (with err, if not NULL)
 * when the scratch folder could not be removed. */
int smart__mutate_driver_free(mutate_driver *d, smart_error *err);

#endif
