/*
 * What a review by change remembers in the application's folder
 * (cli/review_change.h, docs/review.md): the accepted changes
 * (.smart/accepted.json, which classify and review then use by
 * themselves) and the rejected pairs as labels (.smart/labels.jsonl, the
 * format pair-by-pair review appends). Both files are rewritten whole
 * after every decision and every undo: read as they are now, this
 * review's own entries (marked with its session) replaced by what its
 * decisions now say, written to a temporary file in the same folder,
 * synced and renamed over the file (cli/review_files.c), with the
 * folder locked (flock) meanwhile. A kill at any point leaves each file
 * whole, as it was or as it became; an undo takes back exactly what the
 * decision wrote.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "common/strbuf.h"
#include "review_change.h"


/* What the class of `sig` covers, for people reading the file: the kind,
 * the places ("*": any; its location alone when accepted exactly) and
 * the old and new shapes. NULL when out of memory. */
static cJSON *covers(const smart_signature *sig, int exact)
{
	cJSON *o = cJSON_CreateObject();

	if (o && cJSON_AddStringToObject(o, "kind", smart_op_name(sig->kind)) &&
	    cJSON_AddStringToObject(o, "place",
				    exact ? sig->location : smart_signature_class_place(sig)) &&
	    cJSON_AddStringToObject(o, "old", sig->old_shape) &&
	    cJSON_AddStringToObject(o, "new", sig->new_shape))
		return o;
	cJSON_Delete(o);
	return NULL;
}

/* Accepted change `sig` of decision d as the file's entry ("pairs": how
 * many of the group's pairs hold it; "class": what a later classify
 * accepts with it, and "covers" what that is in words). */
static cJSON *change_entry(const bc_review *r, const bc_decision *d, const smart_signature *sig,
			   const char *session)
{
	cJSON *o = cJSON_CreateObject(), *tests;
	size_t pairs = 0;
	char id[17], cls[17];
	int ok;

	for (size_t m = 0; m < d->n_members; m++)
		pairs += bc_signature(r, d->members[m], sig->id) != NULL;
	smart_signature_id_text(sig->id, id);
	smart_signature_id_text(smart_signature_accept_class(sig), cls);
	/* an exact accept is remembered by its id alone */
	ok = o && cJSON_AddStringToObject(o, "id", id) &&
	     (d->exact || cJSON_AddStringToObject(o, "class", cls)) &&
	     cJSON_AddStringToObject(o, "kind", smart_op_name(sig->kind)) &&
	     cJSON_AddStringToObject(o, "location", sig->location) &&
	     cJSON_AddStringToObject(o, "old", sig->old_shape) &&
	     cJSON_AddStringToObject(o, "new", sig->new_shape) &&
	     cJSON_AddNumberToObject(o, "pairs", (double)pairs);
	ok = ok && cJSON_AddItemToObject(o, "covers", covers(sig, d->exact));
	if (ok && d->pair != SIZE_MAX) {
		tests = cJSON_AddArrayToObject(o, "tests");
		ok = tests && cJSON_AddItemToArray(tests,
						   cJSON_CreateString(r->s->items[d->pair].test));
	}
	ok = ok && cJSON_AddStringToObject(o, "review", session);
	if (!ok) {
		cJSON_Delete(o);
		return NULL;
	}
	return o;
}

/* .smart/accepted.json: the entries there now, but this review's, then
 * this review's accepted changes. */
static int write_accepted(bc_files *f, const bc_review *r, smart_error *err)
{
	cJSON *root = NULL, *changes, *c, *next;
	char *data, *text;
	size_t len;
	int rc;

	if (review_read_current(f->accepted_path, &data, &len, err))
		return -1;
	if (data) {
		smart_accepted *check = smart_accepted_from_json(data, len, f->accepted_path, err);

		smart_accepted_free(check);
		root = check ? cJSON_ParseWithLength(data, len) : NULL;
		free(data);
		if (!check)
			return smart_error_prefix(err, "not rewritten");
	} else if ((root = cJSON_CreateObject())) {
		if (!cJSON_AddStringToObject(root, "format", "smart-accepted") ||
		    !cJSON_AddNumberToObject(root, "version", SMART_ACCEPTED_VERSION) ||
		    !cJSON_AddArrayToObject(root, "changes")) {
			cJSON_Delete(root);
			root = NULL;
		}
	}
	if (!root)
		return smart_error_oom(err);
	/* a file of version 1 is written as 2: its entries, without a class,
	 * still accept their ids alone */
	if (!cJSON_ReplaceItemInObjectCaseSensitive(root, "version",
						    cJSON_CreateNumber(SMART_ACCEPTED_VERSION))) {
		cJSON_Delete(root);
		return smart_error_oom(err);
	}
	changes = cJSON_GetObjectItemCaseSensitive(root, "changes");
	for (c = changes->child; c; c = next) {
		next = c->next;
		if (cJSON_IsString(cJSON_GetObjectItemCaseSensitive(c, "review")) &&
		    !strcmp(cJSON_GetObjectItemCaseSensitive(c, "review")->valuestring, f->session))
			cJSON_Delete(cJSON_DetachItemViaPointer(changes, c));
	}
	for (size_t k = 0; k < r->n; k++) {
		for (size_t j = 0; r->d[k].kind == BC_ACCEPT && j < r->d[k].n_sigs; j++) {
			c = change_entry(r, &r->d[k], &r->d[k].sigs[j], f->session);
			if (!c || !cJSON_AddItemToArray(changes, c)) {
				cJSON_Delete(c);
				cJSON_Delete(root);
				return smart_error_oom(err);
			}
		}
	}
	text = cJSON_Print(root);
	cJSON_Delete(root);
	if (!text)
		return smart_error_oom(err);
	len = strlen(text);
	text[len] = '\n'; /* the NUL's place */
	rc = review_write_locked(f->accepted_path, text, len + 1, err);
	free(text);
	return rc;
}

