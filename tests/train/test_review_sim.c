/* The simulated reviewer of `smart eval --review-sim` (train/review_sim.c):
 * one decision per change, a pair with another change left flagged, a
 * change whose acceptance would hide a fault split and counted when its
 * first pair would have had it accepted; and, on random tables, the
 * bounds that hold whatever the changes. */
#include "../support/support.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "common/rng.h"

#define ROWS 64

typedef struct fixture {
	smart_table t;
	smart_eval_result r;
	unsigned char labels[ROWS];
	uint32_t app[ROWS];
	uint64_t ids[ROWS * SMART_TABLE_SIGNATURES];
	uint64_t cls[ROWS * SMART_TABLE_SIGNATURES];
	uint64_t test[ROWS];
	unsigned char n[ROWS];
	double margin[ROWS];
	signed char forced[ROWS];
	char *apps[2];
} fixture;

/* Row i holds the one change `id`. */
static void one_change(fixture *f, size_t i, uint64_t id)
{
	f->ids[i * SMART_TABLE_SIGNATURES] = id;
	f->n[i] = 1;
}

/* n rows of application "a", all flagged by their margin, change 1. */
static void setup(fixture *f, size_t n)
{
	static char a0[] = "a", a1[] = "b";

	memset(f, 0, sizeof(*f));
	f->t.n_rows = n;
	f->t.labels = f->labels;
	f->t.app = f->app;
	f->t.sig_ids = f->ids;
	f->t.sig_cls = NULL; /* each change its own class, unless a test sets cls */
	f->t.sig_n = f->n;
	f->t.signatures = 1;
	f->apps[0] = a0;
	f->apps[1] = a1;
	f->t.apps = f->apps;
	f->t.n_apps = 2;
	f->r.margin = f->margin;
	f->r.forced = f->forced;
	for (size_t i = 0; i < n; i++) {
		f->forced[i] = -1;
		f->margin[i] = 1;
		one_change(f, i, 1);
	}
}

static smart_review_sim simulate(const fixture *f, size_t app)
{
	smart_review_sim s;
	smart_error err = { "" };

	assert_int_equal(smart_review_simulate(&f->t, &f->r, app, &s, &err), 0);
	return s;
}

static void a_group_of_false_alarms_is_one_wasted_decision(void **state)
{
	fixture f;
	smart_review_sim s;

	(void)state;
	setup(&f, 10);
	s = simulate(&f, 0);
	assert_int_equal(s.pairs, 10);
	assert_int_equal(s.flagged, 10);
	assert_int_equal(s.groups, 1);
	assert_int_equal(s.decisions, 1);
	assert_int_equal(s.wasted_decisions, 1);
	assert_int_equal(s.decisions_on_faults, 0);
	assert_int_equal(s.impure_groups_accepted, 0);
}

static void ignored_pairs_and_other_apps_cost_nothing(void **state)
{
	fixture f;
	smart_review_sim s;

	(void)state;
	setup(&f, 6);
	f.margin[0] = -1;             /* ignored by the model */
	f.forced[1] = 0;              /* ignored by a rule */
	f.margin[2] = NAN;            /* an adaptation pair: not scored */
	f.app[3] = 1;                 /* another application */
	one_change(&f, 4, 2);
	f.labels[4] = f.labels[5] = 1;
	one_change(&f, 5, 3);
	s = simulate(&f, 0);
	assert_int_equal(s.pairs, 4);
	assert_int_equal(s.flagged, 2);
	assert_int_equal(s.decisions, 2);
	assert_int_equal(s.decisions_on_faults, 2);
	assert_int_equal(s.wasted_decisions, 0);
}

static void a_pair_with_one_more_change_stays_flagged(void **state)
{
	fixture f;
	smart_review_sim s;

	(void)state;
	setup(&f, 4);
	/* row 3 holds change 1 and change 2, and is a fault */
	f.ids[3 * SMART_TABLE_SIGNATURES + 1] = 2;
	f.n[3] = 2;
	f.labels[3] = 1;
	s = simulate(&f, 0);
	/* accept 1 (row 3 stays flagged by 2), then reject 2 */
	assert_int_equal(s.decisions, 2);
	assert_int_equal(s.wasted_decisions, 0);
	assert_int_equal(s.decisions_on_faults, 1);
	assert_int_equal(s.impure_groups, 1);
	assert_int_equal(s.impure_groups_accepted, 0);
}

