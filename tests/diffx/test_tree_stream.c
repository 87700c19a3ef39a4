/*
 * The tree built while libxml2 parses (diffx/tree_stream.c): the same tree
 * as the walk over libxml2's whole document gives, and a peak memory well
 * below that of libxml2's document alone.
 */
#include "../support/support.h"
#include "../support/same_tree.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <libxml/HTMLparser.h>

#include "common/strbuf.h"
#include "diffx/tree_internal.h"

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif

#ifdef UNDER_ASAN
/* ASan's quarantine keeps freed blocks from reuse (256 MB by default), so
 * what the stream frees would still count in its peak: this program runs
 * without it (use after free is still caught by every other test). */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
	return "quarantine_size_mb=0";
}
#endif

/* Parses `doc` both ways and asserts the trees are the same. */
static void assert_stream_matches_walk(const char *doc, smart_format format)
{
	smart_error err = { { 0 } };
	smart_format used = format;
	xmlDocPtr whole = NULL;
	smart_tree *walked, *streamed;

	assert_int_equal(smart__tree_libxml_read(doc, strlen(doc), &used, "doc", &whole, &err), 0);
	walked = smart__tree_from_libxml(whole, used, "doc", &err);
	xmlFreeDoc(whole);
	streamed = smart_tree_parse(doc, strlen(doc), format, "doc", &err);
	assert_non_null(walked);
	assert_non_null(streamed);
	assert_same_tree(walked, streamed);
	smart_tree_free(walked);
	smart_tree_free(streamed);
}

static void stream_matches_walk_on_recovered_html(void **state)
{
	static const char *const pages[] = {
		"<!DOCTYPE html><html><body><input checked value=\"\"><p>a &amp; <b>b</b> <i>c</i></p></body></html>",
		"<html><body><p>one<p>two<table><tr><td>x<td>y</table><div><span>u<b><i>bi</b> t</div>"
		" < 3 &copy; &bogus; <a href=x>l</a></body><html lang=en><p>after</p>",
		"<pre><hr> < x\n  y  </pre><textarea>  a  </textarea><script> x = \"<b>\"; </script>",
		"<!-- c --><?pi x?>\n<!DOCTYPE html PUBLIC \"-//W3C//DTD HTML 4.01//EN\"><body> <hr> < 3 </body>",
		"<p>hello <!-- c --> world</p><!DOCTYPE html>",
		"<!DOCTYPE><html><body>x</body></html>",
		"   \n  ",
		"just text & more",
		"<p>foo<!--c--> <hr> <!--d--> < 3</p><ul> <li>a</li> <!-- x --> <li>b</li> </ul>",
		/* libxml2 puts what follows </html> inside the closed <html>,
		 * out of the stream's order: the walk takes over */
		"<p>a</p></html>x<!--c--><p>b</p>",
		"<html> <head> <title>t</title> x </head> <body> </body> y </html> z",
		/* bytes the declared charset cannot decode: read again as
		 * Latin-1, the stream started over */
		"<html><head><meta charset=\"EUC-JP\"></head><body><p>first</p><p>\344\377</p>"
		"<p>one</p></body></html>",
	};

	(void)state;
	for (size_t i = 0; i < sizeof(pages) / sizeof(pages[0]); i++)
		assert_stream_matches_walk(pages[i], SMART_FORMAT_HTML);
}

/* An HTML element the stream mirrors takes its attributes from libxml2's
 * start tag, not from the attribute nodes the walk reads: the same names
 * and values whatever the tag holds (a boolean attribute without a value
 * is its own name, another one is empty; duplicates, entities, case,
 * prefixes, quotes, bytes past ASCII). */
static void stream_matches_walk_on_attributes(void **state)
{
	static const char *const pages[] = {
		"<input checked disabled readonly selected multiple nowrap ismap defer>"
		"<input CHECKED Disabled><p title hidden class>x</p><td nowrap=nowrap noshade>",
		"<p id=a id=b class=x CLASS=y data-x=\"1\" data-x=2>dup</p><a name=n id=n>l</a>",
		"<p title=\"a &amp; b &lt;c&gt; &copy; &#233; &bogus; &\" alt='' lang=\"\">e</p>",
		"<p xml:lang=fr xmlns:foo=\"urn:x\" foo:bar=baz xlink:href=#a>p</p>"
		"<svg><use xlink:href=#b></use></svg>",
		"<meta charset=utf-8><p title=\"caf\xc3\xa9 \xe2\x82\xac\" data-\xc3\xa9=1>u</p>",
		"<p a=1 b = 2 c\t=\t\"3\" d='4' e=5/>f</p><br/ clear=all><img src=x alt=>",
		/* the walk takes over after </html>: attributes on both sides of it */
		"<p class=a>x</p></html><p class=b checked>y</p>",
	};

	(void)state;
	for (size_t i = 0; i < sizeof(pages) / sizeof(pages[0]); i++)
		assert_stream_matches_walk(pages[i], SMART_FORMAT_HTML);
}

/* Past HTML_MAX_DEPTH the walk flattens libxml2's tree; the stream must
 * lay the same nodes out the same way, text runs merged alike. */
