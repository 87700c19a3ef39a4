/*
 * Runs: the outputs of one run of a test suite, as a folder (files with
 * their relative paths) or a tar archive, plain or compressed (read with
 * libarchive; the corpora keep their clean runs as corpora/APP/runs/run-K.tar.gz).
 */
#include "smart/profile.h"

#include <archive.h>
#include <archive_entry.h>
#include <fts.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common/array.h"
#include "common/folder_write.h"
#include "smart/file.h"
#include "smart/limits.h"

#define RUN_MAX_FILE ((size_t)512 * 1024 * 1024)

/* What archives may inflate, in multiples of --max-input (README,
 * "Limits"): one archive, and all the archives a command holds at once
 * (a profile holds every run it learns from). An entry itself may be no
 * larger than --max-input: it could only be a document smart refuses. */
#define RUN_ARCHIVE_INPUTS 16
#define RUN_COMMAND_INPUTS 64

/* What one entry costs besides its bytes: its name, its slot, malloc's
 * header; so that millions of empty entries cannot pass unseen either. */
#define RUN_ENTRY_OVERHEAD 64

/* The bytes the archives open in this process hold. The one mutable
 * global of the module, as a memory limit is: it bounds the process (the
 * runs a command opens, on any thread), and is only ever added to and
 * taken from atomically. */
static _Atomic size_t runs_held;

typedef struct run_file {
	char *rel;
	char *data; /* archives only: the whole file */
	size_t len;
} run_file;

struct smart_run {
	char *path;
	int archive;
	size_t held;     /* archives: what it counts in runs_held */
	run_file *files; /* sorted by rel */
	size_t n, cap;
};

static int push_file(smart_run *r, const char *rel, char *data, size_t len, smart_error *err)
{
	if (smart__array_reserve((void **)&r->files, &r->cap, r->n, sizeof(*r->files), 64) < 0)
		return smart_error_oom(err);
	while (rel[0] == '.' && rel[1] == '/')
		rel += 2;
	r->files[r->n].rel = strdup(rel);
	r->files[r->n].data = data;
	r->files[r->n].len = len;
	if (!r->files[r->n].rel)
		return smart_error_oom(err);
	r->n++;
	return 0;
}

static int by_rel(const void *a, const void *b)
{
	return strcmp(((const run_file *)a)->rel, ((const run_file *)b)->rel);
}

/* The regular files under a folder (fts: iterative, no symbolic links),
 * but smart's temporary files (common/folder_write.h). */
static int list_folder(smart_run *r, smart_error *err)
{
	char *argv[] = { r->path, NULL };
	FTS *fts = fts_open(argv, FTS_PHYSICAL | FTS_NOCHDIR, NULL);
	FTSENT *e;
	size_t root = strlen(r->path);

	if (!fts)
		return smart_error_set(err, "%s: cannot list the run folder", r->path);
	while ((e = fts_read(fts))) {
		if (e->fts_info == FTS_DNR || e->fts_info == FTS_ERR) {
			fts_close(fts);
			return smart_error_set(err, "%s: cannot read the run folder", e->fts_path);
		}
		if (e->fts_info == FTS_F && !smart__is_temp_name(e->fts_name) &&
		    push_file(r, e->fts_path + root + (e->fts_path[root] == '/'), NULL, 0, err)) {
			fts_close(fts);
			return -1;
		}
	}
	fts_close(fts);
	return 0;
}

/* `n` times `max_input`, at most SIZE_MAX. */
static size_t times_input(size_t n, size_t max_input)
{
	return max_input > SIZE_MAX / n ? SIZE_MAX : n * max_input;
}

/* Counts an entry of `size` bytes named `name` against the caps, before
 * a byte of it is inflated: 0, or -1 with `err` naming the archive, the
 * entry and the cap it would cross. */
static int charge_entry(smart_run *r, const char *name, size_t size, smart_error *err)
{
	size_t max_input = smart_limits_get()->max_input;
	size_t cost = size + strlen(name) + RUN_ENTRY_OVERHEAD, before;

	if (size > max_input)
		return smart_error_set(err, "%s: %s: %zu bytes, over the input limit of %zu "
				       "(--max-input)", r->path, name, size, max_input);
	if (r->held + cost > times_input(RUN_ARCHIVE_INPUTS, max_input))
		return smart_error_set(err, "%s: %s: the archive inflates to more than %zu bytes "
				       "(%d times --max-input)", r->path, name,
				       times_input(RUN_ARCHIVE_INPUTS, max_input), RUN_ARCHIVE_INPUTS);
	before = atomic_fetch_add(&runs_held, cost);
	if (before + cost > times_input(RUN_COMMAND_INPUTS, max_input)) {
		atomic_fetch_sub(&runs_held, cost);
		return smart_error_set(err, "%s: %s: the archives open at once inflate to more "
				       "than %zu bytes (%d times --max-input)", r->path, name,
				       times_input(RUN_COMMAND_INPUTS, max_input), RUN_COMMAND_INPUTS);
	}
	r->held += cost;
	return 0;
}

