/*
 * `smart review --accept-ignored` (cli/review.h, docs/review.md "Without
 * a terminal"): every pair smart ignores accepted at once. Its labels are
 * written in one atomic rewrite of the labels file (cli/review_files.c)
 * before any baseline is replaced, so that the cost grows with the pairs
 * (one read and one write of the file, not one per pair) and a kill at
 * any point leaves at worst labels whose baselines are still the old ones,
 * never a replaced baseline without its label.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common/folder_write.h"
#include "review.h"

/* What a bulk accept has done so far. */
typedef struct bulk {
	size_t *chosen;   /* the items labelled, in order */
	size_t n_chosen;
	size_t identical; /* pairs left alone: nothing to accept */
	review_rewrite w; /* the labels, rewritten once */
	int begun;
} bulk;

/* Whether the labels go through the one rewrite: a regular file, or none
 * yet. Anything else (a pipe, a device, a symbolic link) takes each
 * label in one write(2), as the one-pair review appends it. */
static int labels_rewritable(const review_labels *l)
{
	struct stat st;

	return lstat(l->path, &st) != 0 ? errno == ENOENT : S_ISREG(st.st_mode);
}

/* Says that the item was accepted (not with --json or --quiet). */
static void said(const review_suite *s, const review_item *it, int json)
{
	if (!s->quiet && !json)
		printf("accepted %s%s%s\n", it->app, *it->app ? "/" : "", it->test);
}

/* The labels of the bulk: item i's record added to the rewrite (begun on
 * the first, the labels' folder and file made then), unless its two
 * sides are identical. A baseline that cannot be written (a link on the
 * way, not a file) is found here, before anything is labelled: 1 with
 * `err` set then, and the items before it are still accepted. 0, or -1
 * with `err` set. */
static int label_one(const review_suite *s, review_labels *l, bulk *b, size_t i,
		     smart_error *err)
{
	const review_item *it = &s->items[i];
	review_docs d;
	char *line;
	size_t len;
	int rc;

	if (review_docs_load(s, it, &d, err))
		return -1;
	if (d.old_doc.len == d.new_doc.len &&
	    memcmp(d.old_doc.data, d.new_doc.data, d.old_doc.len) == 0) {
		review_docs_free(&d);
		b->identical++;
		return 0;
	}
	if (!s->corpus && smart__folder_write_check(s->old_dir, it->test, err)) {
		review_docs_free(&d);
		return 1;
	}
	line = review_label_record(it, &d, SMART_LABEL_IGNORE, NULL, err);
	review_docs_free(&d);
	if (!line)
		return -1;
	if (!b->begun && (review_labels_open(l, err) || review_rewrite_begin(&b->w, l->path, err))) {
		free(line);
		return -1;
	}
	b->begun = 1;
	len = strlen(line);
	line[len] = '\n'; /* the NUL's place: the record's line */
	rc = review_rewrite_add(&b->w, line, len + 1, err);
	free(line);
	if (rc == 0)
		b->chosen[b->n_chosen++] = i;
	return rc;
}

/* Each labelled item's new output put in the place of its baseline, in
 * order (folder form). 0, or -1 with `err` set at the first that cannot
 * be: the later ones keep their labels and their old baselines. */
static int replace_baselines(const review_suite *s, const bulk *b, int json, smart_error *err)
{
	for (size_t k = 0; k < b->n_chosen; k++) {
		const review_item *it = &s->items[b->chosen[k]];
		smart__folder_write fw;
		review_docs d;

		if (!s->corpus) {
			if (review_docs_load(s, it, &d, err))
				return -1;
			if (smart__folder_write_begin(&fw, s->old_dir, it->test, d.new_doc.data,
						      d.new_doc.len, 0, err) ||
			    smart__folder_write_commit(&fw, err)) {
				review_docs_free(&d);
				return -1;
			}
			review_docs_free(&d);
		}
		said(s, it, json);
	}
	return 0;
}

/* The one-pair accept for each ignored pair, in order: the labels going
 * to something that is not a regular file take one write each. */
static int accept_each(review_suite *s, review_labels *labels, int json, bulk *b,
		       smart_error *err)
{
	for (size_t i = 0; i < s->n; i++) {
		const review_item *it = &s->items[i];
		int same;

		if (it->inspect || it->problem)
			continue;
		same = review_identical(s, it, err);
		if (same < 0 || (!same && review_accept(s, it, labels, err)))
			return -1;
		b->identical += same != 0;
		b->n_chosen += !same;
		if (!same)
			said(s, it, json);
	}
	return 0;
}

/* --accept-ignored: every ignored pair that differs labelled in one
 * rewrite, then its baseline replaced; a line saying how many (not with
 * --json, where stdout is the list's JSON Lines). 0, or -1 with `err` set
 * at the first pair that could not be accepted (every pair before it
 * accepted, nothing of it written). */
int review_accept_ignored(review_suite *s, review_labels *labels, int json, smart_error *err)
{
	bulk b = { .chosen = malloc((s->n ? s->n : 1) * sizeof(size_t)) };
	int rc = 0, refused = 0;

	if (!b.chosen)
		return smart_error_oom(err);
	if (!labels_rewritable(labels)) {
		rc = accept_each(s, labels, json, &b, err);
	} else {
		for (size_t i = 0; rc == 0 && !refused && i < s->n; i++)
			if (!s->items[i].inspect && !s->items[i].problem) {
				rc = label_one(s, labels, &b, i, err);
				refused = rc == 1;
			}
		/* the labels safe on disk first, then the baselines; a failure
		 * here says so in `err` in place of a refusal found before */
		if (rc < 0) {
			if (b.begun)
				review_rewrite_abort(&b.w);
		} else if (b.begun && review_rewrite_commit(&b.w, err)) {
			rc = -1;
		} else {
			labels->written += b.n_chosen;
			if (replace_baselines(s, &b, json, err))
				rc = -1;
		}
	}
	free(b.chosen);
	if (rc != 0)
		return -1;
	if (!s->quiet && !json)
		printf("%zu ignored pairs accepted%s, %zu identical left as they are; "
		       "labels in %s\n", b.n_chosen, s->corpus ? " (labelled only)" : "",
		       b.identical, labels->path);
	return 0;
}
