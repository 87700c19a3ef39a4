/* The quick test before the shapes' expression (shapes/shapes_quick.c):
 * whenever it says no shape can match, masking finds no token, for every
 * value of the recogniser's table, every text and attribute value of the
 * handmade corpus, and random values built from pieces of shapes, with the
 * scrubbed set, every shape but numbers and URL queries, and every shape;
 * and it does pass over plain ids, links and sentences with numbers. */
#include "../support/support.h"
#include "../support/shape_values.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* check_value with the scrubbed set, every shape but numbers and URL
 * queries, and every shape; counts the sets that ruled `v` out in *ctx. */
static void check_sets(void *ctx, const char *v)
{
	smart_error err = { { 0 } };
	int a = check_value(smart_shapes_scrubbed(&err), v);
	int b = check_value(smart_shapes_all(&err), v);

	*(unsigned *)ctx += (unsigned)(check_value(quick_set, v) + a + b);
}

static void corpus_values_are_never_wrongly_ruled_out(void **state)
{
	unsigned ruled_out = 0;

	(void)state;
	assert_true(shape_values_corpus("corpora/handmade.jsonl", check_sets, &ruled_out) > 1000);
	assert_true(ruled_out > 100);
}

static void the_recognisers_table_is_never_wrongly_ruled_out(void **state)
{
	unsigned ruled_out = 0;

	(void)state;
	assert_true(shape_values_tables(check_sets, &ruled_out) > 1200);
}

/* Random values glued from pieces of shapes and of plain text. */
static void random_values_are_never_wrongly_ruled_out(void **state)
{
	unsigned ruled_out = 0;

	(void)state;
	shape_values_random(42, 20000, check_sets, &ruled_out);
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
	/* a number needs a digit, a URL query a '?' */
	assert_true(smart_shapes_may_match(smart_shapes_all(&err), "row1"));
	assert_true(smart_shapes_may_match(smart_shapes_all(&err), "page?q=x"));
	assert_false(smart_shapes_may_match(smart_shapes_all(&err), "Read the manual first"));
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
