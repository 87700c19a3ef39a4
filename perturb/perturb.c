/*
 * `smart perturb` (include/smart/perturb.h): the operator table, applying
 * one operator to one page with the checks that make its label sound, and
 * the seeded batch over a folder of recorded pages.
 */
#include "smart/perturb.h"
#include "perturb_internal.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "smart/file.h"
#include "smart/tree_write.h"
#include "diffx/tree_libxml.h"

static const struct {
	const char *name;
	const char *label;
} op_table[SMART_PERTURB_OP_COUNT] = {
	[SMART_PERTURB_ATTR_DELETE] = { "attr-delete", "inspect" },
	[SMART_PERTURB_ATTR_CHANGE] = { "attr-change", "inspect" },
	[SMART_PERTURB_ATTR_ADD] = { "attr-add", "inspect" },
	[SMART_PERTURB_TAG_RENAME] = { "tag-rename", "inspect" },
	[SMART_PERTURB_TAG_UNWRAP] = { "tag-unwrap", "inspect" },
	[SMART_PERTURB_SUBTREE_DELETE] = { "subtree-delete", "inspect" },
	[SMART_PERTURB_SUBTREE_DUPLICATE] = { "subtree-duplicate", "inspect" },
	[SMART_PERTURB_SUBTREE_MOVE] = { "subtree-move", "inspect" },
	[SMART_PERTURB_TEXT_CHANGE] = { "text-change", "inspect" },
	[SMART_PERTURB_TEXT_DELETE] = { "text-delete", "inspect" },
	[SMART_PERTURB_TEXT_DATE] = { "text-date", "ignore" },
	[SMART_PERTURB_REINDENT] = { "reindent", "ignore" },
	[SMART_PERTURB_ATTR_ORDER] = { "attr-order", "ignore" },
	[SMART_PERTURB_ATTR_QUOTE] = { "attr-quote", "ignore" },
	[SMART_PERTURB_SELF_CLOSE] = { "self-close", "ignore" },
	[SMART_PERTURB_TAG_CASE] = { "tag-case", "ignore" },
};

const char *smart_perturb_op_name(smart_perturb_op op)
{
	return (unsigned)op < SMART_PERTURB_OP_COUNT ? op_table[op].name : "?";
}

int smart_perturb_op_from_name(const char *name, smart_perturb_op *op)
{
	for (int i = 0; i < SMART_PERTURB_OP_COUNT; i++)
		if (strcmp(name, op_table[i].name) == 0) {
			*op = (smart_perturb_op)i;
			return 0;
		}
	return -1;
}

int smart_perturb_op_is_format(smart_perturb_op op)
{
	return op >= SMART_PERTURB_REINDENT && op < SMART_PERTURB_OP_COUNT;
}

const char *smart_perturb_default_label(smart_perturb_op op)
{
	return (unsigned)op < SMART_PERTURB_OP_COUNT ? op_table[op].label : NULL;
}

void smart_perturbation_release(smart_perturbation *p)
{
	free(p->old_text);
	free(p->new_text);
	free(p->where);
	memset(p, 0, sizeof(*p));
}

/* Writes `doc` through the project's tree (so that both sides of a pair
 * are written alike); *tree keeps the tree. */
static char *write_doc(xmlDocPtr doc, smart_format format, const char *name,
		       smart_tree **tree, size_t *len, smart_error *err)
{
	*tree = smart__tree_from_libxml(doc, format, name, err);
	return *tree ? smart_tree_write(*tree, format, len, err) : NULL;
}

/* Makes the new side: a change on the document, or a reformatting of the
 * written old side. Returns 1 with out->new_text set, 0, or -1. */
