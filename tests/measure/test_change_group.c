/* Change groups (include/smart/change_group.h), the grouping review
 * --by-change, eval --review-sim and the report share: the class most open
 * pairs hold comes first, a tie goes to the first pair, the group's changes
 * are the class's, then the shared, then the rest, accepted changes count
 * no more; and the plan puts every pair with a change in exactly one group,
 * each group's acceptance settling all its pairs. Also the classes of
 * signatures (smart_signature_class). */
#include "../support/support.h"

#include <stdlib.h>
#include <string.h>

#include "common/rng.h"
#include "smart/error.h"
#include "smart/change_group.h"
#include "smart/signature.h"

/* Pairs given as ids and classes; classes 0 mean "the id itself". */
typedef struct pairs {
	smart_group_pair p[16];
	uint64_t ids[16][8], cls[16][8];
	size_t n;
} pairs;

/* Adds a pair holding n changes, ids[k] of class cls[k] (0: the id). */
static void add(pairs *s, size_t n, const uint64_t *ids, const uint64_t *cls)
{
	size_t i = s->n++;

	for (size_t k = 0; k < n; k++) {
		s->ids[i][k] = ids[k];
		s->cls[i][k] = cls && cls[k] ? cls[k] : ids[k];
	}
	s->p[i] = (smart_group_pair){ s->ids[i], s->cls[i], n };
}

#define ADD(s, ...) add(s, sizeof((uint64_t[]){ __VA_ARGS__ }) / sizeof(uint64_t), \
			(uint64_t[]){ __VA_ARGS__ }, NULL)

/* smart_change_group_next over s, failing the test on an error. */
static int next(const pairs *s, const unsigned char *open, smart_group_accepted_fn accepted,
		smart_change_group *g)
{
	smart_error err = { "" };
	int rc = smart_change_group_next(&(smart_group_input){ s->p, s->n, open, accepted, NULL },
					 g, &err);

	assert_true(rc >= 0);
	return rc;
}

static int accepted_7(void *ctx, size_t pair, uint64_t id)
{
	(void)ctx;
	(void)pair;
	return id == 7;
}

static void the_class_most_open_pairs_hold_comes_first(void **state)
{
	pairs s = { .n = 0 };
	smart_change_group g;
	unsigned char open[4] = { 1, 1, 1, 1 };

	(void)state;
	ADD(&s, 1, 2);
	ADD(&s, 2, 3);
	ADD(&s, 3, 2, 4);
	ADD(&s, 5);
	assert_int_equal(next(&s, NULL, NULL, &g), 1);
	assert_int_equal(g.key, 2);
	assert_int_equal(g.n_members, 3);
	assert_int_equal(g.members[0], 0);
	assert_int_equal(g.members[2], 2);
	/* the class's change, none every member holds but it, then the rest
	 * in the pairs' order */
	assert_int_equal(g.n_key, 1);
	assert_int_equal(g.n_shared, 0);
	assert_int_equal(g.n_changes, 4);
	assert_int_equal(g.changes[0], 2);
	assert_int_equal(g.changes[1], 1);
	assert_int_equal(g.changes[2], 3);
	assert_int_equal(g.changes[3], 4);
	smart_change_group_free(&g);
	/* closed pairs count no more: 2 and 3 are both held by pairs 1 and 2,
	 * and in pair 1 change 2 comes first */
	open[0] = 0;
	assert_int_equal(next(&s, open, NULL, &g), 1);
	assert_int_equal(g.key, 2);
	assert_int_equal(g.n_members, 2);
	assert_int_equal(g.n_shared, 1); /* 3: both hold it */
	assert_int_equal(g.changes[1], 3);
	smart_change_group_free(&g);
	/* nothing open: no group */
	memset(open, 0, sizeof(open));
	assert_int_equal(next(&s, open, NULL, &g), 0);
}

