/* Reading plain or gzip files (common/gzin.h, common/gzin.c). zlib writes
 * the gzip members the tests read, and its gzread is the reference the
 * content is compared with. */
#include "../support/support.h"
#include "common/gzin.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* Appends one gzip member holding `data` to the buffer `*out` of `*len`
 * bytes (grown with realloc). */
static void append_member(unsigned char **out, size_t *len, const char *data, size_t n)
{
	z_stream zs = { 0 };
	size_t cap;

	assert_int_equal(deflateInit2(&zs, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY), Z_OK);
	cap = deflateBound(&zs, (uLong)n);
	*out = realloc(*out, *len + cap);
	assert_non_null(*out);
	zs.next_in = (Bytef *)(uintptr_t)data;
	zs.avail_in = (uInt)n;
	zs.next_out = *out + *len;
	zs.avail_out = (uInt)cap;
	assert_int_equal(deflate(&zs, Z_FINISH), Z_STREAM_END);
	*len += cap - zs.avail_out;
	deflateEnd(&zs);
}

/* Text that compresses like a corpus does, `n` bytes of it from `seed`. */
static char *some_text(size_t n, unsigned seed)
{
	static const char *const words[] = { "<p>", "</p>", "inspect", "ignore", "2024-03-01",
					     "{\"app\":", "\n", " ", "zWvQdBwcHukx", "42" };
	char *s = malloc(n + 1);

	assert_non_null(s);
	for (size_t i = 0; i < n;) {
		const char *w = words[rand_r(&seed) % 10];

		for (; *w && i < n; w++)
			s[i++] = *w;
	}
	s[n] = '\0';
	return s;
}

/* Everything the reader gives for `path`, read `step` bytes at a time;
 * its length in *len. NULL when it fails, its error in `err`. */
static char *read_all(const char *path, size_t step, size_t *len, smart_error *err)
{
	smart_gzin *in = smart__gzin_open(path, err);
	size_t cap = 1024, used = 0;
	char *all = malloc(cap);
	ssize_t n = 0;

	assert_non_null(all);
	if (!in) {
		free(all);
		return NULL;
	}
	for (;;) {
		if (cap - used < step) {
			cap = 2 * cap + step;
			all = realloc(all, cap);
			assert_non_null(all);
		}
		n = smart__gzin_read(in, all + used, step, err);
		if (n <= 0)
			break;
		assert_true((size_t)n <= step);
		used += (size_t)n;
	}
	smart__gzin_close(in);
	if (n < 0) {
		free(all);
		return NULL;
	}
	*len = used;
	return all;
}

static void assert_reads(const char *path, const char *want, size_t want_len, size_t step)
{
	smart_error err = { "" };
	size_t len = 0;
	char *got = read_all(path, step, &len, &err);

	if (!got)
		fail_msg("%s: %s", path, err.message);
	assert_int_equal(len, want_len);
	if (want_len)
		assert_memory_equal(got, want, want_len);
	free(got);
}

static void gzin_reads_a_plain_file_as_it_is(void **state)
{
	const char *text = "{\"app\":\"a\"}\n\x1f not gzip\n";
	const char *path = write_temp_file("plain.jsonl", text, strlen(text));

	assert_reads(path, text, strlen(text), 7);
	path = write_temp_file("one.jsonl", "\x1f", 1); /* shorter than the magic */
	assert_reads(path, "\x1f", 1, 5);
	path = write_temp_file("empty.jsonl", "", 0);
	assert_reads(path, "", 0, 5);
}

/* Property: for random content, member counts and read sizes, the reader
 * gives what zlib's gzread gives, which is the content written. */
static void gzin_reads_what_zlib_reads_member_after_member(void **state)
{
	unsigned seed = 17;

	for (int round = 0; round < 24; round++) {
		size_t size = (size_t)rand_r(&seed) % (600 * 1024);
		int members = 1 + rand_r(&seed) % 4;
		size_t step = 1 + (size_t)rand_r(&seed) % (200 * 1024);
		char *text = some_text(size, seed);
		unsigned char *gz = NULL;
		size_t gz_len = 0, from = 0;
		const char *path;
		gzFile ref;
		char *ref_text = malloc(size + 1);
		int ref_n;

		for (int m = 0; m < members; m++) {
			size_t to = m == members - 1 ? size : from + (size - from) / 2;

			append_member(&gz, &gz_len, text + from, to - from);
			from = to;
		}
		path = write_temp_file("c.jsonl.gz", (const char *)gz, gz_len);
		assert_reads(path, text, size, step);
		ref = gzopen(path, "rb");
		assert_non_null(ref);
		ref_n = gzread(ref, ref_text, (unsigned)size + 1);
		gzclose(ref);
		assert_int_equal(ref_n, (int)size);
		assert_memory_equal(ref_text, text, size);
		free(ref_text);
		free(text);
		free(gz);
	}
}

