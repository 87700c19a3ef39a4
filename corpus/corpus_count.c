/*
 * Counting a corpus' records before it is read (include/smart/corpus.h):
 * the total of a batch's progress. Lines are counted in the decompressed
 * bytes, without parsing a record.
 */
#include "smart/corpus.h"

#include <stdlib.h>

#include "common/gzin.h"

/* How much is decompressed at a time. */
#define COUNT_CHUNK (64 * 1024)

/* Adds the non-blank lines of one file (plain or gzip) to *records. */
static int count_one(const char *path, size_t *records, smart_error *err)
{
	char *buf = malloc(COUNT_CHUNK);
	smart_gzin *in;
	ssize_t n;
	int blank = 1;

	if (!buf)
		return smart_error_oom(err);
	in = smart__gzin_open(path, err);
	if (!in) {
		free(buf);
		return smart_error_prefix(err, "%s", path);
	}
	while ((n = smart__gzin_read(in, buf, COUNT_CHUNK, err)) > 0) {
		for (ssize_t i = 0; i < n; i++) {
			char c = buf[i];

			if (c == '\n') {
				*records += !blank;
				blank = 1;
			} else if (c != ' ' && c != '\t' && c != '\r') {
				blank = 0;
			}
		}
	}
	*records += !blank; /* a last line without its newline */
	smart__gzin_close(in);
	free(buf);
	return n == 0 ? 0 : smart_error_prefix(err, "%s: cannot read", path);
}

int smart_corpus_count(const char *const *paths, size_t n_paths, size_t *records,
		       smart_error *err)
{
	*records = 0;
	for (size_t i = 0; i < n_paths; i++)
		if (count_one(paths[i], records, err))
			return -1;
	return 0;
}