static void a_tie_goes_to_the_first_pair_then_its_first_change(void **state)
{
	pairs s = { .n = 0 };
	smart_change_group g;

	(void)state;
	ADD(&s, 9, 8);
	ADD(&s, 1);
	assert_int_equal(next(&s, NULL, NULL, &g), 1);
	assert_int_equal(g.key, 9);
	assert_int_equal(g.n_changes, 2);
	assert_int_equal(g.changes[1], 8); /* one member: the rest is shared */
	assert_int_equal(g.n_shared, 1);
	smart_change_group_free(&g);
}

static void alike_changes_and_accepted_ones(void **state)
{
	pairs s = { .n = 0 };
	smart_change_group g;

	(void)state;
	add(&s, 2, (uint64_t[]){ 10, 7 }, (uint64_t[]){ 100, 0 });
	add(&s, 2, (uint64_t[]){ 11, 7 }, (uint64_t[]){ 100, 0 });
	ADD(&s, 7);
	/* 7 is held by three pairs, but accepted: the class 100 of 10 and 11 */
	assert_int_equal(next(&s, NULL, accepted_7, &g), 1);
	assert_int_equal(g.key, 100);
	assert_int_equal(g.n_members, 2);
	assert_int_equal(g.n_key, 2);
	assert_int_equal(g.n_changes, 2);
	smart_change_group_free(&g);
	/* without the file, 7 and what both pairs share */
	assert_int_equal(next(&s, NULL, NULL, &g), 1);
	assert_int_equal(g.key, 7);
	assert_int_equal(g.n_members, 3);
	smart_change_group_free(&g);
}

/* Accepting a group whole accepts each change with its class, as the
 * accepted-changes file remembers it: another pair holding only another
 * change of such a class is settled by the same group. */
static void a_plan_accepts_each_change_with_its_class(void **state)
{
	pairs s = { .n = 0 };
	smart_change_group *g;
	smart_error err = { "" };
	size_t n;

	(void)state;
	add(&s, 2, (uint64_t[]){ 7, 10 }, (uint64_t[]){ 0, 100 });
	ADD(&s, 7);
	add(&s, 1, (uint64_t[]){ 11 }, (uint64_t[]){ 100 });
	ADD(&s, 12); /* another class: a group of its own */
	assert_int_equal(smart_change_groups_plan(&(smart_group_input){ s.p, s.n, NULL, NULL, NULL },
						   &g, &n, &err), 0);
	assert_int_equal(n, 2);
	assert_int_equal(g[0].key, 7);
	assert_int_equal(g[0].n_members, 2);
	assert_int_equal(g[0].n_settled, 3); /* 11, of 10's class, settled too */
	assert_int_equal(g[0].members[2], 2);
	assert_int_equal(g[0].n_changes, 2);
	assert_true(g[0].changes[1] == 10 && g[0].classes[1] == 100);
	assert_true(g[0].changes[0] == 7 && g[0].classes[0] == 7);
	assert_int_equal(g[1].key, 12);
	smart_change_groups_free(g, n);
}

/* Random pairs of up to five of eight changes in four classes: every pair
 * with a change is in exactly one group of the plan, the groups come
 * largest class first in the order next gives, and a group's changes
 * hold every change of its pairs not accepted before it. */
