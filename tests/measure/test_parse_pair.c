/* Parsing a pair's two documents side by side (measure/parse_pair.c): over
 * pages of the shipped corpora, with each HTML parser, a pair measures and
 * classifies the same, to the bit, whether its documents were parsed on two
 * threads or one after the other; a document that does not parse gives the
 * same one error either way (the old document's first); small pairs and
 * batches stay on one thread. */
#include "../support/support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/pool.h"
#include "smart/classify.h"
#include "smart/corpus.h"
#include "smart/html_parser.h"
#include "smart/measure.h"

/* Corpora whose pages are mostly large enough to be parsed side by side
 * (wordpress, rt, mediawiki) and one whose pages mostly are not (cmark),
 * and how many records of each are read. */
static const char *const corpora[] = { "corpora/wordpress.jsonl.gz", "corpora/rt.jsonl.gz",
				       "corpora/mediawiki.jsonl.gz", "corpora/cmark.jsonl.gz" };
#define PER_CORPUS 8

/* One record's documents, copied out of the reader. */
typedef struct doc_pair {
	char *old_doc, *new_doc;
	size_t old_len, new_len;
	smart_format format;
} doc_pair;

/* Reads the first PER_CORPUS records of each corpus into *out; returns how many. */
static size_t read_pairs(doc_pair **out)
{
	size_t n = 0, cap = sizeof(corpora) / sizeof(corpora[0]) * PER_CORPUS;
	doc_pair *p = calloc(cap, sizeof(*p));

	assert_non_null(p);
	for (size_t c = 0; c < sizeof(corpora) / sizeof(corpora[0]); c++) {
		smart_error err = { "" };
		smart_corpus_reader *r = smart_corpus_open(corpora[c], &err);
		smart_pair rec;

		assert_non_null(r);
		for (int k = 0; k < PER_CORPUS && smart_corpus_next(r, &rec, &err) == SMART_CORPUS_PAIR;
		     k++) {
			p[n].old_doc = malloc(rec.old_len + 1);
			p[n].new_doc = malloc(rec.new_len + 1);
			assert_non_null(p[n].old_doc);
			assert_non_null(p[n].new_doc);
			memcpy(p[n].old_doc, rec.old_doc, rec.old_len);
			memcpy(p[n].new_doc, rec.new_doc, rec.new_len);
			p[n].old_len = rec.old_len;
			p[n].new_len = rec.new_len;
			p[n].format = rec.format;
			n++;
		}
		smart_corpus_close(r);
	}
	*out = p;
	return n;
}

static void free_pairs(doc_pair *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(p[i].old_doc);
		free(p[i].new_doc);
	}
	free(p);
}

/* Measures pair `p` with or without a second thread into *m (values: a
 * buffer of the feature count). */
static void measure(const doc_pair *p, int side_by_side, smart_measure *m, double *values)
{
	smart_error err = { "" };

	memset(m, 0, sizeof(*m));
	m->values = values;
	m->format = p->format;
	m->side_by_side = side_by_side;
	assert_int_equal(smart_measure_pair(&(smart_document){ p->old_doc, p->old_len, "old" },
					    &(smart_document){ p->new_doc, p->new_len, "new" }, m,
					    &err),
			 0);
}

static void side_by_side_measures_every_pair_as_one_after_the_other(void **state)
{
	static const smart_html_parser parsers[] = { SMART_HTML_PARSER_HTML5,
						     SMART_HTML_PARSER_LIBXML2 };
	size_t nf = smart_feature_count(), together = 0, apart = 0;
	double *a = calloc(nf, sizeof(double)), *b = calloc(nf, sizeof(double));
	doc_pair *pairs;
	size_t n = read_pairs(&pairs);

	(void)state;
	assert_true(n >= 16);
	for (size_t k = 0; k < 2; k++) {
		smart_html_parser_set(parsers[k]);
		for (size_t i = 0; i < n; i++) {
			smart_measure seq, side;

			measure(&pairs[i], 0, &seq, a);
			measure(&pairs[i], 1, &side, b);
			assert_false(seq.parsed_side_by_side);
			/* to the bit: the same features, counts and baselines */
			assert_memory_equal(a, b, nf * sizeof(double));
			assert_memory_equal(&seq.result, &side.result, sizeof(seq.result));
			assert_int_equal(seq.bytes_differ, side.bytes_differ);
			assert_int_equal(seq.trees_differ, side.trees_differ);
			together += side.parsed_side_by_side;
			apart += !side.parsed_side_by_side;
		}
	}
	smart_html_parser_set(SMART_HTML_PARSER_DEFAULT);
	/* both ways were taken: the large pages on two threads, the small
	 * ones (cmark's) on one */
	if (smart__pool_cores() > 1)
		assert_true(together >= 8);
	assert_true(apart >= 2);
	free_pairs(pairs, n);
	free(a);
	free(b);
}

/* Classifies pair `p` with the views and signatures on, on `threads`
 * threads for the pair, into *c. */
static void classify(const smart_model *model, const doc_pair *p, unsigned threads,
		     smart_classification *c, double *values)
{
	smart_classify_options o = SMART_CLASSIFY_OPTIONS_INIT;
	smart_error err = { "" };

	memset(c, 0, sizeof(*c));
	c->values = values;
	o.format = p->format;
	o.views = 1;
	o.signatures = 1;
	o.pair_threads = threads;
	assert_int_equal(smart_classify_pair(model, &(smart_document){ p->old_doc, p->old_len, "old" },
					     &(smart_document){ p->new_doc, p->new_len, "new" }, &o,
					     c, &err),
			 0);
}

