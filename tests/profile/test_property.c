/* The profile property (issue 35): a profile learnt from clean runs
 * r1..rk explains every pair among them — each pair is ignore whatever the
 * model says — for values built from any mix of shape pieces (versions,
 * numbers joined by ':' '-' '.' '_' '|', letters, hex) in text, in
 * attributes and in script strings. The generator is seeded
 * (SMART_PROPERTY_SEED overrides the fixed seed, SMART_PROPERTY_CASES the
 * count); the seed is printed, and a failing case is printed whole. */
#include "../support/support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smart/measure.h"
#include "smart/profile.h"
#include "smart/scrub.h"

#define MAX_RUNS 3
#define MAX_SLOTS 4
#define MAX_PIECES 5
#define PAGE_SIZE 4096

/* xorshift64*: the same cases for the same seed on every machine. */
static uint64_t rng_state;

static uint64_t rng(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 2685821657736338717ull;
}

static unsigned below(unsigned n)
{
	return (unsigned)(rng() % n);
}

/* The kinds of piece a value is made of. */
enum { VERSION, NUMBER, JOINED, LETTERS, HEX, WORD, KINDS };

/* Appends one random piece of `kind` to buf (size bytes, NUL-terminated). */
static void piece(char *buf, size_t size, int kind)
{
	static const char *const joins[] = { ":", "-", ".", "_", "|" };
	static const char *const words[] = { "index.php", "user", "Save", "admin", "page" };
	size_t at = strlen(buf);
	int n = 0;

	switch (kind) {
	case VERSION:
		n = snprintf(buf + at, size - at, "%s%u.%u.%u", below(3) ? "" : "v", below(10),
			     below(20), below(30));
		break;
	case NUMBER:
		n = snprintf(buf + at, size - at, "%u", (unsigned)(rng() % 100000000u));
		break;
	case JOINED:
		n = snprintf(buf + at, size - at, "%u%s%u", (unsigned)(rng() % 10000000u),
			     joins[below(5)], (unsigned)(rng() % 100000000u));
		break;
	case LETTERS:
		for (unsigned k = 0, len = 3 + below(8); k < len && at + 2 < size; k++)
			buf[at++] = (char)((below(2) ? 'a' : 'A') + below(26));
		buf[at] = '\0';
		break;
	case HEX:
		for (unsigned k = 0, len = 8 + below(9); k < len && at + 2 < size; k++)
			buf[at++] = "0123456789abcdef"[below(16)];
		buf[at] = '\0';
		break;
	default:
		n = snprintf(buf + at, size - at, "%s", words[below(5)]);
		break;
	}
	(void)n;
}

/* One value of the page: its pieces' kinds and separators, and which
 * pieces are drawn again in every run (volatile) or kept (stable). */
typedef struct slot {
	int n, kind[MAX_PIECES], fresh[MAX_PIECES], join[MAX_PIECES];
	int place; /* 0 text, 1 attribute, 2 script string, 3 list item */
	char stable[MAX_PIECES][64];
} slot;

/* The value of slot `s` in one run. */
static void slot_value(const slot *s, char *buf, size_t size)
{
	static const char *const joins[] = { ":", "-", ".", "_", "|", " ", ", ", "/" };

	buf[0] = '\0';
	for (int p = 0; p < s->n; p++) {
		if (p)
			strncat(buf, joins[s->join[p]], size - strlen(buf) - 1);
		if (s->fresh[p])
			piece(buf, size, s->kind[p]);
		else
			strncat(buf, s->stable[p], size - strlen(buf) - 1);
	}
}

/* A random slot; at least one of its pieces is volatile. */
static void slot_draw(slot *s)
{
	memset(s, 0, sizeof(*s));
	s->n = 1 + (int)below(MAX_PIECES);
	s->place = (int)below(4);
	for (int p = 0; p < s->n; p++) {
		s->kind[p] = (int)below(KINDS);
		s->fresh[p] = below(2);
		s->join[p] = (int)below(8);
		piece(s->stable[p], sizeof(s->stable[p]), s->kind[p]);
	}
	s->fresh[below((unsigned)s->n)] = 1;
}

