/* The quick test before the shapes' expression (shapes/shapes_quick.c):
 * whenever it says no shape can match, masking finds no token, for every
 * value of the recogniser's table, every text and attribute value of the
 * handmade corpus, and random values built from pieces of shapes; and it
 * does pass over plain ids, links and sentences with numbers. */
#include "../support/support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smart/corpus.h"
#include "smart/profile.h"
#include "shapes/internal.h"

/* Every shape but the two the quick test cannot rule out. */
#define QUICK_SET (SMART_SHAPES_ALL & ~((1u << SMART_SHAPE_NUMBER) | (1u << SMART_SHAPE_URL_QUERY)))

static smart_shapes *quick_set;

static int setup(void **state)
{
	smart_error err = { { 0 } };

	(void)state;
	quick_set = smart_shapes_compile(QUICK_SET, &err);
	return quick_set ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	smart_shapes_free(quick_set);
	return 0;
}

/* Fails when the quick test rules `v` out but a shape of `s` is in it;
 * returns whether it was ruled out. */
static int check_value(const smart_shapes *s, const char *v)
{
	smart_error err = { { 0 } };
	unsigned found = 0;
	char *masked;

	if (smart_shapes_may_match(s, v))
		return 0;
	masked = smart_shapes_mask(s, v, strlen(v), &found, &err);
	assert_non_null(masked);
	if (found)
		fail_msg("ruled out, but masks to \"%s\": \"%s\"", masked, v);
	free(masked);
	return 1;
}

/* check_value with the scrubbed set and with every quick-testable shape. */
static int check_both(const char *v)
{
	smart_error err = { { 0 } };
	int a = check_value(smart_shapes_scrubbed(&err), v);

	return check_value(quick_set, v) + a;
}

static unsigned check_tree(const smart_tree *t)
{
	unsigned out = 0;

	for (uint32_t i = 0; i < t->count; i++) {
		const smart_node *n = &t->nodes[i];

		if (n->text)
			out += (unsigned)check_both(n->text);
		for (uint32_t k = 0; n->kind == SMART_NODE_ELEMENT && k < n->attr_count; k++)
			out += (unsigned)check_both(t->attrs[n->attr_first + k].value);
	}
	return out;
}

static void corpus_values_are_never_wrongly_ruled_out(void **state)
{
	smart_error err = { { 0 } };
	smart_corpus_reader *r = smart_corpus_open("corpora/handmade.jsonl", &err);
	smart_pair p;
	unsigned ruled_out = 0;
	int rc;

	(void)state;
	assert_non_null(r);
	while ((rc = smart_corpus_next(r, &p, &err)) != SMART_CORPUS_END) {
		smart_tree *a, *b;

		assert_int_not_equal(rc, SMART_CORPUS_FATAL);
		if (rc != SMART_CORPUS_PAIR)
			continue;
		a = smart_tree_parse(p.old_doc, p.old_len, p.format, "old", &err);
		b = smart_tree_parse(p.new_doc, p.new_len, p.format, "new", &err);
		if (a)
			ruled_out += check_tree(a);
		if (b)
			ruled_out += check_tree(b);
		smart_tree_free(a);
		smart_tree_free(b);
	}
	smart_corpus_close(r);
	assert_true(ruled_out > 100);
}

/* Both values of every line of a table of tests/fixtures/shapes/. */
static void check_table(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[8192];
	unsigned lines = 0;

	assert_non_null(f);
	while (fgets(line, sizeof(line), f)) {
		char *app = strtok(line, "\t\n"), *old_value = strtok(NULL, "\t\n");
		char *new_value = strtok(NULL, "\t\n");

		if (!app || app[0] == '#' || !old_value || !new_value)
			continue;
		check_both(old_value);
		check_both(new_value);
		lines++;
	}
	fclose(f);
	assert_true(lines > 300);
}

static void the_recognisers_table_is_never_wrongly_ruled_out(void **state)
{
	(void)state;
	check_table("tests/fixtures/shapes/volatile.tsv");
	check_table("tests/fixtures/shapes/meaningful.tsv");
}

/* Random values glued from pieces of shapes and of plain text. */
static void random_values_are_never_wrongly_ruled_out(void **state)
{
	static const char *const pieces[] = {
		"2024", "-03-01", "12", ":", "07", "Jan", "march", " ", " 5", "s", "ms", "min",
		"ago", "in ", "a ", "3 days", "v", "1.2", ".3", "/", "/tmp", "/home/u", "C:\\",
		"x", "card", "abc", "deadbeef", "0x", "ABCDEFabcdef0123", "eyJ", "hbG", ".e30.",
		"c", "cjld2cjxh0000qzrmn831i7rn", "(c)", "&copy;", "Copyright", "©", "2010",
		"?v=", "&ver=", "?ref=", "=", "time", "Ms", "_ms", "elapsed=", "localhost",
		"127.0.0.1", "%3A", "%2F%2F", "Europe/Berlin", "(UTC)", "Time)", "now", "today",
		"UTC", "+0200", "1700000000", "2460370.916667", "20240301", "202403", "15",
		"th", "de ", "Mo, ", "2025年1月2日", "µs", "take", "n", "_", "-", "+", ",", ".",
		" visitors", "views", "Views: ", "viewed ", " times", "hits", " page views",
		" KB", "MiB", " bytes", "kB", "&_wpnonce=", "?token=", "&sid=", NULL
	};
	size_t n_pieces = 0;
	uint64_t r = 42;
	unsigned ruled_out = 0;

	(void)state;
	while (pieces[n_pieces])
		n_pieces++;
	for (int i = 0; i < 20000; i++) {
		char v[256] = "";
		int parts = 1 + (int)((r >> 40) % 6);

		for (int k = 0; k < parts; k++) {
			r = r * 6364136223846793005ULL + 1442695040888963407ULL;
			strncat(v, pieces[(r >> 33) % n_pieces], sizeof(v) - strlen(v) - 1);
		}
		ruled_out += (unsigned)check_both(v);
	}
	assert_true(ruled_out > 1000); /* the property was put to work */
}

static void plain_values_are_passed_over(void **state)
{
	smart_error err = { { 0 } };
	const smart_shapes *s = smart_shapes_scrubbed(&err);

	(void)state;
	assert_false(smart_shapes_may_match(s, "card12-3456"));
	assert_false(smart_shapes_may_match(s, "/item/123?ref=45"));
	assert_false(smart_shapes_may_match(s, "results 8886 summary session 2135"));
	assert_false(smart_shapes_may_match(s, "row1"));
	/* and not over what they must see */
	assert_true(smart_shapes_may_match(s, "Updated Jan 7"));
	assert_true(smart_shapes_may_match(s, "took 12 ms"));
	assert_true(smart_shapes_may_match(s, "app.js?v=3"));
	assert_true(smart_shapes_may_match(s, "v4.2.1"));
	/* numbers and URL queries are shapes it cannot rule out */
	assert_true(smart_shapes_may_match(smart_shapes_all(&err), "row1"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(corpus_values_are_never_wrongly_ruled_out),
		cmocka_unit_test(the_recognisers_table_is_never_wrongly_ruled_out),
		cmocka_unit_test(random_values_are_never_wrongly_ruled_out),
		cmocka_unit_test(plain_values_are_passed_over),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