static void one_decision_accepts_every_change_the_group_shares(void **state)
{
	fixture f;
	smart_review_sim s;

	(void)state;
	setup(&f, 2);
	/* both false alarms hold changes 1, 2 and 3 */
	for (size_t i = 0; i < 2; i++) {
		f.ids[i * SMART_TABLE_SIGNATURES + 1] = 2;
		f.ids[i * SMART_TABLE_SIGNATURES + 2] = 3;
		f.n[i] = 3;
	}
	s = simulate(&f, 0);
	assert_int_equal(s.decisions, 1);
	assert_int_equal(s.wasted_decisions, 1);
	/* three false alarms hold 1 and 2, two faults 2 and 4: change 2 is
	 * accepted (each fault still holds 4), then 1 (the false alarms are
	 * ignored), then 4 is rejected */
	setup(&f, 5);
	for (size_t i = 0; i < 5; i++) {
		f.ids[i * SMART_TABLE_SIGNATURES] = 2;
		f.ids[i * SMART_TABLE_SIGNATURES + 1] = i < 3 ? 1 : 4;
		f.n[i] = 2;
		f.labels[i] = i >= 3;
	}
	s = simulate(&f, 0);
	assert_int_equal(s.decisions, 3);
	assert_int_equal(s.wasted_decisions, 1);
	assert_int_equal(s.decisions_on_faults, 1);
	assert_int_equal(s.impure_groups, 1);
	assert_int_equal(s.impure_groups_accepted, 0);
}

static void a_group_of_false_alarms_is_accepted_whole(void **state)
{
	fixture f;
	smart_review_sim s;

	(void)state;
	/* three false alarms hold change 1; two of them one more change each
	 * (2, 3), which no other pair holds: one decision accepts all three
	 * changes, where accepting the shared change alone would leave two */
	setup(&f, 3);
	f.ids[1 * SMART_TABLE_SIGNATURES + 1] = 2;
	f.ids[2 * SMART_TABLE_SIGNATURES + 1] = 3;
	f.n[1] = f.n[2] = 2;
	s = simulate(&f, 0);
	assert_int_equal(s.decisions, 1);
	assert_int_equal(s.wasted_decisions, 1);
	/* unless a fault elsewhere holds only changes the group would accept
	 * (row 0 holds 2): the group then accepts change 1 alone, and the
	 * group of change 2 (the fault first) is split */
	setup(&f, 4);
	one_change(&f, 0, 2);
	f.labels[0] = 1;
	f.ids[2 * SMART_TABLE_SIGNATURES + 1] = 2;
	f.n[2] = 2;
	s = simulate(&f, 0);
	assert_int_equal(s.groups, 2);
	assert_int_equal(s.decisions, 4); /* accept 1; split 2, then its two pairs */
	assert_int_equal(s.wasted_decisions, 2);
	assert_int_equal(s.decisions_on_faults, 1);
	assert_int_equal(s.impure_groups_accepted, 0);
}

static void alike_changes_of_one_class_are_one_group(void **state)
{
	fixture f;
	smart_review_sim s;

	(void)state;
	/* four false alarms, each its own change (1..4), the four of one class */
	setup(&f, 4);
	for (size_t i = 0; i < 4; i++) {
		one_change(&f, i, i + 1);
		f.cls[i * SMART_TABLE_SIGNATURES] = 99;
	}
	s = simulate(&f, 0);
	assert_int_equal(s.decisions, 4); /* each its own class: four groups */
	f.t.sig_cls = f.cls;
	s = simulate(&f, 0);
	assert_int_equal(s.groups, 1);
	assert_int_equal(s.decisions, 1);
	assert_int_equal(s.wasted_decisions, 1);
}

static void a_mixed_group_led_by_a_false_alarm_would_hide_a_fault(void **state)
{
	fixture f;
	smart_review_sim s;

	(void)state;
	setup(&f, 4);
	f.labels[2] = 1; /* the first pair (row 0) is labelled ignore */
	s = simulate(&f, 0);
	assert_int_equal(s.groups, 1);
	assert_int_equal(s.impure_groups, 1);
	assert_int_equal(s.impure_groups_accepted, 1);
	/* split, then every member alone */
	assert_int_equal(s.decisions, 5);
	assert_int_equal(s.wasted_decisions, 3);
	assert_int_equal(s.decisions_on_faults, 1);
	/* led by a fault, the same group would be rejected, not accepted */
	f.labels[0] = 1;
	s = simulate(&f, 0);
	assert_int_equal(s.impure_groups, 1);
	assert_int_equal(s.impure_groups_accepted, 0);
}

/* The counts of a simulation, in one call: groups, decisions, wasted,
 * on faults, impure, impure accepted. */
