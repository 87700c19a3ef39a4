/*
 * One pair's decision and why, as one JSON object: for callers that want
 * the whole answer from a single call over two documents in memory,
 * without the library's structs (the Python binding, bindings/python;
 * `smart classify --json` prints the same object for one pair). The
 * object holds the decision, the score against the cutoff, the severity,
 * what scrubbing discounted, the reasons in words and the first edit
 * operations as classify judged them (docs/integrations.md).
 */
#ifndef SMART_EXPLAIN_H
#define SMART_EXPLAIN_H

#include "smart/classify.h"
#include "smart/error.h"
#include "smart/model.h"
#include "smart/tree.h"

struct cJSON;
struct smart_profile;

/* How smart_explain_pair measures and how much it tells. Start from
 * SMART_EXPLAIN_OPTIONS_INIT and set what differs. */
typedef struct smart_explain_options {
	unsigned version;                    /* SMART_EXPLAIN_OPTIONS_VERSION */
	smart_format format;                 /* SMART_FORMAT_AUTO: sniffed */
	const struct smart_profile *profile; /* the application's, or NULL */
	const char *test;                    /* the test's name (the profile's
	                                      * per-test entries), or NULL */
	unsigned top;                        /* features listed, at most 64 (INIT: 5) */
	unsigned max_changes;                /* edit operations listed (INIT: 20) */
	const struct smart_accepted *accepted; /* changes a reviewer accepted
	                                      * (smart/accepted.h), or NULL: a pair
	                                      * the model inspects whose every
	                                      * residual change is one of them is
	                                      * ignored ("accepted_change": true) */
} smart_explain_options;

#define SMART_EXPLAIN_OPTIONS_VERSION 2
#define SMART_EXPLAIN_OPTIONS_INIT \
	{ .version = SMART_EXPLAIN_OPTIONS_VERSION, .top = 5, .max_changes = 20 }

/* What the reasons say of discounted values before their counts: "every
 * difference is a volatile value", "volatile values discounted", ... */
const char *smart_discount_heading(const smart_classification *c);

/* The decision of `c` (classified with `m`) as the JSON object `smart
 * classify --json` prints for one pair: decision, score, cutoff,
 * comparison, severity (and severity_reason), features, top_features (the
 * `top` that moved the score most), only_volatile, discounted {total,
 * text} and reasons (the explanation's lines, in words). NULL with `err`
 * set when out of memory; the caller deletes it (cJSON_Delete). */
struct cJSON *smart_classification_to_json(const smart_model *m, const smart_classification *c,
					   unsigned top, smart_error *err);

/* Classifies the pair as smart_classify_pair does and returns the object
 * of smart_classification_to_json (with "signatures" for an inspected
 * pair, and "accepted_change" for one o->accepted ignored) with, when the
 * documents differ,
 * "changes": the first o->max_changes operations of the edit script as
 * classification judged it (volatile values scrubbed), each {op, path}
 * with `to` (move), `name` (attributes), `old` and `new` (the values, as
 * parsed) or `text` (the text of an inserted or deleted subtree), cut to
 * 120 bytes; and "changes_total". A new string (smart_explain_free), or
 * NULL with `err` set. */
char *smart_explain_pair(const smart_model *m, const smart_document *old_doc,
			 const smart_document *new_doc, const smart_explain_options *o,
			 smart_error *err);

/* What `smart classify --json OLD NEW` prints: classifies the pair as
 * smart_classify_pair does with `co` and returns the object of
 * smart_classification_to_json (`top` features) with, on an inspect,
 * "changes" and "changes_total" as smart_explain_pair has them (at most
 * SMART_EXPLAIN_OPTIONS_INIT's max_changes operations). Each document is
 * parsed once: the operations are read from the measurement that
 * decided. NULL with `err` set; the caller deletes the object
 * (cJSON_Delete) and reads the decision from its "decision". */
struct cJSON *smart_classify_pair_json(const smart_model *m, const smart_document *old_doc,
				       const smart_document *new_doc,
				       const smart_classify_options *co, unsigned top,
				       smart_error *err);

/* The raw DiffX edit script between two documents in memory, as `smart
 * diff --json` prints it (docs/script-format.md). A new string
 * (smart_explain_free), or NULL with `err` set. */
char *smart_explain_diff(const smart_document *old_doc, const smart_document *new_doc,
			 smart_format format, smart_error *err);

/* Reads a model file written by `smart train` over smart's own features
 * (a model with comparator verdicts needs the command line). NULL with
 * `err` set; free with smart_model_free. */
smart_model *smart_explain_model_load(const char *path, smart_error *err);

/* Frees a string smart_explain_pair or smart_explain_diff returned; NULL
 * is allowed. */
void smart_explain_free(char *json);

#endif
