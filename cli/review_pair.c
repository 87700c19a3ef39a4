/*
 * A reviewed pair's documents and what a verdict on it does
 * (cli/review.h): accept copies the new output over the baseline (the
 * folder form) and labels the pair ignore; reject labels it inspect. Each
 * label is one record of the application's labelled corpus
 * (docs/corpus-format.md, origin "review"), appended with one write(2)
 * on an O_APPEND descriptor, so that reviewers sharing the file never
 * interleave their records.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/folder_write.h"
#include "common/strbuf.h"
#include "common/text.h"
#include "review.h"

/* The path of `rel` under `dir`, into buf; -1 with `err` set when long. */
static int join(char *buf, size_t size, const char *dir, const char *rel, smart_error *err)
{
	if ((size_t)snprintf(buf, size, "%s/%s", dir, rel) >= size)
		return smart_error_set(err, "%s/%s: path too long", dir, rel);
	return 0;
}

/* The item's documents: read from the two folders, or the corpus
 * record's, borrowed. */
int review_docs_load(const review_suite *s, const review_item *it, review_docs *d,
		     smart_error *err)
{
	memset(d, 0, sizeof(*d));
	if (s->corpus) {
		if (!it->old_doc)
			return smart_error_set(err, "%s: the record's documents were not kept", it->where);
		d->old_doc = (smart_document){ it->old_doc, it->old_len, it->where };
		d->new_doc = (smart_document){ it->new_doc, it->new_len, it->where };
		return 0;
	}
	if (join(d->old_path, sizeof(d->old_path), s->old_dir, it->test, err) ||
	    join(d->new_path, sizeof(d->new_path), s->new_dir, it->test, err) ||
	    smart_file_read(d->old_path, SMART_TREE_MAX_FILE, &d->owned_old, &d->old_doc.len, err) ||
	    smart_file_read(d->new_path, SMART_TREE_MAX_FILE, &d->owned_new, &d->new_doc.len, err)) {
		review_docs_free(d);
		return -1;
	}
	d->old_doc.data = d->owned_old;
	d->old_doc.name = d->old_path;
	d->new_doc.data = d->owned_new;
	d->new_doc.name = d->new_path;
	return 0;
}

/* Frees the documents read from the folders (a corpus' are the item's). */
void review_docs_free(review_docs *d)
{
	free(d->owned_old);
	free(d->owned_new);
	d->owned_old = d->owned_new = NULL;
}

/* --accept-ignored leaves byte-identical pairs alone: nothing to accept
 * and nothing to learn. */
int review_identical(const review_suite *s, const review_item *it, smart_error *err)
{
	review_docs d;
	int same;

	if (review_docs_load(s, it, &d, err))
		return -1;
	same = d.old_doc.len == d.new_doc.len &&
	       memcmp(d.old_doc.data, d.new_doc.data, d.old_doc.len) == 0;
	review_docs_free(&d);
	return same;
}

/* Opens the labels for appending on the first verdict (the default's
 * folder .smart/ created), so that a review that decides nothing leaves
 * no file behind, and a labels file that cannot be written stops the
 * verdict before its baseline is touched. */
