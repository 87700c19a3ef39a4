/* Shard assignment and shard outputs (smart/shard.h, common/shard*.c). */
#include "../support/support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void shard_parse_takes_k_of_n_and_refuses_the_rest(void **state)
{
	smart_shard s;
	smart_error err = { "" };
	static const char *bad[] = { "0/3", "4/3", "3", "1/0", "-1/2", "1/2x", "a/b", "",
				     "1/5000", " 1/2" };

	(void)state;
	assert_int_equal(smart_shard_parse("2/16", &s, &err), 0);
	assert_int_equal(s.k, 2);
	assert_int_equal(s.n, 16);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(smart_shard_parse(bad[i], &s, &err), -1);
		assert_non_null(strstr(err.message, "--shard"));
	}
}

/* Every name goes to exactly one shard, and shards are near even in size. */
static void shard_walks_partition_the_units_evenly(void **state)
{
	enum { UNITS = 4000 };
	(void)state;
	for (unsigned n = 1; n <= 16; n++) {
		size_t taken_total = 0;
		unsigned char *seen = calloc(UNITS, 1);

		for (unsigned k = 1; k <= n; k++) {
			smart_shard_walk w = { .shard = { k, n } };

			for (unsigned u = 0; u < UNITS; u++) {
				char name[32];
				size_t index;
				int len = snprintf(name, sizeof(name), "test-%u.html", u);

				if (smart_shard_walk_see(&w, smart_shard_hash(name, (size_t)len), &index)) {
					assert_int_equal(index, u);
					seen[u]++;
				}
			}
			assert_int_equal(w.total, UNITS);
			/* within 25% of an even share */
			assert_true(w.taken * n * 4 >= (size_t)UNITS * 3);
			assert_true(w.taken * n * 4 <= (size_t)UNITS * 5);
			taken_total += w.taken;
		}
		assert_int_equal(taken_total, UNITS);
		for (unsigned u = 0; u < UNITS; u++)
			assert_int_equal(seen[u], 1);
		free(seen);
	}
}

/* The run's fingerprint depends on the names and their order. */
static void shard_walk_fingerprints_names_in_order(void **state)
{
	smart_shard_walk a = { 0 }, b = { 0 };
	size_t i;

	(void)state;
	smart_shard_walk_see(&a, smart_shard_hash("x", 1), &i);
	smart_shard_walk_see(&a, smart_shard_hash("y", 1), &i);
	smart_shard_walk_see(&b, smart_shard_hash("y", 1), &i);
	smart_shard_walk_see(&b, smart_shard_hash("x", 1), &i);
	assert_true(a.names != b.names);
	assert_int_equal(a.taken, 2);
}

/* Writes shard k of n of a run of `units` units (unit u gives "u\n",
 * twice for even u), returns the path. */
static char *write_shard(const char *params, unsigned k, unsigned n, unsigned units)
{
	smart_error err = { "" };
	smart_shard_out *o = smart_shard_out_new("test", params, &err);
	smart_shard_walk w = { .shard = { k, n } };
	char *text, name[64];
	size_t len;

	assert_non_null(o);
	assert_int_equal(smart_shard_out_frame(o, "[<#lines>]\n", "end\n", &err), 0);
	for (unsigned u = 0; u < units; u++) {
		char item[32];
		size_t index;
		int l = snprintf(item, sizeof(item), "%u\n", u);

		if (!smart_shard_walk_see(&w, smart_shard_hash(&u, sizeof(u)), &index))
			continue;
		assert_int_equal(smart_shard_out_item(o, index, item, (size_t)l, &err), 0);
		if (u % 2 == 0)
			assert_int_equal(smart_shard_out_item(o, index, item, (size_t)l, &err), 0);
		assert_int_equal(smart_shard_out_count(o, "lines", u % 2 ? 1 : 2, &err), 0);
	}
	assert_int_equal(smart_shard_out_text(o, &w, &text, &len, &err), 0);
	smart_shard_out_free(o);
	snprintf(name, sizeof(name), "shard-%u-of-%u", k, n);
	name[sizeof(name) - 1] = '\0';
	{
		char *path = strdup(write_temp_file(name, text, len));

		free(text);
		return path;
	}
}

static void shard_merge_restores_order_counts_and_frame(void **state)
{
	char *paths[5], *text;
	size_t len;
	smart_error err = { "" };
	char want[2048] = "[15]\n";

	(void)state;
	for (unsigned u = 0; u < 10; u++) {
		char line[16];

		snprintf(line, sizeof(line), u % 2 ? "%u\n" : "%u\n%u\n", u, u);
		strcat(want, line);
	}
	strcat(want, "end\n");
	for (unsigned k = 1; k <= 5; k++)
		paths[5 - k] = write_shard("p", k, 5, 10); /* given last to first */
	assert_int_equal(smart_shard_merge((const char *const *)paths, 5, &text, &len, &err), 0);
	assert_int_equal(len, strlen(want));
	assert_memory_equal(text, want, len);
	free(text);
	for (unsigned k = 0; k < 5; k++)
		free(paths[k]);
}

static void shard_merge_refuses_a_run_of_other_units(void **state)
{
	char *paths[2], *text = NULL;
	size_t len;
	smart_error err = { "" };

	(void)state;
	paths[0] = write_shard("p", 1, 2, 10);
	paths[1] = write_shard("p", 2, 2, 11);
	assert_int_equal(smart_shard_merge((const char *const *)paths, 2, &text, &len, &err), -1);
	assert_null(text);
	assert_non_null(strstr(err.message, "another run"));
	free(paths[1]);
	paths[1] = write_shard("q", 2, 2, 10);
	assert_int_equal(smart_shard_merge((const char *const *)paths, 2, &text, &len, &err), -1);
	assert_non_null(strstr(err.message, "parameters 'q'"));
	free(paths[0]);
	free(paths[1]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(shard_parse_takes_k_of_n_and_refuses_the_rest),
		cmocka_unit_test(shard_walks_partition_the_units_evenly),
		cmocka_unit_test(shard_walk_fingerprints_names_in_order),
		cmocka_unit_test(shard_merge_restores_order_counts_and_frame),
		cmocka_unit_test(shard_merge_refuses_a_run_of_other_units),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
