/* DiffX stays near-linear on wide pages (DESIGN §6): measured as a ratio of
 * two sizes in the same run, never as a bare time. */
#include "../support/support.h"

#include <stdlib.h>
#include <string.h>

/* "<p>" + n times "<TAG>x</TAG>" + "</p>", a new string. */
static char *siblings(const char *tag, size_t n)
{
	size_t unit = 2 * strlen(tag) + 6, len = 7 + n * unit;
	char *s = malloc(len + 1), *p = s;

	assert_non_null(s);
	p += sprintf(p, "<p>");
	for (size_t i = 0; i < n; i++)
		p += sprintf(p, "<%s>x</%s>", tag, tag);
	sprintf(p, "</p>");
	return s;
}

/* The fastest of three alignments of n <b> siblings with n <i> siblings. */
static double align_time(size_t n)
{
	char *a = siblings("b", n), *b = siblings("i", n);
	smart_tree *ta = parse_html(a), *tb = parse_html(b);
	double best = 1e9;

	for (int k = 0; k < 3; k++) {
		smart_error err = { { 0 } };
		double t0 = test_cpu_seconds();
		smart_diff *d = smart_diffx(ta, tb, &err);
		double t = test_cpu_seconds() - t0;

		assert_non_null(d);
		assert_true(d->summary.inserts >= n);
		smart_diff_free(d);
		if (t < best)
			best = t;
	}
	smart_tree_free(ta);
	smart_tree_free(tb);
	free(a);
	free(b);
	return best;
}

/* Found probing for slow inputs beside the fuzzing (docs/fuzzing.md): every new child whose label no old
 * sibling had walked all the old siblings, so 40 000 <b> replaced by <i>
 * took 8 s (release build), 16 times 10 000's. Eight times the siblings
 * must now cost well under 8 * 8 = 64 times as much (the
 * quadratic walk measured about 40 here, the indexed one about 10). */
static void diffx_time_grows_near_linearly_with_siblings_of_another_label(void **state)
{
	double small, big;

	(void)state;
	small = align_time(8000);
	big = align_time(64000);
	print_message("# 8000 siblings: %.3f s, 64000: %.3f s, ratio %.1f\n", small, big,
		      big / small);
	assert_true(big < 20 * small + 0.05);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(diffx_time_grows_near_linearly_with_siblings_of_another_label),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
