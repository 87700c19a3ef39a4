/* Change signatures as JSON (classify/signature_json.h, docs/signatures.md). */
#include "signature_json.h"

#include <cjson/cJSON.h>

#include "smart/diffx.h"

/* One signature as an object appended to `arr`; 0, or -1 when out of
 * memory. */
static int add_one(cJSON *arr, const smart_signature *s)
{
	cJSON *o = cJSON_CreateObject();
	char id[17], cls[17];

	smart_signature_id_text(s->id, id);
	smart_signature_id_text(s->class_id, cls);
	if (!cJSON_AddItemToArray(arr, o))
		return -1;
	if (!cJSON_AddStringToObject(o, "id", id) ||
	    !cJSON_AddStringToObject(o, "kind", smart_op_name(s->kind)) ||
	    !cJSON_AddStringToObject(o, "location", s->location) ||
	    (s->kind != SMART_OP_INSERT && s->kind != SMART_OP_ATTR_INSERT &&
	     s->kind != SMART_OP_MOVE && !cJSON_AddStringToObject(o, "old", s->old_shape)) ||
	    (s->kind != SMART_OP_DELETE && s->kind != SMART_OP_ATTR_DELETE &&
	     !cJSON_AddStringToObject(o, s->kind == SMART_OP_MOVE ? "to" : "new", s->new_shape)) ||
	    !cJSON_AddNumberToObject(o, "count", s->count) ||
	    !cJSON_AddStringToObject(o, "class", cls))
		return -1;
	return 0;
}

int smart__signatures_to_json(cJSON *o, const smart_signature_set *s)
{
	cJSON *arr = cJSON_AddArrayToObject(o, "signatures");

	for (size_t i = 0; arr && i < s->n; i++)
		if (add_one(arr, &s->items[i]))
			return -1;
	if (arr && s->truncated && !cJSON_AddTrueToObject(o, "signatures_truncated"))
		return -1;
	return arr ? 0 : -1;
}
