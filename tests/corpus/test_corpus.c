/* Corpus files: round trips, and every unusable record named by its line. */
#include "../support/support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void write_sample(const char *path, int n)
{
	smart_error err = { "" };
	smart_corpus_writer *w = smart_corpus_writer_new(path, &err);
	char test[32];

	assert_non_null(w);
	for (int i = 0; i < n; i++) {
		smart_pair p = { "app\"x", test, i % 2 ? SMART_FORMAT_XML : SMART_FORMAT_AUTO,
				 "<p>old \xc3\xa9\n</p>", 0, "<p>new</p>", 0,
				 i % 3 == 0 ? SMART_LABEL_INSPECT : (i % 3 == 1 ? SMART_LABEL_IGNORE : SMART_LABEL_NONE),
				 i % 2 ? "mutant" : NULL, i % 2 ? NULL : "a note", NULL, 0 };

		snprintf(test, sizeof(test), "t-%d", i);
		assert_int_equal(smart_corpus_write(w, &p, &err), 0);
	}
	assert_int_equal(smart_corpus_writer_finish(w, &err), 0);
}

static void read_back(const char *path, int n)
{
	smart_error err = { "" };
	smart_corpus_reader *r = smart_corpus_open(path, &err);
	smart_pair p;
	int i = 0, got;
	char test[32];

	assert_non_null(r);
	while ((got = smart_corpus_next(r, &p, &err)) == SMART_CORPUS_PAIR) {
		snprintf(test, sizeof(test), "t-%d", i);
		assert_string_equal(p.app, "app\"x");
		assert_string_equal(p.test, test);
		assert_string_equal(p.old_doc, "<p>old \xc3\xa9\n</p>");
		assert_int_equal(p.old_len, strlen(p.old_doc));
		assert_string_equal(p.new_doc, "<p>new</p>");
		assert_int_equal(p.format, i % 2 ? SMART_FORMAT_XML : SMART_FORMAT_AUTO);
		assert_int_equal(p.label, i % 3 == 0 ? SMART_LABEL_INSPECT
				 : (i % 3 == 1 ? SMART_LABEL_IGNORE : SMART_LABEL_NONE));
		if (i % 2)
			assert_string_equal(p.origin, "mutant");
		else
			assert_string_equal(p.note, "a note");
		assert_int_equal(p.line, (size_t)i + 1);
		i++;
	}
	assert_int_equal(got, SMART_CORPUS_END);
	assert_int_equal(i, n);
	smart_corpus_close(r);
}

static void corpus_plain_write_read_round_trip(void **state)
{
	char path[512];

	(void)state;
	snprintf(path, sizeof(path), "%s", write_temp_file("c.jsonl", "", 0));
	write_sample(path, 25);
	read_back(path, 25);
}

static void corpus_gzip_write_read_round_trip(void **state)
{
	char path[512];
	FILE *f;
	unsigned char magic[2];

	(void)state;
	snprintf(path, sizeof(path), "%s", write_temp_file("c.jsonl.gz", "", 0));
	write_sample(path, 40);
	f = fopen(path, "rb");
	assert_int_equal(fread(magic, 1, 2, f), 2);
	fclose(f);
	assert_true(magic[0] == 0x1f && magic[1] == 0x8b);
	read_back(path, 40);
}

