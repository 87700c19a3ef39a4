/* The answers extractors of one pair share (features/common.c,
 * smart_feature_memo): with the memo each of text_ratio,
 * text_multimedia_ratio, new_text, new_text_ratio, text_size_change and
 * new_text_log gives what it gives without one, in any order, and a memo
 * that has seen other trees or another alignment (the volatility analysis
 * and SMART's own features look at different trees) answers for the trees
 * it is asked about. */
#include "../support/support.h"
#include "../support/fake_diff.h"

#include "features/internal.h"

typedef int (*extractor)(const smart_feature_args *a, double *v, smart_error *err);

static const extractor sharing[] = {
	smart__feature_text_ratio,	 smart__feature_text_multimedia_ratio,
	smart__feature_new_text,	 smart__feature_new_text_ratio,
	smart__feature_text_size_change, smart__feature_new_text_log,
};
#define N_SHARING (sizeof(sharing) / sizeof(sharing[0]))

/* One pair: its trees, their alignment by path, and each extractor's
 * value without a memo. */
typedef struct pair {
	smart_tree *o, *n;
	smart_diff *d;
	double want[N_SHARING];
} pair;

static void pair_open(pair *p, const char *old_html, const char *new_html)
{
	smart_feature_args a;
	smart_error err = { { 0 } };

	p->o = parse_html(old_html);
	p->n = parse_html(new_html);
	p->d = fake_diff_by_path(p->o, p->n);
	fake_diff_finish(p->d);
	a = (smart_feature_args){ .old_tree = p->o, .new_tree = p->n, .diff = p->d };
	for (size_t k = 0; k < N_SHARING; k++)
		assert_int_equal(sharing[k](&a, &p->want[k], &err), 0);
}

static void pair_close(pair *p)
{
	fake_diff_free(p->d);
	smart_tree_free(p->n);
	smart_tree_free(p->o);
}

/* Asks the extractors of `p` through memo `m`, forwards or backwards. */
static void assert_memo_agrees(pair *p, smart_feature_memo *m, int backwards)
{
	smart_feature_args a = { .old_tree = p->o, .new_tree = p->n, .diff = p->d, .memo = m };
	smart_error err = { { 0 } };

	for (size_t i = 0; i < N_SHARING; i++) {
		size_t k = backwards ? N_SHARING - 1 - i : i;
		double v;

		assert_int_equal(sharing[k](&a, &v, &err), 0);
		assert_true(v == p->want[k]);
	}
}

static void memo_gives_the_values_computed_without_it(void **state)
{
	pair p;

	(void)state;
	pair_open(&p, "<p>abcd</p><script>x</script><img src=a>",
		  "<p>abcdef</p><p>new words here</p><video></video>");
	for (int backwards = 0; backwards < 2; backwards++) {
		smart_feature_memo m = { { NULL, NULL }, { 0, 0 }, NULL, 0 };

		assert_memo_agrees(&p, &m, backwards);
		assert_memo_agrees(&p, &m, !backwards); /* answered from the memo */
	}
	pair_close(&p);
}

static void memo_answers_for_the_trees_and_alignment_asked_about(void **state)
{
	smart_feature_memo m = { { NULL, NULL }, { 0, 0 }, NULL, 0 };
	pair first, second;

	(void)state;
	pair_open(&first, "<p>one two</p>", "<p>one two three</p>");
	pair_open(&second, "<p>a much longer old text</p><p>x</p>", "<p>short</p>");
	assert_memo_agrees(&first, &m, 0);
	assert_memo_agrees(&second, &m, 0);
	assert_memo_agrees(&first, &m, 1);
	pair_close(&second);
	pair_close(&first);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(memo_gives_the_values_computed_without_it),
		cmocka_unit_test(memo_answers_for_the_trees_and_alignment_asked_about),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
