/*
 * Reading plain or gzip files (common/gzin.h), inflating with ISA-L.
 *
 * A gzip file is one or more members, each a header, deflate blocks and a
 * trailer with the content's CRC-32 and length; `gzip -d` inflates them one
 * after another and skips zero padding after the last; other bytes after
 * it are an error here (gzip -d only warns of them). ISA-L checks each member's header and trailer
 * (crc_flag ISAL_GZIP) and says a member is done by its block state.
 */
#include "common/gzin.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <isa-l/igzip_lib.h>

/* How much of the file is read at a time. */
#define GZIN_CHUNK ((size_t)128 * 1024)

struct smart_gzin {
	int fd;
	int gzip;         /* the file began with gzip's magic bytes */
	int member_done;  /* the member being inflated has ended */
	int file_eof;     /* read() has returned 0 */
	unsigned char *in; /* bytes read from the file, not yet used */
	size_t in_len;     /* plain files: the bytes in `in` (read to sniff) */
	size_t in_pos;     /* plain files: those already handed out */
	struct inflate_state *state;
};

/* Reads more of the file into `in` after the bytes not yet used, which are
 * moved to its start. Returns 0, or -1 with `err` set. */
static int gzin_fill(smart_gzin *in, smart_error *err)
{
	size_t kept = in->gzip ? in->state->avail_in : in->in_len;
	const unsigned char *rest = in->gzip ? in->state->next_in : in->in;
	ssize_t n;

	memmove(in->in, rest, kept);
	do
		n = read(in->fd, in->in + kept, GZIN_CHUNK - kept);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		return smart_error_set(err, "%s", strerror(errno));
	in->file_eof = n == 0;
	if (in->gzip) {
		in->state->next_in = in->in;
		in->state->avail_in = (uint32_t)(kept + (size_t)n);
	} else {
		in->in_len = kept + (size_t)n;
	}
	return 0;
}

smart_gzin *smart__gzin_open(const char *path, smart_error *err)
{
	smart_gzin *in = calloc(1, sizeof(*in));

	if (!in || !(in->in = malloc(GZIN_CHUNK))) {
		free(in);
		smart_error_oom(err);
		return NULL;
	}
	in->fd = open(path, O_RDONLY | O_CLOEXEC);
	if (in->fd < 0) {
		smart_error_set(err, "%s", strerror(errno));
		free(in->in);
		free(in);
		return NULL;
	}
	/* the first bytes decide; a file shorter than the magic is plain */
	while (!in->file_eof && in->in_len < 2) {
		if (gzin_fill(in, err)) {
			smart__gzin_close(in);
			return NULL;
		}
	}
	if (in->in_len >= 2 && in->in[0] == 0x1f && in->in[1] == 0x8b) {
		in->state = malloc(sizeof(*in->state));
		if (!in->state) {
			smart__gzin_close(in);
			smart_error_oom(err);
			return NULL;
		}
		isal_inflate_init(in->state);
		in->state->crc_flag = ISAL_GZIP;
		in->state->next_in = in->in;
		in->state->avail_in = (uint32_t)in->in_len;
		in->gzip = 1;
	}
	return in;
}

/* Plain files: the bytes read to sniff the magic, then the file read
 * straight into the caller's buffer (not copied through `in`). */
static ssize_t gzin_read_plain(smart_gzin *in, void *buf, size_t cap, smart_error *err)
{
	ssize_t n;

	if (in->in_pos < in->in_len) {
		size_t take = in->in_len - in->in_pos < cap ? in->in_len - in->in_pos : cap;

		memcpy(buf, in->in + in->in_pos, take);
		in->in_pos += take;
		return (ssize_t)take;
	}
	if (in->file_eof)
		return 0;
	do
		n = read(in->fd, buf, cap);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		return smart_error_set(err, "%s", strerror(errno));
	in->file_eof = n == 0;
	return n;
}