int review_labels_open(review_labels *l, smart_error *err)
{
	if (l->fd >= 0)
		return 0;
	if (l->mkdir_parent && mkdir(".smart", 0777) != 0 && errno != EEXIST)
		return smart_error_set(err, ".smart: cannot create the labels' folder: %s",
				       strerror(errno));
	l->fd = open(l->path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
	if (l->fd < 0)
		return smart_error_set(err, "%s: cannot open the labels for appending: %s",
				       l->path, strerror(errno));
	return 0;
}

/* The document as a record may hold it: itself when it is UTF-8, else
 * `clean`, a copy with each invalid sequence replaced by U+FFFD, as
 * mutate and perturb write theirs (a record is UTF-8 only:
 * docs/corpus-format.md). NULL when out of memory. */
static const char *label_text(const smart_document *doc, smart_strbuf *clean, size_t *len)
{
	*len = doc->len;
	if (smart__text_is_valid_utf8(doc->data, doc->len))
		return doc->data;
	if (smart__text_clean(clean, doc->data, doc->len, 0) < 0 ||
	    smart__strbuf_append(clean, "", 0) < 0)
		return NULL;
	*len = clean->len;
	return clean->data;
}

/* The pair as one record (cli/review.h): both documents as a record may
 * hold them, origin "review". */
char *review_label_record(const review_item *it, const review_docs *d, smart_label label,
			  const char *note, smart_error *err)
{
	smart_strbuf clean_old = { 0 }, clean_new = { 0 };
	smart_pair p = { .app = it->app, .test = it->test, .format = it->format,
			 .label = label, .origin = "review", .note = note };
	char *line = NULL;

	p.old_doc = label_text(&d->old_doc, &clean_old, &p.old_len);
	p.new_doc = label_text(&d->new_doc, &clean_new, &p.new_len);
	if (!p.old_doc || !p.new_doc)
		smart_error_oom(err);
	else if (!(line = smart_pair_to_json(&p, err)))
		smart_error_prefix(err, "%s: cannot be labelled", it->where);
	smart__strbuf_free(&clean_old);
	smart__strbuf_free(&clean_new);
	return line;
}

/* Appends the pair with `label` as one record: to a regular file (or
 * none yet) locked, rewritten through a temporary file and renamed, as a
 * review by change rewrites it (cli/review_files.c), so that neither
 * loses the other's records; to anything else (a pipe, a device, a
 * symbolic link) in one write, as before. */
static int labels_append(review_labels *l, const review_item *it, const review_docs *d,
			 smart_label label, smart_error *err)
{
	char *line = review_label_record(it, d, label, NULL, err);
	struct stat st;
	size_t len;
	ssize_t put;

	if (!line)
		return -1;
	len = strlen(line);
	line[len] = '\n'; /* the terminating NUL's place: one buffer, one write */
	if (lstat(l->path, &st) == 0 && S_ISREG(st.st_mode)) {
		int rc = review_append_locked(l->path, line, len + 1, err);

		free(line);
		l->written += rc == 0;
		return rc;
	}
	do
		put = write(l->fd, line, len + 1);
	while (put < 0 && errno == EINTR);
	free(line);
	if (put < 0)
		return smart_error_set(err, "%s: cannot append a label: %s", l->path, strerror(errno));
	if ((size_t)put != len + 1)
		return smart_error_set(err, "%s: a label was cut short (%zd of %zu bytes; "
				       "the disk may be full)", l->path, put, len + 1);
	l->written++;
	return 0;
}

/* A one-sided pair whose old file is missing and whose new file is
 * there: the only unclassified pair an accept can act on. */
int review_new_only(const review_suite *s, const review_item *it)
{
	char old_path[4096], new_path[4096];
	smart_error err = { "" };
	struct stat st;

	if (s->corpus || !it->problem || it->trouble ||
	    join(old_path, sizeof(old_path), s->old_dir, it->test, &err) ||
	    join(new_path, sizeof(new_path), s->new_dir, it->test, &err))
		return 0;
	return lstat(old_path, &st) != 0 && errno == ENOENT && stat(new_path, &st) == 0 &&
	       S_ISREG(st.st_mode);
}

/* Accepting a file of the new run only: it becomes the baseline (a new
 * test's first output), its missing folders created, none of them
 * followed if it is a symbolic link (common/folder_write.h). No label: a
 * pair record needs both documents. */
static int accept_new_only(const review_suite *s, const review_item *it, smart_error *err)
{
	char new_path[4096], *data = NULL;
	smart__folder_write w;
	size_t len;
	int rc;

	if (join(new_path, sizeof(new_path), s->new_dir, it->test, err) ||
	    smart_file_read(new_path, SMART_TREE_MAX_FILE, &data, &len, err))
		return -1;
	rc = smart__folder_write_begin(&w, s->old_dir, it->test, data, len, 1, err);
	free(data);
	return rc == 0 ? smart__folder_write_commit(&w, err) : -1;
}

/* A verdict: the labels opened; for an accept, the new document written
 * to a synced temporary file beside the baseline (refused before anything
 * is labelled when the way there holds a symbolic link); the label
 * appended; and only then the baseline replaced, so that a kill at any
 * point leaves at worst a label whose baseline is still the old one,
 * never a replaced baseline without its label. */
static int verdict(const review_suite *s, const review_item *it, review_labels *l,
		   smart_label label, smart_error *err)
{
	int replace = label == SMART_LABEL_IGNORE && !s->corpus;
	smart__folder_write w;
	review_docs d;
	int rc;

	if (label == SMART_LABEL_IGNORE && review_new_only(s, it))
		return accept_new_only(s, it, err);
	if (it->problem)
		return smart_error_set(err, "%s: cannot be labelled: %s", it->where, it->problem);
	if (review_labels_open(l, err) || review_docs_load(s, it, &d, err))
		return -1;
	rc = replace ? smart__folder_write_begin(&w, s->old_dir, it->test, d.new_doc.data,
						 d.new_doc.len, 0, err) : 0;
	if (rc == 0 && labels_append(l, it, &d, label, err) != 0) {
		if (replace)
			smart__folder_write_abort(&w);
		rc = -1;
	}
	if (rc == 0 && replace)
		rc = smart__folder_write_commit(&w, err);
	review_docs_free(&d);
	return rc;
}

/* The 'a' key and --accept-ignored (cli/review.h). */
int review_accept(const review_suite *s, const review_item *it, review_labels *l,
		  smart_error *err)
{
	return verdict(s, it, l, SMART_LABEL_IGNORE, err);
}

/* The 'r' key (cli/review.h). */
int review_reject(const review_suite *s, const review_item *it, review_labels *l,
		  smart_error *err)
{
	return verdict(s, it, l, SMART_LABEL_INSPECT, err);
}

/* Closes the labels once the review ends (each record is already whole). */
void review_labels_close(review_labels *l)
{
	if (l->fd >= 0)
		close(l->fd);
	l->fd = -1;
}

/* Before the first accept into OLD_DIR: removes the temporary files an
 * earlier accept killed between naming one and renaming it left there
 * (common/folder_write.h), saying how many on stderr. */
int review_sweep_temps(const review_suite *s, smart_error *err)
{
	size_t removed;

	if (smart__folder_sweep_temps(s->old_dir, &removed, err))
		return -1;
	if (removed && !s->quiet)
		fprintf(stderr, "smart: removed %zu temporary file%s a killed review left in %s\n",
			removed, removed == 1 ? "" : "s", s->old_dir);
	return 0;
}
