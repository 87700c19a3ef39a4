/*
 * The `smart perturb` batch (smart_perturb_run, include/smart/perturb.h):
 * reads the recorded pages, then draws (page, operator) pairs from one
 * seeded generator until enough distinct perturbations are made.
 */
#include "smart/perturb.h"
#include "common/fs.h"
#include "corpus/pair_write.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_rng.h>

#include "smart/file.h"

#define PAGE_MAX ((size_t)64 * 1024 * 1024)
#define ATTEMPTS_PER_PAIR 64

/* The readable pages of the folder. */
typedef struct page_set {
	smart_fs_paths paths;
	char **data;
	size_t *lens;
	smart_format *formats;
	size_t count;      /* readable pages, first in the arrays */
} page_set;

static void pages_free(page_set *p)
{
	for (size_t i = 0; i < p->paths.count; i++)
		free(p->data ? p->data[i] : NULL);
	free(p->data);
	free(p->lens);
	free(p->formats);
	smart_fs_paths_free(&p->paths);
}

/* Reads every file under `dir`; keeps those that parse (an XML page that
 * is not well-formed is left out and counted). */
static int pages_load(const char *dir, smart_format forced, page_set *p,
		      smart_perturb_summary *sum, smart_error *err)
{
	size_t n;

	if (smart_fs_list_files(dir, NULL, NULL, 0, &p->paths, err) < 0)
		return -1;
	n = p->paths.count;
	p->data = calloc(n + 1, sizeof(*p->data));
	p->lens = calloc(n + 1, sizeof(*p->lens));
	p->formats = calloc(n + 1, sizeof(*p->formats));
	if (!p->data || !p->lens || !p->formats)
		return smart_error_oom(err);
	for (size_t i = 0; i < n; i++) {
		char *path = smart_fs_join(dir, p->paths.items[i]), *data;
		smart_tree *t;
		smart_error quiet;
		size_t len;
		smart_format f;

		if (!path)
			return smart_error_oom(err);
		if (smart_file_read(path, PAGE_MAX, &data, &len, err) < 0) {
			free(path);
			return -1;
		}
		free(path);
		if (forced != SMART_FORMAT_AUTO)
			f = forced;
		else
			f = strcmp(smart__pair_format_of(p->paths.items[i], data, len), "xml") == 0
			    ? SMART_FORMAT_XML : SMART_FORMAT_HTML;
		t = smart_tree_parse(data, len, f, p->paths.items[i], &quiet);
		sum->pages++;
		if (!t || t->count < 2) {
			sum->unreadable++;
			free(data);
			smart_tree_free(t);
			continue;
		}
		smart_tree_free(t);
		/* readable pages move to the front, keeping their order */
		if (p->count != i) {
			char *tmp = p->paths.items[p->count];

			p->paths.items[p->count] = p->paths.items[i];
			p->paths.items[i] = tmp;
		}
		p->data[p->count] = data;
		p->lens[p->count] = len;
		p->formats[p->count] = f;
		p->count++;
	}
	return 0;
}

/* A 64-bit FNV-1a hash, to recognise a perturbation made before. */
static uint64_t fnv(uint64_t h, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 1099511628211ULL;
	return h;
}

/* Remembers `h`; returns 1 when it was already known. */
static int seen_before(uint64_t **seen, size_t *count, uint64_t h, int *oom)
{
	uint64_t *grown;

	for (size_t i = 0; i < *count; i++)
		if ((*seen)[i] == h)
			return 1;
	grown = realloc(*seen, (*count + 1) * sizeof(**seen));
	if (!grown) {
		*oom = 1;
		return 1;
	}
	*seen = grown;
	(*seen)[(*count)++] = h;
	return 0;
}

