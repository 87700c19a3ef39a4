/*
 * Training the learned value model (train/value_pairs.c, value_model.c;
 * the model and its features are scrub/'s: include/smart/scrub.h). From
 * labelled corpora, every value that changed between two aligned nodes
 * (no scrubber on) and that the learned scrubber would judge is a row:
 * its features, its application, where it stands (the element path and
 * attribute), and
 * whether it came from a clean rerun (ignore) or a seeded fault
 * (inspect). A value of an ignore pair is volatile; a value of an inspect
 * pair is meaningful when that application's ignore pairs never change a
 * value at the same place; the others are left out. A least-squares fit
 * (GSL) on those labels is the model; docs/features.md says why.
 */
#ifndef SMART_VALUE_MODEL_H
#define SMART_VALUE_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "smart/error.h"
#include "smart/scrub.h"
#include "smart/tree.h"

/* The rows read from corpora. Free with smart_value_rows_free. */
typedef struct smart_value_rows {
	double *x;              /* n x SMART_VALUE_FEATURE_COUNT, row-major */
	uint64_t *where;        /* n: a hash of the value's element path and attribute */
	uint32_t *app;          /* n: index into apps */
	unsigned char *from_inspect; /* n: 1 when the pair was labelled inspect */
	size_t n, cap;
	char **apps;            /* the applications, in order of first row */
	size_t n_apps;
	size_t pairs;           /* labelled pairs read */
} smart_value_rows;

/* How smart_value_rows_extract reads. */
typedef struct smart_value_rows_options {
	unsigned version;      /* SMART_VALUE_ROWS_OPTIONS_VERSION */
	unsigned threads;      /* 0: all cores */
	smart_format format;   /* records without a "format" (AUTO: sniffed) */
	int skip_bad;          /* leave unusable records out (0: they are an
	                        * error naming the first, after reading) */
} smart_value_rows_options;

#define SMART_VALUE_ROWS_OPTIONS_VERSION 1
#define SMART_VALUE_ROWS_OPTIONS_INIT { .version = SMART_VALUE_ROWS_OPTIONS_VERSION }

/* Reads every labelled pair of the corpora and adds a row for each value
 * that changed between two aligned nodes (a text update or a changed
 * attribute value, the pages as printed: no scrubber runs) and that the
 * learned scrubber would judge (smart_value_judged). Unusable records are
 * counted in *bad (when not NULL) and are an error unless o->skip_bad.
 * 0, or -1 with `err` set. */
int smart_value_rows_extract(smart_value_rows *rows, const char *const *paths, size_t n_paths,
			     const smart_value_rows_options *o, size_t *bad, smart_error *err);

void smart_value_rows_free(smart_value_rows *rows);

/* The place of a value in a tree, as smart_value_rows.where holds it: a
 * hash of the element names from the root to `node` (or to the text
 * node's parent) and of `attribute` ("#text" when NULL). */
uint64_t smart_value_place(const smart_tree *t, uint32_t node, const char *attribute);

/* Labels of rows. */
enum {
	SMART_VALUE_VOLATILE = 0,   /* from a clean rerun */
	SMART_VALUE_MEANINGFUL = 1, /* from a seeded fault, where the app's reruns never change */
	SMART_VALUE_UNLABELLED = 2  /* from a seeded fault, where reruns change too */
};

/* labels[i] for every row (n of them, caller-provided). */
void smart_value_rows_label(const smart_value_rows *rows, unsigned char *labels);

/* The meaningful values allowed below the cutoff: the cutoff is the
 * lowest score of the training's meaningful values past this share. */
#define SMART_VALUE_MEANINGFUL_BELOW 0.005

/* Fits the model on the labelled rows (labels from smart_value_rows_label)
 * of every application but `held_out` (-1: all). 0, or -1 with `err`
 * set (too few rows of a class). */
int smart_value_model_fit(const smart_value_rows *rows, const unsigned char *labels,
			  long held_out, smart_value_model *m, smart_error *err);

/* How a model judged the labelled rows of one application. */
typedef struct smart_value_confusion {
	size_t volatile_rows, volatile_caught;      /* volatile rows, called volatile */
	size_t meaningful_rows, meaningful_missed;  /* meaningful rows, called volatile */
} smart_value_confusion;

/* Counts how `m` calls the labelled rows of application `app`. */
void smart_value_model_judge(const smart_value_model *m, const smart_value_rows *rows,
			     const unsigned char *labels, size_t app, smart_value_confusion *c);

/* Writes the model as C source defining smart__value_model_builtin (the
 * library's compiled-in model), atomically. 0, or -1 with `err` set. */
int smart_value_model_write_c(const smart_value_model *m, const char *path, smart_error *err);

/* Writes the model as JSON (feature names, weights, intercept, cutoff,
 * and the rows it was fitted on), atomically. */
int smart_value_model_write_json(const smart_value_model *m, size_t volatile_rows,
				 size_t meaningful_rows, const char *path, smart_error *err);

#endif