/* The page of one run: every slot's value at its place. */
static void page(const slot *slots, int n, char *out, size_t size)
{
	char v[512];
	size_t at = 0;

	at += (size_t)snprintf(out + at, size - at,
			       "<html><head><title>t</title></head><body><h1>Report</h1>");
	for (int i = 0; i < n && at < size; i++) {
		slot_value(&slots[i], v, sizeof(v));
		switch (slots[i].place) {
		case 0:
			at += (size_t)snprintf(out + at, size - at, "<p>Build %s here</p>", v);
			break;
		case 1:
			at += (size_t)snprintf(out + at, size - at,
					       "<form><input type=\"hidden\" name=\"f%d\" value=\"%s\"></form>",
					       i, v);
			break;
		case 2:
			at += (size_t)snprintf(out + at, size - at,
					       "<script>init('%s', 'index.php', '%d');</script>", v, i);
			break;
		default:
			at += (size_t)snprintf(out + at, size - at, "<ul><li>one</li><li>%s</li></ul>", v);
			break;
		}
	}
	if (at < size)
		snprintf(out + at, size - at, "<p>Footer</p></body></html>");
}

/* 1 when the pair (old, new) is ignore whatever the model says: equal
 * trees, equal once scrubbed (without the scrubbers in `off`), or every
 * edit explained by the profile. */
static int forced_ignore_without(const smart_profile *p, const char *old_page,
				 const char *new_page, unsigned off)
{
	smart_error err = { "" };
	double *values = calloc(smart_feature_count(), sizeof(*values));
	smart_document a = { old_page, strlen(old_page), "old.html" };
	smart_document b = { new_page, strlen(new_page), "new.html" };
	smart_measure m = { .values = values, .format = SMART_FORMAT_HTML, .profile = p,
			    .test = "page.html", .scrubbers_off = off };
	const char **names;
	size_t n;
	int rc, decision;

	assert_non_null(values);
	rc = smart_measure_pair(&a, &b, &m, &err);
	if (rc)
		fail_msg("measuring: %s", err.message);
	names = smart_feature_names(&n);
	assert_non_null(names);
	decision = smart_forced_decision(names, n, values, m.result.only_volatile);
	free(names);
	free(values);
	return !m.trees_differ || decision == 0; /* equal trees: nothing to look at */
}

/* The same with every scrubber on, as classifying measures. */
static int forced_ignore(const smart_profile *p, const char *old_page, const char *new_page)
{
	return forced_ignore_without(p, old_page, new_page, 0);
}

/* Runs `cases` generated cases from `seed`; returns the failures (the
 * first one printed whole). */
static unsigned run_cases(uint64_t seed, unsigned cases)
{
	static char pages[MAX_RUNS][PAGE_SIZE];
	unsigned failures = 0;

	rng_state = seed ? seed : 1;
	for (unsigned c = 0; c < cases; c++) {
		slot slots[MAX_SLOTS];
		int n = 1 + (int)below(MAX_SLOTS), k = 2 + (int)below(MAX_RUNS - 1);
		smart_document runs[MAX_RUNS];
		smart_error err = { "" };
		smart_profile *p = smart_profile_new(&err);

		assert_non_null(p);
		for (int i = 0; i < n; i++)
			slot_draw(&slots[i]);
		for (int r = 0; r < k; r++) {
			page(slots, n, pages[r], PAGE_SIZE);
			runs[r] = (smart_document){ pages[r], strlen(pages[r]), "run" };
		}
		if (smart_profile_learn_test(p, "page.html", runs, (size_t)k, SMART_FORMAT_HTML,
					     &err) ||
		    smart_profile_generalise(p, &err))
			fail_msg("learning: %s", err.message);
		for (int i = 0; i < k; i++)
			for (int j = 0; j < k; j++) {
				if (i == j || forced_ignore(p, pages[i], pages[j]))
					continue;
				if (failures++ == 0)
					print_message("case %u (seed %llu): run %d -> run %d of %d not "
						      "ignore\nold: %s\nnew: %s\n",
						      c, (unsigned long long)seed, i, j, k, pages[i],
						      pages[j]);
			}
		smart_profile_free(p);
	}
	return failures;
}

