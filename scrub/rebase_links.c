/*
 * The links of a page, for rebasing (scrub/rebase.h): every URL-valued
 * place of a tree in document order, so that the links of two runs of a
 * page can be compared place by place.
 */
#include "smart/scrub.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/array.h"
#include "internal.h"
#include "rebase.h"
#include "common/name_match.h"

int smart__scrub_is_url_attribute(const char *name)
{
	return smart__name_is(name, "href") || smart__name_is(name, "src") ||
	       smart__name_is(name, "action");
}

/* <link rel="canonical" href="...">: the page's own deployed address,
 * which names where the site is served, not what the page says. */
static int is_canonical_link(const smart_tree *t, uint32_t node)
{
	const smart_attr *rel;

	if (!smart__name_is(t->nodes[node].name, "link"))
		return 0;
	rel = smart_tree_attr(t, node, "rel");
	return rel && rel->value && strcmp(rel->value, "canonical") == 0;
}

/* Elements whose text is a URL: a sitemap's <loc>; a feed's <link>,
 * <comments> (RSS), <guid> (RSS) and <id> (Atom), the last two often tag
 * URIs (RFC 4151: "tag:example.org,2023-05-10:/a/b"). In HTML, <link> has
 * no text. */
static int holds_url_text(const char *element)
{
	static const char *const names[] = { "loc", "link", "comments", "guid", "id", NULL };

	return smart__name_in(element, names);
}

static int slot_push(slot_list *l, const char **value, uint32_t *text_len, int page_address)
{
	if (smart__array_reserve((void **)&l->at, &l->cap, l->n, sizeof(*l->at), 64) < 0)
		return -1;
	l->at[l->n].value = value;
	l->at[l->n].page_address = page_address;
	l->at[l->n++].text_len = text_len;
	return 0;
}

/* The URL-valued places of `t`, in document order. */
int smart__rebase_collect_slots(smart_tree *t, slot_list *l)
{
	for (uint32_t i = 0; i < t->count; i++) {
		smart_node *n = &t->nodes[i];

		if (n->kind == SMART_NODE_TEXT && n->text && n->parent != SMART_NONE &&
		    holds_url_text(t->nodes[n->parent].name)) {
			if (slot_push(l, &n->text, &n->text_len, 0))
				return -1;
			continue;
		}
		for (uint32_t k = 0; n->kind == SMART_NODE_ELEMENT && k < n->attr_count; k++) {
			smart_attr *a = &t->attrs[n->attr_first + k];

			if (a->value && smart__scrub_is_url_attribute(a->name) &&
			    slot_push(l, &a->value, NULL, is_canonical_link(t, i)))
				return -1;
		}
	}
	return 0;
}

/* Splits the first `len` bytes of a URL into origin and path; 0 when that
 * part is not a URL prefix (it holds a query, a fragment, or a relative
 * path's first segment). */
