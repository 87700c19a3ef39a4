/*
 * Merging shard outputs (common/shard_out.c) into the output of the
 * unsharded run: the shards are checked to be all the parts of one run,
 * each whole, and their items are put back in input order between the
 * run's head and tail.
 */
#include "smart/shard.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/array.h"
#include "common/strbuf.h"
#include "smart/file.h"

#define SHARD_FILE_MAX ((size_t)1 << 34)
#define SHARD_MAX_COUNTERS 32

typedef struct shard_item {
	size_t unit, seq;
	size_t file; /* which shard file it came from */
	const char *data;
	size_t len;
} shard_item;

typedef struct shard_file {
	const char *path;
	char *text;
	size_t len, pos;
	char kind[64], run[32];
	char *params, *head, *tail; /* point into text (NUL-terminated in place) */
	unsigned k, n;
	size_t total, taken, items;
	int status; /* its "status" line's, else 0 */
} shard_file;

typedef struct counter {
	char name[32];
	unsigned long long sum;
} counter;

/* The next line of f (without its newline, NUL-terminated in place), or
 * NULL at the end of the text or of a line that is not finished. */
static char *next_line(shard_file *f)
{
	char *s = f->text + f->pos, *nl;

	if (f->pos >= f->len || !(nl = memchr(s, '\n', f->len - f->pos)))
		return NULL;
	*nl = '\0';
	f->pos = (size_t)(nl - f->text) + 1;
	return s;
}

/* Takes `len` bytes and a newline after them; NULL when the file ends first. */
static const char *next_bytes(shard_file *f, size_t len)
{
	char *s = f->text + f->pos;

	if (len > f->len - f->pos || f->len - f->pos - len < 1 || s[len] != '\n')
		return NULL;
	s[len] = '\0';
	f->pos += len + 1;
	return s;
}

static int truncated(const shard_file *f, const char *what, smart_error *err)
{
	return smart_error_set(err, "%s: truncated or damaged shard output (%s)", f->path, what);
}

/* A "WORD BYTES" section: the text after the line. */
static int read_block(shard_file *f, const char *word, char **out, smart_error *err)
{
	char *line = next_line(f), fmt[48];
	size_t len;
	const char *s;
	int used = -1;

	snprintf(fmt, sizeof(fmt), "%s %%zu%%n", word);
	if (!line || sscanf(line, fmt, &len, &used) != 1 || used < 0 || line[used] ||
	    !(s = next_bytes(f, len)))
		return truncated(f, word, err);
	*out = (char *)s;
	return 0;
}

/* Reads the header of shard file f. */
static int read_header(shard_file *f, smart_error *err)
{
	char *line = next_line(f);

	if (!line || strcmp(line, "smart-shard 1") != 0)
		return smart_error_set(err, "%s: not a shard output of smart (no 'smart-shard 1' "
				       "first line; write one with --shard K/N)", f->path);
	line = next_line(f);
	if (!line || sscanf(line, "kind %63s", f->kind) != 1)
		return truncated(f, "kind", err);
	line = next_line(f);
	if (!line || strncmp(line, "params ", 7) != 0)
		return truncated(f, "params", err);
	f->params = line + 7;
	line = next_line(f);
	if (!line || sscanf(line, "run %31s", f->run) != 1)
		return truncated(f, "run", err);
	line = next_line(f);
	if (!line || sscanf(line, "shard %u/%u", &f->k, &f->n) != 2 || f->k < 1 || f->k > f->n)
		return truncated(f, "shard", err);
	line = next_line(f);
	if (!line || sscanf(line, "total %zu", &f->total) != 1)
		return truncated(f, "total", err);
	line = next_line(f);
	if (!line || sscanf(line, "taken %zu", &f->taken) != 1)
		return truncated(f, "taken", err);
	if (read_block(f, "head", &f->head, err) || read_block(f, "tail", &f->tail, err))
		return -1;
	return 0;
}

