/*
 * A pair of documents to compare. It borrows the bytes and parses each side
 * at most once, on first use, into whichever forms the comparators ask for:
 * libxml2's document (white space as written, XPath) or smart's tree
 * (FragGen's fragments).
 */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "diffx/tree_libxml.h"

struct smart_compare_pair {
	const char *data[2];
	size_t len[2];
	char *name[2];
	smart_format format[2];
	int doc_done[2];
	xmlDocPtr doc[2];
	smart_tree *tree[2];
};

smart_compare_pair *smart_compare_pair_new(const smart_document *old_doc,
					   const smart_document *new_doc,
					   smart_format format, smart_error *err)
{
	smart_compare_pair *pair = calloc(1, sizeof(*pair));

	if (!pair) {
		smart_error_oom(err);
		return NULL;
	}
	pair->data[CMP_OLD] = old_doc->data ? old_doc->data : "";
	pair->len[CMP_OLD] = old_doc->data ? old_doc->len : 0;
	pair->data[CMP_NEW] = new_doc->data ? new_doc->data : "";
	pair->len[CMP_NEW] = new_doc->data ? new_doc->len : 0;
	pair->name[CMP_OLD] = strdup(old_doc->name ? old_doc->name : "old");
	pair->name[CMP_NEW] = strdup(new_doc->name ? new_doc->name : "new");
	if (!pair->name[CMP_OLD] || !pair->name[CMP_NEW]) {
		smart_compare_pair_free(pair);
		smart_error_oom(err);
		return NULL;
	}
	for (int side = 0; side < 2; side++)
		pair->format[side] = format != SMART_FORMAT_AUTO
			? format
			: smart_format_sniff(pair->data[side], pair->len[side]);
	return pair;
}

void smart_compare_pair_free(smart_compare_pair *pair)
{
	if (!pair)
		return;
	for (int side = 0; side < 2; side++) {
		free(pair->name[side]);
		xmlFreeDoc(pair->doc[side]);
		smart_tree_free(pair->tree[side]);
	}
	free(pair);
}

int smart__cmp_pair_doc(smart_compare_pair *pair, int side, xmlDocPtr *doc,
		 smart_error *err)
{
	if (!pair->doc_done[side]) {
		smart_format format = pair->format[side];

		if (smart__tree_libxml_read(pair->data[side], pair->len[side], &format,
				     pair->name[side], &pair->doc[side], err) < 0)
			return -1;
		pair->doc_done[side] = 1;
	}
	*doc = pair->doc[side];
	return 0;
}

const smart_tree *smart__cmp_pair_tree(smart_compare_pair *pair, int side,
				smart_error *err)
{
	if (!pair->tree[side])
		pair->tree[side] = smart_tree_parse(pair->data[side], pair->len[side],
						    pair->format[side],
						    pair->name[side], err);
	return pair->tree[side];
}

void smart__cmp_pair_bytes(const smart_compare_pair *pair, int side, const char **data,
		    size_t *len)
{
	*data = pair->data[side];
	*len = pair->len[side];
}

const char *smart__cmp_pair_name(const smart_compare_pair *pair, int side)
{
	return pair->name[side];
}

smart_format smart__cmp_pair_format(const smart_compare_pair *pair, int side)
{
	return pair->format[side];
}
