/* Small file-name helpers of include/smart/file.h. */
#include "../support/support.h"

#include <string.h>

static void file_last_name_is_the_folder_trailing_slashes_aside(void **state)
{
	static const char *const cases[][2] = {
		{ "runs/app", "app" }, { "runs/app/", "app" }, { "runs/app///", "app" },
		{ "/abs/path/app", "app" }, { "app", "app" }, { "/app", "app" },
		{ "/", "/" }, { "//", "/" },
	};
	char buf[64];

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		assert_string_equal(smart_file_last_name(cases[i][0], buf, sizeof(buf)),
				    cases[i][1]);
}

static void file_last_name_is_the_last_component_cut_to_the_buffer(void **state)
{
	char buf[4], path[1000];

	(void)state;
	assert_string_equal(smart_file_last_name("runs/abcdef", buf, sizeof(buf)), "abc");
	/* A long path does not push its last component out of the buffer. */
	memset(path, 'x', sizeof(path));
	memcpy(path + sizeof(path) - 6, "/app/", 6);
	assert_string_equal(smart_file_last_name(path, buf, sizeof(buf)), "app");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(file_last_name_is_the_folder_trailing_slashes_aside),
		cmocka_unit_test(file_last_name_is_the_last_component_cut_to_the_buffer),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
