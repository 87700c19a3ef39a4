/* Writing a file below a folder without leaving it (common/folder_write.h):
 * what `smart review` does to a baseline. */
#include "../support/support.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/folder_write.h"

/* A scratch folder of its own for each test; removed by remove_tree. */
static char *scratch(void)
{
	char tmpl[] = "/tmp/smart-test-folder-write-XXXXXX";
	char *dir = mkdtemp(tmpl);

	assert_non_null(dir);
	return strdup(dir);
}

static void remove_tree(char *dir)
{
	char cmd[256];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
	free(dir);
}

static void put(const char *dir, const char *rel, const char *text)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

/* The file's whole content (at most 63 bytes), or "" when missing. */
static const char *content(const char *dir, const char *rel)
{
	static char buf[64];
	char path[512];
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "%s/%s", dir, rel);
	buf[0] = '\0';
	f = fopen(path, "r");
	if (!f)
		return buf;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

/* How many entries of `dir` (itself, not below) are temporary files. */
static int temporaries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	assert_non_null(d);
	while ((e = readdir(d)))
		n += smart__is_temp_name(e->d_name);
	closedir(d);
	return n;
}

static void folder_write_replaces_the_file_and_leaves_no_temporary(void **state)
{
	char *dir = scratch();
	smart__folder_write w;
	smart_error err = { { 0 } };

	(void)state;
	put(dir, "page.html", "old");
	assert_int_equal(smart__folder_write_begin(&w, dir, "page.html", "new!", 4, 0, &err), 0);
	/* written and synced, not yet in place: the baseline is the old one */
	assert_string_equal(content(dir, "page.html"), "old");
	assert_int_equal(smart__folder_write_commit(&w, &err), 0);
	assert_string_equal(content(dir, "page.html"), "new!");
	assert_int_equal(temporaries(dir), 0);
	remove_tree(dir);
}

static void folder_write_abort_keeps_the_old_file_and_leaves_no_temporary(void **state)
{
	char *dir = scratch();
	smart__folder_write w;
	smart_error err = { { 0 } };

	(void)state;
	put(dir, "page.html", "old");
	assert_int_equal(smart__folder_write_begin(&w, dir, "page.html", "new!", 4, 0, &err), 0);
	smart__folder_write_abort(&w);
	assert_string_equal(content(dir, "page.html"), "old");
	assert_int_equal(temporaries(dir), 0);
	remove_tree(dir);
}

/* so/sub -> elsewhere: a new-only file under sub must not land in elsewhere. */
static void folder_write_refuses_a_symlinked_folder_on_the_way_and_writes_nothing_there(void **state)
{
	char *dir = scratch(), path[512], link[512];
	smart__folder_write w;
	smart_error err = { { 0 } };

	(void)state;
	snprintf(path, sizeof(path), "%s/elsewhere", dir);
	assert_int_equal(mkdir(path, 0777), 0);
	snprintf(path, sizeof(path), "%s/so", dir);
	assert_int_equal(mkdir(path, 0777), 0);
	snprintf(link, sizeof(link), "%s/so/sub", dir);
	assert_int_equal(symlink("../elsewhere", link), 0);
	assert_int_equal(smart__folder_write_begin(&w, path, "sub/newonly.html", "x", 1, 1, &err), -1);
	assert_non_null(strstr(err.message, "so/sub: a symbolic link (not followed)"));
	snprintf(path, sizeof(path), "%s/elsewhere", dir);
	assert_string_equal(content(path, "newonly.html"), "");
	assert_int_equal(temporaries(path), 0);
	remove_tree(dir);
}

/* ro/page.html -> ../target: neither the target written nor the link replaced. */
static void folder_write_refuses_a_file_that_is_a_symlink_and_leaves_its_target(void **state)
{
	char *dir = scratch(), root[512], link[sizeof(root) + sizeof("/page.html")];
	smart__folder_write w;
	smart_error err = { { 0 } };
	struct stat st;

	(void)state;
	put(dir, "target", "outside");
	snprintf(root, sizeof(root), "%s/ro", dir);
	assert_int_equal(mkdir(root, 0777), 0);
	snprintf(link, sizeof(link), "%s/page.html", root);
	assert_int_equal(symlink("../target", link), 0);
	assert_int_equal(smart__folder_write_begin(&w, root, "page.html", "new!", 4, 0, &err), -1);
	assert_non_null(strstr(err.message, "ro/page.html: a symbolic link (not followed)"));
	assert_string_equal(content(dir, "target"), "outside");
	assert_int_equal(lstat(link, &st), 0);
	assert_true(S_ISLNK(st.st_mode));
	assert_int_equal(temporaries(root), 0);
	remove_tree(dir);
}

/* The check an accept of many pairs makes before labelling them: it
 * refuses what begin refuses (a linked folder, a file that is a link, a
 * missing folder) and writes nothing, not even a temporary file. */
static void folder_write_check_refuses_what_begin_refuses_and_writes_nothing(void **state)
{
	char *dir = scratch(), path[512], link[512];
	smart_error err = { { 0 } };

	(void)state;
	put(dir, "page.html", "old");
	assert_int_equal(smart__folder_write_check(dir, "page.html", &err), 0);
	assert_int_equal(smart__folder_write_check(dir, "new.html", &err), 0); /* not there yet */
	assert_string_equal(content(dir, "page.html"), "old");
	assert_string_equal(content(dir, "new.html"), "");
	assert_int_equal(temporaries(dir), 0);
	snprintf(link, sizeof(link), "%s/link.html", dir);
	assert_int_equal(symlink("page.html", link), 0);
	assert_int_equal(smart__folder_write_check(dir, "link.html", &err), -1);
	assert_non_null(strstr(err.message, "link.html: a symbolic link (not followed)"));
	snprintf(path, sizeof(path), "%s/sub", dir);
	assert_int_equal(symlink(".", path), 0);
	assert_int_equal(smart__folder_write_check(dir, "sub/page.html", &err), -1);
	assert_non_null(strstr(err.message, "a symbolic link (not followed)"));
	assert_int_equal(smart__folder_write_check(dir, "gone/page.html", &err), -1);
	assert_non_null(strstr(err.message, "/gone: No such file or directory"));
	assert_int_equal(temporaries(dir), 0);
	remove_tree(dir);
}