static void classify_decides_and_explains_the_same_on_two_threads(void **state)
{
	size_t nf, n;
	const char **names = smart_feature_names(&nf);
	smart_model *model = registry_model(names);
	double *a = calloc(nf, sizeof(double)), *b = calloc(nf, sizeof(double));
	doc_pair *pairs;

	(void)state;
	assert_non_null(model);
	n = read_pairs(&pairs);
	for (size_t i = 0; i < n; i++) {
		smart_classification one, two;

		classify(model, &pairs[i], 1, &one, a);
		classify(model, &pairs[i], 2, &two, b);
		assert_memory_equal(a, b, nf * sizeof(double));
		assert_int_equal(one.inspect, two.inspect);
		assert_memory_equal(&one.score, &two.score, sizeof(one.score));
		assert_int_equal(one.severity, two.severity);
		assert_ptr_equal(one.severity_reason, two.severity_reason);
		assert_memory_equal(one.discounted, two.discounted, sizeof(one.discounted));
		assert_memory_equal(one.scrubbed, two.scrubbed, sizeof(one.scrubbed));
		assert_string_equal(one.why, two.why);
		assert_string_equal(one.view, two.view);
		assert_non_null(one.signatures);
		assert_non_null(two.signatures);
		assert_memory_equal(one.signatures, two.signatures, sizeof(*one.signatures));
		free(one.why);
		free(two.why);
		free(one.view);
		free(two.view);
		free(one.signatures);
		free(two.signatures);
	}
	free_pairs(pairs, n);
	free(a);
	free(b);
	smart_model_free(model);
	free(names);
}

/* An XML document of more than `min` bytes: well formed, or missing its
 * root's end tag. */
static char *xml_doc(size_t min, int broken, size_t *len)
{
	size_t cap = min + 64, used = 0;
	char *s = malloc(cap);

	assert_non_null(s);
	used += (size_t)sprintf(s, "<r>");
	while (used < min)
		used += (size_t)sprintf(s + used, "<i>%zu</i>", used);
	if (!broken)
		used += (size_t)sprintf(s + used, "</r>");
	*len = used;
	return s;
}

/* The error measuring (old, new) as XML gives, side by side or not. */
static void measure_error(const char *old_doc, size_t old_len, const char *new_doc,
			  size_t new_len, int side_by_side, smart_error *err, int *together)
{
	double *values = calloc(smart_feature_count(), sizeof(double));
	smart_measure m = { .values = values, .format = SMART_FORMAT_XML,
			    .side_by_side = side_by_side };

	assert_int_equal(smart_measure_pair(&(smart_document){ old_doc, old_len, "old.xml" },
					    &(smart_document){ new_doc, new_len, "new.xml" }, &m,
					    err),
			 -1);
	*together = m.parsed_side_by_side;
	free(values);
}

static void a_document_that_does_not_parse_gives_the_same_error_side_by_side(void **state)
{
	size_t good_len, bad_len;
	char *good = xml_doc(40000, 0, &good_len), *bad = xml_doc(40000, 1, &bad_len);
	/* old, new: which is broken, and whose name the error must carry */
	const struct {
		const char *old_doc, *new_doc;
		size_t old_len, new_len;
		const char *named;
	} cases[] = {
		{ good, bad, good_len, bad_len, "new.xml:" },
		{ bad, good, bad_len, good_len, "old.xml:" },
		{ bad, bad, bad_len, bad_len, "old.xml:" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		smart_error seq = { "" }, side = { "" };
		int together;

		measure_error(cases[i].old_doc, cases[i].old_len, cases[i].new_doc, cases[i].new_len,
			      0, &seq, &together);
		measure_error(cases[i].old_doc, cases[i].old_len, cases[i].new_doc, cases[i].new_len,
			      1, &side, &together);
		if (smart__pool_cores() > 1)
			assert_true(together);
		assert_string_equal(seq.message, side.message);
		assert_non_null(strstr(side.message, "not well-formed XML"));
		assert_ptr_equal(strstr(side.message, cases[i].named), side.message);
		assert_null(strchr(side.message, '\n'));
	}
	free(good);
	free(bad);
}

static void small_pairs_stay_on_one_thread(void **state)
{
	static const char a[] = "<p>one 2024-01-02</p>", b[] = "<p>two 2024-01-03</p>";
	double *values = calloc(smart_feature_count(), sizeof(double));
	smart_measure m = { .values = values, .format = SMART_FORMAT_HTML, .side_by_side = 1 };
	smart_error err = { "" };

	(void)state;
	assert_int_equal(smart_measure_pair(&(smart_document){ a, sizeof(a) - 1, "a" },
					    &(smart_document){ b, sizeof(b) - 1, "b" }, &m, &err),
			 0);
	assert_false(m.parsed_side_by_side);
	free(values);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(side_by_side_measures_every_pair_as_one_after_the_other),
		cmocka_unit_test(classify_decides_and_explains_the_same_on_two_threads),
		cmocka_unit_test(a_document_that_does_not_parse_gives_the_same_error_side_by_side),
		cmocka_unit_test(small_pairs_stay_on_one_thread),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
