/* Internal: a pair's decision in words, for the HTML report's rows and
 * its changes view (classify/why.c, docs/report.md "Why, in words"). */
#ifndef SMART_CLASSIFY_WHY_H
#define SMART_CLASSIFY_WHY_H

#include <stddef.h>

#include "smart/classify.h"
#include "smart/measure.h"
#include "smart/signature.h"

#define SMART__WHY_CHANGES 3 /* residual changes said in a row's words */

/* The residual changes of the aligned pair in words, with the values as
 * the documents hold them: "a <p class="err"> with text 'Error: could not
 * load orders' inserted in the <form>", the first SMART__WHY_CHANGES
 * joined by "; ". A new string into *out (NULL when the script is
 * empty), and the script's operations into *total. 0, or -1 when out of
 * memory. */
int smart__why_changes(const smart_aligned_pair *p, char **out, size_t *total,
		       smart_error *err);

/* Why classification decided as it did, in one sentence: the same
 * documents, every difference discounted (what, counted), or the changes
 * scrubbing left and how they weighed against the cutoff. `changes` is
 * smart__why_changes's text (or NULL), `ops` the operations it counted.
 * A new string, or NULL when out of memory. */
char *smart__why_text(const smart_model *m, const smart_classification *c, int bytes_differ,
		      int trees_differ, const char *changes, size_t ops);

/* One change signature in words, with the shapes its values have:
 * "'<p> Error: could not load {token}' inserted at /html/body/form/p".
 * Always terminated. */
void smart__signature_words(const smart_signature *s, char *out, size_t size);

#endif