/* Adds `value` to the counter `name`. */
static int count(counter *c, size_t *n, const char *name, unsigned long long value,
		 const shard_file *f, smart_error *err)
{
	for (size_t i = 0; i < *n; i++)
		if (strcmp(c[i].name, name) == 0) {
			c[i].sum += value;
			return 0;
		}
	if (*n == SHARD_MAX_COUNTERS)
		return truncated(f, "too many counters", err);
	snprintf(c[*n].name, sizeof(c[*n].name), "%s", name);
	c[(*n)++].sum = value;
	return 0;
}

/* Reads f's items (appending to *items) and counters, up to its end line. */
static int read_body(shard_file *f, size_t file, shard_item **items, size_t *n_items, size_t *cap,
		     counter *c, size_t *n_counters, smart_error *err)
{
	char *line, name[32];
	size_t unit, len, seen = 0;
	unsigned long long value;
	int used;

	while ((line = next_line(f)) != NULL) {
		used = -1;
		if (sscanf(line, "item %zu %zu%n", &unit, &len, &used) == 2 && used > 0 && !line[used]) {
			const char *data = next_bytes(f, len);

			if (!data)
				return truncated(f, "an item is cut short", err);
			if (unit >= f->total)
				return truncated(f, "an item's unit is past the run's", err);
			if (smart__array_reserve((void **)items, cap, *n_items, sizeof(**items), 256))
				return smart_error_oom(err);
			(*items)[(*n_items)++] = (shard_item){ unit, *n_items, file, data, len };
			seen++;
		} else if (sscanf(line, "count %31s %llu%n", name, &value, &used) == 2 && !line[used]) {
			if (count(c, n_counters, name, value, f, err))
				return -1;
		} else if (sscanf(line, "status %d%n", &f->status, &used) == 1 && !line[used] &&
			   f->status >= 0 && f->status <= 2) {
			continue;
		} else if (sscanf(line, "end %zu%n", &len, &used) == 1 && !line[used]) {
			if (len != seen || f->pos != f->len)
				return truncated(f, "the item count does not match its end line", err);
			return 0;
		} else {
			return truncated(f, "an unreadable line", err);
		}
	}
	return truncated(f, "no end line", err);
}

/* Checks that f belongs to the run of `first`. */
static int same_run(const shard_file *f, const shard_file *first, smart_error *err)
{
	if (strcmp(f->kind, first->kind) != 0)
		return smart_error_set(err, "%s: a shard of '%s' output, but %s is of '%s'", f->path,
				       f->kind, first->path, first->kind);
	if (strcmp(f->params, first->params) != 0)
		return smart_error_set(err, "%s: a shard of another run (parameters '%s', but %s "
				       "has '%s')", f->path, f->params, first->path, first->params);
	if (strcmp(f->run, first->run) != 0 || f->total != first->total ||
	    strcmp(f->head, first->head) != 0 || strcmp(f->tail, first->tail) != 0)
		return smart_error_set(err, "%s: a shard of another run (its input differs from %s's)",
				       f->path, first->path);
	if (f->n != first->n)
		return smart_error_set(err, "%s: shard %u/%u, but %s is one of %u shards", f->path,
				       f->k, f->n, first->path, first->n);
	return 0;
}

static int by_unit(const void *a, const void *b)
{
	const shard_item *x = a, *y = b;

	if (x->unit != y->unit)
		return x->unit < y->unit ? -1 : 1;
	return (x->seq > y->seq) - (x->seq < y->seq);
}

/* Writes the head with each "<#NAME>" replaced by counter NAME's sum. */
static int put_head(smart_strbuf *b, const char *head, const counter *c, size_t n)
{
	const char *s = head, *mark;

	while ((mark = strstr(s, "<#")) != NULL) {
		const char *close = strchr(mark, '>');
		size_t i;

		if (smart__strbuf_append(b, s, (size_t)(mark - s)))
			return -1;
		for (i = 0; close && i < n; i++)
			if (strlen(c[i].name) == (size_t)(close - mark - 2) &&
			    strncmp(c[i].name, mark + 2, (size_t)(close - mark - 2)) == 0)
				break;
		if (close && i < n) {
			if (smart__strbuf_printf(b, "%llu", c[i].sum))
				return -1;
		} else if (close && strchr(mark + 2, '>') == close) {
			if (smart__strbuf_append(b, "0", 1)) /* no shard counted it */
				return -1;
		}
		s = close ? close + 1 : mark + 2;
	}
	return smart__strbuf_append(b, s, strlen(s));
}

