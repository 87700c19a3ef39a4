/*
 * How much computing the features adds to `smart diff`: on generated pages
 * of growing size, times parse + DiffX (what `smart diff` does before
 * printing) and then smart_features_compute on the same aligned pair, and
 * prints their ratio. The budget is features ≤ 0.5 × diff.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "smart.h"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* A page of `rows` blocks (paragraph, link, image, list, form every 50th);
 * `edit` changes every 97th text, drops every 211th block and swaps list
 * items in every 301st, so that the alignment has work to do. */
static char *make_page(unsigned rows, int edit, size_t *len)
{
	static const char *const words[] = { "alpha", "beta", "gamma", "delta", "table", "row",
					     "cell", "value", "total", "item", "price", "error" };
	size_t cap = (size_t)rows * 400 + 256, used = 0;
	char *buf = malloc(cap);
	unsigned seed = 12345;

	if (!buf)
		return NULL;
	used += (size_t)snprintf(buf + used, cap - used,
				 "<html><head><title>bench</title></head><body>");
	for (unsigned i = 0; i < rows; i++) {
		char text[128] = "";

		for (int w = 0; w < 6; w++) {
			seed = seed * 1103515245u + 12345u;
			strcat(text, words[(seed >> 16) % 12]);
			strcat(text, " ");
		}
		if (edit && i % 211 == 0)
			continue;
		used += (size_t)snprintf(buf + used, cap - used,
			"<div class=\"c%u\" id=\"d%u\"><p>%s%s</p><a href=\"/x/%u\">link %u</a>"
			"<img src=\"i%u.png\"><ul><li>%u</li><li>%u</li></ul>%s</div>",
			i % 7, i, text, edit && i % 97 == 0 ? "changed" : "", i, i, i % 13,
			edit && i % 301 == 0 ? i * 3 : i, edit && i % 301 == 0 ? i : i * 3,
			i % 50 == 0 ? "<form action=\"/go\"><input name=\"q\"><button>Go</button></form>" : "");
	}
	used += (size_t)snprintf(buf + used, cap - used, "</body></html>");
	*len = used;
	return buf;
}

int main(void)
{
	static const unsigned sizes[] = { 500, 5000, 30000 };
	double *values = malloc(smart_feature_count() * sizeof(double));
	smart_error err = { { 0 } };
	int over_budget = 0;

	if (!values)
		return 1;
	printf("%10s %10s %22s %16s\n", "rows", "bytes", "features/(parse+diffx)",
	       "features/diffx");
	for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
		size_t ol, nl;
		char *od = make_page(sizes[s], 0, &ol), *nd = make_page(sizes[s], 1, &nl);
		double best_diff = 1e30, best_align = 1e30, best_feat = 1e30;

		for (int rep = 0; rep < 3; rep++) {
			double t0 = now();
			smart_tree *o = smart_tree_parse(od, ol, SMART_FORMAT_HTML, "old", &err);
			smart_tree *n = smart_tree_parse(nd, nl, SMART_FORMAT_HTML, "new", &err);
			double tp = now();
			smart_diff *d = o && n ? smart_diffx(o, n, &err) : NULL;
			double t1 = now();

			if (!d || smart_features_compute(o, n, d, values, &err) < 0) {
				fprintf(stderr, "bench: %s\n", err.message);
				return 1;
			}
			double t2 = now();

			if (t1 - t0 < best_diff)
				best_diff = t1 - t0;
			if (t1 - tp < best_align)
				best_align = t1 - tp;
			if (t2 - t1 < best_feat)
				best_feat = t2 - t1;
			smart_diff_free(d);
			smart_tree_free(n);
			smart_tree_free(o);
		}
		printf("%10u %10zu %22.3f %16.3f\n", sizes[s], ol, best_feat / best_diff,
		       best_feat / best_align);
		over_budget |= best_feat / best_diff > 0.5;
		free(od);
		free(nd);
	}
	printf("features add %s 50%% to parse + DiffX\n", over_budget ? "MORE than" : "at most");
	free(values);
	return 0;
}
