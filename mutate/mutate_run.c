/*
 * The fault-seeding driver (smart_mutate_run, include/smart/mutate.h).
 *
 * Everything happens under one scratch folder: slot 0 is a copy of the
 * user's tree that is built and run clean (twice, to leave out outputs that
 * change between identical runs), then copied to the other slots so that
 * each parallel job rebuilds incrementally. A mutant is one rewritten file
 * in a slot; after its build and run the file is written back, so the slot
 * is clean again for the next one. The user's tree is only ever read.
 *
 * Jobs run as child process groups polled from this one thread; results
 * are kept per mutant and emitted in mutant order, so -j does not change
 * the output.
 */
#include "smart/mutate.h"
#include "mutate_scratch.h"
#include "mutate_proc.h"
#include "mutate_run.h"
#include "corpus/pair_write.h"

#include <assert.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "common/options.h"
#include "smart/file.h"

#define OUTPUT_MAX ((size_t)256 * 1024 * 1024)

/* Makes a folder path of the mutate scratch layout: root/NAME. */
static char *scratch_path(const char *root, const char *fmt, unsigned k)
{
	char name[32];

	snprintf(name, sizeof(name), fmt, k);
	return smart__fs_join(root, name);
}

/* Copies the user's tree to slot 0 and runs it clean: build, two runs.
 * Fills run->clean with the outputs both runs agree on. */
static int clean_run(mutate_driver *d, smart_error *err)
{
	const smart_mutate_options *o = d->opt;
	mutate_outputs second = { 0 };
	mutate_slot *s = &d->slots[0];
	double t;

	assert(d->slot_count >= 1); /* check_options: -j is at least 1 */
	if (smart__mutate_tree_copy(o->src, s->dir, s->log, o->stop, err) < 0)
		return -1;
	if (o->build) {
		t = smart__mutate_now();
		if (smart__mutate_driver_command(d, s, o->build, o->timeout, "clean build", err) < 0)
			return -1;
		d->sum->clean_build_seconds = smart__mutate_now() - t;
	}
	t = smart__mutate_now();
	if (smart__mutate_driver_command(d, s, NULL, o->timeout, "clean run", err) < 0 ||
	    smart__mutate_outputs_load(s->dir, o->outputs, &d->clean, err) < 0)
		return -1;
	d->sum->clean_run_seconds = smart__mutate_now() - t;
	if (d->clean.count == 0)
		return smart_error_set(err, "the clean run left no files under %s",
				       o->outputs);
	if (smart__mutate_driver_command(d, s, NULL, o->timeout, "second clean run", err) < 0 ||
	    smart__mutate_outputs_load(s->dir, o->outputs, &second, err) < 0) {
		smart__mutate_outputs_free(&second);
		return -1;
	}
	d->sum->unstable = smart__mutate_outputs_keep_stable(&d->clean, &second);
	smart__mutate_outputs_free(&second);
	d->sum->outputs = (unsigned)d->clean.count;
	if (d->clean.count == 0)
		return smart_error_set(err, "every output under %s differs between "
				       "two clean runs", o->outputs);
	return 0;
}

/* Reads the files to mutate and lists every mutation they allow. */
static int scan_sources(mutate_driver *d, smart_error *err)
{
	const smart_mutate_options *o = d->opt;

	if (smart__fs_list_files(o->src, o->outputs, o->globs, o->glob_count,
				&d->files, err) < 0)
		return -1;
	if (d->files.count == 0)
		return smart_error_set(err, "%s: no file matches --files", o->src);
	d->texts = calloc(d->files.count, sizeof(*d->texts));
	d->lens = calloc(d->files.count, sizeof(*d->lens));
	if (!d->texts || !d->lens)
		return smart_error_oom(err);
	for (size_t i = 0; i < d->files.count; i++) {
		char *path = smart__fs_join(o->src, d->files.items[i]);
		int rc;

		if (!path)
			return smart_error_oom(err);
		rc = smart_file_read(path, OUTPUT_MAX, &d->texts[i], &d->lens[i], err);
		free(path);
		if (rc < 0 || smart_mutate_scan(d->files.items[i], d->texts[i],
						d->lens[i], (uint32_t)i,
						&d->mutations, err) < 0)
			return -1;
	}
	d->sum->candidates = (unsigned)d->mutations.count;
	if (d->mutations.count == 0)
		return smart_error_set(err, "%s: the operators find nothing to mutate "
				       "in the %zu matching files", o->src, d->files.count);
	return smart_mutate_order(&d->mutations, o->seed, &d->order, err);
}

