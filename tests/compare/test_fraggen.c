/* FragGen (Yandrapally and Mesbah, Algorithm 1): clone, Nd2-data,
 * Nd3-struct and distinct on DOM block fragments; distinct means inspect. */
#include "../support/support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Asserts the verdict and the class FragGen gives a pair. */
static void expect(const char *a, const char *b, int verdict, const char *cls)
{
	char detail[64];

	assert_int_equal(compare_verdict_detail("FragGen", NULL, a, b, detail), verdict);
	assert_string_equal(detail, cls);
}

/* The address book of the paper's Fig. 1: S1 has no table row, S3 one, S5
 * two of the same kind, S6 one with other data. */
#define HEAD "<html><body><div id=\"nav\"><a href=\"/\">Home</a> <a href=\"/new\">New</a></div><div id=\"main\">"
#define ROW(n, c) "<tr><td><input type=\"checkbox\"></td><td>" n "</td><td>" c "</td></tr>"
#define TAIL "</div></body></html>"
static const char s1[] = HEAD "<p>No addresses yet.</p>" TAIL;
static const char s3[] = HEAD "<table><tr><th></th><th>Name</th><th>City</th></tr>" ROW("Ann", "Delft") "</table>" TAIL;
static const char s5[] = HEAD "<table><tr><th></th><th>Name</th><th>City</th></tr>" ROW("Ann", "Delft")
	ROW("Bob", "Paris") "</table>" TAIL;
static const char s6[] = HEAD "<table><tr><th></th><th>Name</th><th>City</th></tr>" ROW("Cy", "Rome") "</table>" TAIL;

static void fraggen_identical_pages_are_clones(void **state)
{
	(void)state;
	expect(s3, s3, 0, "clone");
}

static void fraggen_changed_data_is_nd2_data(void **state)
{
	(void)state;
	expect(s3, s6, 0, "Nd2-data");
	expect(s3, HEAD "<table><tr><th></th><th>Name</th><th>City</th></tr><tr><td><input type=\"checkbox\" checked>"
		   "</td><td>Ann</td><td>Delft</td></tr></table>" TAIL, 0, "Nd2-data");
}

static void fraggen_one_extra_repeated_row_is_nd3_struct(void **state)
{
	(void)state;
	expect(s3, s5, 0, "Nd3-struct");
	expect(s5, s3, 0, "Nd3-struct");
	expect(s3, HEAD "<table><tr><th></th><th>Name</th><th>City</th></tr>" ROW("Ann", "Delft")
		   ROW("Bob", "Paris") ROW("Cy", "Rome") "</table>" TAIL, 0, "Nd3-struct");
	expect("<ul><li><a href=\"/a\">a</a></li></ul>",
	       "<ul><li><a href=\"/a\">a</a></li><li><a href=\"/b\">b</a></li></ul>", 0, "Nd3-struct");
}

static void fraggen_new_functionality_is_distinct(void **state)
{
	(void)state;
	/* S1 against S3: the row has no equivalent fragment in S1. */
	expect(s1, s3, 1, "distinct");
	/* A row of a new kind (a button no row had) is not a duplicate. */
	expect(s3, HEAD "<table><tr><th></th><th>Name</th><th>City</th></tr>" ROW("Ann", "Delft")
		   "<tr><td><button>Delete</button></td><td>Bob</td><td>Paris</td></tr></table>" TAIL,
	       1, "distinct");
}

static void fraggen_form_that_lost_an_input_is_distinct(void **state)
{
	(void)state;
	expect("<form action=\"/s\"><input name=\"q\"><input type=\"submit\"></form>",
	       "<form action=\"/s\"><input type=\"submit\"></form>", 1, "distinct");
}

static void fraggen_change_nested_in_a_mapped_fragment_recurses(void **state)
{
	/* The changed node's closest fragment (the inner div) is structurally
	 * different from every fragment of the other page, but classifying it
	 * against its counterpart finds the extra item an equivalent: Nd3. */
	(void)state;
	expect("<div id=a><div class=box><ul><li>x</li></ul><p>t</p></div></div>",
	       "<div id=a><div class=box><ul><li>x</li><li>y</li></ul><p>t</p></div></div>",
	       0, "Nd3-struct");
}

static void fraggen_xml_elements_are_fragments(void **state)
{
	const char *a = "<?xml version=\"1.0\"?><catalog><book id=\"1\"><title>A</title></book></catalog>";
	const char *b = "<?xml version=\"1.0\"?><catalog><book id=\"1\"><title>A</title></book>"
			"<book id=\"2\"><title>B</title></book></catalog>";
	const char *c = "<?xml version=\"1.0\"?><catalog><book id=\"1\"><title>A</title></book>"
			"<magazine/></catalog>";

	(void)state;
	expect(a, b, 0, "Nd3-struct");
	expect(a, c, 1, "distinct");
}

/* libxml2 caps how deep it nests; whatever tree it gives, FragGen must
 * neither recurse on its depth nor lose the changes outside it. */
static void fraggen_survives_deep_nesting(void **state)
{
	size_t depth = 20000, len = depth * 11 + 64;
	char *a = malloc(len), *b = malloc(len), *c = malloc(len);
	size_t n = 0;

	(void)state;
	assert_non_null(a);
	assert_non_null(b);
	assert_non_null(c);
	n += (size_t)sprintf(a + n, "<h1>t</h1>");
	for (size_t i = 0; i < depth; i++)
		n += (size_t)sprintf(a + n, "<div>");
	n += (size_t)sprintf(a + n, "<p>x</p>");
	for (size_t i = 0; i < depth; i++)
		n += (size_t)sprintf(a + n, "</div>");
	memcpy(b, a, n + 1);
	memcpy(c, a, n + 1);
	b[4] = 'u';                 /* <h1>u</h1>: data */
	memcpy(c, "<h2>t</h2>", 10); /* another element: structure */
	expect(a, a, 0, "clone");
	expect(a, b, 0, "Nd2-data");
	expect(a, c, 1, "distinct");
	free(a);
	free(b);
	free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(fraggen_identical_pages_are_clones),
		cmocka_unit_test(fraggen_changed_data_is_nd2_data),
		cmocka_unit_test(fraggen_one_extra_repeated_row_is_nd3_struct),
		cmocka_unit_test(fraggen_new_functionality_is_distinct),
		cmocka_unit_test(fraggen_form_that_lost_an_input_is_distinct),
		cmocka_unit_test(fraggen_change_nested_in_a_mapped_fragment_recurses),
		cmocka_unit_test(fraggen_xml_elements_are_fragments),
		cmocka_unit_test(fraggen_survives_deep_nesting),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
