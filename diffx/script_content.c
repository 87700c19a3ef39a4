/*
 * The inserted content of an edit script: NODE objects
 * ({"type":"element","name":..,"attributes":{..},"children":[..]} or
 * {"type":"text","text":..}) flattened into the script's pre-order node
 * array with an explicit stack (include/smart/patch.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/array.h"
#include "script_internal.h"

typedef struct content_frame {
	uint32_t index;      /* the element's node */
	const cJSON *next;   /* its next child still to read */
} content_frame;

static int node_error(parse_state *ps, uint32_t k, const char *msg)
{
	char line[SMART_ERROR_MAX];

	snprintf(line, sizeof(line), "'content' node %u (pre-order): %s", k, msg);
	return smart__script_op_error(ps, line);
}

static int add_attr(parse_state *ps, const char *name, const char *value)
{
	smart_script *s = ps->script;

	if (smart__script_reserve(ps, (void **)&s->attrs, &ps->attr_cap, s->attr_count,
			   sizeof(*s->attrs)) < 0)
		return -1;
	s->attrs[s->attr_count].name = smart__script_strdup(ps, name);
	s->attrs[s->attr_count].value = smart__script_strdup(ps, value);
	if (!s->attrs[s->attr_count].name || !s->attrs[s->attr_count].value)
		return -1;
	s->attr_count++;
	return 0;
}

/* Checks one NODE and appends it (not its children); its index goes to
 * *index. `k` is its pre-order number inside the content, for messages. */
static int add_node(parse_state *ps, const cJSON *json, uint32_t k, uint32_t *index)
{
	smart_script *s = ps->script;
	const cJSON *type = cJSON_GetObjectItemCaseSensitive(json, "type");
	const cJSON *field;
	smart_script_node node = { 0 };

	if (!cJSON_IsObject(json))
		return node_error(ps, k, "must be an object");
	if (cJSON_IsString(type) && strcmp(type->valuestring, "text") == 0) {
		field = cJSON_GetObjectItemCaseSensitive(json, "text");
		if (!cJSON_IsString(field))
			return node_error(ps, k, "'text' must be a string");
		node.kind = SMART_NODE_TEXT;
		if (!(node.text = smart__script_strdup(ps, field->valuestring)))
			return -1;
	} else if (cJSON_IsString(type) && strcmp(type->valuestring, "element") == 0) {
		const cJSON *attrs = cJSON_GetObjectItemCaseSensitive(json, "attributes");
		const cJSON *a;

		field = cJSON_GetObjectItemCaseSensitive(json, "name");
		if (!cJSON_IsString(field) || !field->valuestring[0])
			return node_error(ps, k, "'name' must be a non-empty string");
		node.kind = SMART_NODE_ELEMENT;
		if (!(node.name = smart__script_strdup(ps, field->valuestring)))
			return -1;
		if (attrs && !cJSON_IsObject(attrs))
			return node_error(ps, k, "'attributes' must be an object");
		node.attr_first = s->attr_count;
		cJSON_ArrayForEach(a, attrs) {
			if (!cJSON_IsString(a))
				return node_error(ps, k, "attribute values must be strings");
			if (add_attr(ps, a->string, a->valuestring) < 0)
				return -1;
		}
		node.attr_count = s->attr_count - node.attr_first;
		field = cJSON_GetObjectItemCaseSensitive(json, "children");
		if (field && !cJSON_IsArray(field))
			return node_error(ps, k, "'children' must be an array");
	} else {
		return node_error(ps, k, "'type' must be \"element\" or \"text\"");
	}
	if (smart__script_reserve(ps, (void **)&s->nodes, &ps->node_cap, s->node_count,
			   sizeof(*s->nodes)) < 0)
		return -1;
	node.size = 1;
	*index = s->node_count;
	s->nodes[s->node_count++] = node;
	return 0;
}

static const cJSON *first_child(const cJSON *json)
{
	const cJSON *children = cJSON_GetObjectItemCaseSensitive(json, "children");

	return children ? children->child : NULL;
}

/* Pushes a frame, growing the stack; -1 when out of memory. */
static int push(content_frame **stack, size_t *depth, size_t *cap, uint32_t index,
		const cJSON *next)
{
	if (smart__array_reserve((void **)stack, cap, *depth, sizeof(**stack), 32) < 0)
		return -1;
	(*stack)[(*depth)++] = (content_frame){ index, next };
	return 0;
}

int smart__script_parse_content(parse_state *ps, const cJSON *content, smart_script_op *op)
{
	smart_script *s = ps->script;
	content_frame *stack = NULL;
	size_t depth = 0, cap = 0;
	uint32_t root, k = 0;
	int status = 0;

	if (!content)
		return smart__script_op_error(ps, "an insert needs 'content' (a node object)");
	if (add_node(ps, content, k++, &root) < 0)
		return -1;
	if (push(&stack, &depth, &cap, root, s->nodes[root].kind == SMART_NODE_ELEMENT
						     ? first_child(content) : NULL) < 0)
		status = smart_error_set(ps->err, "%s: out of memory", s->name);
	while (status == 0 && depth > 0) {
		content_frame *top = &stack[depth - 1];
		const cJSON *c = top->next;
		uint32_t index;

		if (!c) {
			s->nodes[top->index].size = s->node_count - top->index;
			depth--;
			continue;
		}
		top->next = c->next;
		status = add_node(ps, c, k++, &index);
		if (status == 0 && s->nodes[index].kind == SMART_NODE_ELEMENT &&
		    push(&stack, &depth, &cap, index, first_child(c)) < 0)
			status = smart_error_set(ps->err, "%s: out of memory", s->name);
	}
	free(stack);
	if (status < 0)
		return -1;
	op->content = root;
	if (op->subtree_size && op->subtree_size != s->nodes[root].size) {
		char msg[128];

		snprintf(msg, sizeof(msg), "'subtree_size' is %u but 'content' has %u nodes",
			 op->subtree_size, s->nodes[root].size);
		return smart__script_op_error(ps, msg);
	}
	return 0;
}
