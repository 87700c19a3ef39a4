/*
 * Shared by the fuzz targets (fuzz/fuzz_*.c, see docs/fuzzing.md).
 *
 * Each target defines one entry point, FUZZ_ENTRY, which is libFuzzer's
 * LLVMFuzzerTestOneInput by default. tests/fuzz/test_fuzz_findings.c
 * includes the targets with FUZZ_ENTRY renamed, so that every input a
 * fuzzer once crashed on is replayed by `make test` through the very same
 * code, under AddressSanitizer, without libFuzzer.
 *
 * A target checks properties the library promises, not only that it does
 * not crash; FUZZ_CHECK aborts (a finding) when one does not hold.
 */
#ifndef SMART_FUZZ_H
#define SMART_FUZZ_H

#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smart.h"

#ifndef FUZZ_ENTRY
#define FUZZ_ENTRY LLVMFuzzerTestOneInput
#endif

/* Inputs holding two documents are split at the first byte FUZZ_SEPARATOR
 * (never valid in UTF-8, so it rarely stands for itself in a seed); with
 * no separator the whole input is the old side and the new side is empty. */
#define FUZZ_SEPARATOR 0xFF

#define FUZZ_CHECK(cond, ...)                                                  \
	do {                                                                   \
		if (!(cond)) {                                                 \
			fprintf(stderr, "fuzz: property failed: %s: ", #cond); \
			fprintf(stderr, __VA_ARGS__);                          \
			fputc('\n', stderr);                                   \
			abort();                                               \
		}                                                              \
	} while (0)

/* Splits data[0 .. size) at the first separator into *a and *b. */
static inline void fuzz_split(const uint8_t *data, size_t size,
			      const char **a, size_t *a_len, const char **b,
			      size_t *b_len)
{
	const uint8_t *sep = memchr(data, FUZZ_SEPARATOR, size);

	*a = (const char *)data;
	if (!sep) {
		*a_len = size;
		*b = (const char *)data + size;
		*b_len = 0;
		return;
	}
	*a_len = (size_t)(sep - data);
	*b = (const char *)sep + 1;
	*b_len = size - *a_len - 1;
}

/* An error the library reported must be what error.h promises: one
 * non-empty line. */
static inline void fuzz_check_error(const smart_error *err)
{
	FUZZ_CHECK(err->message[0] != '\0', "empty error message");
	FUZZ_CHECK(!strchr(err->message, '\n'), "error of several lines: %s",
		   err->message);
}

/* The names of the registry's features, in order (static storage). */
static inline const char *const *fuzz_feature_names(size_t *n)
{
	static const char *names[256];
	size_t count = smart_feature_count();

	if (count > 256)
		abort();
	for (size_t i = 0; i < count; i++)
		names[i] = smart_feature_info_at(i)->name;
	*n = count;
	return names;
}

/* One side of a document pair: HTML must always parse; XML may fail, with
 * one error line. NULL when it failed. */
static inline smart_tree *fuzz_parse_side(const char *data, size_t len,
					  smart_format format, const char *name)
{
	smart_error err = { { 0 } };
	smart_tree *t = smart_tree_parse(data, len, format, name, &err);

	if (!t) {
		FUZZ_CHECK(format == SMART_FORMAT_XML, "HTML parse failed: %s",
			   err.message);
		fuzz_check_error(&err);
	}
	return t;
}

/* Targets (a) and (b): two documents are parsed, aligned by DiffX, measured
 * by every feature, and the edit script is written as JSON, read back and
 * applied to the old tree, which must give the new one (the promise of
 * include/smart/patch.h). */
static inline int fuzz_document_pair(const uint8_t *data, size_t size,
				     smart_format format)
{
	const char *a, *b;
	size_t a_len, b_len, n = smart_feature_count();
	smart_error err = { { 0 } };
	smart_tree *old_tree = NULL, *new_tree = NULL, *patched = NULL;
	smart_diff *diff = NULL;
	smart_script *script = NULL;
	char *json = NULL;
	double *values = NULL;
	smart_measure measure = { 0 };

	fuzz_split(data, size, &a, &a_len, &b, &b_len);
	old_tree = fuzz_parse_side(a, a_len, format, "old");
	new_tree = old_tree ? fuzz_parse_side(b, b_len, format, "new") : NULL;
	if (!new_tree)
		goto done;
	diff = smart_diffx(old_tree, new_tree, &err);
	FUZZ_CHECK(diff, "diffx failed: %s", err.message);
	FUZZ_CHECK(smart_diff_is_empty(diff) == smart_tree_equal(old_tree, new_tree),
		   "empty diff is not tree equality");
	values = calloc(n, sizeof(*values));
	if (!values)
		abort();
	measure.values = values;
	FUZZ_CHECK(smart_measure_aligned(diff, &measure, &err) == 0,
		   "features failed: %s", err.message);
	for (size_t i = 0; i < n; i++)
		FUZZ_CHECK(isfinite(values[i]),
			   "feature %s is not finite", smart_feature_info_at(i)->name);
	json = smart_diff_to_json_string(diff, &err);
	FUZZ_CHECK(json, "script to JSON failed: %s", err.message);
	script = smart_script_parse(json, strlen(json), "script", &err);
	FUZZ_CHECK(script, "own script does not parse: %s", err.message);
	patched = smart_patch(old_tree, script, &err);
	FUZZ_CHECK(patched, "own script does not apply: %s", err.message);
	FUZZ_CHECK(smart_tree_equal(patched, new_tree),
		   "patch(old, diff(old, new)) != new");
done:
	smart_tree_free(patched);
	smart_script_free(script);
	free(json);
	free(values);
	smart_diff_free(diff);
	smart_tree_free(new_tree);
	smart_tree_free(old_tree);
	return 0;
}

#endif
