/* Internal: a pair's view for the HTML report (classify/view.c). */
#ifndef SMART_CLASSIFY_VIEW_H
#define SMART_CLASSIFY_VIEW_H

#include "smart/measure.h"

/* The two trees of an aligned pair as the report's script draws them, one
 * line of JSON (docs/report.md, "The view data"): each side a list of
 * nodes in pre-order with their marks from the edit script (inserted,
 * deleted, moved, updated, attribute operations) and the volatile values
 * scrubbing discounted; large documents keep the changed nodes, their
 * ancestors and their ancestors' children (the rest counted). '<' is
 * written as \u003c, so the text can sit inside a <script> element. A new
 * string (free()), or NULL with `err` set when out of memory. */
char *smart__view_json(const smart_aligned_pair *pair, smart_error *err);

/* `json` deflated (zlib format) and written in base64, as the report
 * stores a view; a new string (free()), or NULL with `err` set. */
char *smart__view_pack(const char *json, smart_error *err);

#endif
