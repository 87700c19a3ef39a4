/* Finding shape tokens (shapes/shapes_scan.c) without asking glibc for the
 * alternation's groups gives the tokens asking it gave: for every value of
 * the recogniser's tables, of the handmade corpus's pages and 20 000
 * random values, in five sets of shapes, smart__shapes_scan reports the
 * same shapes at the same places as a scan that takes each token's shape
 * from the group glibc reports (the way shapes.c found them before). The
 * cases where several shapes match a token exactly are pinned too: glibc's
 * pick among them is not always the first shape. */
#include "../support/support.h"
#include "../support/shape_values.h"

#include <ctype.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shapes/internal.h"

/* The tokens of one text, as "shape:so-eo " runs. */
typedef struct tokens {
	char text[8192];
	size_t len;
} tokens;

static int note(void *ctx, int shape, size_t so, size_t eo)
{
	tokens *t = ctx;
	int w = snprintf(t->text + t->len, sizeof(t->text) - t->len, "%s:%zu-%zu ",
			 smart_shape_name((smart_shape)shape), so, eo);

	if (w > 0 && t->len + (size_t)w < sizeof(t->text))
		t->len += (size_t)w;
	return 0;
}

/* The first shape of `s` but `rejected` whose longest match at `so` is
 * valid, its end in *eo; -1 when none. */
static int reference_fallback(const smart_shapes *s, const char *copy, size_t len, size_t so,
			      int rejected, size_t *eo)
{
	for (int k = 0; k < SMART_SHAPE_COUNT; k++) {
		regmatch_t m = { .rm_so = 0, .rm_eo = (regoff_t)(len - so + 1) };
		const smart__shape_alone *a;

		if (k == rejected || s->group_shape[k] < 0)
			continue;
		a = smart__shapes_alone(k);
		assert_non_null(a);
		if (regexec(&a->anchored, copy + so - 1, 1, &m, REG_STARTEND) != 0 || m.rm_eo <= 1 ||
		    (smart__shapes_table[k].valid &&
		     !smart__shapes_table[k].valid(copy + so, (size_t)m.rm_eo - 1)))
			continue;
		*eo = so + (size_t)m.rm_eo - 1;
		return k;
	}
	return -1;
}

/* The tokens of `text` with each shape taken from glibc's groups. */
static void reference_scan(const smart_shapes *s, const char *text, tokens *out)
{
	size_t len = strlen(text), pos = 0;
	regmatch_t *m = malloc(s->n_groups * sizeof(*m));
	char *buf = malloc(len + 2), *copy = buf + 1;

	assert_non_null(m);
	assert_non_null(buf);
	buf[0] = ' ';
	memcpy(copy, text, len + 1);
	while (pos < len) {
		size_t so, eo;
		int shape = -1;

		m[0].rm_so = 0;
		m[0].rm_eo = (regoff_t)(len - pos);
		if (regexec(&s->re, copy + pos, s->n_groups, m, REG_STARTEND | (pos ? REG_NOTBOL : 0)))
			m[0].rm_so = m[0].rm_eo = (regoff_t)(len - pos);
		so = pos + (size_t)m[0].rm_so;
		eo = pos + (size_t)m[0].rm_eo;
		if (so == len)
			break;
		if (eo == so) {
			pos = so + 1;
			continue;
		}
		for (int k = 0; k < SMART_SHAPE_COUNT && shape < 0; k++)
			if (s->group_shape[k] >= 0 && m[s->group_shape[k]].rm_so >= 0)
				shape = k;
		if (shape >= 0 && smart__shapes_table[shape].valid &&
		    !smart__shapes_table[shape].valid(copy + so, eo - so))
			shape = reference_fallback(s, copy, len, so, shape, &eo);
		if (shape < 0) {
			pos = so + 1;
			while (pos < len && isalnum((unsigned char)copy[pos]) &&
			       isalnum((unsigned char)copy[pos - 1]))
				pos++;
			continue;
		}
		note(out, shape, so, eo);
		pos = eo;
	}
	free(buf);
	free(m);
}

