/* A corpus record means one thing (docs/corpus-format.md): a NUL, a key
 * given twice, data after the object, invalid or overlong UTF-8 and data
 * after the gzip stream are each an error naming FILE:LINE and the cause;
 * a line is refused as soon as it passes the line limit. */
#include "../support/support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zlib.h>

#include "corpus/json_strict.h"

#define GOOD(test) "{\"app\":\"a\",\"test\":\"" test "\",\"old\":\"<p>x</p>\",\"new\":\"<p>y</p>\"}\n"

/* Reads every record of `path`, expecting want[k] in the error of record
 * k (NULL: a pair), `n` records in all. */
static void expect_records(const char *path, const char *const *want, int n)
{
	smart_error err = { "" };
	smart_corpus_reader *r = smart_corpus_open(path, &err);
	smart_pair p;
	int k = 0, got;

	assert_non_null(r);
	while ((got = smart_corpus_next(r, &p, &err)) != SMART_CORPUS_END) {
		assert_true(k < n);
		if (want[k]) {
			if (got != SMART_CORPUS_BAD || !strstr(err.message, want[k]))
				fail_msg("record %d: got %d '%s', wanted '%s'", k + 1, got, err.message,
					 want[k]);
		} else {
			assert_int_equal(got, SMART_CORPUS_PAIR);
		}
		k++;
	}
	assert_int_equal(k, n);
	smart_corpus_close(r);
}

/* The repro: the documents differ after the NUL; cJSON cut both
 * there, and the pair was classified ignore. */
static void corpus_nul_escape_in_a_document_is_an_error_not_a_cut(void **state)
{
	const char text[] = GOOD("1")
		"{\"app\":\"a\",\"test\":\"2\",\"old\":\"<p>same\\u0000 old text</p>\","
		"\"new\":\"<p>same\\u0000 NEW DIFFERENT TEXT <b>x</b></p>\",\"label\":\"ignore\"}\n"
		"{\"app\":\"a\",\"test\":\"3\",\"old\":\"x\",\"new\":\"y\",\"note\":\"n\\u0000\"}\n"
		"{\"app\":\"a\",\"test\":\"4\",\"old\":\"a\\\\u0000 is text\",\"new\":\"y\"}\n";
	const char *const want[] = { NULL, "nul.jsonl:2: \\u0000 (a NUL) in a string",
				     "nul.jsonl:3: \\u0000", NULL };

	(void)state;
	expect_records(write_temp_file("nul.jsonl", text, sizeof(text) - 1), want, 4);
}

static void corpus_key_given_twice_is_an_error_even_escaped(void **state)
{
	const char text[] = GOOD("1")
		"{\"app\":\"a\",\"test\":\"2\",\"old\":\"x\",\"new\":\"y\",\"label\":\"inspect\",\"label\":\"ignore\"}\n"
		"{\"app\":\"a\",\"test\":\"3\",\"old\":\"x\",\"new\":\"y\",\"l\\u0061bel\":\"ignore\",\"label\":\"inspect\"}\n"
		"{\"app\":\"a\",\"test\":\"4\",\"old\":\"x\",\"new\":\"y\",\"m\":{\"k\":1,\"k\":2}}\n"
		"{\"app\":\"a\",\"test\":\"5\",\"old\":\"x\",\"new\":\"y\",\"m\":{\"app\":1},\"n\":[{\"app\":2}]}\n";
	const char *const want[] = { NULL, "dup.jsonl:2: the key \"label\" given twice",
				     "dup.jsonl:3: the key \"label\" given twice",
				     "dup.jsonl:4: the key \"k\" given twice", NULL };

	(void)state;
	expect_records(write_temp_file("dup.jsonl", text, sizeof(text) - 1), want, 5);
}