static void gzin_ignores_zero_padding_after_the_last_member_as_gzip_does(void **state)
{
	unsigned char *gz = NULL;
	size_t gz_len = 0;
	const char *text = "line one\nline two\n";

	append_member(&gz, &gz_len, text, strlen(text));
	gz = realloc(gz, gz_len + 4);
	memcpy(gz + gz_len, "\0\0\0\0", 4); /* a tape's padding */
	assert_reads(write_temp_file("pad.jsonl.gz", (const char *)gz, gz_len + 4), text,
		     strlen(text), 64);
	free(gz);
}

/* An uncompressed corpus glued after a gzip one (`cat a.jsonl >>
 * b.jsonl.gz`): its records must not vanish unseen, as gzip -d would
 * drop them (with a warning). */
static void gzin_refuses_other_bytes_after_the_last_member(void **state)
{
	static const char *const tails[] = { "{\"app\":\"b\"}\n", "\0\0x", "\x1f" };
	const char *text = "line one\nline two\n";

	(void)state;
	for (size_t i = 0; i < sizeof(tails) / sizeof(tails[0]); i++) {
		size_t tail_len = i == 1 ? 3 : strlen(tails[i]), gz_len = 0, len = 0;
		unsigned char *gz = NULL;
		smart_error err = { "" };
		char *got;

		append_member(&gz, &gz_len, text, strlen(text));
		gz = realloc(gz, gz_len + tail_len);
		assert_non_null(gz);
		memcpy(gz + gz_len, tails[i], tail_len);
		got = read_all(write_temp_file("glued.jsonl.gz", (const char *)gz, gz_len + tail_len),
			       64, &len, &err);
		free(gz);
		if (got)
			fail_msg("tail %zu: read %zu bytes without an error", i, len);
		assert_non_null(strstr(err.message, "data after the end of the gzip stream"));
	}
}

/* Property: every cut of a gzip file past its magic is an error, never
 * content that looks whole. */
static void gzin_calls_every_cut_gzip_file_an_unexpected_end(void **state)
{
	char *text = some_text(20000, 5);
	unsigned char *gz = NULL;
	size_t gz_len = 0;

	append_member(&gz, &gz_len, text, strlen(text));
	for (size_t cut = 2; cut < gz_len; cut++) {
		smart_error err = { "" };
		size_t len;
		char *got = read_all(write_temp_file("cut.jsonl.gz", (const char *)gz, cut), 4096,
				     &len, &err);

		if (got)
			fail_msg("a file cut at %zu of %zu bytes read as whole", cut, gz_len);
		assert_string_equal(err.message, "unexpected end of file");
	}
	free(gz);
	free(text);
}

static void gzin_refuses_a_wrong_checksum_and_corrupt_data(void **state)
{
	char *text = some_text(50000, 9);
	unsigned char *gz = NULL;
	size_t gz_len = 0, len;
	smart_error err = { "" };

	append_member(&gz, &gz_len, text, strlen(text));
	gz[gz_len - 8] ^= 0x01; /* the trailer's CRC-32 */
	assert_null(read_all(write_temp_file("crc.jsonl.gz", (const char *)gz, gz_len), 4096, &len,
			     &err));
	assert_string_equal(err.message, "gzip checksum mismatch (the file is corrupt)");
	gz[gz_len - 8] ^= 0x01;
	memset(gz + gz_len / 2, 0xff, 16); /* the deflate blocks */
	err.message[0] = '\0';
	assert_null(read_all(write_temp_file("bad.jsonl.gz", (const char *)gz, gz_len), 4096, &len,
			     &err));
	assert_true(strstr(err.message, "corrupt") != NULL);
	free(gz);
	free(text);
}

static void gzin_names_why_a_file_cannot_be_opened(void **state)
{
	smart_error err = { "" };

	assert_null(smart__gzin_open("/nonexistent/corpus.jsonl.gz", &err));
	assert_string_equal(err.message, "No such file or directory");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(gzin_reads_a_plain_file_as_it_is),
		cmocka_unit_test(gzin_reads_what_zlib_reads_member_after_member),
		cmocka_unit_test(gzin_ignores_zero_padding_after_the_last_member_as_gzip_does),
		cmocka_unit_test(gzin_refuses_other_bytes_after_the_last_member),
		cmocka_unit_test(gzin_calls_every_cut_gzip_file_an_unexpected_end),
		cmocka_unit_test(gzin_refuses_a_wrong_checksum_and_corrupt_data),
		cmocka_unit_test(gzin_names_why_a_file_cannot_be_opened),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