/* Whether a line of the labels file is one of this review's records. */
static int ours(const char *line, size_t len, const char *marker)
{
	size_t m = strlen(marker);

	for (size_t i = 0; i + m <= len; i++)
		if (line[i] == '"' && memcmp(line + i, marker, m) == 0)
			return 1;
	return 0;
}

/* .smart/labels.jsonl: its lines now, but this review's, then a record
 * for each pair this review rejected. */
static int write_labels(bc_files *f, const bc_review *r, smart_error *err)
{
	smart_strbuf out = { 0 };
	char marker[128], *data;
	size_t len, records = 0;
	int rc = 0;

	snprintf(marker, sizeof(marker), "\"note\":\"%s\"", f->session);
	if (review_read_current(f->labels_path, &data, &len, err))
		return -1;
	for (size_t at = 0; at < len && rc == 0;) {
		const char *nl = memchr(data + at, '\n', len - at);
		size_t end = nl ? (size_t)(nl - data) + 1 : len;

		if (!ours(data + at, end - at, marker))
			rc = smart__strbuf_append(&out, data + at, end - at);
		at = end;
	}
	free(data);
	for (size_t k = 0; rc == 0 && k < r->n; k++)
		for (size_t m = 0; r->d[k].kind == BC_REJECT && rc == 0 && m < r->d[k].n_members; m++) {
			rc = smart__strbuf_append(&out, r->d[k].records[m], strlen(r->d[k].records[m]));
			rc = rc ? rc : smart__strbuf_append(&out, "\n", 1);
			records++;
		}
	if (rc)
		rc = smart_error_oom(err);
	else
		rc = review_write_locked(f->labels_path, out.data ? out.data : "", out.len, err);
	smart__strbuf_free(&out);
	if (rc == 0)
		f->labels_written = records;
	return rc;
}

/* The label records a reject needs, made once (the documents read, the
 * pair labelled inspect, the note marking this review). */
static int make_records(bc_files *f, bc_review *r, bc_decision *d, smart_error *err)
{
	if (d->records)
		return 0;
	d->records = calloc(d->n_members ? d->n_members : 1, sizeof(*d->records));
	if (!d->records)
		return smart_error_oom(err);
	for (size_t m = 0; m < d->n_members; m++) {
		const review_item *it = &r->s->items[d->members[m]];
		review_docs docs;

		if (review_docs_load(r->s, it, &docs, err))
			return -1;
		d->records[m] = review_label_record(it, &docs, SMART_LABEL_INSPECT, f->session, err);
		review_docs_free(&docs);
		if (!d->records[m])
			return -1;
	}
	return 0;
}

int bc_remember(bc_files *f, bc_review *r, smart_error *err)
{
	size_t accepted = 0;
	int rejects = 0, fd, rc = 0;

	for (size_t k = 0; k < r->n; k++) {
		accepted += r->d[k].kind == BC_ACCEPT;
		rejects |= r->d[k].kind == BC_REJECT;
		if (r->d[k].kind == BC_REJECT && make_records(f, r, &r->d[k], err))
			return -1;
	}
	if (f->mkdir_parent && mkdir(".smart", 0777) != 0 && errno != EEXIST)
		return smart_error_set(err, ".smart: cannot create the folder: %s", strerror(errno));
	if (accepted || f->accepted_written) {
		if ((fd = review_lock_folder(f->accepted_path, err)) < 0)
			return -1;
		rc = write_accepted(f, r, err);
		close(fd);
		if (rc)
			return -1;
		f->accepted_written = accepted ? accepted : f->accepted_written;
	}
	if (rejects || f->labels_touched) {
		if ((fd = review_lock_folder(f->labels_path, err)) < 0)
			return -1;
		rc = write_labels(f, r, err);
		close(fd);
		f->labels_touched = 1;
	}
	return rc;
}
