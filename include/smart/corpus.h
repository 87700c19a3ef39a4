/*
 * Corpora: labelled pairs of old/new test outputs as JSON Lines (DESIGN §5),
 * plain or gzip-compressed (.jsonl.gz; compression is detected from the
 * content when reading, from the name when writing).
 *
 *   {"app": "cmark", "test": "spec-0042", "format": "html",
 *    "old": "<p>…</p>", "new": "<p>…</p>",
 *    "label": "inspect", "origin": "mutant", "note": "…"}
 *
 * "app", "test", "old" and "new" are required strings; "format" is "html"
 * or "xml" (absent: sniffed); "label" is "inspect" or "ignore" (absent:
 * unlabelled); "origin" is one of mutant, version, rerun, perturb, manual,
 * review;
 * "note" is free text; other keys are ignored. Blank lines are not records.
 *
 * Reading streams one record at a time; every record that cannot be used is
 * reported with its file and line, never skipped silently.
 */
#ifndef SMART_CORPUS_H
#define SMART_CORPUS_H

#include <stddef.h>
#include <stdint.h>

#include "smart/error.h"
#include "smart/tree.h"

typedef enum smart_label {
	SMART_LABEL_NONE = -1,
	SMART_LABEL_IGNORE = 0,
	SMART_LABEL_INSPECT = 1
} smart_label;

typedef struct smart_pair {
	const char *app;
	const char *test;
	smart_format format;     /* SMART_FORMAT_AUTO when absent */
	const char *old_doc;
	size_t old_len;
	const char *new_doc;
	size_t new_len;
	smart_label label;
	const char *origin;      /* NULL when absent */
	const char *note;        /* NULL when absent */
	const char *file;        /* where the record was read; NULL if built */
	size_t line;
} smart_pair;

typedef struct smart_corpus_reader smart_corpus_reader;

/* What smart_corpus_next found. */
enum {
	SMART_CORPUS_FATAL = -1, /* cannot go on (I/O, corrupt gzip): err set */
	SMART_CORPUS_END = 0,    /* no more records */
	SMART_CORPUS_PAIR = 1,   /* *pair holds the next record */
	SMART_CORPUS_BAD = 2     /* an unusable record: err says
	                          * "FILE:LINE: cause"; reading may go on */
};

/* Opens a corpus for reading. Free with smart_corpus_close. */
smart_corpus_reader *smart_corpus_open(const char *path, smart_error *err);

/* Reads the next record. The strings of *pair belong to the reader and
 * stay valid until the next call. */
int smart_corpus_next(smart_corpus_reader *reader, smart_pair *pair,
		      smart_error *err);

/* Like smart_corpus_next, for one shard of a run (smart/shard.h): every
 * record's line is seen by the walk `w`, its stable name being the line's
 * bytes (so a record keeps its shard wherever it is listed), and only the
 * records of w's shard are parsed and returned, with their position among
 * all the records read so far in *index. */
struct smart_shard_walk;
int smart_corpus_next_in_shard(smart_corpus_reader *reader, struct smart_shard_walk *w,
			       size_t *index, smart_pair *pair, smart_error *err);

/* Closes a reader; NULL is allowed. */
void smart_corpus_close(smart_corpus_reader *reader);

/* How many records the corpora hold: the non-blank lines of each file
 * (plain or gzip), counted without parsing them: a cheap first pass that
 * gives a long batch's progress its total. 0, or -1 with `err` naming a
 * file that cannot be read. */
int smart_corpus_count(const char *const *paths, size_t n_paths, size_t *records,
		       smart_error *err);

/* Checks one record (a JSON line: text->data, text->len bytes) and fills
 * *pair with pointers into the cJSON object *holder (the caller frees it
 * with cJSON_Delete). text->name (the file) and `line` go into error
 * messages. */
struct cJSON;
int smart_pair_from_json(const smart_document *text, size_t line, smart_pair *pair,
			 struct cJSON **holder, smart_error *err);

/* One record as a single JSON line without the newline (caller frees);
 * NULL with `err` set for a string that a record cannot hold and read
 * back (a NUL byte, invalid UTF-8: docs/corpus-format.md). */
char *smart_pair_to_json(const smart_pair *pair, smart_error *err);

/* "inspect", "ignore" or NULL. */
const char *smart_label_name(smart_label label);

typedef struct smart_corpus_writer smart_corpus_writer;

/* Starts a corpus that smart_corpus_writer_finish writes to `path`
 * atomically (gzip-compressed when the name ends in ".gz"). Until then
 * records are kept in memory and `path` is untouched. */
smart_corpus_writer *smart_corpus_writer_new(const char *path,
					     smart_error *err);

/* Appends one record. */
int smart_corpus_write(smart_corpus_writer *writer, const smart_pair *pair,
		       smart_error *err);

/* Writes the file and frees the writer (also on failure). */
int smart_corpus_writer_finish(smart_corpus_writer *writer, smart_error *err);

/* Abandons a writer without writing; NULL is allowed. */
void smart_corpus_writer_free(smart_corpus_writer *writer);

/* Writes pair records as JSON Lines (what smart_mutate_run and
 * smart_perturb_run return) to `path` atomically; gzip-compressed, through
 * the corpus writer, when the name ends in ".gz". */
int smart_pairs_write(const char *path, const char *jsonl, size_t len,
		      smart_error *err);

/* ---- one corpus record as a job (corpus/pair_job.c) ---- */

/* A record's strings copied out of its reader, so that a worker thread
 * can measure or classify it later, with the names its errors carry. */
typedef struct smart_pair_job {
	char *app, *test;
	char *where;              /* "FILE:LINE" */
	char *old_name, *new_name;/* "FILE:LINE: old", "FILE:LINE: new" */
	char *old_doc, *new_doc;  /* NULL once dropped */
	size_t old_len, new_len;
	smart_format format;      /* the record's, else the fallback */
	smart_label label;
} smart_pair_job;

/* Fills `j` with copies of the record (`fallback`: the format of records
 * without one). 0, or -1 with `err` set and `j` empty. */
int smart_pair_job_from_record(smart_pair_job *j, const smart_pair *pair,
			       smart_format fallback, smart_error *err);

/* The old (new_side 0) or new (1) document of the job, borrowed. */
smart_document smart_pair_job_document(const smart_pair_job *j, int new_side);

/* Frees the documents once measured; the names stay. */
void smart_pair_job_drop_documents(smart_pair_job *j);

/* Frees everything the job owns; `j` may be reused. */
void smart_pair_job_clear(smart_pair_job *j);

#endif
