/* Internal: change signatures as JSON, the same in classify --json's
 * lines and its one-pair object (classify/signature_json.c). */
#ifndef SMART_CLASSIFY_SIGNATURE_JSON_H
#define SMART_CLASSIFY_SIGNATURE_JSON_H

#include "smart/signature.h"

struct cJSON;

/* Adds "signatures" to object `o`: one {id, kind, location, old, new,
 * count} per signature of `s` (old and new left out when the kind has
 * none), and "signatures_truncated": true when the set is. 0, or -1 when
 * out of memory. */
int smart__signatures_to_json(struct cJSON *o, const smart_signature_set *s);

#endif
