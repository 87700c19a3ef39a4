/*
 * Generator metadata (include/smart/profile.h, smart_scrub_metadata):
 * HTML's <meta name="generator|date|created|modified"> elements say which
 * tool made the page and when; readers never see them and programs that use
 * the page do not act on them (corpora/ANNOTATION.md rule M). A run may
 * print them and another not (tidy --tidy-mark no), so the trees aligned
 * are copies without them and the discount counts the ones that differed.
 */
#include "smart/scrub.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "common/name_match.h"


/* The name= of a metadata <meta> element at node i, or NULL. */
static const char *metadata_name(const smart_tree *t, uint32_t i)
{
	static const char *const names[] = { "generator", "date", "created", "modified", NULL };
	const smart_attr *name;

	if (t->nodes[i].kind != SMART_NODE_ELEMENT || !smart__name_is(t->nodes[i].name, "meta"))
		return NULL;
	name = smart_tree_attr(t, i, "name");
	for (size_t k = 0; name && name->value && names[k]; k++)
		if (strcasecmp(name->value, names[k]) == 0)
			return name->value;
	return NULL;
}

/* Marks the metadata elements of `t` in drop[]; returns how many. */
static unsigned mark_metadata(const smart_tree *t, unsigned char *drop)
{
	unsigned n = 0;

	for (uint32_t i = 0; i < t->count; i++) {
		drop[i] = metadata_name(t, i) != NULL;
		n += drop[i];
	}
	return n;
}

/* The content= of the metadata element of `t` named `name`, "" when it
 * has none, or NULL when `t` has no such element. */
static const char *metadata_content(const smart_tree *t, const char *name)
{
	for (uint32_t i = 0; i < t->count; i++) {
		const char *n = metadata_name(t, i);
		const smart_attr *content;

		if (!n || strcasecmp(n, name) != 0)
			continue;
		content = smart_tree_attr(t, i, "content");
		return content && content->value ? content->value : "";
	}
	return NULL;
}

/* Metadata elements of `a` that `b` lacks or, unless `absent_only`, has
 * with another content. */
static unsigned differing(const smart_tree *a, const smart_tree *b, int absent_only)
{
	unsigned n = 0;

	for (uint32_t i = 0; i < a->count; i++) {
		const char *name = metadata_name(a, i), *theirs;
		const smart_attr *mine;

		if (!name)
			continue;
		theirs = metadata_content(b, name);
		mine = smart_tree_attr(a, i, "content");
		n += !theirs || (!absent_only &&
				 strcmp(theirs, mine && mine->value ? mine->value : "") != 0);
	}
	return n;
}

/* Replaces *clean (the raw tree, scrubbed in place) by its copy without
 * the elements drop[] marks; the copy borrows the tree's strings and the
 * scrubbed ones, so it must be freed before the tree and the log. */
static int prune(smart_tree **clean, const unsigned char *drop, uint32_t **raw_of,
		 smart_error *err)
{
	smart_tree *pruned = smart_tree_prune(*clean, drop, raw_of, err);

	if (!pruned)
		return -1;
	*clean = pruned;
	return 0;
}

int smart_scrub_metadata(smart_scrubbed_pair *s, smart_scrub_log *log, smart_error *err)
{
	unsigned char *drop_old, *drop_new;
	unsigned n_old, n_new;
	int rc = 0;

	s->old_raw_of = s->new_raw_of = NULL;
	if (s->old_clean->format != SMART_FORMAT_HTML)
		return 0;
	drop_old = calloc(s->old_clean->count ? s->old_clean->count : 1, 1);
	drop_new = calloc(s->new_clean->count ? s->new_clean->count : 1, 1);
	if (!drop_old || !drop_new) {
		free(drop_old);
		free(drop_new);
		return smart_error_oom(err);
	}
	n_old = mark_metadata(s->old_clean, drop_old);
	n_new = mark_metadata(s->new_clean, drop_new);
	if (n_old + n_new > 0) {
		smart_scrub_log_undo(log); /* the contents as the runs printed them */
		rc = (int)(differing(s->old_clean, s->new_clean, 0) +
			   differing(s->new_clean, s->old_clean, 1));
		smart_scrub_log_redo(log);
		if (prune(&s->old_clean, drop_old, &s->old_raw_of, err) ||
		    prune(&s->new_clean, drop_new, &s->new_raw_of, err))
			rc = -1;
	}
	free(drop_old);
	free(drop_new);
	return rc;
}