static void corpus_bad_records_are_each_named_by_line(void **state)
{
	const char *text =
		"{\"app\":\"a\",\"test\":\"1\",\"old\":\"x\",\"new\":\"y\",\"label\":\"ignore\"}\n"
		"\n"
		"{\"app\":\"a\",\"test\":\"2\",\"old\":\"x\",\"new\":\"y\",\"label\":\"maybe\"}\n"
		"{\"app\":\"a\",\"test\":\"3\",\"old\":\"x\"}\n"
		"{\"app\":\"a\",\"test\":\"4\",\"old\":\"x\",\"new\":\"y\"\n"
		"[1,2]\n"
		"{\"app\":\"a\",\"test\":\"5\",\"old\":\"x\",\"new\":\"y\",\"origin\":\"moon\"}\n"
		"{\"app\":\"a\",\"test\":\"6\",\"old\":\"x\",\"new\":\"y\",\"format\":\"pdf\"}\n"
		"{\"app\":\"a\",\"test\":\"7\",\"old\":\"x\",\"new\":\"y\",\"label\":\"inspect\"}";
	const char *want[] = { NULL, ":3: 'label' must be", ":4: 'new' is missing",
			       ":5: not valid JSON", ":6: a record must be a JSON object",
			       ":7: 'origin' must be", ":8: 'format' must be", NULL };
	const char *path = write_temp_file("bad.jsonl", text, strlen(text));
	smart_error err = { "" };
	smart_corpus_reader *r = smart_corpus_open(path, &err);
	smart_pair p;
	int k = 0, got;

	(void)state;
	while ((got = smart_corpus_next(r, &p, &err)) != SMART_CORPUS_END) {
		assert_true(k < 8);
		if (want[k]) {
			assert_int_equal(got, SMART_CORPUS_BAD);
			assert_non_null(strstr(err.message, "bad.jsonl"));
			assert_non_null(strstr(err.message, want[k]));
		} else {
			assert_int_equal(got, SMART_CORPUS_PAIR);
			assert_string_equal(p.test, k == 0 ? "1" : "7");
			assert_int_equal(p.line, k == 0 ? 1 : 9);
		}
		k++;
	}
	assert_int_equal(k, 8);
	smart_corpus_close(r);
}

static void corpus_crlf_and_byte_order_mark_are_tolerated(void **state)
{
	const char *text = "\xef\xbb\xbf{\"app\":\"a\",\"test\":\"1\",\"old\":\"x\",\"new\":\"y\"}\r\n"
			   "  {\"app\":\"a\",\"test\":\"2\",\"old\":\"x\",\"new\":\"y\"}\r\n";
	const char *path = write_temp_file("bom.jsonl", text, strlen(text));
	smart_error err = { "" };
	smart_corpus_reader *r = smart_corpus_open(path, &err);
	smart_pair p;

	(void)state;
	assert_int_equal(smart_corpus_next(r, &p, &err), SMART_CORPUS_PAIR);
	assert_string_equal(p.test, "1");
	assert_int_equal(smart_corpus_next(r, &p, &err), SMART_CORPUS_PAIR);
	assert_string_equal(p.test, "2");
	assert_int_equal(p.line, 2);
	assert_int_equal(smart_corpus_next(r, &p, &err), SMART_CORPUS_END);
	smart_corpus_close(r);
}

/* Found by fuzzing: lines were cut with gzgets and strlen, so a NUL byte
 * ended the line early, the rest of it was dropped and the next line was
 * glued on (the record after it lost, line numbers wrong). Now the record
 * with the NUL is reported by its line and the others are read as they are. */
static void corpus_nul_byte_in_a_record_is_reported_with_its_line(void **state)
{
	const char text[] = "{\"app\":\"a\",\"test\":\"1\",\"old\":\"x\",\"new\":\"y\"}\n"
			    "{\"app\":\"a\",\"test\":\"2\",\0\"old\":\"x\",\"new\":\"y\"}\n"
			    "{\"app\":\"a\",\"test\":\"3\",\"old\":\"x\",\"new\":\"y\"}\n";
	const char *path = write_temp_file("nul.jsonl", text, sizeof(text) - 1);
	smart_error err = { "" };
	smart_corpus_reader *r = smart_corpus_open(path, &err);
	smart_pair p;

	(void)state;
	assert_non_null(r);
	assert_int_equal(smart_corpus_next(r, &p, &err), SMART_CORPUS_PAIR);
	assert_string_equal(p.test, "1");
	assert_int_equal(smart_corpus_next(r, &p, &err), SMART_CORPUS_BAD);
	assert_non_null(strstr(err.message, "nul.jsonl:2: a NUL byte"));
	assert_int_equal(smart_corpus_next(r, &p, &err), SMART_CORPUS_PAIR);
	assert_string_equal(p.test, "3");
	assert_int_equal(p.line, 3);
	assert_int_equal(smart_corpus_next(r, &p, &err), SMART_CORPUS_END);
	smart_corpus_close(r);
}