static void corpus_data_after_the_object_is_an_error(void **state)
{
	const char text[] = GOOD("1")
		"{\"app\":\"a\",\"test\":\"2\",\"old\":\"x\",\"new\":\"y\"} garbage\n"
		"{\"app\":\"a\",\"test\":\"3\",\"old\":\"x\",\"new\":\"y\"}{}\n"
		"{\"app\":\"a\",\"test\":\"4\",\"old\":\"x\",\"new\":\"y\"}  \t\n";
	const char *const want[] = { NULL, "trail.jsonl:2: data after the end of the record at byte 44",
				     "trail.jsonl:3: data after the end", NULL };

	(void)state;
	expect_records(write_temp_file("trail.jsonl", text, sizeof(text) - 1), want, 4);
}

static void corpus_invalid_and_overlong_utf8_are_errors(void **state)
{
	const char text[] = GOOD("1")
		"{\"app\":\"a\",\"test\":\"2\",\"old\":\"caf\xe9\",\"new\":\"y\"}\n"          /* Latin-1 */
		"{\"app\":\"a\",\"test\":\"3\",\"old\":\"\xc0\xaf\",\"new\":\"y\"}\n"         /* overlong '/' */
		"{\"app\":\"a\",\"test\":\"4\",\"old\":\"\xe0\x80\xaf\",\"new\":\"y\"}\n"     /* overlong, 3 */
		"{\"app\":\"a\",\"test\":\"5\",\"old\":\"\xed\xa0\x80\",\"new\":\"y\"}\n"     /* surrogate */
		"{\"app\":\"a\",\"test\":\"6\",\"old\":\"\xf4\x90\x80\x80\",\"new\":\"y\"}\n" /* > U+10FFFF */
		"{\"app\":\"a\",\"test\":\"7\",\"old\":\"\\ud800x\",\"new\":\"y\"}\n"         /* lone escape */
		"{\"app\":\"a\",\"test\":\"8\",\"old\":\"caf\xc3\xa9 \xf0\x9f\x98\x80 \\ud83d\\ude00\",\"new\":\"y\"}\n";
	const char *const want[] = { NULL, "utf.jsonl:2: invalid UTF-8 at byte 33",
				     "utf.jsonl:3: overlong UTF-8", "utf.jsonl:4: overlong UTF-8",
				     "utf.jsonl:5: a UTF-8 encoded surrogate", "utf.jsonl:6: invalid UTF-8",
				     "utf.jsonl:7: an unpaired surrogate escape", NULL };

	(void)state;
	expect_records(write_temp_file("utf.jsonl", text, sizeof(text) - 1), want, 8);
}

static void json_string_length_is_the_decoded_length(void **state)
{
	const char *nul = "{\"old\":\"x\\u0000\"}";
	const char text[] = "{\"old\":\"a\\n\\u00e9\\ud83d\\ude00\xc3\xa9\",\"new\":\"\",\"n\":{\"old\":\"zz\"}}";

	(void)state;
	/* a, \n, U+00E9 (2), U+1F600 (4), U+00E9 (2) */
	assert_int_equal(smart__json_string_length(text, sizeof(text) - 1, "old"), 10);
	assert_int_equal(smart__json_string_length(text, sizeof(text) - 1, "new"), 0);
	assert_int_equal(smart__json_string_length(text, sizeof(text) - 1, "none"), SIZE_MAX);
	assert_int_equal(smart__json_string_length(nul, strlen(nul), "old"), SIZE_MAX);
}

/* Writes `len` bytes of `data` gzip'd to a temporary file named `name`,
 * then `tail_len` bytes of `tail` as they are. */
static const char *gzip_with_tail(const char *name, const char *data, size_t len,
				  const char *tail, size_t tail_len)
{
	uLongf cap = compressBound((uLong)len) + 64;
	unsigned char *buf = malloc(cap + tail_len);
	z_stream zs = { 0 };
	const char *path;

	assert_non_null(buf);
	assert_int_equal(deflateInit2(&zs, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY), Z_OK);
	zs.next_in = (Bytef *)(uintptr_t)data;
	zs.avail_in = (uInt)len;
	zs.next_out = buf;
	zs.avail_out = (uInt)cap;
	assert_int_equal(deflate(&zs, Z_FINISH), Z_STREAM_END);
	memcpy(buf + zs.total_out, tail, tail_len);
	path = write_temp_file(name, (const char *)buf, zs.total_out + tail_len);
	deflateEnd(&zs);
	free(buf);
	return path;
}