/* Appends the pair record of one perturbation. */
static int emit(const smart_perturb_options *o, const char *test,
		smart_perturb_op op, const smart_perturbation *p, smart_strbuf *out,
		smart_perturb_summary *sum, smart_error *err)
{
	const char *label = o->labels[op] ? o->labels[op] : smart_perturb_default_label(op);
	char *note = NULL;
	pair_fields f;
	int rc;

	if (asprintf(&note, "%s %s", smart_perturb_op_name(op), p->where) < 0)
		return smart_error_oom(err);
	f = (pair_fields){ o->app, test, p->format == SMART_FORMAT_XML ? "xml" : "html",
			   p->old_text, p->old_len, p->new_text, p->new_len, label,
			   "perturb", note };
	rc = smart__pair_write_line(out, &f, err);
	free(note);
	if (rc != 0)
		return rc < 0 ? -1 : 0;
	sum->pairs++;
	sum->per_op[op]++;
	if (strcmp(label, "inspect") == 0)
		sum->inspect++;
	else
		sum->ignore++;
	return 0;
}

int smart_perturb_run(const smart_perturb_options *o, char **jsonl,
		      size_t *jsonl_len, smart_perturb_summary *sum,
		      smart_error *err)
{
	page_set pages = { 0 };
	smart_strbuf out = { 0 };
	uint64_t *seen = NULL;
	size_t seen_count = 0;
	gsl_rng *rng = NULL;
	int rc = -1, oom = 0;

	memset(sum, 0, sizeof(*sum));
	*jsonl = NULL;
	*jsonl_len = 0;
	if (o->op_count == 0)
		return smart_error_set(err, "no operators given");
	if (pages_load(o->in, o->format, &pages, sum, err) < 0)
		goto done;
	if (pages.count == 0) {
		smart_error_set(err, "%s: no readable page (%u files)", o->in, sum->pages);
		goto done;
	}
	rng = gsl_rng_alloc(gsl_rng_mt19937);
	if (!rng) {
		smart_error_oom(err);
		goto done;
	}
	gsl_rng_set(rng, o->seed);
	rc = 0;
	while (rc == 0 && sum->pairs < o->pairs) {
		int made = 0;

		if (o->stop && *o->stop) {
			rc = smart_error_set(err, "interrupted by signal %d", (int)*o->stop);
			break;
		}

		for (int a = 0; a < ATTEMPTS_PER_PAIR && !made && rc == 0; a++) {
			size_t pg = gsl_rng_uniform_int(rng, pages.count);
			smart_perturb_op op = o->ops[gsl_rng_uniform_int(rng, o->op_count)];
			uint64_t seed = ((uint64_t)gsl_rng_get(rng) << 32) ^ gsl_rng_get(rng);
			smart_perturbation p;
			int r;
			smart_document page = { pages.data[pg], pages.lens[pg],
						pages.paths.items[pg] };

			sum->attempts++;
			r = smart_perturb_apply(&page, pages.formats[pg], op, seed, &p, err);
			if (r < 0) {
				rc = -1;
				break;
			}
			if (r == 0)
				continue;
			if (!seen_before(&seen, &seen_count,
					 fnv(fnv(14695981039346656037ULL ^ pg, p.new_text, p.new_len),
					     (const char *)&op, sizeof(op)), &oom)) {
				rc = emit(o, pages.paths.items[pg], op, &p, &out, sum, err);
				made = 1;
				if (rc == 0 && o->progress)
					o->progress(o->progress_ctx, sum->pairs, o->pairs);
			} else if (oom) {
				rc = smart_error_oom(err);
			}
			smart_perturbation_release(&p);
		}
		if (!made)
			break; /* the pages allow no more distinct perturbations */
	}
	if (rc == 0 && sum->pairs == 0)
		rc = smart_error_set(err, "%s: none of the operators applies to the pages", o->in);
	if (rc == 0) {
		*jsonl = out.data ? out.data : strdup("");
		*jsonl_len = out.len;
		out.data = NULL;
		if (!*jsonl)
			rc = smart_error_oom(err);
	}
done:
	if (rng)
		gsl_rng_free(rng);
	free(seen);
	smart_strbuf_free(&out);
	pages_free(&pages);
	return rc;
}
