/* The rescaled scrubber (scrub/rescaled.c), through the measuring stage:
 * a page whose rates were all computed over another uptime (every changed
 * number of the texts that differ only in numbers is a rate -- its text
 * or its column's header says per hour, /s -- times one factor, rounded
 * as printed) is explained, and counted; one number alone, numbers that
 * disagree, a rate beside an unchanged number, numbers too short to
 * carry a factor, counts (a column headed "Call count" doubled, as a
 * seeded fault of gcovr does) and a count changed beside the rates are
 * not; a changed word or a deleted row beside stay; with the scrubber
 * off nothing is explained; and a property over random pages, factors
 * and precisions. */
#include "../support/support.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Measures the pair with the scrubbers of `off` turned off. */
static smart_features_result measured(const char *old_doc, const char *new_doc, unsigned off)
{
	smart_document a = { old_doc, strlen(old_doc), "old" }, b = { new_doc, strlen(new_doc), "new" };
	double *values = calloc(smart_feature_count(), sizeof(*values));
	smart_measure m = { .values = values, .format = SMART_FORMAT_HTML, .scrubbers_off = off };
	smart_error err = { "" };

	assert_non_null(values);
	if (smart_measure_pair(&a, &b, &m, &err) < 0)
		fail_msg("measuring: %s", err.message);
	free(values);
	return m.result;
}

static const unsigned RESCALED_OFF = 1u << SMART_SCRUBBER_RESCALED;

/* A server status page of phpMyAdmin's kind: a rate in a list and a table
 * whose column is headed `header` (the first column the name, the second
 * the value). */
static char *status_page_headed(const char *header, const char *per_hour, const char *const *cells,
				size_t n, const char *extra)
{
	size_t size = 4096;
	char *out = malloc(size);
	size_t used;

	assert_non_null(out);
	used = (size_t)snprintf(out, size, "<html><head><title>Status</title></head><body>"
					   "<ul><li>ø per hour: %s</li></ul><table><thead><tr><th>Statement</th>"
					   "<th>%s</th></tr></thead><tbody>", per_hour, header);
	for (size_t k = 0; k < n; k++)
		used += (size_t)snprintf(out + used, size - used, "<tr><td>Com_%zu</td><td>%s</td></tr>", k,
					 cells[k]);
	snprintf(out + used, size - used, "</tbody></table>%s</body></html>", extra);
	return out;
}

/* The same, its column of rates headed "ø per hour". */
static char *status_page(const char *per_hour, const char *const *cells, size_t n, const char *extra)
{
	return status_page_headed("ø per hour", per_hour, cells, n, extra);
}

static void rates_over_another_uptime_are_explained_and_counted(void **state)
{
	static const char *const old_cells[] = { "2,835.6 k", "196.8 k", "8,400", "7,200", "1,200" };
	static const char *const new_cells[] = { "2,126.7 k", "147.6 k", "6,300", "5,400", "900" };
	char *a = status_page("3,577,200", old_cells, 5, ""), *b = status_page("2,682,900", new_cells, 5, "");
	smart_features_result r = measured(a, b, 0);

	(void)state;
	assert_true(r.only_volatile);
	assert_int_equal(r.scrubbed[SMART_SCRUBBER_RESCALED], 6);
	assert_int_equal(r.discounted[SMART_DISCOUNT_RESCALED], 6);
	assert_false(measured(a, b, RESCALED_OFF).only_volatile);
	free(a);
	free(b);
}

static void two_precise_numbers_of_one_factor_are_enough(void **state)
{
	static const char *const old_cells[] = { "78 k" };
	static const char *const new_cells[] = { "58.5 k" };
	char *a = status_page("2,400", old_cells, 1, ""), *b = status_page("1,800", new_cells, 1, "");

	(void)state;
	assert_true(measured(a, b, 0).only_volatile);
	free(a);
	free(b);
}

/* Each pair is one page's old and new numbers: none may be explained. */
static void one_number_or_disagreeing_numbers_prove_nothing(void **state)
{
	static const struct {
		const char *old_rate, *new_rate, *old_cell, *new_cell;
	} cases[] = {
		{ "3,577,200", "2,682,900", "8,400", "8,400" }, /* one changed: 8,400 stayed */
		{ "3,577,200", "2,682,900", "8,400", "5,040" }, /* 0.75 and 0.6 */
		{ "3", "2", "6", "4" },                          /* 2/3, but too short to say */
		{ "3,600", "2,700", "3,600", "2,700" },          /* one old value twice */
		{ "120", "96", "0", "12" },                      /* 0 cannot be rescaled to 12 */
	};

	(void)state;
	for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		const char *oc[] = { cases[k].old_cell }, *nc[] = { cases[k].new_cell };
		char *a = status_page(cases[k].old_rate, oc, 1, ""), *b = status_page(cases[k].new_rate, nc, 1, "");
		smart_features_result r = measured(a, b, 0);

		if (r.only_volatile || r.scrubbed[SMART_SCRUBBER_RESCALED])
			fail_msg("case %zu was explained", k);
		free(a);
		free(b);
	}
}

static void a_count_beside_an_unchanged_one_is_content(void **state)
{
	static const char old_doc[] = "<html><body><p>25 of 300 requests per second</p>"
				      "<p>300 per second in total</p></body></html>";
	static const char new_doc[] = "<html><body><p>25 of 225 requests per second</p>"
				      "<p>225 per second in total</p></body></html>";

	(void)state;
	assert_false(measured(old_doc, new_doc, 0).only_volatile); /* 25 stayed 25 */
	assert_int_equal(measured(old_doc, new_doc, 0).scrubbed[SMART_SCRUBBER_RESCALED], 0);
}