static void corpus_data_after_the_gzip_stream_is_fatal_with_file_and_line(void **state)
{
	const char text[] = GOOD("1") GOOD("2");
	const char *path = gzip_with_tail("tail.jsonl.gz", text, sizeof(text) - 1,
					  GOOD("3"), sizeof(GOOD("3")) - 1);
	smart_error err = { "" };
	smart_corpus_reader *r = smart_corpus_open(path, &err);
	smart_pair p;

	(void)state;
	assert_int_equal(smart_corpus_next(r, &p, &err), SMART_CORPUS_PAIR);
	assert_int_equal(smart_corpus_next(r, &p, &err), SMART_CORPUS_PAIR);
	assert_int_equal(smart_corpus_next(r, &p, &err), SMART_CORPUS_FATAL);
	assert_non_null(strstr(err.message, "tail.jsonl.gz:3: data after the end of the gzip stream"));
	smart_corpus_close(r);
}

/* A second gzip member is no trailing data: gzip itself reads both. */
static void corpus_two_gzip_members_are_one_corpus(void **state)
{
	const char text[] = GOOD("1");
	char second[256];
	uLongf n = sizeof(second);
	const char *path;
	z_stream zs = { 0 };
	const char *const want[] = { NULL, NULL };

	(void)state;
	assert_int_equal(deflateInit2(&zs, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY), Z_OK);
	zs.next_in = (Bytef *)(uintptr_t)GOOD("2");
	zs.avail_in = sizeof(GOOD("2")) - 1;
	zs.next_out = (Bytef *)second;
	zs.avail_out = (uInt)n;
	assert_int_equal(deflate(&zs, Z_FINISH), Z_STREAM_END);
	path = gzip_with_tail("two.jsonl.gz", text, sizeof(text) - 1, second, zs.total_out);
	deflateEnd(&zs);
	expect_records(path, want, 2);
}

/* With --max-input 1M a line may hold 5 MB; one of 6 MB got through
 * when the limit was checked only as the buffer doubled (4 MB -> 8 MB). */
static void corpus_line_over_the_limit_is_refused_as_it_is_read(void **state)
{
	smart_limits limits = SMART_LIMITS_INIT, saved = *smart_limits_get();
	size_t len = (size_t)6 * 1024 * 1024;
	char *line = malloc(len + 1);
	smart_error err = { "" };
	smart_corpus_reader *r;
	smart_pair p;
	const char *path;

	(void)state;
	assert_non_null(line);
	memset(line, 'x', len);
	memcpy(line, "{\"app\":\"a\",\"test\":\"1\",\"new\":\"y\",\"old\":\"", 39);
	memcpy(line + len - 3, "\"}\n", 3);
	path = write_temp_file("long.jsonl", line, len);
	free(line);
	limits.max_input = (size_t)1024 * 1024;
	assert_int_equal(smart_limits_set(&limits, &err), 0);
	r = smart_corpus_open(path, &err);
	assert_int_equal(smart_corpus_next(r, &p, &err), SMART_CORPUS_FATAL);
	assert_non_null(strstr(err.message, "long.jsonl:1: line longer than 5242880 bytes"));
	smart_corpus_close(r);
	assert_int_equal(smart_limits_set(&saved, &err), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(corpus_nul_escape_in_a_document_is_an_error_not_a_cut),
		cmocka_unit_test(corpus_key_given_twice_is_an_error_even_escaped),
		cmocka_unit_test(corpus_data_after_the_object_is_an_error),
		cmocka_unit_test(corpus_invalid_and_overlong_utf8_are_errors),
		cmocka_unit_test(json_string_length_is_the_decoded_length),
		cmocka_unit_test(corpus_data_after_the_gzip_stream_is_fatal_with_file_and_line),
		cmocka_unit_test(corpus_two_gzip_members_are_one_corpus),
		cmocka_unit_test(corpus_line_over_the_limit_is_refused_as_it_is_read),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
