/*
 * How fast DiffX aligns realistic pages, as a ratio to libxml2's own parse
 * time of the same two documents measured in the same run (a machine-
 * independent yardstick), for pages of about 10 KB, 100 KB, 1 MB and 10 MB
 * with a few percent of edits; and how the time grows from 1 MB to 10 MB
 * (10 would be linear).
 *
 * Targets (issue 2): diff within 3x of parse time; 10 MB / 1 MB under 15.
 * Every size is generated from the same seed, so the pages differ in size,
 * not in make-up. Times are thread CPU times, medians over at least five
 * repetitions.
 * Usage: bench_diff [--quick] (quick: stop at 1 MB).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <libxml/HTMLparser.h>

#include "smart.h"
#include "bench.h"
#include "pages.h"

#define EDIT_PERCENT 3.0

/* libxml2's parse of one document, as smart's tree builder calls it. */
static double time_libxml(const char *s, size_t len)
{
	double t0 = bench_now(), t;
	htmlDocPtr doc = htmlReadMemory(s, (int)len, "bench", NULL,
					HTML_PARSE_RECOVER | HTML_PARSE_NOERROR |
						HTML_PARSE_NOWARNING | HTML_PARSE_NONET |
						HTML_PARSE_COMPACT);

	t = bench_now() - t0;
	if (!doc) {
		fprintf(stderr, "bench: libxml2 failed to parse\n");
		exit(2);
	}
	xmlFreeDoc(doc);
	return t;
}

static smart_tree *parse(const char *s, size_t len, double *elapsed)
{
	smart_error err = { { 0 } };
	double t0 = bench_now();
	smart_tree *t = smart_tree_parse(s, len, SMART_FORMAT_HTML, "bench", &err);

	*elapsed += bench_now() - t0;
	if (!t) {
		fprintf(stderr, "bench: %s\n", err.message);
		exit(2);
	}
	return t;
}

typedef struct result {
	double libxml, tree, diff, json;
	size_t bytes, nodes, ops;
} result;

#define MAX_REPS 200

/* Runs one size at least 5 times and for about a second, and keeps the
 * median of each phase (the median resists a busy machine better than
 * the minimum, which favours short runs). */
static result run_size(size_t bytes, uint64_t seed)
{
	page pg;
	size_t old_len, new_len;
	char *old_html, *new_html;
	result best = { 0, 0, 0, 0, 0, 0, 0 };
	static double lib_v[MAX_REPS], tree_v[MAX_REPS], diff_v[MAX_REPS], json_v[MAX_REPS];
	double spent = 0;
	int reps = 0;

	page_generate(&pg, bytes, seed);
	old_html = page_html(&pg, &old_len);
	page_edit(&pg, EDIT_PERCENT);
	new_html = page_html(&pg, &new_len);
	page_free(&pg);
	best.bytes = old_len;
	while (reps < 5 || (spent < 1.0 && reps < MAX_REPS)) {
		double t0 = bench_now(), tree = 0, lib, diff_t, json_t;
		smart_tree *a, *b;
		smart_diff *d;
		smart_error err = { { 0 } };
		char *json;

		lib = time_libxml(old_html, old_len) + time_libxml(new_html, new_len);
		a = parse(old_html, old_len, &tree);
		b = parse(new_html, new_len, &tree);
		diff_t = bench_now();
		d = smart_diffx(a, b, &err);
		diff_t = bench_now() - diff_t;
		if (!d) {
			fprintf(stderr, "bench: %s\n", err.message);
			exit(2);
		}
		json_t = bench_now();
		json = smart_diff_to_json_string(d, &err);
		json_t = bench_now() - json_t;
		free(json);
		lib_v[reps] = lib;
		tree_v[reps] = tree;
		diff_v[reps] = diff_t;
		json_v[reps] = json_t;
		best.nodes = a->count + b->count;
		best.ops = d->op_count;
		smart_diff_free(d);
		smart_tree_free(a);
		smart_tree_free(b);
		spent += bench_now() - t0;
		reps++;
	}
	best.libxml = bench_median(lib_v, (size_t)reps);
	best.tree = bench_median(tree_v, (size_t)reps);
	best.diff = bench_median(diff_v, (size_t)reps);
	best.json = bench_median(json_v, (size_t)reps);
	free(old_html);
	free(new_html);
	return best;
}

int main(int argc, char **argv)
{
	static const size_t sizes[] = { 10 << 10, 100 << 10, 1 << 20, 10 << 20 };
	static const char *const names[] = { "10KB", "100KB", "1MB", "10MB" };
	int quick = argc > 1 && strcmp(argv[1], "--quick") == 0;
	size_t n = quick ? 3 : 4;
	result r[4];
	int ok = 1;

	printf("DiffX time as a ratio to libxml2's HTML parse of the same two pages "
	       "(%.0f%% of elements edited)\n", EDIT_PERCENT);
	printf("%-6s %9s %9s %6s %12s %18s %12s\n", "size", "old bytes", "nodes", "ops", "diff/parse",
	       "(parse+diff)/parse", "json/parse");
	for (size_t i = 0; i < n; i++) {
		double ratio;

		r[i] = run_size(sizes[i], 42);
		ratio = r[i].diff / r[i].libxml;
		printf("%-6s %9zu %9zu %6zu %12.2f %18.2f %12.2f\n", names[i], r[i].bytes, r[i].nodes, r[i].ops,
		       ratio, (r[i].tree + r[i].diff) / r[i].libxml, r[i].json / r[i].libxml);
		if (ratio > 3.0)
			ok = 0;
	}
	if (n == 4) {
		double growth = r[3].diff / r[2].diff;

		printf("diff time 10MB / 1MB: %.2f (linear: about %.1f by node count)\n", growth,
		       (double)r[3].nodes / r[2].nodes);
		if (growth > 15.0)
			ok = 0;
	}
	printf("targets (diff/parse <= 3, 10MB/1MB < 15): %s\n", ok ? "met" : "MISSED");
	return ok ? 0 : 1;
}
