/*
 * Outputs and commands of a `smart mutate` run (mutate/mutate_run.h): the
 * files a run leaves, which clean outputs are stable, running one command
 * to completion, and tearing the run down.
 */
#include "mutate_run.h"
#include "mutate_scratch.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "smart/file.h"

#define OUTPUT_MAX ((size_t)256 * 1024 * 1024)

void smart__mutate_outputs_free(mutate_outputs *o)
{
	for (size_t i = 0; i < o->count; i++) {
		free(o->paths[i]);
		free(o->data[i]);
	}
	free(o->paths);
	free(o->data);
	free(o->lens);
	memset(o, 0, sizeof(*o));
}

int smart__mutate_outputs_load(const char *root, const char *rel,
			mutate_outputs *out, smart_error *err)
{
	smart_fs_paths list = { 0 };
	char *dir = smart__fs_join(root, rel);
	int rc = 0;

	memset(out, 0, sizeof(*out));
	if (!dir)
		return smart_error_oom(err);
	if (smart__fs_list_files(dir, NULL, NULL, 0, &list, err) < 0) {
		free(dir);
		return -1;
	}
	out->data = calloc(list.count + 1, sizeof(*out->data));
	out->lens = calloc(list.count + 1, sizeof(*out->lens));
	if (!out->data || !out->lens)
		rc = smart_error_oom(err);
	for (size_t i = 0; rc == 0 && i < list.count; i++) {
		char *path = smart__fs_join(dir, list.items[i]);

		if (!path)
			rc = smart_error_oom(err);
		else
			rc = smart_file_read(path, OUTPUT_MAX, &out->data[i],
					     &out->lens[i], err);
		free(path);
	}
	free(dir);
	out->paths = list.items; /* ownership moves to out */
	out->count = list.count;
	if (rc < 0)
		smart__mutate_outputs_free(out);
	return rc;
}

#ifndef NDEBUG
/* Whether the outputs are sorted by path, as find_output needs. */
static int sorted(const mutate_outputs *o)
{
	for (size_t i = 1; i < o->count; i++)
		if (strcmp(o->paths[i - 1], o->paths[i]) >= 0)
			return 0;
	return 1;
}
#endif

/* The index of `path` in the sorted outputs, or -1. */
static long find_output(const mutate_outputs *o, const char *path)
{
	size_t lo = 0, hi = o->count;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(o->paths[mid], path);

		if (c == 0)
			return (long)mid;
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

unsigned smart__mutate_outputs_keep_stable(mutate_outputs *a, const mutate_outputs *b)
{
	size_t kept = 0;
	unsigned dropped = 0;

	assert(sorted(b)); /* smart__fs_list_files sorts them; find_output relies on it */
	for (size_t i = 0; i < a->count; i++) {
		long j = find_output(b, a->paths[i]);

		if (j >= 0 && b->lens[j] == a->lens[i] &&
		    memcmp(b->data[j], a->data[i], a->lens[i]) == 0) {
			a->paths[kept] = a->paths[i];
			a->data[kept] = a->data[i];
			a->lens[kept] = a->lens[i];
			kept++;
		} else {
			free(a->paths[i]);
			free(a->data[i]);
			dropped++;
		}
	}
	a->count = kept;
	return dropped;
}

int smart__mutate_driver_command(mutate_driver *d, mutate_slot *s, const char *cmd,
			  double timeout, const char *what, smart_error *err)
{
	const smart_mutate_options *o = d->opt;
	char last[200];

	assert(s->proc.pid == 0); /* the slot's last command was waited for */
	if (!cmd && smart__fs_fresh_dir(s->dir, o->outputs, err) < 0)
		return -1;
	if (smart__mutate_proc_start(&s->proc, cmd ? cmd : o->run, s->dir, s->log,
			      d->env, timeout, err) < 0)
		return -1;
	if (smart__mutate_proc_wait(&s->proc, o->stop) < 0)
		return smart_error_set(err, "interrupted");
	if (smart__mutate_proc_ok(&s->proc))
		return 0;
	smart__mutate_log_tail(s->log, last, sizeof(last));
	if (s->proc.timed_out)
		return smart_error_set(err, "%s timed out after %g s: %s", what,
				       timeout, last);
	if (WIFSIGNALED(s->proc.status))
		return smart_error_set(err, "%s killed by signal %d: %s", what,
				       WTERMSIG(s->proc.status), last);
	return smart_error_set(err, "%s failed with exit status %d: %s", what,
			       WEXITSTATUS(s->proc.status), last);
}

int smart__mutate_driver_free(mutate_driver *d, smart_error *err)
{
	int rc = 0;

	for (unsigned k = 0; k < d->slot_count; k++) {
		smart__mutate_proc_kill(&d->slots[k].proc);
		free(d->slots[k].dir);
		free(d->slots[k].log);
	}
	free(d->slots);
	smart__mutate_child_env_free(d->env);
	if (d->root) {
		smart_error ignored;

		rc = smart__fs_remove_tree(d->root, err ? err : &ignored);
		free(d->root);
	}
	for (size_t i = 0; i < d->files.count; i++)
		free(d->texts ? d->texts[i] : NULL);
	free(d->texts);
	free(d->lens);
	smart__fs_paths_free(&d->files);
	smart_mutation_list_free(&d->mutations);
	free(d->order);
	free(d->mutant_run);
	smart__mutate_outputs_free(&d->clean);
	for (size_t i = 0; i < d->result_cap; i++)
		smart__strbuf_free(&d->results[i].lines);
	free(d->results);
	free(d->mine);
	smart__strbuf_free(&d->out);
	return rc;
}