static void a_plan_puts_every_pair_in_one_group(void **state)
{
	uint64_t rng = 12345;

	(void)state;
	for (int round = 0; round < 200; round++) {
		pairs s = { .n = 0 };
		smart_change_group *g;
		smart_error err = { "" };
		size_t n, seen[16] = { 0 };

		for (size_t i = 0; i < 16; i++) {
			size_t k = smart_rng_below(&rng, 6);
			uint64_t ids[5], cls[5];

			for (size_t j = 0; j < k; j++) {
				ids[j] = 1 + smart_rng_below(&rng, 8);
				cls[j] = 100 + ids[j] % 4;
			}
			/* distinct ids within a pair */
			for (size_t j = 0; j < k; j++)
				for (size_t o = 0; o < j; o++)
					if (ids[o] == ids[j])
						ids[j] = 1000 + 16 * i + j, cls[j] = ids[j];
			add(&s, k, ids, cls);
		}
		assert_int_equal(smart_change_groups_plan(&(smart_group_input){ s.p, s.n, NULL, NULL, NULL },
							   &g, &n, &err), 0);
		for (size_t k = 0; k < n; k++) {
			assert_true(g[k].n_members >= 1);
			assert_true(g[k].n_settled >= g[k].n_members);
			for (size_t m = 0; m < g[k].n_settled; m++)
				seen[g[k].members[m]]++;
			for (size_t m = 0; m < g[k].n_members; m++) {
				const smart_group_pair *p = &s.p[g[k].members[m]];
				int holds_class = 0;

				for (size_t j = 0; j < p->n; j++)
					holds_class |= p->classes[j] == g[k].key;
				assert_true(holds_class);
			}
			assert_true(k == 0 || g[k].n_key >= 1);
		}
		for (size_t i = 0; i < s.n; i++)
			assert_int_equal(seen[i], s.p[i].n ? 1 : 0);
		smart_change_groups_free(g, n);
	}
}

static void signature_classes(void **state)
{
	smart_signature a = { .kind = SMART_OP_UPDATE }, b;

	(void)state;
	strcpy(a.location, "/html/body/div/table/tbody/tr/td/text()");
	strcpy(a.old_shape, "{number} k");
	strcpy(a.new_shape, "{number} k");
	a.id = 1;
	b = a;
	b.id = 2;
	strcpy(b.location, "/html/body/div/fieldset/table/tbody/tr/td/text()");
	/* the same shape in a <td>'s text wherever the table is: one class */
	assert_int_equal(smart_signature_class(&a), smart_signature_class(&b));
	assert_true(smart_signature_class(&a) != a.id);
	/* not in a <th> */
	strcpy(b.location, "/html/body/div/table/tbody/tr/th/text()");
	assert_true(smart_signature_class(&a) != smart_signature_class(&b));
	/* a value whose shape changed is a class of its own */
	b = a;
	strcpy(b.new_shape, "{number} M");
	assert_int_equal(smart_signature_class(&b), b.id);
	/* nor without a shape: the same text may hide a cut difference */
	strcpy(b.old_shape, "Welcome");
	strcpy(b.new_shape, "Welcome");
	assert_int_equal(smart_signature_class(&b), b.id);
	/* an element holding only a date, inserted anywhere, as any tag */
	a = (smart_signature){ .kind = SMART_OP_INSERT, .id = 3 };
	strcpy(a.location, "/html/body/form/select/option");
	strcpy(a.new_shape, "<option> {date}");
	b = a;
	b.id = 4;
	strcpy(b.location, "/html/body/form/p/span/code");
	strcpy(b.new_shape, "<code> {date}");
	assert_int_equal(smart_signature_class(&a), smart_signature_class(&b));
	/* with words of its own, it is itself */
	strcpy(b.new_shape, "<code> Saved {date}");
	assert_int_equal(smart_signature_class(&b), b.id);
	/* and deleted is not inserted */
	b = a;
	b.kind = SMART_OP_DELETE;
	strcpy(b.old_shape, a.new_shape);
	b.new_shape[0] = '\0';
	assert_true(smart_signature_class(&a) != smart_signature_class(&b));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(the_class_most_open_pairs_hold_comes_first),
		cmocka_unit_test(a_tie_goes_to_the_first_pair_then_its_first_change),
		cmocka_unit_test(alike_changes_and_accepted_ones),
		cmocka_unit_test(a_plan_puts_every_pair_in_one_group),
		cmocka_unit_test(a_plan_accepts_each_change_with_its_class),
		cmocka_unit_test(signature_classes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
