/*
 * Streaming corpus reader and the corpus writer (include/smart/corpus.h).
 * Plain and gzip files are read alike (common/gzin.h).
 */
#include "smart/corpus.h"
#include "smart/shard.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <zlib.h>

#include "common/gzin.h"

#include "smart/file.h"
#include "smart/limits.h"

/* A record line may hold two whole documents; refuse absurd ones. */
#define CORPUS_MAX_LINE ((size_t)512 * 1024 * 1024)

/* The longest record worth reading: two documents within the input limit,
 * JSON-escaped (most escapes take two bytes), and the other fields. A
 * longer line could only hold a document the parser would refuse, so it is
 * refused before it costs memory. */
static size_t corpus_max_line(void)
{
	size_t max_input = smart_limits_get()->max_input;

	if (max_input > (CORPUS_MAX_LINE - (1 << 20)) / 4)
		return CORPUS_MAX_LINE;
	return 4 * max_input + (1 << 20);
}

struct smart_corpus_reader {
	smart_gzin *in;
	char *path;
	size_t line;      /* of the record last returned */
	char *buf;        /* the current line */
	size_t cap;
	char *chunk;      /* bytes read from the file, not yet cut into lines */
	size_t chunk_len, chunk_pos;
	cJSON *holder;    /* the current record's JSON */
	int eof;
};

/* How much is read from the (decompressed) file at a time. */
#define CORPUS_CHUNK ((size_t)128 * 1024)

smart_corpus_reader *smart_corpus_open(const char *path, smart_error *err)
{
	smart_corpus_reader *r = calloc(1, sizeof(*r));

	if (!r) {
		smart_error_oom(err);
		return NULL;
	}
	r->path = strdup(path);
	r->cap = 64 * 1024;
	r->buf = malloc(r->cap);
	r->chunk = malloc(CORPUS_CHUNK);
	if (!r->path || !r->buf || !r->chunk) {
		smart_corpus_close(r);
		smart_error_oom(err);
		return NULL;
	}
	r->in = smart__gzin_open(path, err);
	if (!r->in) {
		smart_error_prefix(err, "%s", path);
		smart_corpus_close(r);
		return NULL;
	}
	return r;
}

void smart_corpus_close(smart_corpus_reader *r)
{
	if (!r)
		return;
	smart__gzin_close(r->in);
	cJSON_Delete(r->holder);
	free(r->buf);
	free(r->chunk);
	free(r->path);
	free(r);
}

/* Reads one line (without its newline) into r->buf; its length in *len.
 * Returns 1 for a line, 0 at the end, -1 on error. The line is cut by
 * searching the bytes read for '\n' (not by gzgets and strlen), so that a
 * NUL byte inside a record is kept, seen and reported with its line
 * instead of silently cutting the record short and gluing the next line
 * to it. */
static int read_line(smart_corpus_reader *r, size_t *len, smart_error *err)
{
	size_t used = 0, max = corpus_max_line();
	int got_any = 0;

	for (;;) {
		const char *start, *nl;
		size_t take;

		if (r->chunk_pos == r->chunk_len) {
			ssize_t n = smart__gzin_read(r->in, r->chunk, CORPUS_CHUNK, err);

			if (n < 0)
				return smart_error_prefix(err, "%s:%zu", r->path, r->line + 1);
			if (n == 0) {
				r->eof = 1;
				break;
			}
			r->chunk_len = (size_t)n;
			r->chunk_pos = 0;
		}
		got_any = 1;
		start = r->chunk + r->chunk_pos;
		nl = memchr(start, '\n', r->chunk_len - r->chunk_pos);
		take = nl ? (size_t)(nl - start) : r->chunk_len - r->chunk_pos;
		/* checked on every piece, before it is held: the buffer never
		 * grows past the limit, however long the line */
		if (used + take > max)
			return smart_error_set(err, "%s:%zu: line longer than %zu bytes "
					       "(two documents within --max-input)",
					       r->path, r->line + 1, max);
		if (r->cap - used <= take) {
			size_t cap = r->cap;
			char *bigger;

			while (cap - used <= take)
				cap *= 2;
			if (cap > max + 1)
				cap = max + 1;
			bigger = realloc(r->buf, cap);
			if (!bigger)
				return smart_error_oom(err);
			r->buf = bigger;
			r->cap = cap;
		}
		assert(used + take < r->cap); /* room for the piece and the NUL */
		memcpy(r->buf + used, start, take);
		used += take;
		r->chunk_pos += take + (nl != NULL);
		assert(r->chunk_pos <= r->chunk_len);
		if (nl)
			break;
	}
	if (!got_any)
		return 0;
	if (used > 0 && r->buf[used - 1] == '\r')
		used--;
	r->buf[used] = '\0';
	*len = used;
	return 1;
}

/* The next record (of shard walk w's shard, when w is not NULL: every
 * record's line is seen by w, only this shard's are parsed). */
