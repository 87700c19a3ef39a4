/*
 * `smart review` (cli/cmd_review.c): the pairs of a classified suite shown
 * one at a time, most severe and most uncertain first, each accepted (the
 * new output becomes the baseline, labelled ignore), rejected (a fault,
 * labelled inspect) or skipped. Split by concept: review_order.c collects
 * and orders the verdicts, review_pair.c reads a pair's documents, accepts
 * it and appends labels, review_show.c draws a pair, review_term.c owns
 * the raw terminal and the pager or browser. Internal to the front end.
 */
#ifndef SMART_CLI_REVIEW_H
#define SMART_CLI_REVIEW_H

#include <stdio.h>

#include "cli.h"

struct smart_profile;
struct smart_accepted;
struct smart_signature_set;

/* One pair of the suite as the batch classified it. */
typedef struct review_item {
	char *app, *test, *where;
	char *problem;          /* why it was not classified (unusable, one
	                         * side only), or NULL */
	int trouble;            /* not classifiable (not merely one-sided) */
	size_t index;           /* its position in the input */
	int inspect;
	double score;           /* NAN when not classified */
	double margin;          /* review_margin, once collected */
	smart_severity severity;
	smart_format format;    /* the record's (corpus), else the options' */
	char *old_doc, *new_doc;/* corpus form: the record's documents, once
	                         * loaded (review_collect); folders: NULL */
	size_t old_len, new_len;
	struct smart_signature_set *sigs; /* with review_suite.signatures: the
	                         * pair's change signatures (owned), or NULL */
} review_item;

/* The suite under review: where it is, how it is classified, its pairs. */
typedef struct review_suite {
	const smart_model *model;
	const struct smart_profile *profile;
	const struct smart_accepted *accepted; /* changes accepted in review, or NULL */
	const char *accepted_path;             /* its file, or where one is written */
	int signatures;                        /* keep each pair's signatures (--by-change) */
	smart_format format;
	unsigned threads;
	int quiet;
	const char *old_dir, *new_dir; /* the folder form */
	const char *corpus;            /* the corpus form */
	review_item *items;            /* after review_collect: the review order */
	size_t n, cap;
	size_t inspect, trouble, skipped;
	char first_problem[SMART_ERROR_MAX];
} review_suite;

/* ---- review_usage.c ---- */

/* The usage text of smart review (-h, and its man page). */
void review_usage(FILE *out);

/* ---- review_order.c ---- */

/* Classifies the suite with the library's batch, keeps every pair (not the
 * skipped files), loads the documents of a corpus' pairs that `wanted`
 * says are needed, and sorts them into the review order. 0, or -1 with
 * `err` set. */
int review_collect(review_suite *s, int (*wanted)(const review_item *it), smart_error *err);

/* How far the item's score is from the cutoff: small is uncertain. */
double review_margin(const review_suite *s, const review_item *it);

/* Prints one line per item in order (the ignored ones too when
 * `show_ignored`): decision, severity, score, margin, app/test and the
 * problem, as columns of text or (`json`) as a JSON object. 0, or -1 when
 * out of memory. */
int review_print_list(FILE *out, const review_suite *s, int show_ignored, int json);

void review_suite_free(review_suite *s);

/* ---- review_pair.c ---- */

/* A pair's two documents: borrowed from the item (corpus) or read from
 * the folders (owned). */
typedef struct review_docs {
	smart_document old_doc, new_doc;
	char *owned_old, *owned_new;
	char old_path[4096], new_path[4096]; /* folders: the files */
} review_docs;

int review_docs_load(const review_suite *s, const review_item *it, review_docs *d,
		     smart_error *err);
void review_docs_free(review_docs *d);

/* Removes the temporary files that accepts killed between naming and
 * renaming one left in OLD_DIR (a note on stderr unless quiet). 0, or -1
 * with `err` set when OLD_DIR cannot be read. */
int review_sweep_temps(const review_suite *s, smart_error *err);

/* Where verdicts go: the application's labelled corpus, appended to. */
typedef struct review_labels {
	const char *path; /* --labels, or the default .smart/labels.jsonl */
	int fd;           /* -1 until the first verdict opens it */
	int mkdir_parent; /* the default: create .smart/ */
	size_t written;
} review_labels;

#define REVIEW_DEFAULT_LABELS ".smart/labels.jsonl"

/* Accept: folders, the new document atomically over the baseline; then
 * the pair labelled ignore, the label appended before the baseline is
 * replaced (cli/review_pair.c). Reject: the pair labelled inspect, nothing
 * copied. 0, or -1 with `err` set (the baseline is then untouched; a
 * symbolic link on the way to it is refused before anything is labelled). */
int review_accept(const review_suite *s, const review_item *it, review_labels *l,
		  smart_error *err);
int review_reject(const review_suite *s, const review_item *it, review_labels *l,
		  smart_error *err);

