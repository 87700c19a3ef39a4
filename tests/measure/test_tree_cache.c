/* The cache of parsed documents training measures through
 * (measure/tree_cache.c): a cached tree is the fresh parse, scrubbing a
 * copy leaves it so, a pair measures the same through it, it keeps to its
 * budget, and threads share it. */
#include "../support/support.h"
#include "../support/same_tree.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "measure/tree_cache.h"

static const char *const docs[] = {
	"<!DOCTYPE html><html><head><title>T</title><meta name=generator content=\"X 1.2\">"
	"</head><body><!-- c --><p class=a id=p1>Generated 2024-01-02 12:00:03</p>"
	"<a href=\"/x?sid=0a1b2c3d4e5f60718293a4b5c6d7e8f9\">link</a><pre>  kept  </pre></body></html>",
	"<p>one</p><p>two <b>bold</b></p>",
	"<?xml version=\"1.0\"?><root a=\"1\"><item b=\"2\">text</item><!-- n --></root>",
	"",
	"<table><tr><td>1</td><td>2</td></tr></table><input type=hidden name=t value=deadbeef>",
};
#define N_DOCS (sizeof(docs) / sizeof(docs[0]))

/* The tree of docs[i] through the cache, held to a fresh parse. */
static void assert_cached_is_fresh(smart_tree_cache *c, size_t i)
{
	smart_document d = { docs[i], strlen(docs[i]), "doc" };
	smart_error err = { "" };
	void *ref;
	smart_tree *t = smart__tree_cache_get(c, &d, SMART_FORMAT_AUTO, &ref, &err);
	smart_tree *fresh = smart_tree_parse(d.data, d.len, SMART_FORMAT_AUTO, "doc", &err);

	assert_non_null(t);
	assert_non_null(fresh);
	assert_same_tree(t, fresh);
	smart_tree_free(fresh);
	smart__tree_cache_release(c, t, ref);
}

static void a_cached_tree_is_the_fresh_parse_on_a_miss_and_on_a_hit(void **state)
{
	smart_error err = { "" };
	smart_tree_cache *c = smart_tree_cache_new((size_t)16 << 20, &err);
	smart_tree_cache_counts n;

	(void)state;
	assert_non_null(c);
	for (int round = 0; round < 2; round++)
		for (size_t i = 0; i < N_DOCS; i++)
			assert_cached_is_fresh(c, i);
	n = smart_tree_cache_count(c);
	assert_int_equal(n.misses, N_DOCS);
	assert_int_equal(n.hits, N_DOCS);
	assert_true(n.held > 0 && n.held <= (size_t)16 << 20);
	smart_tree_cache_free(c);
}

static void the_same_bytes_in_another_format_are_parsed_again(void **state)
{
	smart_error err = { "" };
	smart_tree_cache *c = smart_tree_cache_new((size_t)16 << 20, &err);
	smart_document d = { docs[2], strlen(docs[2]), "doc" };
	void *r1, *r2;
	smart_tree *x = smart__tree_cache_get(c, &d, SMART_FORMAT_XML, &r1, &err);
	smart_tree *h = smart__tree_cache_get(c, &d, SMART_FORMAT_HTML, &r2, &err);

	(void)state;
	assert_non_null(x);
	assert_non_null(h);
	assert_int_equal(x->format, SMART_FORMAT_XML);
	assert_int_equal(h->format, SMART_FORMAT_HTML);
	assert_int_equal(smart_tree_cache_count(c).misses, 2);
	smart__tree_cache_release(c, x, r1);
	smart__tree_cache_release(c, h, r2);
	smart_tree_cache_free(c);
}

static void a_copy_changed_in_place_leaves_the_next_copy_as_parsed(void **state)
{
	/* What scrubbing does to a pair's trees: rewrite texts and attribute
	 * values in place, while another pair may hold the same page. */
	smart_error err = { "" };
	smart_tree_cache *c = smart_tree_cache_new((size_t)16 << 20, &err);
	smart_document d = { docs[0], strlen(docs[0]), "doc" };
	void *r1, *r2;
	smart_tree *a, *b;

	(void)state;
	assert_cached_is_fresh(c, 0); /* parsed and cached: the rest are hits */
	a = smart__tree_cache_get(c, &d, SMART_FORMAT_AUTO, &r1, &err);
	assert_non_null(a);
	for (uint32_t i = 0; i < a->count; i++)
		if (a->nodes[i].text) {
			a->nodes[i].text = "{date}";
			a->nodes[i].text_len = 6;
		}
	for (uint32_t k = 0; k < a->attr_total; k++)
		a->attrs[k].value = "{hex}";
	b = smart__tree_cache_get(c, &d, SMART_FORMAT_AUTO, &r2, &err);
	assert_non_null(b);
	assert_ptr_not_equal(a->nodes, b->nodes);
	smart__tree_cache_release(c, a, r1);
	assert_cached_is_fresh(c, 0);
	smart__tree_cache_release(c, b, r2);
	assert_int_equal(smart_tree_cache_count(c).hits, 3);
	smart_tree_cache_free(c);
}

/* Measures old against new, through the cache or not, into values. */
static void measure(smart_tree_cache *c, const char *old_doc, const char *new_doc,
		    double *values, smart_features_result *r)
{
	smart_measure m = { 0 };
	smart_error err = { "" };

	m.values = values;
	m.format = SMART_FORMAT_HTML;
	m.trees = c;
	if (smart_measure_pair(&(smart_document){ old_doc, strlen(old_doc), "old" },
			       &(smart_document){ new_doc, strlen(new_doc), "new" }, &m, &err))
		fail_msg("measuring: %s", err.message);
	*r = m.result;
}

