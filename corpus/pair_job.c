/*
 * One corpus record as a job for the thread pool (include/smart/corpus.h):
 * the one place where a record read by smart_corpus_next, whose strings
 * belong to the reader, becomes owned copies that a worker can measure or
 * classify later, with the names its errors carry. Batch classification
 * (classify/batch.c) and corpus loading (train/load.c) both start here.
 */
#include "smart/corpus.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"

/* a followed by b, as a new string, or NULL when memory runs out. */
static char *pair_job_concat(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	char *p = malloc(la + lb + 1);

	if (p) {
		memcpy(p, a, la);
		memcpy(p + la, b, lb + 1);
	}
	return p;
}

int smart_pair_job_from_record(smart_pair_job *j, const smart_pair *pair,
			       smart_format fallback, smart_error *err)
{
	char line[32];

	memset(j, 0, sizeof(*j));
	snprintf(line, sizeof(line), ":%zu", pair->line);
	j->app = strdup(pair->app);
	j->test = strdup(pair->test);
	j->where = pair_job_concat(pair->file ? pair->file : "(record)", line);
	j->old_name = j->where ? pair_job_concat(j->where, ": old") : NULL;
	j->new_name = j->where ? pair_job_concat(j->where, ": new") : NULL;
	j->old_doc = smart__strbuf_copy(pair->old_doc, pair->old_len);
	j->new_doc = smart__strbuf_copy(pair->new_doc, pair->new_len);
	j->old_len = pair->old_len;
	j->new_len = pair->new_len;
	j->format = pair->format != SMART_FORMAT_AUTO ? pair->format : fallback;
	j->label = pair->label;
	if (!j->app || !j->test || !j->where || !j->old_name || !j->new_name || !j->old_doc ||
	    !j->new_doc) {
		smart_pair_job_clear(j);
		return smart_error_oom(err);
	}
	return 0;
}

smart_document smart_pair_job_document(const smart_pair_job *j, int new_side)
{
	return new_side ? (smart_document){ j->new_doc, j->new_len, j->new_name }
			: (smart_document){ j->old_doc, j->old_len, j->old_name };
}

void smart_pair_job_drop_documents(smart_pair_job *j)
{
	free(j->old_doc);
	free(j->new_doc);
	j->old_doc = j->new_doc = NULL;
}

void smart_pair_job_clear(smart_pair_job *j)
{
	smart_pair_job_drop_documents(j);
	free(j->app);
	free(j->test);
	free(j->where);
	free(j->old_name);
	free(j->new_name);
	memset(j, 0, sizeof(*j));
}