/* True when slot separator `j` sets a word apart: ':' '|' ' ' ", ", not
 * '_' (part of a word), '-' '.' '/' (which glue a word into a token of a
 * shape, "4ef1a4ab99a6-CNEscQiHJ" reading as base64: a shape's value is
 * for the shape to judge). */
static int sets_apart(int j)
{
	return j == 0 || j == 4 || j == 5 || j == 6;
}

/* The piece of `s` a fault may rewrite: a stable run of letters (drawn
 * once, never changed by the runs) set apart from its neighbours, or -1. */
static int stable_letters(const slot *s)
{
	for (int p = 0; p < s->n; p++)
		if (s->kind[p] == LETTERS && !s->fresh[p] && (p == 0 || sets_apart(s->join[p])) &&
		    (p + 1 == s->n || sets_apart(s->join[p + 1])))
			return p;
	return -1;
}

/* Runs `cases` generated cases from `seed` whose runs left a run of
 * letters of some value alone (a value alone at its place on the page),
 * and rewrites it on a later run's page (the
 * other pieces as that run drew them): the pair of the first run and that
 * page must not be explained away by the profile, whatever the runs
 * varied beside it. Returns the failures (the first printed whole);
 * *checked counts the cases that had such a piece and whose fault the
 * scrubbers alone leave standing. */
static unsigned run_fault_cases(uint64_t seed, unsigned cases, unsigned *checked)
{
	static char first[PAGE_SIZE], second[PAGE_SIZE], fault[PAGE_SIZE], alike[PAGE_SIZE];
	/* the value model's verdict depends on the whole pair (it may call a
	 * value volatile when its word and its numbers changed together): a
	 * scrubber's, not the profile's, so it is left out here as it is when
	 * a profile is learnt (measure/learn_profile.c) */
	const unsigned off = 1u << SMART_SCRUBBER_LEARNED;
	unsigned failures = 0;

	*checked = 0;
	rng_state = seed ? seed : 1;
	for (unsigned c = 0; c < cases; c++) {
		slot slots[MAX_SLOTS];
		int n = 1 + (int)below(MAX_SLOTS), at = -1, piece_at = -1;
		smart_document runs[2];
		smart_error err = { "" };
		smart_profile *p;
		uint64_t saved, before;

		for (int i = 0; i < n; i++)
			slot_draw(&slots[i]);
		for (int i = 0; i < n && at < 0; i++) {
			int alone = 1; /* siblings share a location: another's template speaks for it */

			for (int k = 0; k < n; k++)
				alone &= k == i || slots[k].place != slots[i].place;
			if (alone && (piece_at = stable_letters(&slots[i])) >= 0)
				at = i;
		}
		before = rng_state; /* the first run's draws, again for `alike` */
		page(slots, n, first, PAGE_SIZE);
		saved = rng_state; /* the second run's draws, again for the fault */
		page(slots, n, second, PAGE_SIZE);
		if (at < 0)
			continue;
		rng_state = saved;
		snprintf(slots[at].stable[piece_at], sizeof(slots[at].stable[piece_at]),
			 "Qqfault%u", c);
		page(slots, n, fault, PAGE_SIZE);
		rng_state = before;
		page(slots, n, alike, PAGE_SIZE); /* the first run with the rewrite alone */
		if (forced_ignore_without(NULL, first, alike, off) ||
		    forced_ignore_without(NULL, second, fault, off))
			continue; /* the scrubbers hide the rewrite itself: theirs, not a profile's */
		(*checked)++;
		runs[0] = (smart_document){ first, strlen(first), "run" };
		runs[1] = (smart_document){ second, strlen(second), "run" };
		assert_non_null(p = smart_profile_new(&err));
		if (smart_profile_learn_test(p, "page.html", runs, 2, SMART_FORMAT_HTML, &err) ||
		    smart_profile_generalise(p, &err))
			fail_msg("learning: %s", err.message);
		if (forced_ignore_without(p, first, fault, off) && failures++ == 0)
			print_message("case %u (seed %llu): a rewritten stable word is explained\n"
				      "run 1: %s\nrun 2: %s\nfault: %s\n",
				      c, (unsigned long long)seed, first, second, fault);
		smart_profile_free(p);
	}
	return failures;
}

