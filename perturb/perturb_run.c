/*
 * The `smart perturb` batch (smart_perturb_run, include/smart/perturb.h):
 * reads the recorded pages, draws a page and a seed for each pair slot from
 * one seeded generator, then fills each slot with a distinct perturbation
 * of its page (operators and places drawn from the slot's seed).
 */
#include "smart/perturb.h"
#include "common/fs.h"
#include "common/options.h"
#include "corpus/pair_write.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gsl/gsl_rng.h>

#include "smart/file.h"
#include "smart/shard.h"

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
	smart__fs_paths_free(&p->paths);
}

/* Reads every file under `dir`; keeps those that parse (an XML page that
 * is not well-formed is left out and counted). */
static int pages_load(const char *dir, smart_format forced, page_set *p,
		      smart_perturb_summary *sum, smart_error *err)
{
	size_t n;

	if (smart__fs_list_files(dir, NULL, NULL, 0, &p->paths, err) < 0)
		return -1;
	n = p->paths.count;
	p->data = calloc(n + 1, sizeof(*p->data));
	p->lens = calloc(n + 1, sizeof(*p->lens));
	p->formats = calloc(n + 1, sizeof(*p->formats));
	if (!p->data || !p->lens || !p->formats)
		return smart_error_oom(err);
	for (size_t i = 0; i < n; i++) {
		char *path = smart__fs_join(dir, p->paths.items[i]), *data;
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

/* A perturbation made before: its page and the hash of its operator and
 * new text. Only a page's own earlier pairs count, so that the shard that
 * has a page knows all of them. */
typedef struct made_key {
	size_t page;
	uint64_t hash;
} made_key;

/* Remembers (page, h); returns 1 when it was already known. */
static int seen_before(made_key **seen, size_t *count, size_t page, uint64_t h, int *oom)
{
	made_key *grown;

	for (size_t i = 0; i < *count; i++)
		if ((*seen)[i].page == page && (*seen)[i].hash == h)
			return 1;
	grown = realloc(*seen, (*count + 1) * sizeof(**seen));
	if (!grown) {
		*oom = 1;
		return 1;
	}
	*seen = grown;
	(*seen)[(*count)++] = (made_key){ page, h };
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

/* The plan: pair slot j gets a page and a seed from the run's generator,
 * all drawn before any is tried, so that what slot j makes depends on its
 * page, its seed and its page's earlier slots only. A shard (o->shard:
 * slots go by their page's path) then makes exactly its slots' pairs of
 * the unsharded run (docs/shards.md). */
typedef struct slot {
	size_t page;
	unsigned long seed;
	int mine;
} slot;

static int plan_slots(const smart_perturb_options *o, const page_set *pages, gsl_rng *rng,
		      slot **out, size_t *mine, smart_error *err)
{
	smart_shard_walk all = { .shard = { 0, 0 } };
	smart_shard_walk *w = o->shard ? o->shard : &all;
	slot *s = calloc(o->pairs ? o->pairs : 1, sizeof(*s));
	size_t index;

	if (!s)
		return smart_error_oom(err);
	assert(pages->count > 0); /* gsl_rng_uniform_int needs n > 0 */
	*mine = 0;
	for (unsigned j = 0; j < o->pairs; j++) {
		const char *name;

		s[j].page = gsl_rng_uniform_int(rng, pages->count);
		s[j].seed = gsl_rng_get(rng);
		name = pages->paths.items[s[j].page];
		s[j].mine = smart_shard_walk_see(w, smart_shard_hash(name, strlen(name)), &index);
		*mine += (size_t)s[j].mine;
	}
	*out = s;
	return 0;
}

/* Slot j: up to ATTEMPTS_PER_PAIR draws of an operator and its seed on the
 * slot's page, until one makes a pair its page has not made before.
 * Returns 0 (made or not), or -1. */
static int fill_slot(const smart_perturb_options *o, const page_set *pages, const slot *sl,
		     size_t j, gsl_rng *rng, made_key **seen, size_t *seen_count,
		     smart_strbuf *out, smart_perturb_summary *sum, smart_error *err)
{
	size_t pg = sl->page;
	smart_document page;
	int oom = 0;

	assert(pg < pages->count && o->op_count > 0);
	page = (smart_document){ pages->data[pg], pages->lens[pg], pages->paths.items[pg] };
	gsl_rng_set(rng, sl->seed);
	for (int a = 0; a < ATTEMPTS_PER_PAIR; a++) {
		smart_perturb_op op = o->ops[gsl_rng_uniform_int(rng, o->op_count)];
		uint64_t seed = ((uint64_t)gsl_rng_get(rng) << 32) ^ gsl_rng_get(rng);
		smart_perturbation p;
		size_t before = out->len;
		int r, rc = 0;

		sum->attempts++;
		r = smart_perturb_apply(&page, pages->formats[pg], op, seed, &p, err);
		if (r <= 0) {
			if (r < 0)
				return -1;
			continue;
		}
		if (!seen_before(seen, seen_count, pg,
				 fnv(fnv(14695981039346656037ULL, p.new_text, p.new_len),
				     (const char *)&op, sizeof(op)), &oom)) {
			rc = emit(o, pages->paths.items[pg], op, &p, out, sum, err);
			if (rc == 0 && o->shard_out && out->len > before) {
				/* the item is the line the unsharded output has */
				rc = smart_shard_out_item(o->shard_out, j, out->data + before,
							  out->len - before, err);
				out->len = before;
			}
			smart_perturbation_release(&p);
			return rc;
		}
		smart_perturbation_release(&p);
		if (oom)
			return smart_error_oom(err);
	}
	return 0; /* the page allows no new perturbation with this slot's draws */
}

int smart_perturb_run(const smart_perturb_options *o, char **jsonl,
		      size_t *jsonl_len, smart_perturb_summary *sum,
		      smart_error *err)
{
	page_set pages = { 0 };
	smart_strbuf out = { 0 };
	made_key *seen = NULL;
	slot *slots = NULL;
	size_t seen_count = 0, mine = 0, done = 0;
	gsl_rng *rng = NULL;
	int rc = -1;

	memset(sum, 0, sizeof(*sum));
	*jsonl = NULL;
	*jsonl_len = 0;
	if (smart__options_check(o->version, SMART_PERTURB_OPTIONS_VERSION, "perturb",
				 "SMART_PERTURB_OPTIONS_INIT", err))
		return -1;
	if (o->op_count == 0)
		return smart_error_set(err, "no operators given");
	if (o->shard && !o->shard_out)
		return smart_error_set(err, "perturb: a shard needs a shard output");
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
	if (plan_slots(o, &pages, rng, &slots, &mine, err))
		goto done;
	rc = 0;
	for (unsigned j = 0; rc == 0 && j < o->pairs; j++) {
		if (o->stop && *o->stop) {
			rc = smart_error_set(err, "interrupted by signal %d", (int)*o->stop);
			break;
		}
		if (!slots[j].mine)
			continue; /* another shard's slot */
		rc = fill_slot(o, &pages, &slots[j], j, rng, &seen, &seen_count, &out, sum, err);
		if (rc == 0 && o->progress)
			o->progress(o->progress_ctx, ++done, mine);
	}
	if (rc == 0 && sum->pairs == 0 && !o->shard)
		rc = smart_error_set(err, "%s: none of the operators applies to the pages", o->in);
	if (rc == 0) {
		*jsonl = out.data && !o->shard_out ? out.data : strdup("");
		*jsonl_len = o->shard_out ? 0 : out.len;
		if (*jsonl == out.data)
			out.data = NULL;
		if (!*jsonl)
			rc = smart_error_oom(err);
	}
done:
	if (rng)
		gsl_rng_free(rng);
	free(seen);
	free(slots);
	smart__strbuf_free(&out);
	pages_free(&pages);
	return rc;
}