/* Checks that the shards are all N of one run, each once, and that their
 * items cover each unit of the run from one shard only. */
static int check_set(shard_file *f, size_t n, const shard_item *items, size_t n_items,
		     smart_error *err)
{
	unsigned want = f[0].n;
	const char **by_k = calloc(want + 1, sizeof(*by_k));
	size_t taken = 0;

	if (!by_k)
		return smart_error_oom(err);
	for (size_t i = 0; i < n; i++) {
		if (by_k[f[i].k]) {
			smart_error_set(err, "shard %u/%u given twice: %s and %s", f[i].k, want,
					by_k[f[i].k], f[i].path);
			free(by_k);
			return -1;
		}
		by_k[f[i].k] = f[i].path;
		taken += f[i].taken;
	}
	for (unsigned k = 1; k <= want; k++)
		if (!by_k[k]) {
			smart_error_set(err, "shard %u/%u is missing (%zu of %u shards given)", k, want,
					n, want);
			free(by_k);
			return -1;
		}
	free(by_k);
	if (taken != f[0].total)
		return smart_error_set(err, "the shards took %zu units, the run has %zu", taken,
				       f[0].total);
	for (size_t i = 1; i < n_items; i++)
		if (items[i].unit == items[i - 1].unit && items[i].file != items[i - 1].file)
			return smart_error_set(err, "unit %zu of the run has items in two shards: %s "
					       "and %s", items[i].unit, f[items[i - 1].file].path,
					       f[items[i].file].path);
	return 0;
}

int smart_shard_merge(const char *const *paths, size_t n, char **text, size_t *len,
		      smart_error *err)
{
	int status;

	return smart_shard_merge_status(paths, n, text, len, &status, err);
}

int smart_shard_merge_status(const char *const *paths, size_t n, char **text, size_t *len,
			     int *status, smart_error *err)
{
	shard_file *f = calloc(n ? n : 1, sizeof(*f));
	shard_item *items = NULL;
	size_t n_items = 0, cap = 0, n_counters = 0;
	counter c[SHARD_MAX_COUNTERS];
	smart_strbuf out = { 0 };
	int rc = -1;

	if (!f)
		return smart_error_oom(err);
	if (n == 0) {
		smart_error_set(err, "merge: no shard outputs given");
		goto done;
	}
	for (size_t i = 0; i < n; i++) {
		f[i].path = paths[i];
		if (smart_file_read(paths[i], SHARD_FILE_MAX, &f[i].text, &f[i].len, err) ||
		    read_header(&f[i], err) || (i > 0 && same_run(&f[i], &f[0], err)) ||
		    read_body(&f[i], i, &items, &n_items, &cap, c, &n_counters, err))
			goto done;
	}
	*status = 0;
	for (size_t i = 0; i < n; i++)
		if (f[i].status > *status)
			*status = f[i].status;
	if (n_items)
		qsort(items, n_items, sizeof(*items), by_unit);
	if (check_set(f, n, items, n_items, err))
		goto done;
	if (put_head(&out, f[0].head, c, n_counters))
		goto oom;
	for (size_t i = 0; i < n_items; i++)
		if (smart__strbuf_append(&out, items[i].data, items[i].len))
			goto oom;
	if (smart__strbuf_append(&out, f[0].tail, strlen(f[0].tail)) ||
	    (!out.data && smart__strbuf_append(&out, "", 0)))
		goto oom;
	*text = out.data;
	*len = out.len;
	out.data = NULL;
	rc = 0;
	goto done;
oom:
	smart_error_oom(err);
done:
	smart__strbuf_free(&out);
	free(items);
	for (size_t i = 0; i < n; i++)
		free(f[i].text);
	free(f);
	return rc;
}