static void stream_matches_walk_past_the_depth_cap(void **state)
{
	smart_strbuf page = { 0 };

	(void)state;
	for (int i = 0; i < 700; i++)
		assert_int_equal(smart__strbuf_printf(&page, "<div><span>t%d</span>%s", i,
						     i % 97 == 0 ? "<pre>  z  </pre>" : ""), 0);
	assert_int_equal(smart__strbuf_printf(&page, "deep <b>x</b> y"), 0);
	for (int i = 0; i < 700; i++)
		assert_int_equal(smart__strbuf_printf(&page, "</div>%s", i == 300 ? "tail" : ""), 0);
	assert_stream_matches_walk(page.data, SMART_FORMAT_HTML);
	smart__strbuf_free(&page);
}

static void stream_matches_walk_on_xml(void **state)
{
	(void)state;
	assert_stream_matches_walk(
		"<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY e \"ent<b>bold</b>\"><!ENTITY f \"p\">]>"
		"<r xmlns=\"urn:a\" xmlns:p=\"urn:p\" p:at=\"v&f;\" b=\"1\"><p:x>t &e; &f; &amp; &#65;"
		"<![CDATA[ <c> ]]></p:x><?pi data?><!-- c --><y a=\"&f;\"/>&e;&e;</r><!-- after -->",
		SMART_FORMAT_XML);
	assert_stream_matches_walk("<testsuite name=\"t\"><testcase name=\"a\"/>\n  <testcase>"
				   "<failure>  msg  \n</failure></testcase></testsuite>",
				   SMART_FORMAT_AUTO);
}

/* A generated page of about `size` bytes: sections of paragraphs, lists
 * and attributes, like the bench pages. */
static char *generated_page(size_t size, size_t *len)
{
	smart_strbuf page = { 0 };

	assert_int_equal(smart__strbuf_printf(&page, "<!DOCTYPE html><html><head><title>t</title>"
						    "</head><body>"), 0);
	for (unsigned i = 0; page.len < size; i++)
		assert_int_equal(smart__strbuf_printf(&page,
			"<div class=\"s%u\" id=\"d%u\"><h2>section %u</h2><p title=\"p%u\">the order"
			" %u of the customer is <b>pending</b> since %u</p><ul><li>item %u</li>"
			"<li><a href=\"/i/%u\">details</a></li></ul></div>\n",
			i % 7, i, i, i, i * 31, i % 97, i, i), 0);
	assert_int_equal(smart__strbuf_printf(&page, "</body></html>"), 0);
	*len = page.len;
	return page.data;
}

enum child_task { CHILD_INPUT, CHILD_LIBXML, CHILD_STREAM };

/* The peak resident set, in bytes, of a child that does `task` on page. */
static double child_peak(enum child_task task, const char *page, size_t len)
{
	struct rusage ru;
	int status;
	pid_t pid = fork();

	assert_true(pid >= 0);
	if (pid == 0) {
		smart_error err = { { 0 } };
		unsigned sum = 0;

		for (size_t i = 0; i < len; i += 4096)
			sum += (unsigned char)page[i];
		if (task == CHILD_LIBXML)
			_exit(htmlReadMemory(page, (int)len, "page", "UTF-8",
					     HTML_PARSE_RECOVER | HTML_PARSE_NOERROR |
						     HTML_PARSE_NOWARNING | HTML_PARSE_NONET |
						     HTML_PARSE_COMPACT) ? 0 : 2);
		if (task == CHILD_STREAM)
			_exit(smart_tree_parse(page, len, SMART_FORMAT_HTML, "page", &err) ? 0 : 2);
		_exit(sum == 1); /* keeps the reads */
	}
	assert_int_equal(wait4(pid, &status, 0, &ru), pid);
	assert_true(WIFEXITED(status));
	assert_true(WEXITSTATUS(status) <= 1);
	return (double)ru.ru_maxrss * 1024.0;
}

/* Building the tree needed libxml2's whole document plus the tree at once
 * (more than libxml2's document alone, about 19 bytes per input byte);
 * streamed, it needs well under two thirds of that. Without ASan, whose
 * red zones inflate small blocks, the peak is also bounded per input
 * byte: at most 12 for this dense page (about 9 today; more than 21
 * before). */
static void stream_peak_is_a_fraction_of_libxml2_document(void **state)
{
	size_t len;
	char *page = generated_page((size_t)3 << 20, &len);
	double base = child_peak(CHILD_INPUT, page, len);
	double libxml = child_peak(CHILD_LIBXML, page, len) - base;
	double stream = child_peak(CHILD_STREAM, page, len) - base;

	(void)state;
	free(page);
	if (stream < 0)
		stream = 0;
	print_message("libxml2's document %.1f MB, the streamed tree's peak %.1f MB "
		      "(%.2fx the input of %.1f MB)\n", libxml / 1e6, stream / 1e6,
		      (len + stream) / (double)len, len / 1e6);
	assert_true(stream < 0.6 * libxml);
#ifndef UNDER_ASAN
	assert_true((len + stream) / (double)len <= 12.0);
#endif
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		unit_test_libxml2(stream_matches_walk_on_recovered_html),
		unit_test_libxml2(stream_matches_walk_on_attributes),
		unit_test_libxml2(stream_matches_walk_past_the_depth_cap),
		unit_test_libxml2(stream_matches_walk_on_xml),
		unit_test_libxml2(stream_peak_is_a_fraction_of_libxml2_document),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
