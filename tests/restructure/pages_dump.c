/*
 * Writes the benchmark pages (bench/pages.h) as old/new pairs into a
 * folder, for tests/restructure/outputs.sh: PAGE-SIZE-SEED-PERCENT/old.html
 * and new.html. The same sizes, seeds and edit shares every run, so two
 * smart binaries can be compared on the same documents.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bench/pages.h"

/* Writes `len` bytes of `data` to DIR/NAME; exits on failure. */
static void write_file(const char *dir, const char *name, const char *data, size_t len)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "wb");
	if (!f || fwrite(data, 1, len, f) != len || fclose(f) != 0) {
		fprintf(stderr, "pages_dump: cannot write %s: %s\n", path, strerror(errno));
		exit(2);
	}
}

int main(int argc, char **argv)
{
	static const size_t sizes[] = { 2000, 20000, 100000, 400000 };
	static const uint64_t seeds[] = { 1, 7, 42 };
	static const double percents[] = { 1.0, 3.0, 20.0 };

	if (argc != 2) {
		fprintf(stderr, "usage: pages_dump OUTDIR\n");
		return 2;
	}
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++)
		for (size_t j = 0; j < sizeof(seeds) / sizeof(seeds[0]); j++)
			for (size_t k = 0; k < sizeof(percents) / sizeof(percents[0]); k++) {
				char dir[4096];
				page pg;
				char *old_html, *new_html;
				size_t old_len, new_len;

				snprintf(dir, sizeof(dir), "%s/page-%zu-%llu-%g", argv[1], sizes[i],
					 (unsigned long long)seeds[j], percents[k]);
				if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
					fprintf(stderr, "pages_dump: cannot create %s: %s\n", dir, strerror(errno));
					return 2;
				}
				page_generate(&pg, sizes[i], seeds[j]);
				old_html = page_html(&pg, &old_len);
				page_edit(&pg, percents[k]);
				new_html = page_html(&pg, &new_len);
				write_file(dir, "old.html", old_html, old_len);
				write_file(dir, "new.html", new_html, new_len);
				free(old_html);
				free(new_html);
				page_free(&pg);
			}
	return 0;
}
