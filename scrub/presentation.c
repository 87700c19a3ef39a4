/*
 * Presentational attributes (include/smart/profile.h): class, style,
 * data-* and the old layout attributes of HTML. What they change depends on
 * style sheets and scripts the pair does not carry (ANNOTATION.md rule U),
 * and SMART ignored attribute values by default "to avoid flagging changes
 * to image height and other non-errors" (Dobolyi & Weimer §7.2.2).
 *
 * Only one kind of change to them is discounted: such an attribute *added*
 * to an element that lacked it (a new styling or analytics hook). A value
 * that changes or disappears often carries state that the seeded faults
 * showed to matter: an off-by-one data-sourcepos, a lost class="active",
 * syntax-highlighting and coverage classes.
 */
#include "smart/scrub.h"
#include "smart/diffx.h"

#include <assert.h>
#include <string.h>
#include <strings.h>

#include "internal.h"

int smart_presentation_attribute(const char *name)
{
	static const char *const names[] = { "class", "style", "width", "height", "align",
					     "valign", "bgcolor", "border", "cellpadding",
					     "cellspacing", NULL };

	if (strncasecmp(name, "data-", 5) == 0)
		return 1;
	for (size_t i = 0; names[i]; i++)
		if (strcasecmp(name, names[i]) == 0)
			return 1;
	return 0;
}

/* Whether edit `op` inserts a presentational attribute. */
static int adds_presentation(const smart_edit_op *op)
{
	return op->kind == SMART_OP_ATTR_INSERT && smart_presentation_attribute(op->attr_name);
}

/* Aligning the trees again once the attributes are gone gave the same
 * alignment but for those inserts on every corpus pair but 4 of 11 009, and
 * the same decision on all of them, at the cost of a second DiffX (about
 * 15% of measuring a page that gains data-* hooks): so the inserts are
 * taken out of the script instead. */
int smart_scrub_added_presentation(smart_tree *new_clean, smart_diff *d, smart_scrub_log *log,
				   smart_error *err)
{
	size_t kept = 0;
	int removed = 0;

	assert(d->new_tree == new_clean);
	if (new_clean->format != SMART_FORMAT_HTML)
		return 0; /* in XML, width or class may be the data itself */
	for (size_t i = 0; i < d->op_count; i++) {
		const smart_edit_op *op = &d->ops[i];

		if (!adds_presentation(op))
			continue;
		if (smart__scrub_remove_attribute(new_clean, op->new_node, op->attr_name, log))
			return smart_error_oom(err);
		removed++;
	}
	for (size_t i = 0; i < d->op_count; i++)
		if (!adds_presentation(&d->ops[i]))
			d->ops[kept++] = d->ops[i];
	assert(d->op_count - kept == (size_t)removed);
	assert(d->summary.attribute_changes >= (uint32_t)removed);
	d->op_count = kept;
	d->summary.attribute_changes -= (uint32_t)removed;
	return removed;
}