static void pairs_sharing_a_page_measure_the_same_through_the_cache(void **state)
{
	/* The old page of a run against its reruns and a mutant: scrubbing
	 * rewrites the old tree's dates and ids in place, each time. */
	static const char *const news[] = {
		"<!DOCTYPE html><html><head><title>T</title><meta name=generator content=\"X 1.3\">"
		"</head><body><!-- c --><p class=a id=p1>Generated 2024-03-04 09:10:11</p>"
		"<a href=\"/x?sid=ffeeddccbbaa99887766554433221100\">link</a><pre>  kept  </pre></body></html>",
		"<!DOCTYPE html><html><head><title>T</title></head><body>"
		"<p class=a id=p1>Generated 2025-01-02 12:00:03</p><p>Fatal error: at line 3</p></body></html>",
		"<p>one</p><p>two <b>bold</b></p>",
	};
	size_t n = smart_feature_count();
	double *with = calloc(n, sizeof(double)), *without = calloc(n, sizeof(double));
	smart_error err = { "" };
	smart_tree_cache *c = smart_tree_cache_new((size_t)16 << 20, &err);

	(void)state;
	assert_non_null(c);
	for (int round = 0; round < 3; round++)
		for (size_t k = 0; k < sizeof(news) / sizeof(news[0]); k++) {
			smart_features_result a, b;

			measure(c, docs[0], news[k], with, &a);
			measure(NULL, docs[0], news[k], without, &b);
			assert_memory_equal(with, without, n * sizeof(double));
			assert_memory_equal(a.discounted, b.discounted, sizeof(a.discounted));
			assert_int_equal(a.only_volatile, b.only_volatile);
			assert_int_equal(a.trees_differ, b.trees_differ);
		}
	assert_true(smart_tree_cache_count(c).hits >= 8); /* the old page, again and again */
	assert_cached_is_fresh(c, 0);                      /* as parsed, after all that */
	smart_tree_cache_free(c);
	free(with);
	free(without);
}

static void the_cache_keeps_to_its_budget(void **state)
{
	enum { PAGES = 40 };
	size_t budget = (size_t)1 << 20;
	smart_error err = { "" };
	smart_tree_cache *c = smart_tree_cache_new(budget, &err);
	char page[256];

	(void)state;
	for (int round = 0; round < 2; round++)
		for (int i = 0; i < PAGES; i++) {
			smart_document d = { page, 0, "page" };
			void *ref;
			smart_tree *t;

			d.len = (size_t)snprintf(page, sizeof(page), "<p>page %d</p><div id=d%d>x</div>", i, i);
			t = smart__tree_cache_get(c, &d, SMART_FORMAT_HTML, &ref, &err);
			assert_non_null(t);
			smart__tree_cache_release(c, t, ref);
			assert_true(smart_tree_cache_count(c).held <= budget);
		}
	/* each small page holds a 64 kB chunk of strings: far fewer than 40
	 * fit, so the second round parses the first pages again */
	assert_true(smart_tree_cache_count(c).misses > PAGES);
	smart_tree_cache_free(c);
}

typedef struct worker {
	smart_tree_cache *c;
	unsigned seed;
	int failures;
} worker;

/* Gets and releases the documents in a random order, each held to a
 * fresh parse. */
static void *hammer(void *arg)
{
	worker *w = arg;

	for (int k = 0; k < 300; k++) {
		size_t i = (size_t)rand_r(&w->seed) % N_DOCS;
		smart_document d = { docs[i], strlen(docs[i]), "doc" };
		smart_error err = { "" };
		void *ref;
		char why[256];
		smart_tree *t = smart__tree_cache_get(w->c, &d, SMART_FORMAT_AUTO, &ref, &err);
		smart_tree *fresh = smart_tree_parse(d.data, d.len, SMART_FORMAT_AUTO, "doc", &err);

		if (!t || !fresh || trees_differ(t, fresh, why, sizeof(why)))
			w->failures++;
		smart_tree_free(fresh);
		smart__tree_cache_release(w->c, t, ref);
	}
	return NULL;
}

static void threads_share_the_cache(void **state)
{
	enum { THREADS = 4 };
	smart_error err = { "" };
	/* a budget of about four trees of the five (each holds a 64 kB chunk
	 * of strings): entries come and go under the threads */
	smart_tree_cache *c = smart_tree_cache_new((size_t)300 << 10, &err);
	pthread_t th[THREADS];
	worker w[THREADS];
	smart_tree_cache_counts n;

	(void)state;
	for (int i = 0; i < THREADS; i++) {
		w[i] = (worker){ c, (unsigned)i + 1, 0 };
		assert_int_equal(pthread_create(&th[i], NULL, hammer, &w[i]), 0);
	}
	for (int i = 0; i < THREADS; i++) {
		pthread_join(th[i], NULL);
		assert_int_equal(w[i].failures, 0);
	}
	n = smart_tree_cache_count(c);
	assert_int_equal(n.hits + n.misses, THREADS * 300);
	assert_true(n.hits > 0);
	smart_tree_cache_free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_cached_tree_is_the_fresh_parse_on_a_miss_and_on_a_hit),
		cmocka_unit_test(the_same_bytes_in_another_format_are_parsed_again),
		cmocka_unit_test(a_copy_changed_in_place_leaves_the_next_copy_as_parsed),
		cmocka_unit_test(pairs_sharing_a_page_measure_the_same_through_the_cache),
		cmocka_unit_test(the_cache_keeps_to_its_budget),
		cmocka_unit_test(threads_share_the_cache),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