static void corpus_truncated_gzip_is_fatal_and_names_the_file(void **state)
{
	char path[512];
	char *data;
	size_t len;
	smart_error err = { "" };
	smart_corpus_reader *r;
	smart_pair p;
	int got;

	(void)state;
	snprintf(path, sizeof(path), "%s", write_temp_file("t.jsonl.gz", "", 0));
	write_sample(path, 200);
	assert_int_equal(smart_file_read(path, 1 << 24, &data, &len, &err), 0);
	assert_int_equal(smart_file_write_atomic(path, data, len / 2, &err), 0);
	free(data);
	r = smart_corpus_open(path, &err);
	assert_non_null(r);
	while ((got = smart_corpus_next(r, &p, &err)) == SMART_CORPUS_PAIR)
		;
	assert_int_equal(got, SMART_CORPUS_FATAL);
	assert_non_null(strstr(err.message, "t.jsonl.gz:"));
	smart_corpus_close(r);
}

/* Every origin the format names reads back, "review" (smart review's
 * verdicts) among them; another is refused with its line. */
static void corpus_every_documented_origin_is_accepted(void **state)
{
	static const char *const origins[] = { "mutant", "version", "rerun", "perturb",
					       "manual", "review" };
	char text[1024] = "";
	const char *path;
	smart_error err = { "" };
	smart_corpus_reader *r;
	smart_pair p;

	(void)state;
	for (size_t i = 0; i < 6; i++)
		snprintf(text + strlen(text), sizeof(text) - strlen(text),
			 "{\"app\":\"a\",\"test\":\"t\",\"old\":\"x\",\"new\":\"y\","
			 "\"label\":\"ignore\",\"origin\":\"%s\"}\n", origins[i]);
	strcat(text, "{\"app\":\"a\",\"test\":\"t\",\"old\":\"x\",\"new\":\"y\",\"origin\":\"reviews\"}\n");
	path = write_temp_file("origins.jsonl", text, strlen(text));
	r = smart_corpus_open(path, &err);
	assert_non_null(r);
	for (size_t i = 0; i < 6; i++) {
		assert_int_equal(smart_corpus_next(r, &p, &err), SMART_CORPUS_PAIR);
		assert_string_equal(p.origin, origins[i]);
	}
	assert_int_equal(smart_corpus_next(r, &p, &err), SMART_CORPUS_BAD);
	assert_non_null(strstr(err.message, "origins.jsonl:7: 'origin' must be one of"));
	assert_non_null(strstr(err.message, "manual, review"));
	assert_int_equal(smart_corpus_next(r, &p, &err), SMART_CORPUS_END);
	smart_corpus_close(r);
}

static void corpus_missing_file_is_an_error(void **state)
{
	smart_error err = { "" };

	(void)state;
	assert_null(smart_corpus_open("/nonexistent/x.jsonl", &err));
	assert_non_null(strstr(err.message, "/nonexistent/x.jsonl"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(corpus_plain_write_read_round_trip),
		cmocka_unit_test(corpus_gzip_write_read_round_trip),
		cmocka_unit_test(corpus_bad_records_are_each_named_by_line),
		cmocka_unit_test(corpus_crlf_and_byte_order_mark_are_tolerated),
		cmocka_unit_test(corpus_nul_byte_in_a_record_is_reported_with_its_line),
		cmocka_unit_test(corpus_truncated_gzip_is_fatal_and_names_the_file),
		cmocka_unit_test(corpus_missing_file_is_an_error),
		cmocka_unit_test(corpus_every_documented_origin_is_accepted),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
