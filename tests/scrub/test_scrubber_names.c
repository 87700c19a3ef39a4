/* The scrubbers by name (scrub/scrubber_names.c): the error for a name no
 * scrubber has lists every scrubber of the registry, in its order, and
 * nothing else, so that the list cannot go stale when a scrubber is
 * added (tests/scrub/test_scrubber_names.sh compares it with `smart
 * scrubbers`). */
#include "../support/support.h"

#include <stdio.h>
#include <string.h>

/* Checks that `message` ends in "(known: N1, N2, ...)" with exactly the
 * registry's names, in the registry's order. */
static void assert_lists_the_registry(const char *message)
{
	const char *p = strstr(message, "(known: ");
	size_t len;

	assert_non_null(p);
	p += strlen("(known: ");
	for (int id = 0; id < SMART_SCRUBBER_COUNT; id++) {
		const char *name = smart_scrubber_name(id);

		len = strlen(name);
		assert_memory_equal(p, name, len);
		p += len;
		if (id + 1 < SMART_SCRUBBER_COUNT) {
			assert_memory_equal(p, ", ", 2);
			p += 2;
		}
	}
	assert_string_equal(p, ")");
}

static void unknown_name_error_lists_every_registry_name_in_order(void **state)
{
	smart_error err = { "" };
	unsigned off = 0;

	assert_int_equal(smart_scrubbers_parse("values,nosuch", &off, &err), -1);
	assert_non_null(strstr(err.message, "no scrubber called 'nosuch'"));
	assert_lists_the_registry(err.message);
	/* the provenance reader says the same */
	assert_int_equal(smart_scrubbers_off_parse("rebase,nosuch", &off, &err), -1);
	assert_lists_the_registry(err.message);
}

/* A scrubber the old hand-written list forgot (zone_menu, uniqid,
 * named_offset were missing from it) is in the list like any other. */
static void unknown_name_error_names_the_latest_scrubbers(void **state)
{
	smart_error err = { "" };
	unsigned off = 0;

	assert_int_equal(smart_scrubbers_parse("-dates", &off, &err), -1);
	assert_non_null(strstr(err.message, " zone_menu,"));
	assert_non_null(strstr(err.message, " uniqid,"));
	assert_non_null(strstr(err.message, " named_offset)"));
}

/* A very long unknown word is cut, never the list of known names. */
static void a_long_unknown_word_leaves_the_list_whole(void **state)
{
	char word[300];
	smart_error err = { "" };
	unsigned off = 0;

	memset(word, 'x', sizeof(word) - 1);
	word[sizeof(word) - 1] = '\0';
	assert_int_equal(smart_scrubbers_parse(word, &off, &err), -1);
	assert_lists_the_registry(err.message);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(unknown_name_error_lists_every_registry_name_in_order),
		cmocka_unit_test(unknown_name_error_names_the_latest_scrubbers),
		cmocka_unit_test(a_long_unknown_word_leaves_the_list_whole),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
