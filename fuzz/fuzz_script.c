/*
 * Fuzz target (c): an edit script (docs/script-format.md) read from JSON and
 * applied to a document. The input is OLD, FUZZ_SEPARATOR, SCRIPT.json; OLD
 * is sniffed (HTML or XML). A script that does not parse or does not fit
 * OLD must give one error line; one that applies gives a tree that the
 * writer can print.
 */
#include "fuzz/fuzz.h"

int FUZZ_ENTRY(const uint8_t *data, size_t size);

int FUZZ_ENTRY(const uint8_t *data, size_t size)
{
	const char *doc, *json;
	size_t doc_len, json_len, out_len = 0;
	smart_error err = { { 0 } };
	smart_tree *old_tree = NULL, *patched = NULL;
	smart_script *script = NULL;
	char *out = NULL;

	fuzz_split(data, size, &doc, &doc_len, &json, &json_len);
	script = smart_script_parse(json, json_len, "script.json", &err);
	if (!script) {
		fuzz_check_error(&err);
		goto done;
	}
	old_tree = smart_tree_parse(doc, doc_len, SMART_FORMAT_AUTO, "old", &err);
	if (!old_tree)
		goto done;
	patched = smart_patch(old_tree, script, &err);
	if (!patched) {
		fuzz_check_error(&err);
		goto done;
	}
	out = smart_tree_write(patched, SMART_FORMAT_AUTO, &out_len, &err);
	FUZZ_CHECK(out, "writing the patched tree failed: %s", err.message);
	FUZZ_CHECK(strlen(out) == out_len, "written length is wrong");
done:
	free(out);
	smart_tree_free(patched);
	smart_tree_free(old_tree);
	smart_script_free(script);
	return 0;
}