static void counts_are(smart_review_sim s, size_t groups, size_t decisions, size_t wasted,
		       size_t faults, size_t impure, size_t impure_accepted)
{
	size_t got[] = { s.groups, s.decisions, s.wasted_decisions, s.decisions_on_faults,
			 s.impure_groups, s.impure_groups_accepted };
	size_t want[] = { groups, decisions, wasted, faults, impure, impure_accepted };

	for (size_t k = 0; k < sizeof(got) / sizeof(got[0]); k++)
		assert_int_equal(got[k], want[k]);
}

/* Row i holds changes ids[0 .. n), each of class cls[k]. */
static void changes(fixture *f, size_t i, const uint64_t *ids, const uint64_t *cls, size_t n)
{
	for (size_t k = 0; k < n; k++) {
		f->ids[i * SMART_TABLE_SIGNATURES + k] = ids[k];
		f->cls[i * SMART_TABLE_SIGNATURES + k] = cls[k];
	}
	f->n[i] = (unsigned char)n;
}

/* One class (99) held by two exact changes: 1 in two false alarms and in
 * a fault that also holds change 5, and 2 in a fault that holds nothing
 * else (a clock piece a mutant moved, at another place). Accepting the
 * class would hide that fault, so the reviewer accepts change 1 exactly
 * (by id, the `e` key): both false alarms settle in one decision, the
 * fault holding change 5 stays flagged and the fault of change 2 never
 * joins them: it is rejected on its own. Before exact accepts the group
 * was split and each of its four pairs decided alone. */
static void a_class_that_would_hide_a_fault_is_accepted_change_by_change(void **state)
{
	static const uint64_t one[] = { 1 }, one_five[] = { 1, 5 }, two[] = { 2 };
	static const uint64_t c99[] = { 99 }, c99_5[] = { 99, 5 };
	fixture f;

	(void)state;
	setup(&f, 4);
	f.t.sig_cls = f.cls;
	changes(&f, 0, one, c99, 1);
	changes(&f, 1, one, c99, 1);
	changes(&f, 2, one_five, c99_5, 2);
	changes(&f, 3, two, c99, 1);
	f.labels[2] = f.labels[3] = 1;
	/* the class group (impure: a reviewer trusting its first pair, a false
	 * alarm, would hide the fault of row 3), change 1 accepted exactly (not
	 * wasted: the fault of row 2 holds it too), then change 5 and change 2
	 * each rejected */
	counts_are(simulate(&f, 0), 3, 3, 0, 2, 1, 1);
	/* a fault holding change 1 and nothing else: no exact change hides no
	 * fault, so the fault never joins the false alarms' acceptance: the
	 * group is split and its four pairs decided alone */
	f.labels[0] = 1;
	f.labels[2] = 0;
	changes(&f, 2, one, c99, 1);
	counts_are(simulate(&f, 0), 1, 5, 2, 2, 1, 0);
}

/* A pair whose signature set was cut short (its own id last, as the
 * table's loader writes it) holds changes nobody is shown: as in review
 * --by-change, no group's acceptance settles it; it is decided alone. */
static void a_pair_cut_short_is_never_settled_by_a_group(void **state)
{
	fixture f;

	(void)state;
	setup(&f, 5);
	/* rows 3 and 4 hold change 1 and more than a set keeps */
	for (size_t i = 3; i < 5; i++) {
		f.ids[i * SMART_TABLE_SIGNATURES + 1] = SMART_TABLE_OWN_ID(i);
		f.n[i] = 2;
	}
	assert_int_equal(simulate(&f, 0).flagged, 5);
	/* the group of change 1 (rows 0-2), then rows 3 and 4 alone */
	counts_are(simulate(&f, 0), 3, 3, 3, 0, 0, 0);
	/* a fault cut short is rejected alone; the group of false alarms
	 * holding its kept change is accepted whole without hiding it */
	f.labels[4] = 1;
	counts_are(simulate(&f, 0), 3, 3, 2, 1, 0, 0);
}

/* Four pairs of one change (class 1) a fault (row 0) shows and nothing
 * else, so that the group is split; the three false alarms also hold
 * change 2. Rows 0 to 2 are runs of one test, row 3 another test. */
static void split_around_a_fault_that_shows_only_noise(fixture *f)
{
	static const uint64_t one_two[] = { 1, 2 };

	setup(f, 4);
	f->t.sig_cls = f->cls;
	f->t.sig_test = f->test;
	f->labels[0] = 1;
	f->cls[0] = 1;
	for (size_t i = 1; i < 4; i++)
		changes(f, i, one_two, one_two, 2);
	f->test[0] = f->test[1] = f->test[2] = 7;
	f->test[3] = 8;
}

