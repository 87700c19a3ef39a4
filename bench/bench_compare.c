/*
 * How long each oracle comparator takes on the pairs of a corpus, as a
 * ratio to libxml2's parse of the same two documents measured in the same
 * run (a machine-independent yardstick). Each comparator runs on a fresh
 * pair, so its ratio includes the parsing it needs; verdicts only, as
 * `smart eval --baselines` runs them.
 *
 * Usage: bench_compare [CORPUS.jsonl] (default corpora/handmade.jsonl).
 * Times are thread CPU times, the best of three passes over the corpus.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <libxml/HTMLparser.h>

#include "smart.h"
#include "bench.h"

typedef struct doc_pair {
	char *old_doc, *new_doc;
	size_t old_len, new_len;
	smart_format format;
} doc_pair;

static char *copy(const char *s, size_t len)
{
	char *c = malloc(len + 1);

	if (!c) {
		fprintf(stderr, "bench: out of memory\n");
		exit(2);
	}
	memcpy(c, s, len);
	c[len] = '\0';
	return c;
}

/* Reads every usable pair of the corpus into memory. */
static doc_pair *load(const char *path, size_t *n)
{
	smart_error err = { { 0 } };
	smart_corpus_reader *r = smart_corpus_open(path, &err);
	doc_pair *v = NULL;
	size_t cap = 0;
	smart_pair p;
	int got;

	*n = 0;
	if (!r) {
		fprintf(stderr, "bench: %s\n", err.message);
		exit(2);
	}
	while ((got = smart_corpus_next(r, &p, &err)) != SMART_CORPUS_END) {
		if (got == SMART_CORPUS_FATAL) {
			fprintf(stderr, "bench: %s\n", err.message);
			exit(2);
		}
		if (got == SMART_CORPUS_BAD)
			continue;
		if (*n == cap) {
			cap = cap ? cap * 2 : 64;
			v = realloc(v, cap * sizeof(*v));
			if (!v) {
				fprintf(stderr, "bench: out of memory\n");
				exit(2);
			}
		}
		v[*n] = (doc_pair){ copy(p.old_doc, p.old_len), copy(p.new_doc, p.new_len),
				    p.old_len, p.new_len, p.format };
		(*n)++;
	}
	smart_corpus_close(r);
	return v;
}

/* libxml2's parse of both documents of every pair. */
static double time_libxml(const doc_pair *v, size_t n)
{
	double t0 = bench_now();

	for (size_t i = 0; i < n; i++) {
		const char *d[2] = { v[i].old_doc, v[i].new_doc };
		size_t l[2] = { v[i].old_len, v[i].new_len };

		for (int s = 0; s < 2; s++) {
			htmlDocPtr doc = htmlReadMemory(d[s], (int)l[s], "bench", NULL,
							HTML_PARSE_RECOVER | HTML_PARSE_NOERROR |
								HTML_PARSE_NOWARNING |
								HTML_PARSE_NONET | HTML_PARSE_COMPACT);
			xmlFreeDoc(doc);
		}
	}
	return bench_now() - t0;
}

/* One comparator over every pair; returns the time and counts the fails. */
static double time_comparator(const smart_comparator *c, const doc_pair *v, size_t n,
			      const smart_compare_config *cfg, size_t *fails)
{
	double t0 = bench_now();

	*fails = 0;
	for (size_t i = 0; i < n; i++) {
		smart_error err = { { 0 } };
		smart_compare_pair *pair = smart_compare_pair_new(&(smart_document){ v[i].old_doc, v[i].old_len, "old" },
								  &(smart_document){ v[i].new_doc, v[i].new_len, "new" },
								  v[i].format, &err);
		int verdict = pair ? smart_compare_by_name(c->name, pair, cfg, NULL, &err) : -1;

		if (verdict < 0) {
			fprintf(stderr, "bench: %s: %s\n", c->name, err.message);
			exit(2);
		}
		*fails += (size_t)verdict;
		smart_compare_pair_free(pair);
	}
	return bench_now() - t0;
}

int main(int argc, char **argv)
{
	const char *path = argc > 1 ? argv[1] : "corpora/handmade.jsonl";
	smart_error err = { { 0 } };
	smart_compare_config *cfg = smart_compare_config_new(NULL, &err);
	size_t n, count, bytes = 0;
	doc_pair *v = load(path, &n);
	const smart_comparator *c = smart_comparators(&count);
	double parse = 1e300, total = 0;

	if (!cfg || n == 0) {
		fprintf(stderr, "bench: %s\n", cfg ? "no usable pairs" : err.message);
		return 2;
	}
	for (size_t i = 0; i < n; i++)
		bytes += v[i].old_len + v[i].new_len;
	for (int rep = 0; rep < 3; rep++) {
		double t = time_libxml(v, n);

		parse = t < parse ? t : parse;
	}
	printf("%s: %zu pairs, %zu KB; libxml2 parse of both sides: %.3f ms per pair\n",
	       path, n, bytes / 1024, parse * 1e3 / (double)n);
	printf("%-38s %10s %6s\n", "comparator", "x parse", "fails");
	for (size_t k = 0; k < count; k++) {
		double best = 1e300;
		size_t fails = 0;

		for (int rep = 0; rep < 3; rep++) {
			double t = time_comparator(&c[k], v, n, cfg, &fails);

			best = t < best ? t : best;
		}
		total += best;
		printf("%-38s %10.2f %6zu\n", c[k].name, best / parse, fails);
	}
	printf("%-38s %10.2f\n", "all comparators (as --baselines all)", total / parse);
	for (size_t i = 0; i < n; i++) {
		free(v[i].old_doc);
		free(v[i].new_doc);
	}
	free(v);
	smart_compare_config_free(cfg);
	return 0;
}