/* The environment's number, or `fallback`. */
static uint64_t env_number(const char *name, uint64_t fallback)
{
	const char *v = getenv(name);

	return v && *v ? strtoull(v, NULL, 10) : fallback;
}

static void profile_learnt_from_runs_explains_every_pair_among_them(void **state)
{
	uint64_t seed = env_number("SMART_PROPERTY_SEED", 20261129);
	unsigned cases = (unsigned)env_number("SMART_PROPERTY_CASES", 10000);
	unsigned failures;

	(void)state;
	print_message("profile property: seed %llu, %u cases\n", (unsigned long long)seed, cases);
	failures = run_cases(seed, cases);
	if (failures)
		fail_msg("%u pairs of %u cases not ignore (seed %llu)", failures, cases,
			 (unsigned long long)seed);
}

/* Its counterpart (issue 35, a profile must never hide a fault): a word
 * the runs never changed, rewritten, stays for the model to judge -- also
 * where the runs varied the same value beyond its shapes (a template
 * keeps the word; "any value" hid it). */
static void profile_does_not_explain_a_word_the_runs_never_changed(void **state)
{
	uint64_t seed = env_number("SMART_PROPERTY_SEED", 20261129);
	unsigned cases = (unsigned)env_number("SMART_PROPERTY_CASES", 10000) / 5;
	unsigned checked, failures;

	(void)state;
	failures = run_fault_cases(seed, cases, &checked);
	print_message("fault property: seed %llu, %u of %u cases had a stable word to rewrite\n",
		      (unsigned long long)seed, checked, cases);
	assert_true(checked >= cases / 20);
	if (failures)
		fail_msg("%u of %u rewritten stable words explained (seed %llu)", failures, checked,
			 (unsigned long long)seed);
}

/* The property is not bought by accepting everything: a word changed
 * where the runs never varied is still left to the model. */
static void profile_does_not_explain_a_change_where_runs_never_varied(void **state)
{
	const char *r1 = "<html><body><p>Build 7.2.10 at 123456:654321</p><h2>Users</h2></body></html>";
	const char *r2 = "<html><body><p>Build 7.2.10 at 777777:888888</p><h2>Users</h2></body></html>";
	const char *fault = "<html><body><p>Build 7.2.10 at 777777:888888</p><h2>Groups</h2></body></html>";
	smart_document runs[2] = { { r1, strlen(r1), "r1" }, { r2, strlen(r2), "r2" } };
	smart_error err = { "" };
	smart_profile *p = smart_profile_new(&err);

	(void)state;
	assert_non_null(p);
	assert_int_equal(smart_profile_learn_test(p, "page.html", runs, 2, SMART_FORMAT_HTML, &err), 0);
	assert_true(forced_ignore(p, r1, r2));
	assert_false(forced_ignore(p, r1, fault));
	smart_profile_free(p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(profile_learnt_from_runs_explains_every_pair_among_them),
		cmocka_unit_test(profile_does_not_explain_a_change_where_runs_never_varied),
		cmocka_unit_test(profile_does_not_explain_a_word_the_runs_never_changed),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
