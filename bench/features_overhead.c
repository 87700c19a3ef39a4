/*
 * How much computing the features adds to `smart diff`: on the realistic
 * pages of bench/pages.h (about 10 KB to 10 MB, 3% of elements edited),
 * times what `smart diff --json` does (parse both pages, DiffX, the JSON
 * script) and then the features of the same aligned pair
 * (smart_measure_aligned), and prints the ratio features / diff, both
 * measured in the same run. The budget: features add at most 50% to diff time.
 *
 * Times are thread CPU times, medians over at least five repetitions.
 * Usage: features_overhead [--quick] (quick: stop at 1 MB).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "smart.h"
#include "bench.h"
#include "pages.h"

#define EDIT_PERCENT 3.0
#define MAX_REPS 100

static void check(const void *ok, const smart_error *err)
{
	if (!ok) {
		fprintf(stderr, "bench: %s\n", err->message);
		exit(2);
	}
}

/* One size: the medians of diff time (parse + DiffX + JSON), of DiffX alone
 * and of feature time. */
static void run_size(size_t bytes, uint64_t seed, double *diff, double *align, double *feat,
		     size_t *old_bytes)
{
	static double diff_v[MAX_REPS], align_v[MAX_REPS], feat_v[MAX_REPS];
	double *values = malloc(smart_feature_count() * sizeof(double));
	size_t old_len, new_len;
	char *old_html, *new_html;
	double spent = 0;
	int reps = 0;
	page pg;

	check(values, &(smart_error){ "out of memory" });
	page_generate(&pg, bytes, seed);
	old_html = page_html(&pg, &old_len);
	page_edit(&pg, EDIT_PERCENT);
	new_html = page_html(&pg, &new_len);
	page_free(&pg);
	while (reps < 5 || (spent < 1.0 && reps < MAX_REPS)) {
		smart_error err = { { 0 } };
		double t0 = bench_now(), t1, t2, t3;
		smart_tree *a = smart_tree_parse(old_html, old_len, SMART_FORMAT_HTML, "old", &err);
		smart_tree *b = a ? smart_tree_parse(new_html, new_len, SMART_FORMAT_HTML, "new", &err) : NULL;
		smart_diff *d;
		char *json;

		check(b, &err);
		t1 = bench_now();
		d = smart_diffx(a, b, &err);
		check(d, &err);
		t2 = bench_now();
		json = smart_diff_to_json_string(d, &err);
		check(json, &err);
		t3 = bench_now();
		if (smart_measure_aligned(d, &(smart_measure){ .values = values }, &err) < 0)
			check(NULL, &err);
		feat_v[reps] = bench_now() - t3;
		diff_v[reps] = t3 - t0;
		align_v[reps] = t2 - t1;
		free(json);
		smart_diff_free(d);
		smart_tree_free(b);
		smart_tree_free(a);
		spent += bench_now() - t0;
		reps++;
	}
	*diff = bench_median(diff_v, (size_t)reps);
	*align = bench_median(align_v, (size_t)reps);
	*feat = bench_median(feat_v, (size_t)reps);
	*old_bytes = old_len;
	free(values);
	free(old_html);
	free(new_html);
}

int main(int argc, char **argv)
{
	static const size_t sizes[] = { 10 << 10, 100 << 10, 1 << 20, 10 << 20 };
	static const char *const names[] = { "10KB", "100KB", "1MB", "10MB" };
	int quick = argc > 1 && strcmp(argv[1], "--quick") == 0;
	size_t n = quick ? 3 : 4;
	int ok = 1;

	printf("Feature time as a ratio to `smart diff --json` time (parse + DiffX + JSON) "
	       "on the same pages (%.0f%% of elements edited)\n", EDIT_PERCENT);
	printf("%-6s %9s %16s %16s\n", "size", "old bytes", "features/diff", "features/diffx");
	for (size_t i = 0; i < n; i++) {
		double diff, align, feat;
		size_t bytes;

		run_size(sizes[i], 42 + i, &diff, &align, &feat, &bytes);
		printf("%-6s %9zu %16.3f %16.3f\n", names[i], bytes, feat / diff, feat / align);
		if (feat / diff > 0.5)
			ok = 0;
	}
	printf("target (features/diff <= 0.5): %s\n", ok ? "met" : "MISSED");
	return ok ? 0 : 1;
}