/* 1 when the item is a file of NEW_DIR missing from OLD_DIR (folders):
 * accepting it copies it into OLD_DIR, without a label. */
int review_new_only(const review_suite *s, const review_item *it);

/* 1 when the item's two documents are byte for byte the same (nothing to
 * accept), 0 when not, -1 with `err` set. */
int review_identical(const review_suite *s, const review_item *it, smart_error *err);

/* --accept-ignored: accepts every ignored pair that differs, without a
 * prompt, and says how many (not when `json`). 0, or -1 with `err` set. */
int review_accept_ignored(review_suite *s, review_labels *labels, int json, smart_error *err);

/* The pair as one record of the labels file, labelled `label`, with
 * `note` (NULL: none): a new string without a newline (free()), or NULL
 * with `err` set. */
char *review_label_record(const review_item *it, const review_docs *d, smart_label label,
			  const char *note, smart_error *err);

void review_labels_close(review_labels *l);

/* Opens the labels for appending on the first verdict (the default's
 * folder .smart/ created): a review that decides nothing leaves no file.
 * 0, or -1 with `err` set. */
int review_labels_open(review_labels *l, smart_error *err);

/* ---- review_files.c ---- */

/* Locks the folder holding `path` (flock on the folder) against another
 * review writing its files meanwhile, and removes the temporary files a
 * killed review left there: the descriptor (close() unlocks), or -1 with
 * `err` set. */
int review_lock_folder(const char *path, smart_error *err);

/* The file as it is now (NULL, *len 0 when it is not there). 0, or -1
 * with `err` set (a symbolic link is refused). */
int review_read_current(const char *path, char **data, size_t *len, smart_error *err);

/* Writes `data` over `path` through a temporary file beside it, synced
 * and renamed; the caller holds the folder's lock. 0, or -1 with `err`. */
int review_write_locked(const char *path, const char *data, size_t len, smart_error *err);

/* Appends `line` (with its newline) to the file at `path` as a whole:
 * locked, read, written to a temporary file and renamed. 0, or -1. */
int review_append_locked(const char *path, const char *line, size_t len, smart_error *err);

/* A file of .smart/ rewritten in steps, so that many records are added in
 * one atomic write (--accept-ignored): begin locks the folder and copies
 * the file as it is now to a temporary file beside it; add appends to the
 * temporary; commit syncs it, renames it over the file and unlocks; abort
 * removes it and unlocks. Each returns 0, or -1 with `err` set (after a
 * failed begin or commit nothing is held; after a failed add, abort). */
typedef struct review_rewrite {
	int lock;        /* the folder's lock, -1 when none */
	int fd;          /* the temporary file, -1 when none */
	char tmp[4200];  /* its name */
	char path[4096]; /* the file it replaces */
} review_rewrite;

int review_rewrite_begin(review_rewrite *w, const char *path, smart_error *err);
int review_rewrite_add(review_rewrite *w, const char *data, size_t len, smart_error *err);
int review_rewrite_commit(review_rewrite *w, smart_error *err);
void review_rewrite_abort(review_rewrite *w);

/* ---- review_show.c ---- */

/* Measures the item's documents `d` as the batch did (the model's
 * scrubbers, the profile), calling `fn` with `ctx` on the aligned pair.
 * 0, or -1 with `err` set. */
int review_measure(const review_suite *s, const review_item *it, const review_docs *d,
		   smart_aligned_fn fn, void *ctx, smart_error *err);

/* Draws the item (`pos` of `total`): its name, the explanation, and the
 * first lines of the scrubbed edit script, coloured when `colour`. */
int review_show(FILE *out, const review_suite *s, const review_item *it, size_t pos,
		size_t total, int colour, smart_error *err);

/* The whole text of the item for a pager: explanation and full script. */
int review_write_text(FILE *out, const review_suite *s, const review_item *it,
		      smart_error *err);

/* A one-pair HTML report of the item (docs/report.md) at `path`. */
int review_write_html(const char *path, const review_suite *s, const review_item *it,
		      smart_error *err);

/* ---- review_term.c ---- */

/* 1 when stdout is a terminal and NO_COLOR is unset (or empty). */
int review_colour_wanted(void);

/* Puts standard input in raw mode (one key at a time, no echo) until
 * review_term_leave, which a SIGINT, SIGTERM or SIGHUP also does before
 * the signal ends the process. -1 with `err` set when it cannot. */
int review_term_enter(smart_error *err);
void review_term_leave(void);

/* The next key pressed; 'q' at the end of input. */
int review_term_key(void);

/* Runs `command` (from $PAGER or $BROWSER, may hold arguments) on `file`
 * with the terminal in its normal mode; returns its exit status, -1 when
 * it could not be run. */
int review_term_run(const char *command, const char *file);

#endif
