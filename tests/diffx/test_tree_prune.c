/* smart_tree_prune over seeded random documents (tests/support/random_tree.h):
 * dropping one random subtree leaves exactly the other nodes, in the same
 * pre-order, with every link, size and sibling position consistent, and
 * raw_of pointing each kept node at its original; dropping nothing gives an
 * equal tree. */
#include "../support/support.h"
#include "../support/random_tree.h"

#include <stdlib.h>
#include <string.h>

/* The links, sizes and positions of `t` agree with each other. */
static void assert_consistent(const smart_tree *t)
{
	for (uint32_t p = 0; p < t->count; p++) {
		uint32_t k = 0, size = 1;

		for (uint32_t c = t->nodes[p].first_child; c != SMART_NONE; c = t->nodes[c].next_sibling) {
			assert_int_equal(t->nodes[c].parent, p);
			assert_int_equal(t->nodes[c].index_in_parent, k++);
			assert_int_equal(t->nodes[c].depth, t->nodes[p].depth + 1);
			assert_true(c > p);
			size += t->nodes[c].size;
		}
		assert_int_equal(t->nodes[p].child_count, k);
		assert_int_equal(t->nodes[p].size, size);
		assert_true(t->nodes[p].name_position >= 1);
		assert_true(t->nodes[p].name_position <= t->nodes[p].name_siblings);
	}
	assert_int_equal(t->nodes[0].size, t->count);
}

static void dropping_a_random_subtree_keeps_the_rest_in_order(void **state)
{
	(void)state;
	for (uint64_t seed = 1; seed <= 200; seed++) {
		rt_pair pair;
		smart_error err = { { 0 } };
		smart_tree *t, *c;
		unsigned char *drop;
		uint32_t *raw_of, victim, k = 0;
		rt_rng rng;

		assert_int_equal(rt_make_pair(seed, SMART_FORMAT_AUTO, 200, RT_EDITS_NONE, &pair), 0);
		t = smart_tree_parse(pair.old_doc, pair.old_len, pair.format, "old", &err);
		assert_non_null(t);
		rt_seed(&rng, seed);
		victim = t->count > 1 ? 1 + rt_below(&rng, t->count - 1) : 0;
		drop = calloc(t->count, 1);
		assert_non_null(drop);
		drop[victim] = victim != 0;
		c = smart_tree_prune(t, drop, &raw_of, &err);
		assert_non_null(c);
		assert_int_equal(c->count, t->count - (victim ? t->nodes[victim].size : 0));
		assert_consistent(c);
		for (uint32_t i = 0; i < t->count; i++) {
			if (victim && i >= victim && i < victim + t->nodes[victim].size)
				continue; /* the dropped subtree (pre-order: contiguous) */
			assert_int_equal(raw_of[k], i);
			assert_ptr_equal(c->nodes[k].name, t->nodes[i].name);
			assert_ptr_equal(c->nodes[k].text, t->nodes[i].text);
			k++;
		}
		assert_int_equal(k, c->count);
		if (!victim)
			assert_true(smart_tree_equal(c, t));
		free(raw_of);
		free(drop);
		smart_tree_free(c);
		smart_tree_free(t);
		rt_pair_free(&pair);
	}
}

static void dropping_nothing_gives_an_equal_tree(void **state)
{
	smart_error err = { { 0 } };
	const char *doc = "<html><head><meta name=\"generator\" content=\"x\"></head>"
			  "<body><p>a<b>b</b>c</p><p>d</p></body></html>";
	smart_tree *t = smart_tree_parse(doc, strlen(doc), SMART_FORMAT_HTML, "doc", &err);
	unsigned char *drop;
	uint32_t *raw_of;
	smart_tree *c;

	(void)state;
	assert_non_null(t);
	drop = calloc(t->count, 1);
	c = smart_tree_prune(t, drop, &raw_of, &err);
	assert_non_null(c);
	assert_true(smart_tree_equal(c, t));
	assert_consistent(c);
	free(raw_of);
	free(drop);
	smart_tree_free(c);
	smart_tree_free(t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(dropping_a_random_subtree_keeps_the_rest_in_order),
		cmocka_unit_test(dropping_nothing_gives_an_equal_tree),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
