/*
 * Every input a fuzzer once failed on (tests/fixtures/fuzz/TARGET/), replayed
 * through the same fuzz target code (fuzz/fuzz_TARGET.c, included here with
 * its entry point renamed) under the sanitizers of `make test`. A target
 * aborts on a failed property and ASan/UBSan abort on memory errors, so a
 * finding that comes back fails this program. The fixes themselves are
 * pinned by named tests in their modules; this replays the raw inputs.
 */
#include "../support/support.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smart/file.h"

#define FUZZ_ENTRY fuzz_html_one
#include "fuzz/fuzz_html.c"
#undef FUZZ_ENTRY
#define FUZZ_ENTRY fuzz_html_libxml2_one
#include "fuzz/fuzz_html_libxml2.c"
#undef FUZZ_ENTRY
#define FUZZ_ENTRY fuzz_xml_one
#include "fuzz/fuzz_xml.c"
#undef FUZZ_ENTRY
#define FUZZ_ENTRY fuzz_script_one
#include "fuzz/fuzz_script.c"
#undef FUZZ_ENTRY
#define FUZZ_ENTRY fuzz_corpus_one
#include "fuzz/fuzz_corpus.c"
#undef FUZZ_ENTRY
#define FUZZ_ENTRY fuzz_model_one
#include "fuzz/fuzz_model.c"
#undef FUZZ_ENTRY
#define FUZZ_ENTRY fuzz_replay_one
#include "fuzz/fuzz_replay.c"
#undef FUZZ_ENTRY
#define FUZZ_ENTRY fuzz_profile_one
#include "fuzz/fuzz_profile.c"
#undef FUZZ_ENTRY
#define FUZZ_ENTRY fuzz_folders_one
#include "fuzz/fuzz_folders.c"
#undef FUZZ_ENTRY

#define FINDINGS "tests/fixtures/fuzz"

/* Runs `entry` on every file of FINDINGS/target; returns how many. */
static size_t replay_folder(const char *target,
			    int (*entry)(const uint8_t *, size_t))
{
	char dir[256], path[512];
	struct dirent *e;
	DIR *d;
	size_t n = 0;

	snprintf(dir, sizeof(dir), "%s/%s", FINDINGS, target);
	d = opendir(dir);
	if (!d)
		return 0;
	while ((e = readdir(d))) {
		smart_error err = { { 0 } };
		char *data = NULL;
		size_t len = 0;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		if (smart_file_read(path, (size_t)1 << 24, &data, &len, &err))
			fail_msg("%s", err.message);
		/* An exact-size copy, so that ASan sees a read past the end. */
		{
			uint8_t *exact = malloc(len ? len : 1);

			assert_non_null(exact);
			memcpy(exact, data, len);
			print_message("# %s\n", path);
			entry(exact, len);
			free(exact);
		}
		free(data);
		n++;
	}
	closedir(d);
	return n;
}

static void html_findings_stay_fixed(void **state)
{
	(void)state;
	assert_true(replay_folder("html", fuzz_html_one) > 0);
}

/* The HTML findings were found with libxml2's parser: they are replayed
 * through both. */
static void html_findings_stay_fixed_with_libxml2(void **state)
{
	(void)state;
	assert_true(replay_folder("html", fuzz_html_libxml2_one) > 0);
}

static void xml_findings_stay_fixed(void **state)
{
	(void)state;
	assert_true(replay_folder("xml", fuzz_xml_one) > 0);
}

static void script_findings_stay_fixed(void **state)
{
	(void)state;
	assert_true(replay_folder("script", fuzz_script_one) > 0);
}

static void corpus_findings_stay_fixed(void **state)
{
	(void)state;
	assert_true(replay_folder("corpus", fuzz_corpus_one) > 0);
}

static void model_findings_stay_fixed(void **state)
{
	(void)state;
	assert_true(replay_folder("model", fuzz_model_one) > 0);
}

static void replay_findings_stay_fixed(void **state)
{
	(void)state;
	assert_true(replay_folder("replay", fuzz_replay_one) > 0);
}

static void profile_findings_stay_fixed(void **state)
{
	(void)state;
	assert_true(replay_folder("profile", fuzz_profile_one) > 0);
}

/* Folder entries: a FIFO, a link loop, a dangling link, a link to the
 * folder, a subfolder, a JSON file and two documents, on one or both sides
 * (the folders target's input layout: kind, sides, length, content). */
static void folders_findings_stay_fixed(void **state)
{
	static const uint8_t hostile[] = {
		0x80, 2, 12, '<', 'p', '>', 'h', 'e', 'l', 'l', 'o', '<', '/', 'p', '>',
		0x81, 2, 0,             /* FIFO named .html, both sides */
		0x02, 2, 0,             /* a link to itself */
		0x03, 0, 0,             /* a dangling link, old side */
		0x04, 1, 0,             /* a link to the folder, new side */
		0x05, 2, 3, '<', 'b', '>', /* a subfolder with a page */
		0x40, 2, 4, '{', '}', ' ', ' ', /* JSON */
		0xa0, 2, 5, '<', 'i', '>', 'x', ' ', /* a document that is a FIFO on the new side */
	};

	(void)state;
	fuzz_folders_one(hostile, sizeof(hostile));
	replay_folder("folders", fuzz_folders_one);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(html_findings_stay_fixed),
		cmocka_unit_test(html_findings_stay_fixed_with_libxml2),
		cmocka_unit_test(xml_findings_stay_fixed),
		cmocka_unit_test(script_findings_stay_fixed),
		cmocka_unit_test(corpus_findings_stay_fixed),
		cmocka_unit_test(folders_findings_stay_fixed),
		cmocka_unit_test(model_findings_stay_fixed),
		cmocka_unit_test(replay_findings_stay_fixed),
		cmocka_unit_test(profile_findings_stay_fixed),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