static int corpus_next(smart_corpus_reader *r, smart_shard_walk *w, size_t *index,
		       smart_pair *pair, smart_error *err)
{
	size_t len = 0;

	cJSON_Delete(r->holder);
	r->holder = NULL;
	for (;;) {
		size_t i = 0;
		int got;

		if (r->eof)
			return SMART_CORPUS_END;
		got = read_line(r, &len, err);
		if (got <= 0)
			return got < 0 ? SMART_CORPUS_FATAL : SMART_CORPUS_END;
		r->line++;
		/* A UTF-8 byte-order mark some editors put first is not data. */
		if (r->line == 1 && len >= 3 && !memcmp(r->buf, "\xef\xbb\xbf", 3))
			i = 3;
		while (i < len && (r->buf[i] == ' ' || r->buf[i] == '\t'))
			i++;
		if (i == len)
			continue; /* blank lines separate nothing and mean nothing */
		if (w && !smart_shard_walk_see(w, smart_shard_hash(r->buf + i, len - i), index))
			continue; /* another shard's record: not even parsed */
		if (memchr(r->buf, '\0', len)) {
			smart_error_set(err, "%s:%zu: a NUL byte inside a record (binary file?)",
					r->path, r->line);
			return SMART_CORPUS_BAD;
		}
		if (smart_pair_from_json(&(smart_document){ r->buf + i, len - i, r->path },
					 r->line, pair, &r->holder, err))
			return SMART_CORPUS_BAD;
		return SMART_CORPUS_PAIR;
	}
}

int smart_corpus_next(smart_corpus_reader *r, smart_pair *pair, smart_error *err)
{
	return corpus_next(r, NULL, NULL, pair, err);
}

int smart_corpus_next_in_shard(smart_corpus_reader *r, smart_shard_walk *w, size_t *index,
			       smart_pair *pair, smart_error *err)
{
	return corpus_next(r, w, index, pair, err);
}

struct smart_corpus_writer {
	char *path;
	char *data;
	size_t len, cap;
};

smart_corpus_writer *smart_corpus_writer_new(const char *path, smart_error *err)
{
	smart_corpus_writer *w = calloc(1, sizeof(*w));

	if (!w || !(w->path = strdup(path))) {
		free(w);
		smart_error_oom(err);
		return NULL;
	}
	return w;
}

void smart_corpus_writer_free(smart_corpus_writer *w)
{
	if (!w)
		return;
	free(w->path);
	free(w->data);
	free(w);
}

int smart_corpus_write(smart_corpus_writer *w, const smart_pair *pair,
		       smart_error *err)
{
	char *line = smart_pair_to_json(pair, err);
	size_t n;

	if (!line)
		return -1;
	n = strlen(line);
	if (w->len + n + 1 > w->cap) {
		size_t cap = w->cap ? w->cap : 64 * 1024;
		char *bigger;

		while (cap < w->len + n + 1)
			cap *= 2;
		bigger = realloc(w->data, cap);
		if (!bigger) {
			free(line);
			return smart_error_oom(err);
		}
		w->data = bigger;
		w->cap = cap;
	}
	assert(w->len + n + 1 <= w->cap);
	memcpy(w->data + w->len, line, n);
	w->data[w->len + n] = '\n';
	w->len += n + 1;
	free(line);
	return 0;
}

/* Compresses `len` bytes into a gzip stream (*out, caller frees). */
static int gzip_buffer(const char *data, size_t len, char **out, size_t *out_len,
		       smart_error *err)
{
	z_stream zs;
	uLong cap;
	char *buf;
	int rc;

	*out = NULL;
	*out_len = 0;
	if (len > (size_t)UINT32_MAX / 2)
		return smart_error_set(err, "corpus too large to gzip in one piece");
	memset(&zs, 0, sizeof(zs));
	if (deflateInit2(&zs, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
		return smart_error_set(err, "gzip: cannot initialise zlib");
	cap = deflateBound(&zs, (uLong)len);
	buf = malloc(cap);
	if (!buf) {
		deflateEnd(&zs);
		return smart_error_oom(err);
	}
	zs.next_in = (Bytef *)(uintptr_t)data;
	zs.avail_in = (uInt)len;
	zs.next_out = (Bytef *)buf;
	zs.avail_out = (uInt)cap;
	rc = deflate(&zs, Z_FINISH);
	*out_len = cap - zs.avail_out;
	deflateEnd(&zs);
	if (rc != Z_STREAM_END) {
		free(buf);
		return smart_error_set(err, "gzip: compression failed");
	}
	*out = buf;
	return 0;
}

int smart_corpus_writer_finish(smart_corpus_writer *w, smart_error *err)
{
	size_t plen = strlen(w->path);
	int rc;

	if (plen > 3 && !strcmp(w->path + plen - 3, ".gz")) {
		char *gz = NULL;
		size_t gz_len = 0;

		rc = gzip_buffer(w->data ? w->data : "", w->len, &gz, &gz_len, err);
		if (rc == 0) {
			rc = smart_file_write_atomic(w->path, gz, gz_len, err);
			free(gz);
		} else {
			smart_error_prefix(err, "%s", w->path);
		}
	} else {
		rc = smart_file_write_atomic(w->path, w->data ? w->data : "", w->len, err);
	}
	smart_corpus_writer_free(w);
	return rc;
}
