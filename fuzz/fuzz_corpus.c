/*
 * Fuzz target (d): a corpus file (JSON Lines, plain or gzip; DESIGN §5) read
 * with the streaming reader, as `smart train`, `eval` and `classify --corpus`
 * read theirs. Every record is a pair or one error line; every pair must
 * come back unchanged from smart_pair_to_json; and (plain files) each of a
 * pair's documents is as long as its escaped text in the line decodes to,
 * counted by the strict scanner apart from cJSON, so that a document cut
 * short (as "\u0000" once cut it) cannot round-trip unseen. The bytes are
 * handed to the reader as a file through an in-memory file descriptor
 * (memfd).
 */
#include <sys/mman.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "corpus/json_strict.h"
#include "fuzz/fuzz.h"

int FUZZ_ENTRY(const uint8_t *data, size_t size);

/* Two optional strings are equal (both absent, or the same text). */
static int fuzz_corpus_same(const char *a, const char *b)
{
	return (!a && !b) || (a && b && !strcmp(a, b));
}

/* The pair written as JSON reads back as the same pair. */
static void fuzz_corpus_round_trip(const smart_pair *pair)
{
	smart_error err = { { 0 } };
	smart_pair back;
	cJSON *holder = NULL;
	char *line = smart_pair_to_json(pair, &err);

	FUZZ_CHECK(line, "pair to JSON failed: %s", err.message);
	FUZZ_CHECK(smart_pair_from_json(&(smart_document){ line, strlen(line), "again" }, 1,
					&back, &holder, &err) == 0,
		   "a written pair does not read back: %s", err.message);
	FUZZ_CHECK(fuzz_corpus_same(pair->app, back.app) &&
		   fuzz_corpus_same(pair->test, back.test) &&
		   pair->format == back.format && pair->label == back.label &&
		   fuzz_corpus_same(pair->origin, back.origin) &&
		   fuzz_corpus_same(pair->note, back.note) &&
		   pair->old_len == back.old_len && pair->new_len == back.new_len &&
		   !memcmp(pair->old_doc, back.old_doc, pair->old_len) &&
		   !memcmp(pair->new_doc, back.new_doc, pair->new_len),
		   "pair %s/%s changed in a round trip", pair->app, pair->test);
	cJSON_Delete(holder);
	free(line);
}

/* How many records a plain (not gzip) corpus holds: its lines that are not
 * blank (spaces and tabs only), a final line without newline included. A
 * reader that returns fewer pairs and errors dropped or merged some. */
static size_t fuzz_corpus_records(const uint8_t *data, size_t size)
{
	size_t records = 0, start = 0;

	while (start < size) {
		const uint8_t *nl = memchr(data + start, '\n', size - start);
		size_t end = nl ? (size_t)(nl - data) : size, i = start;

		if (end > start && data[end - 1] == '\r')
			end--;
		if (start == 0 && end >= 3 && !memcmp(data, "\xef\xbb\xbf", 3))
			i = 3;
		while (i < end && (data[i] == ' ' || data[i] == '\t'))
			i++;
		records += i < end;
		start = nl ? (size_t)(nl - data) + 1 : size;
	}
	return records;
}

/* The text of line `line` (from 1) of a plain corpus, as the reader sees
 * it: without its newline, and on line 1 without a byte-order mark. */
static const char *fuzz_corpus_line(const uint8_t *data, size_t size, size_t line,
				    size_t *len)
{
	size_t start = 0;
	const uint8_t *nl;

	for (size_t k = 1; k < line; k++) {
		nl = memchr(data + start, '\n', size - start);
		FUZZ_CHECK(nl, "a pair on line %zu of a text without it", line);
		start = (size_t)(nl - data) + 1;
	}
	if (line == 1 && size >= 3 && !memcmp(data, "\xef\xbb\xbf", 3))
		start = 3;
	nl = memchr(data + start, '\n', size - start);
	*len = (nl ? (size_t)(nl - data) : size) - start;
	return (const char *)data + start;
}

/* The pair's documents are as long as their escaped text decodes to. */
static void fuzz_corpus_whole_documents(const uint8_t *data, size_t size, const smart_pair *pair)
{
	size_t len;
	const char *line = fuzz_corpus_line(data, size, pair->line, &len);
	size_t old_len = smart__json_string_length(line, len, "old");
	size_t new_len = smart__json_string_length(line, len, "new");

	FUZZ_CHECK(old_len == pair->old_len && new_len == pair->new_len,
		   "line %zu: documents of %zu and %zu bytes read as %zu and %zu", pair->line,
		   old_len, new_len, pair->old_len, pair->new_len);
}

int FUZZ_ENTRY(const uint8_t *data, size_t size)
{
	int gzip = size >= 2 && data[0] == 0x1f && data[1] == 0x8b;
	size_t seen = 0;
	int fatal = 0;
	smart_error err = { { 0 } };
	char path[64];
	int fd = memfd_create("corpus", 0);
	smart_corpus_reader *r;
	smart_pair pair;

	if (fd < 0 || (size && write(fd, data, size) != (ssize_t)size))
		abort();
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	r = smart_corpus_open(path, &err);
	FUZZ_CHECK(r, "open: %s", err.message);
	for (;;) {
		int got = smart_corpus_next(r, &pair, &err);

		if (got == SMART_CORPUS_END)
			break;
		if (got == SMART_CORPUS_FATAL) {
			fuzz_check_error(&err);
			fatal = 1;
			break;
		}
		seen++;
		if (got == SMART_CORPUS_BAD) {
			fuzz_check_error(&err);
			continue;
		}
		FUZZ_CHECK(got == SMART_CORPUS_PAIR, "reader returned %d", got);
		fuzz_corpus_round_trip(&pair);
		if (!gzip)
			fuzz_corpus_whole_documents(data, size, &pair);
	}
	if (!fatal && !gzip)
		FUZZ_CHECK(seen == fuzz_corpus_records(data, size),
			   "%zu records read of %zu lines", seen,
			   fuzz_corpus_records(data, size));
	smart_corpus_close(r);
	close(fd);
	return 0;
}
