/* Pair records written by the fault seeders are valid, readable records. */
#include "../support/support.h"

#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "corpus/pair_write.h"

static void pair_write_record_reads_back_through_corpus_module(void **state)
{
	static const char old_doc[] = "<p>caf\xc3\xa9 \"quoted\"\n</p>";
	static const char new_doc[] = "<p>bad \xff byte</p>";
	pair_fields f = { "app", "t/1.html", "html", old_doc, strlen(old_doc),
			  new_doc, strlen(new_doc), "inspect", "mutant", "a.c:3 negate 'x'->'y'" };
	smart_strbuf out = { 0 };
	smart_pair p;
	cJSON *holder;
	smart_error err;

	(void)state;
	assert_int_equal(smart__pair_write_line(&out, &f, &err), 0);
	assert_true(out.len > 0 && out.data[out.len - 1] == '\n');
	assert_null(memchr(out.data, '\n', out.len - 1)); /* one line */
	assert_int_equal(smart_pair_from_json(&(smart_document){ out.data, out.len - 1, "x.jsonl" },
					      1, &p, &holder, &err), 0);
	assert_string_equal(p.app, "app");
	assert_string_equal(p.test, "t/1.html");
	assert_string_equal(p.old_doc, old_doc);
	assert_string_equal(p.new_doc, "<p>bad \xef\xbf\xbd byte</p>"); /* U+FFFD */
	assert_int_equal(p.label, SMART_LABEL_INSPECT);
	assert_string_equal(p.origin, "mutant");
	assert_string_equal(p.note, "a.c:3 negate 'x'->'y'");
	assert_int_equal(p.format, SMART_FORMAT_HTML);
	cJSON_Delete(holder);
	smart__strbuf_free(&out);
}

static void pair_write_refuses_documents_with_nul_bytes(void **state)
{
	static const char bin[] = "<p>a\0b</p>";
	pair_fields f = { "app", "t", "html", "<p/>", 4, bin, sizeof(bin) - 1,
			  "inspect", "mutant", NULL };
	smart_strbuf out = { 0 };
	smart_error err;

	(void)state;
	assert_int_equal(smart__pair_write_line(&out, &f, &err), 1);
	assert_int_equal(out.len, 0);
	smart__strbuf_free(&out);
}

static void pair_format_by_extension_then_content(void **state)
{
	(void)state;
	assert_string_equal(smart__pair_format_of("a/b.xml", "<html/>", 7), "xml");
	assert_string_equal(smart__pair_format_of("b.HTM", "<?xml version='1.0'?><r/>", 25), "html");
	assert_string_equal(smart__pair_format_of("out/3", "<?xml version='1.0'?><r/>", 25), "xml");
	assert_string_equal(smart__pair_format_of("out.d/3", "<p>x</p>", 8), "html");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(pair_write_record_reads_back_through_corpus_module),
		cmocka_unit_test(pair_write_refuses_documents_with_nul_bytes),
		cmocka_unit_test(pair_format_by_extension_then_content),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