/* A pair of a split group accepted is remembered for its test (`smart
 * review --by-change` writes its changes with "tests"), so the same test
 * in a later run holding nothing else is not asked again; another test is. */
static void a_split_pair_accepted_settles_its_test_in_a_later_run(void **state)
{
	fixture f;

	(void)state;
	split_around_a_fault_that_shows_only_noise(&f);
	/* the split, the fault, row 1 (row 2 with it), row 3 */
	counts_are(simulate(&f, 0), 1, 4, 2, 1, 1, 0);
	/* without the tests known, each pair is decided alone, as before */
	f.t.sig_test = NULL;
	counts_are(simulate(&f, 0), 1, 5, 3, 1, 1, 0);
	/* nor when the later run is another test */
	f.t.sig_test = f.test;
	f.test[2] = 9;
	counts_are(simulate(&f, 0), 1, 5, 3, 1, 1, 0);
}

/* The memory of a split pair's acceptance never hides a fault: when an
 * open fault of the same test holds only the changes the pair held, the
 * reviewer keeps none, and the fault and the later run are each decided. */
static void a_split_pair_keeps_no_memory_that_would_hide_a_fault_of_its_test(void **state)
{
	fixture f;

	(void)state;
	split_around_a_fault_that_shows_only_noise(&f);
	f.labels[2] = 1; /* a fault of test 7 holding changes 1 and 2 */
	f.test[3] = 7;   /* and a later clean run of the test */
	/* the split; rows 0, 1, 2 and 3 each decided: two on faults, two wasted */
	counts_are(simulate(&f, 0), 1, 5, 2, 2, 1, 0);
}

static void a_table_without_signatures_is_an_error(void **state)
{
	fixture f;
	smart_review_sim s;
	smart_error err = { "" };

	(void)state;
	setup(&f, 2);
	f.t.signatures = 0;
	assert_int_equal(smart_review_simulate(&f.t, &f.r, 0, &s, &err), -1);
	assert_non_null(strstr(err.message, "signatures"));
}

/* Random tables of pairs with up to three of six changes: every flagged
 * pair is settled at most once alone, each change decided at most once, so
 * decisions <= flagged + 2 x groups; a decision is wasted, on faults, or
 * an accepted impure group or a split. */
static void counts_stay_within_bounds_on_random_tables(void **state)
{
	uint64_t rng = 32;

	(void)state;
	for (int round = 0; round < 300; round++) {
		fixture f;
		smart_review_sim s;
		size_t n = 1 + (size_t)smart_rng_below(&rng, ROWS);

		setup(&f, n);
		for (size_t i = 0; i < n; i++) {
			f.labels[i] = (unsigned char)smart_rng_below(&rng, 2);
			f.n[i] = (unsigned char)smart_rng_below(&rng, 4);
			for (unsigned k = 0; k < f.n[i]; k++)
				f.ids[i * SMART_TABLE_SIGNATURES + k] = 1 + smart_rng_below(&rng, 6);
			f.margin[i] = smart_rng_below(&rng, 4) ? 1 : -1;
		}
		s = simulate(&f, 0);
		assert_true(s.groups <= 6 + s.flagged);
		assert_true(s.decisions <= s.flagged + 2 * s.groups);
		assert_true(s.decisions >= s.groups);
		assert_true(s.wasted_decisions + s.decisions_on_faults <= s.decisions);
		assert_true(s.impure_groups_accepted <= s.impure_groups);
		assert_true(s.flagged == 0 || s.decisions > 0);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(a_group_of_false_alarms_is_one_wasted_decision),
		cmocka_unit_test(ignored_pairs_and_other_apps_cost_nothing),
		cmocka_unit_test(a_pair_with_one_more_change_stays_flagged),
		cmocka_unit_test(one_decision_accepts_every_change_the_group_shares),
		cmocka_unit_test(a_group_of_false_alarms_is_accepted_whole),
		cmocka_unit_test(alike_changes_of_one_class_are_one_group),
		cmocka_unit_test(a_mixed_group_led_by_a_false_alarm_would_hide_a_fault),
		cmocka_unit_test(a_pair_cut_short_is_never_settled_by_a_group),
		cmocka_unit_test(a_class_that_would_hide_a_fault_is_accepted_change_by_change),
		cmocka_unit_test(a_split_pair_accepted_settles_its_test_in_a_later_run),
		cmocka_unit_test(a_split_pair_keeps_no_memory_that_would_hide_a_fault_of_its_test),
		cmocka_unit_test(a_table_without_signatures_is_an_error),
		cmocka_unit_test(counts_stay_within_bounds_on_random_tables),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
