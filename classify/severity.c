/*
 * Severity of a flagged pair (docs/severity.md): cosmetic, content or
 * broken, after FragGen's Warn-1..3 (Yandrapally and Mesbah) and the
 * consumer-perceived severity of SMART §7.1: a pair that lost its forms,
 * most of its content or its root, or gained an error message, is broken;
 * one whose only edits are attributes or whitespace is cosmetic; the rest
 * changed content. Derived from the features and the edit script the
 * classification already measured, so it costs one pass over the script.
 */
#include "severity.h"

#include <ctype.h>
#include <string.h>
#include "common/name_match.h"

const char *smart_severity_name(smart_severity s)
{
	switch (s) {
	case SMART_SEVERITY_COSMETIC:
		return "cosmetic";
	case SMART_SEVERITY_CONTENT:
		return "content";
	case SMART_SEVERITY_BROKEN:
		return "broken";
	case SMART_SEVERITY_NONE:
		break;
	}
	return "none";
}

/* True for the elements a user fills in or submits with. */
static int is_form_control(const smart_node *n)
{
	static const char *const tags[] = { "form", "input", "select", "textarea", "button" };

	if (n->kind != SMART_NODE_ELEMENT)
		return 0;
	for (size_t i = 0; i < sizeof(tags) / sizeof(tags[0]); i++)
		if (smart__name_is(n->name, tags[i]))
			return 1;
	return 0;
}

/* The first element child of the document node, or SMART_NONE. */
static uint32_t root_element(const smart_tree *t)
{
	if (t->count == 0)
		return SMART_NONE;
	for (uint32_t c = t->nodes[0].first_child; c != SMART_NONE; c = t->nodes[c].next_sibling)
		if (t->nodes[c].kind == SMART_NODE_ELEMENT)
			return c;
	return SMART_NONE;
}

/* True when a and b (either may be NULL) are the same text once runs of
 * whitespace are ignored: a re-indented or re-wrapped text. */
static int same_but_whitespace(const char *a, const char *b)
{
	a = a ? a : "";
	b = b ? b : "";
	for (;;) {
		while (isspace((unsigned char)*a))
			a++;
		while (isspace((unsigned char)*b))
			b++;
		if (*a != *b)
			return 0;
		if (!*a)
			return 1;
		a++;
		b++;
	}
}

/* True for an insert or delete of one text node of whitespace only. */
static int whitespace_node(const smart_tree *t, uint32_t node)
{
	const smart_node *n = &t->nodes[node];

	return n->kind == SMART_NODE_TEXT && n->size == 1 && same_but_whitespace(n->text, "");
}

/* True when op changes something a reader sees or follows beyond
 * attributes and whitespace. */
static int substantive(const smart_diff *d, const smart_edit_op *op)
{
	switch (op->kind) {
	case SMART_OP_ATTR_INSERT:
	case SMART_OP_ATTR_DELETE:
	case SMART_OP_ATTR_CHANGE:
		/* XML attributes carry the data (a coverage report's counts);
		 * in HTML, where a link or a form leads is content too */
		return d->old_tree->format == SMART_FORMAT_XML || strcmp(op->attr_name, "href") == 0 ||
		       strcmp(op->attr_name, "src") == 0 || strcmp(op->attr_name, "action") == 0;
	case SMART_OP_UPDATE:
		return !same_but_whitespace(op->old_value, op->new_value);
	case SMART_OP_INSERT:
		return !whitespace_node(d->new_tree, op->new_node);
	case SMART_OP_DELETE:
		return !whitespace_node(d->old_tree, op->old_node);
	case SMART_OP_MOVE:
		break;
	}
	return 1;
}

void smart__script_facts_of(const smart_diff *d, smart__script_facts *f)
{
	const smart_tree *o = d->old_tree, *n = d->new_tree;
	uint32_t ro = root_element(o), rn = root_element(n);

	memset(f, 0, sizeof(*f));
	f->measured = 1;
	f->root_replaced = ro != SMART_NONE && d->old_to_new[ro] != rn;
	for (uint32_t i = 0; i < o->count; i++) {
		f->content_old += smart_node_is_content(&o->nodes[i]) != 0;
		if (is_form_control(&o->nodes[i])) {
			f->controls_old++;
			f->controls_gone += d->old_to_new[i] == SMART_NONE;
		}
	}
	for (uint32_t i = 0; i < n->count; i++)
		f->controls_new += is_form_control(&n->nodes[i]) != 0;
	f->deleted = d->summary.deletes;
	for (size_t k = 0; k < d->op_count; k++)
		f->substantive += substantive(d, &d->ops[k]) != 0;
}

/* The value of the feature called `name`, or 0 when the model lacks it. */
static double feature(const char *const *names, size_t n, const double *values,
		      const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(names[i], name) == 0)
			return values[i];
	return 0;
}

smart_severity smart__severity_rate(const char *const *names, size_t n, const double *values,
				    const smart__script_facts *f, const char **reason)
{
#define F(name) feature(names, n, values, name)
	if (F("error_keywords") > 0)
		return *reason = "error keywords gained", SMART_SEVERITY_BROKEN;
	if (F("doctype_changed") > 0)
		return *reason = "document type declaration changed", SMART_SEVERITY_BROKEN;
	if (f->measured && f->root_replaced)
		return *reason = "root element replaced", SMART_SEVERITY_BROKEN;
	if (f->measured && f->controls_gone > 0 && f->controls_new < f->controls_old)
		return *reason = "form controls lost", SMART_SEVERITY_BROKEN;
	if (f->measured && f->content_old >= 8 && 2 * (uint64_t)f->deleted >= f->content_old)
		return *reason = "most content nodes deleted", SMART_SEVERITY_BROKEN;
	if (F("text_size_change") >= 1 && F("text_ratio") < 0.5)
		return *reason = "most displayed text lost", SMART_SEVERITY_BROKEN;
	if (F("input_elements") > 0)
		return *reason = "form controls changed", SMART_SEVERITY_CONTENT;
	if (f->measured && f->substantive == 0)
		return *reason = "attributes or whitespace only", SMART_SEVERITY_COSMETIC;
	return *reason = "text or elements changed", SMART_SEVERITY_CONTENT;
#undef F
}