/* ISA-L's words for a negative return of isal_inflate. */
static const char *gzin_inflate_message(int rc)
{
	switch (rc) {
	case ISAL_INCORRECT_CHECKSUM:
		return "gzip checksum mismatch (the file is corrupt)";
	case ISAL_INVALID_WRAPPER:
	case ISAL_UNSUPPORTED_METHOD:
		return "invalid gzip header";
	default:
		return "invalid compressed data (the file is corrupt)";
	}
}

/* Reads zero bytes to the end of the file: 0, or -1 with `err` set at
 * the first byte that is not zero (or a read error). */
static int gzin_skip_padding(smart_gzin *in, smart_error *err)
{
	struct inflate_state *st = in->state;

	for (;;) {
		while (st->avail_in > 0 && st->next_in[0] == 0) {
			st->next_in++;
			st->avail_in--;
		}
		if (st->avail_in > 0)
			return smart_error_set(err, "data after the end of the gzip stream "
					       "(not another gzip member, not zero padding)");
		if (in->file_eof)
			return 0;
		if (gzin_fill(in, err))
			return -1;
	}
}

/* After a member has ended: starts the next one when the following bytes
 * are another member's magic. Returns 1 when one was started, 0 at the end
 * of the file, -1 on a read error or when other bytes follow. Zero bytes
 * to the end are a tape's padding, which gzip -d skips as well; anything
 * else is an error here (gzip only warns): it may be a second corpus
 * glued on uncompressed (`cat a.jsonl >> b.jsonl.gz`), whose records
 * would vanish unseen. */
static int gzin_next_member(smart_gzin *in, smart_error *err)
{
	struct inflate_state *st = in->state;

	while (st->avail_in < 2 && !in->file_eof)
		if (gzin_fill(in, err))
			return -1;
	if (st->avail_in >= 1 && st->next_in[0] == 0)
		return gzin_skip_padding(in, err);
	if (st->avail_in == 0)
		return 0;
	if (st->avail_in < 2 || st->next_in[0] != 0x1f || st->next_in[1] != 0x8b)
		return smart_error_set(err, "data after the end of the gzip stream "
				       "(not another gzip member)");
	uint8_t *next_in = st->next_in;
	uint32_t avail_in = st->avail_in;

	isal_inflate_reset(st);
	st->crc_flag = ISAL_GZIP;
	st->next_in = next_in;
	st->avail_in = avail_in;
	in->member_done = 0;
	return 1;
}

ssize_t smart__gzin_read(smart_gzin *in, void *buf, size_t cap, smart_error *err)
{
	struct inflate_state *st = in->state;

	if (!in->gzip)
		return gzin_read_plain(in, buf, cap, err);
	if (cap > UINT32_MAX)
		cap = UINT32_MAX;
	for (int stalled = 0;;) {
		size_t made;
		uint32_t avail_in;
		int rc;

		if (in->member_done) {
			rc = gzin_next_member(in, err);
			if (rc <= 0)
				return rc;
		}
		if ((st->avail_in == 0 || stalled) && !in->file_eof && gzin_fill(in, err))
			return -1;
		avail_in = st->avail_in;
		st->next_out = buf;
		st->avail_out = (uint32_t)cap;
		rc = isal_inflate(st);
		if (rc < 0)
			return smart_error_set(err, "%s", gzin_inflate_message(rc));
		made = cap - st->avail_out;
		if (made > 0 || st->block_state == ISAL_BLOCK_FINISH) {
			in->member_done = st->block_state == ISAL_BLOCK_FINISH;
			if (made > 0)
				return (ssize_t)made;
			continue;
		}
		/* nothing made: ISA-L needs more input than it has */
		stalled = st->avail_in == avail_in;
		if (stalled && in->file_eof)
			return smart_error_set(err, "unexpected end of file");
	}
}

void smart__gzin_close(smart_gzin *in)
{
	if (!in)
		return;
	if (in->fd >= 0)
		close(in->fd);
	free(in->state);
	free(in->in);
	free(in);
}
