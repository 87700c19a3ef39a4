/*
 * Fuzz target (h): folder classify over hostile folder contents. The input
 * describes entries, each made in an old and/or a new folder: regular
 * files with fuzzed content, FIFOs, symbolic-link loops, dangling links,
 * links to files and to folders, subfolders. smart_classify_dirs must
 * finish (a FIFO is never opened), and every verdict must keep the
 * promises of include/smart/classify.h: paths in sorted order, each once;
 * a skipped entry is neither scored nor inspected nor trouble; a measured
 * pair has a finite score; problems are one line.
 */
#include <ftw.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fuzz/fuzz.h"

int FUZZ_ENTRY(const uint8_t *data, size_t size);

/* One small linear model over the registry's features, built once. */
static smart_model *folder_model(void)
{
	static smart_model *model;
	size_t n;
	const char *const *names = fuzz_feature_names(&n);
	smart_error err = { { 0 } };
	char json[16384];
	size_t len = 0;

	if (model)
		return model;
	len += (size_t)snprintf(json + len, sizeof(json) - len,
				"{\"format\":\"smart-model\",\"version\":1,\"kind\":\"linear\","
				"\"features\":[");
	for (size_t i = 0; i < n; i++)
		len += (size_t)snprintf(json + len, sizeof(json) - len, "%s\"%s\"", i ? "," : "",
					names[i]);
	len += (size_t)snprintf(json + len, sizeof(json) - len, "],\"weights\":[");
	for (size_t i = 0; i < n; i++)
		len += (size_t)snprintf(json + len, sizeof(json) - len, "%s0.01", i ? "," : "");
	len += (size_t)snprintf(json + len, sizeof(json) - len,
				"],\"intercept\":0,\"cutoff\":0.5,\"comparison\":\">=\","
				"\"provenance\":{\"pairs\":0,\"inspect\":0,\"folds\":0,"
				"\"cv_f1\":null,\"tool_version\":\"fuzz\",\"corpora\":[]}}");
	if (len >= sizeof(json))
		abort();
	model = smart_model_from_json(json, len, "fuzz-model.json", names, n, &err);
	FUZZ_CHECK(model, "the fuzz model does not load: %s", err.message);
	return model;
}

typedef struct seen {
	char last[256];
	size_t verdicts;
} seen;

static int on_verdict(void *ctx, const smart_verdict *v, smart_error *err)
{
	seen *s = ctx;

	(void)err;
	FUZZ_CHECK(s->verdicts == 0 || strcmp(s->last, v->test) < 0,
		   "verdicts out of order or repeated: '%s' after '%s'", v->test, s->last);
	snprintf(s->last, sizeof(s->last), "%s", v->test);
	s->verdicts++;
	if (v->skipped) {
		FUZZ_CHECK(!v->inspect && !v->trouble && !v->values,
			   "a skipped entry was scored: %s", v->test);
		FUZZ_CHECK(!strchr(v->skipped, '\n'), "skip reason of several lines");
	} else if (v->values) {
		FUZZ_CHECK(isfinite(v->score), "measured pair with score %g", v->score);
	}
	if (v->problem)
		FUZZ_CHECK(!strchr(v->problem, '\n'), "problem of several lines: %s", v->problem);
	return 0;
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

/* Makes entry `name` of kind `kind` with `content` in folder `dir`. */
static void make_entry(const char *dir, const char *name, uint8_t kind, const char *content,
		       size_t len)
{
	char path[512], target[sizeof(path) + sizeof("/page.html")];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	switch (kind % 6) {
	case 0: /* a regular file */
		f = fopen(path, "wb");
		if (f) {
			fwrite(content, 1, len, f);
			fclose(f);
		}
		break;
	case 1: /* a FIFO */
		mkfifo(path, 0600);
		break;
	case 2: /* a link to itself */
		symlink(name, path);
		break;
	case 3: /* a dangling link */
		symlink("no-such-file", path);
		break;
	case 4: /* a link to the folder itself */
		symlink(".", path);
		break;
	default: /* a subfolder holding one document */
		mkdir(path, 0700);
		snprintf(target, sizeof(target), "%s/page.html", path);
		f = fopen(target, "wb");
		if (f) {
			fwrite(content, 1, len, f);
			fclose(f);
		}
		break;
	}
}

int FUZZ_ENTRY(const uint8_t *data, size_t size)
{
	char root[] = "/tmp/smart-fuzz-folders-XXXXXX", old_dir[64], new_dir[64];
	smart_error err = { { 0 } };
	seen s = { "", 0 };
	smart_classify_options o = SMART_CLASSIFY_OPTIONS_INIT;
	size_t pos = 0;
	int entries = 0;

	if (!mkdtemp(root))
		abort();
	snprintf(old_dir, sizeof(old_dir), "%s/old", root);
	snprintf(new_dir, sizeof(new_dir), "%s/new", root);
	mkdir(old_dir, 0700);
	mkdir(new_dir, 0700);
	/* entries: kind, sides (1 old, 2 new, 3 both), content length, content */
	while (pos + 3 <= size && entries < 12) {
		uint8_t kind = data[pos], sides = data[pos + 1] % 3 + 1;
		size_t len = data[pos + 2], take = len < size - pos - 3 ? len : size - pos - 3;
		char name[32];

		snprintf(name, sizeof(name), "e%02d%s", entries,
			 kind & 0x80 ? ".html" : kind & 0x40 ? ".json" : "");
		if (sides & 1)
			make_entry(old_dir, name, kind, (const char *)data + pos + 3, take);
		if (sides & 2)
			make_entry(new_dir, name, (uint8_t)(kind ^ (kind & 0x20 ? 1 : 0)),
				   (const char *)data + pos + 3, take);
		pos += 3 + take;
		entries++;
	}
	o.threads = 1;
	o.on_verdict = on_verdict;
	o.payload = &s;
	if (smart_classify_dirs(folder_model(), old_dir, new_dir, &o, &err) < 0)
		fuzz_check_error(&err);
	nftw(root, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
	return 0;
}
