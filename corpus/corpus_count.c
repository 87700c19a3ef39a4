/*
 * Counting a corpus' records before it is read (include/smart/corpus.h):
 * the total of a batch's progress. Lines are counted in the decompressed
 * bytes, without parsing a record.
 */
#include "smart/corpus.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

/* How much is decompressed at a time. */
#define COUNT_CHUNK (64 * 1024)

/* Adds the non-blank lines of one file (plain or gzip) to *records. */
static int count_one(const char *path, size_t *records, smart_error *err)
{
	char *buf = malloc(COUNT_CHUNK);
	gzFile gz;
	int n, blank = 1, ok;

	if (!buf)
		return smart_error_oom(err);
	errno = 0;
	gz = gzopen(path, "rb");
	if (!gz) {
		free(buf);
		return smart_error_set(err, "%s: %s", path, errno ? strerror(errno) : "cannot open");
	}
	while ((n = gzread(gz, buf, COUNT_CHUNK)) > 0) {
		for (int i = 0; i < n; i++) {
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
	ok = n == 0;
	if (!ok)
		smart_error_set(err, "%s: cannot read (%s)", path, gzerror(gz, &n));
	gzclose(gz);
	free(buf);
	return ok ? 0 : -1;
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