static void folder_write_creates_missing_folders_only_when_asked(void **state)
{
	char *dir = scratch();
	smart__folder_write w;
	smart_error err = { { 0 } };

	(void)state;
	assert_int_equal(smart__folder_write_begin(&w, dir, "a/b/new.html", "n", 1, 0, &err), -1);
	assert_non_null(strstr(err.message, "/a: No such file or directory"));
	assert_int_equal(smart__folder_write_begin(&w, dir, "a/b/new.html", "n", 1, 1, &err), 0);
	assert_int_equal(smart__folder_write_commit(&w, &err), 0);
	assert_string_equal(content(dir, "a/b/new.html"), "n");
	remove_tree(dir);
}

static void folder_write_refuses_dot_dot_and_empty_components(void **state)
{
	static const char *const bad[] = { "../x.html", "a/../../x.html", "./x.html", "a//x.html",
					   "a/", "" };
	char *dir = scratch(), sub[512];
	smart__folder_write w;
	smart_error err = { { 0 } };

	(void)state;
	snprintf(sub, sizeof(sub), "%s/a", dir);
	assert_int_equal(mkdir(sub, 0777), 0);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(smart__folder_write_begin(&w, dir, bad[i], "x", 1, 1, &err), -1);
		assert_non_null(strstr(err.message, "not a plain relative path"));
	}
	remove_tree(dir);
}

static void temp_names_are_those_of_smart_only(void **state)
{
	(void)state;
	assert_true(smart__is_temp_name(".smart-tmp-123-0badcafe"));
	assert_true(smart__is_temp_name(".smart-tmp-Ab12Cd"));
	assert_false(smart__is_temp_name("page.html.tmpAb12Cd"));
	assert_false(smart__is_temp_name("smart-tmp-1.html"));
	assert_false(smart__is_temp_name(".smart-tm"));
}

/* A process id that existed a moment ago and is gone now. */
static long dead_pid(void)
{
	pid_t pid = fork();

	assert_true(pid >= 0);
	if (pid == 0)
		_exit(0);
	assert_int_equal(waitpid(pid, NULL, 0), pid);
	return (long)pid;
}

static void sweep_removes_only_the_temporaries_of_writers_that_are_gone(void **state)
{
	char *dir = scratch(), *away = scratch();
	char name[128], live[128], link[1024];
	size_t removed = 99;
	smart_error err = { { 0 } };

	(void)state;
	assert_int_equal(mkdir(strcat(strcpy(link, dir), "/sub"), 0777), 0);
	snprintf(name, sizeof(name), "sub/.smart-tmp-%ld-0badcafe", dead_pid());
	put(dir, name, "killed between link and rename");
	snprintf(live, sizeof(live), ".smart-tmp-%ld-0badcafe", (long)getppid());
	put(dir, live, "a writer still at work");
	put(dir, ".smart-tmp-Ab12Cd", "a mkstemp temporary: no process in its name");
	put(dir, "page.html", "a page");
	snprintf(name + 4, sizeof(name) - 4, ".smart-tmp-%ld-0badcafe", dead_pid());
	put(away, name + 4, "outside the tree, behind a link");
	snprintf(link, sizeof(link), "%s/linked", dir);
	assert_int_equal(symlink(away, link), 0);

	assert_int_equal(smart__folder_sweep_temps(dir, &removed, &err), 0);
	assert_int_equal(removed, 1);
	snprintf(link, sizeof(link), "%s/sub", dir);
	assert_int_equal(temporaries(link), 0);
	assert_int_equal(temporaries(dir), 2); /* the live writer's and the mkstemp one */
	assert_string_equal(content(dir, "page.html"), "a page");
	assert_int_equal(temporaries(away), 1); /* a link is not followed */
	remove_tree(dir);
	remove_tree(away);
}

static void sweep_of_a_missing_folder_is_an_error_naming_it(void **state)
{
	size_t removed;
	smart_error err = { { 0 } };

	(void)state;
	assert_int_equal(smart__folder_sweep_temps("/nonexistent/smart-old", &removed, &err), -1);
	assert_non_null(strstr(err.message, "/nonexistent/smart-old"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(folder_write_replaces_the_file_and_leaves_no_temporary),
		cmocka_unit_test(folder_write_abort_keeps_the_old_file_and_leaves_no_temporary),
		cmocka_unit_test(folder_write_refuses_a_symlinked_folder_on_the_way_and_writes_nothing_there),
		cmocka_unit_test(folder_write_refuses_a_file_that_is_a_symlink_and_leaves_its_target),
		cmocka_unit_test(folder_write_check_refuses_what_begin_refuses_and_writes_nothing),
		cmocka_unit_test(folder_write_creates_missing_folders_only_when_asked),
		cmocka_unit_test(folder_write_refuses_dot_dot_and_empty_components),
		cmocka_unit_test(temp_names_are_those_of_smart_only),
		cmocka_unit_test(sweep_removes_only_the_temporaries_of_writers_that_are_gone),
		cmocka_unit_test(sweep_of_a_missing_folder_is_an_error_naming_it),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
