/* What the two files of rebasing share (scrub/rebase.c, rebase_links.c). */
#ifndef SMART_SCRUB_REBASE_H
#define SMART_SCRUB_REBASE_H

#include <stddef.h>
#include <stdint.h>

#include "smart/tree.h"


/* One URL-valued place of a tree: an href, src or action attribute, or the
 * text of a sitemap's <loc> or of a feed's <link>, <guid>, <id> or
 * <comments> (RSS and Atom). */
typedef struct url_slot {
	const char **value;
	uint32_t *text_len; /* the text node's length, or NULL for attributes */
	int page_address;   /* <link rel="canonical">: where the page is deployed */
} url_slot;

typedef struct slot_list {
	url_slot *at;
	size_t n, cap;
} slot_list;


/* Appends every URL-valued place of `t` to `l`, in document order. 0, or
 * -1 when out of memory. */
int smart__rebase_collect_slots(smart_tree *t, slot_list *l);

#endif