static void a_changed_word_or_a_deleted_row_beside_stays(void **state)
{
	static const char *const old_cells[] = { "2,835.6 k", "196.8 k" };
	static const char *const new_cells[] = { "2,126.7 k", "147.6 k" };
	char *a = status_page("3,577,200", old_cells, 2, "<p>1,200 queries/s</p><p>Keep me</p>");
	char *word = status_page("2,682,900", new_cells, 2, "<p>900 errors/s</p><p>Keep me</p>");
	char *row = status_page("2,682,900", new_cells, 2, "<p>900 queries/s</p>");
	smart_features_result r;

	(void)state;
	r = measured(a, word, 0);
	assert_false(r.only_volatile);
	assert_int_equal(r.scrubbed[SMART_SCRUBBER_RESCALED], 3); /* the word's text stays */
	r = measured(a, row, 0);
	assert_false(r.only_volatile);
	assert_int_equal(r.scrubbed[SMART_SCRUBBER_RESCALED], 4);
	free(a);
	free(word);
	free(row);
}

static void counts_are_no_rates(void **state)
{
	static const char *const old_cells[] = { "8,002", "21,915", "66,235" };
	static const char *const new_cells[] = { "16,004", "43,830", "132,470" };
	char *a = status_page_headed("Call count", "3,600", old_cells, 3, "");
	char *b = status_page_headed("Call count", "7,200", new_cells, 3, "");
	char *count = status_page("7,200", new_cells, 3, "<p>Calls: 12</p>");
	char *count_changed = status_page("7,200", new_cells, 3, "<p>Calls: 24</p>");
	char *base = status_page("3,600", old_cells, 3, "<p>Calls: 12</p>");

	(void)state;
	assert_false(measured(a, b, 0).only_volatile);   /* doubled counts */
	assert_int_equal(measured(a, b, 0).scrubbed[SMART_SCRUBBER_RESCALED], 0);
	assert_true(measured(base, count, 0).only_volatile); /* rates doubled, the count kept */
	assert_false(measured(base, count_changed, 0).only_volatile); /* and the count too */
	assert_int_equal(measured(base, count_changed, 0).scrubbed[SMART_SCRUBBER_RESCALED], 0);
	free(a);
	free(b);
	free(count);
	free(count_changed);
	free(base);
}

/* `v` printed with `decimals` decimals, thousands grouped by ',' when
 * `grouped`, into buf. */
static void print_number(char *buf, size_t size, double v, int decimals, int grouped)
{
	char plain[64], *dot;
	size_t int_len, at = 0;

	snprintf(plain, sizeof(plain), "%.*f", decimals, v);
	dot = strchr(plain, '.');
	int_len = dot ? (size_t)(dot - plain) : strlen(plain);
	for (size_t i = 0; i < int_len; i++) {
		if (grouped && i > 0 && (int_len - i) % 3 == 0)
			buf[at++] = ',';
		buf[at++] = plain[i];
	}
	snprintf(buf + at, size - at, "%s", dot ? dot : "");
}

/* Property: on a page of 2 to 8 counters of 100 to 10^7, each printed
 * with 0 to 2 decimals, grouped or not, every counter times one factor
 * (0.2 to 5, at least 10% from 1), printed alike, is explained; the same
 * page with one counter instead times the factor and 1.3 never is. */
static void property_one_factor_explains_and_a_stray_refutes(void **state)
{
	srand(35);
	(void)state;
	for (int trial = 0; trial < 300; trial++) {
		size_t n = 2 + (size_t)rand() % 7, stray = (size_t)rand() % n;
		double f;
		char old_cells[8][64], new_cells[8][64], stray_cells[8][64];
		const char *oc[8], *nc[8], *sc[8];
		char rate_old[64], rate_new[64];
		char *a, *b, *c;

		do
			f = 0.2 + 4.8 * rand() / (double)RAND_MAX;
		while (fabs(f - 1) < 0.1);
		for (size_t k = 0; k < n; k++) {
			double v = 100 + (1e7 - 100) * pow(rand() / (double)RAND_MAX, 3);
			int decimals = rand() % 3, grouped = rand() % 2;

			print_number(old_cells[k], 64, v, decimals, grouped);
			print_number(new_cells[k], 64, v * f, decimals, grouped);
			print_number(stray_cells[k], 64, k == stray ? v * f * 1.3 : v * f, decimals, grouped);
			oc[k] = old_cells[k];
			nc[k] = new_cells[k];
			sc[k] = stray_cells[k];
		}
		print_number(rate_old, 64, 3577200, 0, 1);
		print_number(rate_new, 64, 3577200 * f, 0, 1);
		a = status_page(rate_old, oc, n, "");
		b = status_page(rate_new, nc, n, "");
		c = status_page(rate_new, sc, n, "");
		if (!measured(a, b, 0).only_volatile)
			fail_msg("trial %d: factor %g not explained (%s -> %s)", trial, f, oc[0], nc[0]);
		if (measured(a, c, 0).only_volatile)
			fail_msg("trial %d: a stray counter (%s -> %s) was explained", trial, oc[stray],
				 sc[stray]);
		free(a);
		free(b);
		free(c);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(rates_over_another_uptime_are_explained_and_counted),
		cmocka_unit_test(two_precise_numbers_of_one_factor_are_enough),
		cmocka_unit_test(one_number_or_disagreeing_numbers_prove_nothing),
		cmocka_unit_test(a_count_beside_an_unchanged_one_is_content),
		cmocka_unit_test(a_changed_word_or_a_deleted_row_beside_stays),
		cmocka_unit_test(counts_are_no_rates),
		cmocka_unit_test(property_one_factor_explains_and_a_stray_refutes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