/* The sets compared: every shape, the scrubbed and built-in ones, and two
 * without numbers or base64 (whose tokens overlap most others). */
static const smart_shapes *sets[5];

static int setup(void **state)
{
	smart_error err = { { 0 } };

	(void)state;
	sets[0] = smart_shapes_all(&err);
	sets[1] = smart_shapes_scrubbed(&err);
	sets[2] = smart_shapes_builtin(&err);
	sets[3] = smart_shapes_of_thread(SMART_SHAPES_ALL & ~(1u << SMART_SHAPE_NUMBER), &err);
	sets[4] = smart_shapes_of_thread(SMART_SHAPES_ALL & ~(1u << SMART_SHAPE_BASE64), &err);
	for (int k = 0; k < 5; k++)
		if (!sets[k])
			return -1;
	return 0;
}

/* note, leaving out the short base64 tokens (12 to 15 characters), which
 * the scan finds between matches without the expression and the
 * reference does not look for: they do not move the matches. */
static int note_matched(void *ctx, int shape, size_t so, size_t eo)
{
	return shape == SMART_SHAPE_BASE64 && eo - so < 16 ? 0 : note(ctx, shape, so, eo);
}

/* Fails when a set's scan of `v` differs from the reference's; counts in
 * *ctx the scans that found a token. */
static void check_value(void *ctx, const char *v)
{
	for (int k = 0; k < 5; k++) {
		tokens got = { "", 0 }, want = { "", 0 };

		assert_int_equal(smart__shapes_scan(sets[k], v, strlen(v), note_matched, &got), 0);
		reference_scan(sets[k], v, &want);
		if (strcmp(got.text, want.text) != 0)
			fail_msg("set %d, \"%s\": scan \"%s\", glibc's groups \"%s\"", k, v, got.text,
				 want.text);
		*(unsigned *)ctx += got.len > 0;
	}
}

static void the_recognisers_tables_scan_as_glibc_groups_them(void **state)
{
	unsigned found = 0;

	(void)state;
	assert_true(shape_values_tables(check_value, &found) > 1200);
	assert_true(found > 1000);
}

static void corpus_values_scan_as_glibc_groups_them(void **state)
{
	unsigned found = 0;

	(void)state;
	assert_true(shape_values_corpus("corpora/handmade.jsonl", check_value, &found) > 1000);
	assert_true(found > 1000);
}

static void random_values_scan_as_glibc_groups_them(void **state)
{
	unsigned found = 0;

	(void)state;
	shape_values_random(7, getenv("SMART_TEST_QUICK") ? 2000 : 20000, check_value, &found);
	assert_true(found > 1000);
}

/* Tokens several shapes match exactly: the shape is glibc's pick. */
static void a_token_several_shapes_match_takes_glibcs_pick(void **state)
{
	static const char *const values[] = {
		/* hex comes before base64, but glibc's groups say base64 */
		"https://stakes.social/0x44d871aebF0126Bf646753E2C976Aa7e68A66c15",
		"at 1700000000 and 1700000000123", /* epoch and number */
		"2024-03", "20240301", "deadbeef12345678", NULL
	};
	unsigned found = 0;
	tokens t = { "", 0 };

	(void)state;
	for (size_t i = 0; values[i]; i++)
		check_value(&found, values[i]);
	assert_int_equal(smart__shapes_scan(sets[0], values[0], strlen(values[0]), note, &t), 0);
	assert_string_equal(t.text, "base64:22-64 ");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(the_recognisers_tables_scan_as_glibc_groups_them),
		cmocka_unit_test(corpus_values_scan_as_glibc_groups_them),
		cmocka_unit_test(random_values_scan_as_glibc_groups_them),
		cmocka_unit_test(a_token_several_shapes_match_takes_glibcs_pick),
	};

	return cmocka_run_group_tests(tests, setup, NULL);
}