static int make_new(xmlDocPtr doc, smart_perturb_op op, gsl_rng *rng,
		    const char *name, smart_perturbation *out, smart_error *err)
{
	smart_tree *mid = NULL;
	int rc;

	if (smart_perturb_op_is_format(op)) {
		smart_strbuf buf = { 0 };

		rc = smart__perturb_format(out->old_text, out->old_len, out->format, op,
				    rng, &buf, &out->where);
		if (rc == 1 && smart__strbuf_append(&buf, "", 1) < 0)
			rc = -1;
		if (rc == 1) {
			assert(buf.len >= 1); /* at least the NUL just appended */
			out->new_text = buf.data;
			out->new_len = buf.len - 1;
		} else {
			smart__strbuf_free(&buf);
		}
	} else {
		rc = smart__perturb_change(doc, out->format, op, rng, &out->where);
		if (rc == 1) {
			out->new_text = write_doc(doc, out->format, name, &mid,
						  &out->new_len, err);
			if (!out->new_text)
				rc = -1;
		}
	}
	if (rc < 0 && !err->message[0])
		smart_error_oom(err);
	smart_tree_free(mid);
	return rc;
}

int smart_perturb_apply(const smart_document *page, smart_format format,
			smart_perturb_op op, uint64_t seed, smart_perturbation *out,
			smart_error *err)
{
	const char *name = page->name;
	gsl_rng *rng = gsl_rng_alloc(gsl_rng_mt19937);
	xmlDocPtr doc = NULL;
	smart_tree *old_tree = NULL, *new_tree = NULL;
	smart_error quiet;
	int rc = -1;

	memset(out, 0, sizeof(*out));
	smart_error_clear(err);
	if (!rng)
		return smart_error_oom(err);
	gsl_rng_set(rng, (unsigned long)seed);
	out->format = format;
	if (smart__tree_libxml_read(page->data, page->len, &out->format, name, &doc, err) < 0)
		goto done;
	rc = 0;
	if (!doc)
		goto done; /* nothing in the page */
	out->old_text = write_doc(doc, out->format, name, &old_tree, &out->old_len, err);
	if (!out->old_text) {
		rc = -1;
		goto done;
	}
	rc = make_new(doc, op, rng, name, out, err);
	if (rc != 1)
		goto done;
	/* What the pair promises, checked on what a reader will parse. */
	new_tree = smart_tree_parse(out->new_text, out->new_len, out->format, name, &quiet);
	if (!new_tree || (out->new_len == out->old_len &&
			  memcmp(out->new_text, out->old_text, out->old_len) == 0) ||
	    smart_tree_equal(old_tree, new_tree) != smart_perturb_op_is_format(op))
		rc = 0;
done:
	if (rc != 1)
		smart_perturbation_release(out);
	smart_tree_free(old_tree);
	smart_tree_free(new_tree);
	xmlFreeDoc(doc);
	gsl_rng_free(rng);
	return rc;
}

int smart_perturb_labels_load(const char *path,
			      const char *labels[SMART_PERTURB_OP_COUNT],
			      smart_error *err)
{
	char *data;
	size_t len;
	cJSON *root, *item;
	int rc = 0;

	if (smart_file_read(path, (size_t)1 << 20, &data, &len, err) < 0)
		return -1;
	root = cJSON_ParseWithLength(data, len);
	free(data);
	if (!cJSON_IsObject(root)) {
		cJSON_Delete(root);
		return smart_error_set(err, "%s: not a JSON object of operator: label", path);
	}
	cJSON_ArrayForEach(item, root) {
		smart_perturb_op op;
		const char *v = cJSON_GetStringValue(item);

		if (smart_perturb_op_from_name(item->string, &op) < 0) {
			rc = smart_error_set(err, "%s: unknown operator '%s'", path, item->string);
			break;
		}
		if (!v || (strcmp(v, "inspect") != 0 && strcmp(v, "ignore") != 0)) {
			rc = smart_error_set(err, "%s: label of '%s' must be \"inspect\" or \"ignore\"",
					     path, item->string);
			break;
		}
		assert((unsigned)op < SMART_PERTURB_OP_COUNT);
		labels[op] = strcmp(v, "inspect") == 0 ? "inspect" : "ignore";
	}
	cJSON_Delete(root);
	return rc;
}