/* Every regular file of an archive, read into memory, each counted
 * against the caps before it is inflated. */
static int read_archive(smart_run *r, smart_error *err)
{
	struct archive *a = archive_read_new();
	struct archive_entry *e;
	int rc = 0, got;

	if (!a)
		return smart_error_oom(err);
	archive_read_support_filter_all(a);
	archive_read_support_format_tar(a);
	if (archive_read_open_filename(a, r->path, 65536) != ARCHIVE_OK) {
		rc = smart_error_set(err, "%s: %s", r->path, archive_error_string(a));
		archive_read_free(a);
		return rc;
	}
	while ((got = archive_read_next_header(a, &e)) == ARCHIVE_OK) {
		la_int64_t size = archive_entry_size(e);
		char *data;
		la_ssize_t n;

		if (archive_entry_filetype(e) != AE_IFREG)
			continue;
		if (!archive_entry_pathname(e)) {
			rc = smart_error_set(err, "%s: an entry without a readable name", r->path);
			break;
		}
		if (size < 0 || (size_t)size > RUN_MAX_FILE) {
			rc = smart_error_set(err, "%s: %s: too large", r->path, archive_entry_pathname(e));
			break;
		}
		if (charge_entry(r, archive_entry_pathname(e), (size_t)size, err)) {
			rc = -1;
			break;
		}
		data = malloc((size_t)size + 1);
		if (!data) {
			rc = smart_error_oom(err);
			break;
		}
		n = archive_read_data(a, data, (size_t)size);
		if (n != size) {
			free(data);
			rc = smart_error_set(err, "%s: %s: %s", r->path, archive_entry_pathname(e),
					     n < 0 ? archive_error_string(a) : "truncated");
			break;
		}
		data[size] = '\0';
		if (push_file(r, archive_entry_pathname(e), data, (size_t)size, err)) {
			free(data);
			rc = -1;
			break;
		}
	}
	if (rc == 0 && got != ARCHIVE_EOF)
		rc = smart_error_set(err, "%s: %s", r->path, archive_error_string(a));
	archive_read_free(a);
	return rc;
}

smart_run *smart_run_open(const char *path, smart_error *err)
{
	smart_run *r = calloc(1, sizeof(*r));
	struct stat st;
	int rc;

	if (!r || !(r->path = strdup(path))) {
		free(r);
		smart_error_oom(err);
		return NULL;
	}
	if (stat(path, &st) != 0) {
		smart_error_set(err, "%s: no such run folder or archive", path);
		smart_run_close(r);
		return NULL;
	}
	r->archive = !S_ISDIR(st.st_mode);
	rc = r->archive ? read_archive(r, err) : list_folder(r, err);
	if (rc) {
		smart_run_close(r);
		return NULL;
	}
	if (r->n)
		qsort(r->files, r->n, sizeof(*r->files), by_rel);
	return r;
}

size_t smart_run_count(const smart_run *r)
{
	return r->n;
}

const char *smart_run_name(const smart_run *r, size_t i)
{
	return i < r->n ? r->files[i].rel : NULL;
}

int smart_run_read(const smart_run *r, const char *rel, char **data, size_t *len,
		   smart_error *err)
{
	run_file key = { (char *)rel, NULL, 0 };
	const run_file *f = r->n ? bsearch(&key, r->files, r->n, sizeof(*r->files), by_rel) : NULL;
	char path[8192];

	*data = NULL;
	*len = 0;
	if (!f)
		return 0;
	if (r->archive) {
		*data = malloc(f->len + 1);
		if (!*data)
			return smart_error_oom(err);
		memcpy(*data, f->data, f->len + 1);
		*len = f->len;
		return 1;
	}
	snprintf(path, sizeof(path), "%s/%s", r->path, rel);
	return smart_file_read(path, RUN_MAX_FILE, data, len, err) ? -1 : 1;
}

void smart_run_close(smart_run *r)
{
	if (!r)
		return;
	for (size_t i = 0; i < r->n; i++) {
		free(r->files[i].rel);
		free(r->files[i].data);
	}
	atomic_fetch_sub(&runs_held, r->held);
	free(r->files);
	free(r->path);
	free(r);
}

int smart_run_is_archive_name(const char *name)
{
	size_t n = strlen(name);
	static const char *const ends[] = { ".tar", ".tar.gz", ".tgz", ".tar.xz", ".tar.bz2", NULL };

	for (const char *const *e = ends; *e; e++)
		if (n > strlen(*e) && strcmp(name + n - strlen(*e), *e) == 0)
			return 1;
	return 0;
}
