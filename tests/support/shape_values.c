/* Values for the shapes' tests (tests/support/shape_values.h). */
#include "shape_values.h"
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smart/corpus.h"

/* Both values of every line of a table of tests/fixtures/shapes/. */
static unsigned table_values(const char *path, shape_value_fn fn, void *ctx)
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
		fn(ctx, old_value);
		fn(ctx, new_value);
		lines++;
	}
	fclose(f);
	return 2 * lines;
}

unsigned shape_values_tables(shape_value_fn fn, void *ctx)
{
	return table_values("tests/fixtures/shapes/volatile.tsv", fn, ctx) +
	       table_values("tests/fixtures/shapes/meaningful.tsv", fn, ctx);
}

/* The text and attribute values of one tree. */
static unsigned tree_values(const smart_tree *t, shape_value_fn fn, void *ctx)
{
	unsigned n = 0;

	for (uint32_t i = 0; t && i < t->count; i++) {
		const smart_node *node = &t->nodes[i];

		if (node->text) {
			fn(ctx, node->text);
			n++;
		}
		for (uint32_t k = 0; node->kind == SMART_NODE_ELEMENT && k < node->attr_count; k++) {
			fn(ctx, t->attrs[node->attr_first + k].value);
			n++;
		}
	}
	return n;
}

unsigned shape_values_corpus(const char *path, shape_value_fn fn, void *ctx)
{
	smart_error err = { { 0 } };
	smart_corpus_reader *r = smart_corpus_open(path, &err);
	smart_pair p;
	unsigned n = 0;
	int rc;

	assert_non_null(r);
	while ((rc = smart_corpus_next(r, &p, &err)) != SMART_CORPUS_END) {
		smart_tree *a, *b;

		assert_int_not_equal(rc, SMART_CORPUS_FATAL);
		if (rc != SMART_CORPUS_PAIR)
			continue;
		a = smart_tree_parse(p.old_doc, p.old_len, p.format, "old", &err);
		b = smart_tree_parse(p.new_doc, p.new_len, p.format, "new", &err);
		n += tree_values(a, fn, ctx) + tree_values(b, fn, ctx);
		smart_tree_free(a);
		smart_tree_free(b);
	}
	smart_corpus_close(r);
	return n;
}

unsigned shape_values_random(uint64_t seed, unsigned n, shape_value_fn fn, void *ctx)
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
	uint64_t r = seed;

	while (pieces[n_pieces])
		n_pieces++;
	for (unsigned i = 0; i < n; i++) {
		char v[256] = "";
		int parts = 1 + (int)((r >> 40) % 6);

		for (int k = 0; k < parts; k++) {
			r = r * 6364136223846793005ULL + 1442695040888963407ULL;
			strncat(v, pieces[(r >> 33) % n_pieces], sizeof(v) - strlen(v) - 1);
		}
		fn(ctx, v);
	}
	return n;
}
