/*
 * What HTML5 tree construction costs (issue 34): classify of the 1 MB and
 * 10 MB bench pairs (bench/pages.h, 3% of elements edited) with the html5
 * parser, as a ratio to the same pairs with the libxml2 parser, and the
 * parse of both documents alone, measured side by side in one run. Times
 * are thread CPU times, medians over five repetitions; classify uses a
 * model of zero weights (scoring costs nothing beside measuring).
 * Usage: html5_parser [--quick] (quick: 1 MB only).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smart.h"
#include "bench.h"
#include "pages.h"

#define REPS 5

/* Thread CPU seconds of parsing both documents with the process's parser. */
static double time_parse(const char *a, size_t a_len, const char *b, size_t b_len)
{
	smart_error err = { { 0 } };
	double t0 = bench_now();
	smart_tree *x = smart_tree_parse(a, a_len, SMART_FORMAT_HTML, "old", &err);
	smart_tree *y = x ? smart_tree_parse(b, b_len, SMART_FORMAT_HTML, "new", &err) : NULL;
	double t = bench_now() - t0;

	if (!y) {
		fprintf(stderr, "html5_parser: %s\n", err.message);
		exit(2);
	}
	smart_tree_free(x);
	smart_tree_free(y);
	return t;
}

/* Thread CPU seconds of classifying the pair. */
static double time_classify(const smart_model *m, const smart_document *a, const smart_document *b)
{
	double *values = calloc(m->n_features, sizeof(double));
	smart_classify_options o = SMART_CLASSIFY_OPTIONS_INIT;
	smart_classification out = { .values = values };
	smart_error err = { { 0 } };
	double t0 = bench_now(), t;

	o.format = SMART_FORMAT_HTML;
	if (!values || smart_classify_pair(m, a, b, &o, &out, &err) < 0) {
		fprintf(stderr, "html5_parser: %s\n", err.message[0] ? err.message : "out of memory");
		exit(2);
	}
	t = bench_now() - t0;
	free(out.view);
	free(values);
	return t;
}

int main(int argc, char **argv)
{
	static const size_t sizes[] = { 1 << 20, 10 << 20 };
	static const char *const size_names[] = { "1MB", "10MB" };
	size_t n_sizes = argc > 1 && strcmp(argv[1], "--quick") == 0 ? 1 : 2;
	smart_model *m;

	m = bench_zero_model();
	if (!m)
		return 2;
	printf("html5 parser as a ratio to libxml2's, same pairs, same run (medians of %d)\n", REPS);
	printf("%-6s %12s %16s\n", "size", "parse both", "classify pair");
	for (size_t s = 0; s < n_sizes; s++) {
		double parse[2][REPS], classify[2][REPS];
		size_t old_len, new_len;
		char *old_html, *new_html;
		page pg;

		page_generate(&pg, sizes[s], 42);
		old_html = page_html(&pg, &old_len);
		page_edit(&pg, 3.0);
		new_html = page_html(&pg, &new_len);
		page_free(&pg);
		for (int r = 0; r < REPS; r++) {
			for (int k = 0; k < 2; k++) {
				smart_document a = { old_html, old_len, "old" }, b = { new_html, new_len, "new" };

				smart_html_parser_set(k ? SMART_HTML_PARSER_LIBXML2 : SMART_HTML_PARSER_HTML5);
				parse[k][r] = time_parse(old_html, old_len, new_html, new_len);
				classify[k][r] = time_classify(m, &a, &b);
			}
		}
		printf("%-6s %11.2fx %15.2fx\n", size_names[s],
		       bench_median(parse[0], REPS) / bench_median(parse[1], REPS),
		       bench_median(classify[0], REPS) / bench_median(classify[1], REPS));
		free(old_html);
		free(new_html);
	}
	smart_model_free(m);
	return 0;
}
