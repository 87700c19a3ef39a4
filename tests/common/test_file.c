/* The file helpers of include/smart/file.h. */
#include "../support/support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* A scratch folder of its own for each test; removed by the caller. */
static char *scratch(void)
{
	char tmpl[] = "/tmp/smart-test-file-XXXXXX";
	char *dir = mkdtemp(tmpl);

	assert_non_null(dir);
	return strdup(dir);
}

static void remove_tree(const char *dir)
{
	char cmd[256];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
}

static void file_write_atomic_through_a_symlink_writes_its_target_and_keeps_the_link(void **state)
{
	char *dir = scratch(), target[256], link[256], *data;
	smart_error err = { { 0 } };
	struct stat st;
	size_t len;

	(void)state;
	snprintf(target, sizeof(target), "%s/target", dir);
	snprintf(link, sizeof(link), "%s/link", dir);
	assert_int_equal(smart_file_write_atomic(target, "old", 3, &err), 0);
	assert_int_equal(symlink("target", link), 0);
	assert_int_equal(smart_file_write_atomic(link, "new!", 4, &err), 0);
	assert_int_equal(lstat(link, &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	assert_int_equal(smart_file_read(target, 100, &data, &len, &err), 0);
	assert_string_equal(data, "new!");
	free(data);
	remove_tree(dir);
	free(dir);
}

static void file_check_writable_refuses_a_missing_folder_and_a_directory_and_leaves_nothing(void **state)
{
	char *dir = scratch(), path[256];
	smart_error err = { { 0 } };

	(void)state;
	snprintf(path, sizeof(path), "%s/no/such/out.json", dir);
	assert_int_equal(smart_file_check_writable(path, &err), -1);
	assert_non_null(strstr(err.message, path));
	assert_non_null(strstr(err.message, "No such file or directory"));
	assert_int_equal(smart_file_check_writable(dir, &err), -1);
	assert_non_null(strstr(err.message, "Is a directory"));
	snprintf(path, sizeof(path), "%s/out.json", dir);
	assert_int_equal(smart_file_check_writable(path, &err), 0);
	/* the probe is gone: the folder is still empty */
	assert_int_equal(rmdir(dir), 0);
	free(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(file_last_name_is_the_folder_trailing_slashes_aside),
		cmocka_unit_test(file_last_name_is_the_last_component_cut_to_the_buffer),
		cmocka_unit_test(file_write_atomic_through_a_symlink_writes_its_target_and_keeps_the_link),
		cmocka_unit_test(file_check_writable_refuses_a_missing_folder_and_a_directory_and_leaves_nothing),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
