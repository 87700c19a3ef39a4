/* The fault seeders' filesystem helpers (common/fs.h). */
#include "../support/support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "common/fs.h"

/* A scratch folder of its own for each test; the caller removes it. */
static char *scratch(void)
{
	char tmpl[] = "/tmp/smart-test-fs-XXXXXX";
	char *dir = mkdtemp(tmpl);

	assert_non_null(dir);
	return strdup(dir);
}

/* Creates ROOT/REL with `text` in it, making the folders on the way. */
static void put(const char *root, const char *rel, const char *text)
{
	char path[512];
	FILE *f;

	for (const char *p = strchr(rel, '/'); p; p = strchr(p + 1, '/')) {
		snprintf(path, sizeof(path), "%s/%.*s", root, (int)(p - rel), rel);
		mkdir(path, 0755);
	}
	snprintf(path, sizeof(path), "%s/%s", root, rel);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

static void fs_list_files_sorted_skipping_git_and_the_skip_folder(void **state)
{
	char *root = scratch();
	smart_fs_paths paths = { 0 };
	smart_error err = { { 0 } };

	(void)state;
	put(root, "src/b.c", "b");
	put(root, "src/a.c", "a");
	put(root, "README", "r");
	put(root, ".git/config", "g");
	put(root, "out/1.html", "o");
	assert_int_equal(smart__fs_list_files(root, "out", NULL, 0, &paths, &err), 0);
	assert_int_equal(paths.count, 3);
	assert_string_equal(paths.items[0], "README");
	assert_string_equal(paths.items[1], "src/a.c");
	assert_string_equal(paths.items[2], "src/b.c");
	smart__fs_paths_free(&paths);
	assert_int_equal(smart__fs_remove_tree(root, &err), 0);
	assert_int_equal(access(root, F_OK), -1);
	free(root);
}

static void fs_list_files_glob_without_slash_matches_the_base_name(void **state)
{
	static const char *const globs[] = { "*.c" };
	static const char *const path_globs[] = { "lib/*.c" };
	char *root = scratch();
	smart_fs_paths paths = { 0 };
	smart_error err = { { 0 } };

	(void)state;
	put(root, "lib/x.c", "x");
	put(root, "lib/x.h", "h");
	put(root, "main.c", "m");
	assert_int_equal(smart__fs_list_files(root, NULL, globs, 1, &paths, &err), 0);
	assert_int_equal(paths.count, 2);
	assert_string_equal(paths.items[0], "lib/x.c");
	assert_string_equal(paths.items[1], "main.c");
	smart__fs_paths_free(&paths);
	assert_int_equal(smart__fs_list_files(root, NULL, path_globs, 1, &paths, &err), 0);
	assert_int_equal(paths.count, 1);
	assert_string_equal(paths.items[0], "lib/x.c");
	smart__fs_paths_free(&paths);
	assert_int_equal(smart__fs_remove_tree(root, &err), 0);
	free(root);
}

static void fs_list_files_of_a_file_is_not_a_folder(void **state)
{
	char *root = scratch(), file[512];
	smart_fs_paths paths = { 0 };
	smart_error err = { { 0 } };

	(void)state;
	put(root, "f", "x");
	snprintf(file, sizeof(file), "%s/f", root);
	assert_int_equal(smart__fs_list_files(file, NULL, NULL, 0, &paths, &err), -1);
	assert_non_null(strstr(err.message, "not a folder"));
	assert_int_equal(paths.count, 0);
	assert_int_equal(smart__fs_remove_tree(root, &err), 0);
	free(root);
}

static void fs_fresh_dir_empties_and_write_in_place_keeps_the_inode(void **state)
{
	char *root = scratch(), path[512];
	smart_fs_paths paths = { 0 };
	smart_error err = { { 0 } };
	struct stat before, after;
	char *data;
	size_t len;

	(void)state;
	put(root, "out/deep/old.html", "old");
	assert_int_equal(smart__fs_fresh_dir(root, "out/deep", &err), 0);
	snprintf(path, sizeof(path), "%s/out/deep", root);
	assert_int_equal(smart__fs_list_files(path, NULL, NULL, 0, &paths, &err), 0);
	assert_int_equal(paths.count, 0);
	smart__fs_paths_free(&paths);

	put(root, "a.c", "int x;\n");
	snprintf(path, sizeof(path), "%s/a.c", root);
	assert_int_equal(stat(path, &before), 0);
	assert_int_equal(smart__fs_write_in_place(path, "int y;", 6, &err), 0);
	assert_int_equal(stat(path, &after), 0);
	assert_true(before.st_ino == after.st_ino);
	assert_int_equal(smart_file_read(path, 1024, &data, &len, &err), 0);
	assert_int_equal(len, 6);
	assert_memory_equal(data, "int y;", 6);
	free(data);
	assert_int_equal(smart__fs_remove_tree(root, &err), 0);
	free(root);
}

static void fs_join_and_remove_of_missing_path(void **state)
{
	smart_error err = { { 0 } };
	char *joined = smart__fs_join("a/b", "c.txt");

	(void)state;
	assert_string_equal(joined, "a/b/c.txt");
	free(joined);
	assert_int_equal(smart__fs_remove_tree("/tmp/smart-test-fs-no-such-folder", &err), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(fs_list_files_sorted_skipping_git_and_the_skip_folder),
		cmocka_unit_test(fs_list_files_glob_without_slash_matches_the_base_name),
		cmocka_unit_test(fs_list_files_of_a_file_is_not_a_folder),
		cmocka_unit_test(fs_fresh_dir_empties_and_write_in_place_keeps_the_inode),
		cmocka_unit_test(fs_join_and_remove_of_missing_path),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