/* Makes the scratch folder and the slots (copies of the clean slot 0). */
static int make_slots(mutate_driver *d, smart_error *err)
{
	const smart_mutate_options *o = d->opt;
	char *tmp;

	d->root = smart__mutate_scratch_new(o->tmpdir, err);
	if (!d->root || !(tmp = smart__fs_join(d->root, "tmp")))
		return d->root ? smart_error_oom(err) : -1;
	if (mkdir(tmp, 0700) != 0) {
		smart_error_set(err, "cannot create %s: %s", tmp, strerror(errno));
		free(tmp);
		return -1;
	}
	d->env = smart__mutate_child_env(tmp, err);
	free(tmp);
	if (!d->env)
		return -1;
	d->slot_count = o->jobs;
	d->slots = calloc(d->slot_count, sizeof(*d->slots));
	if (!d->slots)
		return smart_error_oom(err);
	for (unsigned k = 0; k < d->slot_count; k++) {
		d->slots[k].dir = scratch_path(d->root, "%u", k);
		d->slots[k].log = scratch_path(d->root, "%u.log", k);
		if (!d->slots[k].dir || !d->slots[k].log)
			return smart_error_oom(err);
	}
	return 0;
}

/* Refuses a scratch folder inside the source tree (copying it into
 * itself would never end). */
static int check_scratch_outside(const mutate_driver *d, smart_error *err)
{
	char src[PATH_MAX], root[PATH_MAX];
	size_t n;

	if (!realpath(d->opt->src, src))
		return smart_error_set(err, "%s: cannot resolve the path", d->opt->src);
	if (!realpath(d->root, root))
		return smart_error_set(err, "%s: cannot resolve the path", d->root);
	n = strlen(src);
	if (strncmp(root, src, n) == 0 && (root[n] == '/' || n == 1))
		return smart_error_set(err, "the scratch folder %s lies inside --src %s; "
				       "set TMPDIR elsewhere", root, src);
	return 0;
}

/* Checks what the driver relies on before it touches anything. */
static int check_options(const smart_mutate_options *o, smart_error *err)
{
	if (!o->src || !o->run || !o->outputs)
		return smart_error_set(err, "--src, --run and --outputs are required");
	if (o->outputs[0] == '/' || strcmp(o->outputs, "..") == 0 ||
	    strncmp(o->outputs, "../", 3) == 0 || strstr(o->outputs, "/../") ||
	    !*o->outputs)
		return smart_error_set(err, "--outputs '%s' must be a folder inside "
				       "the source tree", o->outputs);
	if (o->jobs < 1)
		return smart_error_set(err, "-j must be at least 1");
	return 0;
}

int smart_mutate_run(const smart_mutate_options *opt, char **jsonl,
		     size_t *jsonl_len, smart_mutate_summary *sum,
		     smart_error *err)
{
	mutate_driver d = { .opt = opt, .sum = sum };
	double start = smart__mutate_now();
	int rc = -1, reaper;

	memset(sum, 0, sizeof(*sum));
	*jsonl = NULL;
	*jsonl_len = 0;
	if (smart__options_check(opt->version, SMART_MUTATE_OPTIONS_VERSION, "mutate",
				 "SMART_MUTATE_OPTIONS_INIT", err) ||
	    check_options(opt, err) < 0)
		return -1;
	reaper = smart__mutate_reaper_begin();
	if (scan_sources(&d, err) == 0 && make_slots(&d, err) == 0 &&
	    check_scratch_outside(&d, err) == 0 && clean_run(&d, err) == 0) {
		rc = 0;
		for (unsigned k = 1; k < d.slot_count && rc == 0; k++)
			rc = smart__mutate_tree_copy(d.slots[0].dir, d.slots[k].dir,
					      d.slots[k].log, opt->stop, err);
		if (rc == 0)
			rc = smart__mutate_driver_loop(&d, start, err);
	}
	if (opt->stop && *opt->stop) {
		sum->interrupted = 1;
		if (rc == 0)
			rc = smart_error_set(err, "interrupted");
	}
	if (rc == 0) {
		*jsonl = d.out.data ? d.out.data : strdup("");
		*jsonl_len = d.out.len;
		d.out.data = NULL;
		if (!*jsonl)
			rc = smart_error_oom(err);
	}
	sum->elapsed_seconds = smart__mutate_now() - start;
	if (smart__mutate_driver_free(&d, rc == 0 ? err : NULL) < 0 && rc == 0) {
		free(*jsonl);
		*jsonl = NULL;
		*jsonl_len = 0;
		rc = -1;
	}
	smart__mutate_reaper_end(reaper);
	return rc;
}
