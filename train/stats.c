/*
 * Training statistics that add up across shards (docs/shards.md): the
 * moments of least squares (n, XᵀX, Xᵀy with the intercept column) and,
 * for the cutoff search, every distinct feature vector with how many
 * inspect and ignore pairs had it. The cutoff is chosen on the scores of
 * the model fitted to all the shards, which no shard knows, so a per-label
 * score histogram cannot be summed; the counted vectors can, and they give
 * every score of any model exactly. They also give the fit: training on
 * them is training on the union (the same rows in another order).
 */
#include "smart/train.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/array.h"
#include "common/strbuf.h"
#include "smart/file.h"

#define STATS_FILE_MAX ((size_t)1 << 34)

struct smart_train_stats {
	size_t n_features, n_vectors;
	double *vectors;       /* n_vectors x n_features, sorted bytewise */
	size_t *counts;        /* n_vectors x 2: ignore, inspect */
	double *xtx, *xty;     /* (p+1) x (p+1) and p+1: column 0 is the intercept */
	size_t n, inspect;
	char *params;          /* what must match across shards (one line) */
	double *rows;          /* the expanded dataset (smart_train_stats_dataset) */
	unsigned char *labels;
};

void smart_train_stats_free(smart_train_stats *s)
{
	if (!s)
		return;
	free(s->vectors);
	free(s->counts);
	free(s->xtx);
	free(s->xty);
	free(s->params);
	free(s->rows);
	free(s->labels);
	free(s);
}

static smart_train_stats *stats_new(size_t p, size_t n_vectors, const char *params)
{
	smart_train_stats *s = calloc(1, sizeof(*s));

	if (!s)
		return NULL;
	s->n_features = p;
	s->vectors = malloc((n_vectors ? n_vectors : 1) * p * sizeof(double) + 1);
	s->counts = calloc((n_vectors ? n_vectors : 1) * 2, sizeof(size_t));
	s->xtx = calloc((p + 1) * (p + 1), sizeof(double));
	s->xty = calloc(p + 1, sizeof(double));
	s->params = strdup(params);
	if (!s->vectors || !s->counts || !s->xtx || !s->xty || !s->params) {
		smart_train_stats_free(s);
		return NULL;
	}
	return s;
}

/* Adds `count` rows x (label y) to the moments. */
static void stats_moments_add(smart_train_stats *s, const double *x, int y, size_t count)
{
	size_t p = s->n_features;

	for (size_t i = 0; i <= p; i++) {
		double xi = i ? x[i - 1] : 1.0;

		s->xty[i] += (double)count * xi * y;
		for (size_t j = 0; j <= p; j++)
			s->xtx[i * (p + 1) + j] += (double)count * xi * (j ? x[j - 1] : 1.0);
	}
	s->n += count;
	s->inspect += y ? count : 0;
}

/* Bytewise order of the vectors (arg: their width in bytes). */
static int by_vector(const void *a, const void *b, void *arg)
{
	return memcmp(a, b, *(const size_t *)arg);
}

/* Sorts the rows of s (vectors with one count each) and folds equal ones. */
static void stats_fold(smart_train_stats *s, size_t *order_tmp)
{
	size_t p = s->n_features, w = p * sizeof(double) + 2 * sizeof(size_t), out = 0;
	unsigned char *packed = (unsigned char *)order_tmp;

	for (size_t i = 0; i < s->n_vectors; i++) {
		memcpy(packed + i * w, s->vectors + i * p, p * sizeof(double));
		memcpy(packed + i * w + p * sizeof(double), s->counts + 2 * i, 2 * sizeof(size_t));
	}
	size_t width = p * sizeof(double);

	qsort_r(packed, s->n_vectors, w, by_vector, &width);
	for (size_t i = 0; i < s->n_vectors; i++) {
		size_t c[2];

		memcpy(c, packed + i * w + p * sizeof(double), sizeof(c));
		if (out && memcmp(s->vectors + (out - 1) * p, packed + i * w, p * sizeof(double)) == 0) {
			s->counts[2 * (out - 1)] += c[0];
			s->counts[2 * (out - 1) + 1] += c[1];
			continue;
		}
		memcpy(s->vectors + out * p, packed + i * w, p * sizeof(double));
		s->counts[2 * out] = c[0];
		s->counts[2 * out + 1] = c[1];
		out++;
	}
	s->n_vectors = out;
}

/* Room for sorting n vectors of p features with their counts. */
static size_t *fold_buffer(size_t n, size_t p)
{
	return malloc((n ? n : 1) * (p * sizeof(double) + 2 * sizeof(size_t)));
}

smart_train_stats *smart_train_stats_of_table(const smart_table *t, const char *params,
					      smart_error *err)
{
	smart_train_stats *s = stats_new(t->n_features, t->n_rows, params);
	size_t *tmp = fold_buffer(t->n_rows, t->n_features);

	if (!s || !tmp) {
		free(tmp);
		smart_train_stats_free(s);
		smart_error_oom(err);
		return NULL;
	}
	for (size_t r = 0; r < t->n_rows; r++) {
		memcpy(s->vectors + r * t->n_features, t->rows + r * t->n_features,
		       t->n_features * sizeof(double));
		s->counts[2 * r + (t->labels[r] != 0)] = 1;
		stats_moments_add(s, t->rows + r * t->n_features, t->labels[r] != 0, 1);
	}
	s->n_vectors = t->n_rows;
	stats_fold(s, tmp);
	free(tmp);
	return s;
}

/* Appends n doubles in C99 hex notation (exact), space-separated. */
static int put_doubles(smart_strbuf *b, const double *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (smart__strbuf_printf(b, " %a", v[i]))
			return -1;
	return smart__strbuf_append(b, "\n", 1);
}

int smart_train_stats_write(const smart_train_stats *s, const char *const *names,
			    const char *path, smart_error *err)
{
	smart_strbuf b = { 0 };
	size_t p = s->n_features;
	int bad = smart__strbuf_printf(&b, "smart-train-stats 1\nparams %s\nfeatures %zu\n",
				      s->params, p);
	int rc;

	for (size_t j = 0; !bad && j < p; j++)
		bad = smart__strbuf_printf(&b, "feature %s\n", names[j]);
	bad = bad || smart__strbuf_printf(&b, "n %zu\ninspect %zu\nxtx", s->n, s->inspect) ||
	      put_doubles(&b, s->xtx, (p + 1) * (p + 1)) || smart__strbuf_printf(&b, "xty") ||
	      put_doubles(&b, s->xty, p + 1) || smart__strbuf_printf(&b, "vectors %zu\n", s->n_vectors);
	for (size_t v = 0; !bad && v < s->n_vectors; v++)
		bad = smart__strbuf_printf(&b, "v %zu %zu", s->counts[2 * v], s->counts[2 * v + 1]) ||
		      put_doubles(&b, s->vectors + v * p, p);
	if (bad || smart__strbuf_printf(&b, "end\n")) {
		smart__strbuf_free(&b);
		return smart_error_oom(err);
	}
	rc = smart_file_write_atomic(path, b.data, b.len, err);
	smart__strbuf_free(&b);
	return rc;
}

/* The reading position in one statistics file, for messages. */
typedef struct stats_reader {
	const char *path;
	char *text, *pos;
	size_t line;
} stats_reader;

/* The next line (NUL-terminated in place), or NULL at the end. */
static char *stats_line(stats_reader *r)
{
	char *s = r->pos, *nl;

	if (!*s || !(nl = strchr(s, '\n')))
		return NULL;
	*nl = '\0';
	r->pos = nl + 1;
	r->line++;
	return s;
}

static int stats_bad(const stats_reader *r, const char *what, smart_error *err)
{
	return smart_error_set(err, "%s:%zu: not a whole training-statistics file (%s)", r->path,
			       r->line, what);
}

/* Parses exactly n doubles from s (the rest of a line), adding them to out[]. */
static int parse_doubles(const char *s, double *out, size_t n)
{
	char *end;

	for (size_t i = 0; i < n; i++) {
		out[i] += strtod(s, &end);
		if (end == s)
			return -1;
		s = end;
	}
	return *s ? -1 : 0;
}

/* Reads the line "WORD" followed by n doubles, adding them to out[]. */
static int read_doubles(stats_reader *r, const char *word, double *out, size_t n,
			smart_error *err)
{
	char *line = stats_line(r);
	size_t wl = strlen(word);

	if (!line || strncmp(line, word, wl) != 0 || parse_doubles(line + wl, out, n))
		return stats_bad(r, word, err);
	return 0;
}

/* Adds the statistics file r to s (whose vectors may grow; *cap is their room). */
static int stats_read_into(stats_reader *r, smart_train_stats *s, const char *const *names,
			   size_t *cap, smart_error *err)
{
	size_t p = s->n_features, n_file, vectors, got = 0, n, inspect;
	char *line = stats_line(r);

	if (!line || strcmp(line, "smart-train-stats 1") != 0)
		return smart_error_set(err, "%s: not a training-statistics file of smart "
				       "(write one with smart train --stats-out)", r->path);
	line = stats_line(r);
	if (!line || strncmp(line, "params ", 7) != 0)
		return stats_bad(r, "params", err);
	if (strcmp(line + 7, s->params) != 0)
		return smart_error_set(err, "%s: statistics measured another way ('%s', not '%s')",
				       r->path, line + 7, s->params);
	line = stats_line(r);
	if (!line || sscanf(line, "features %zu", &n_file) != 1)
		return stats_bad(r, "features", err);
	if (n_file != p)
		return smart_error_set(err, "%s: %zu features, this smart has %zu", r->path, n_file, p);
	for (size_t j = 0; j < p; j++) {
		line = stats_line(r);
		if (!line || strncmp(line, "feature ", 8) != 0 || strcmp(line + 8, names[j]) != 0)
			return smart_error_set(err, "%s:%zu: feature %zu is not '%s' (statistics of "
					       "another version of smart)", r->path, r->line, j + 1,
					       names[j]);
	}
	if (!(line = stats_line(r)) || sscanf(line, "n %zu", &n) != 1 ||
	    !(line = stats_line(r)) || sscanf(line, "inspect %zu", &inspect) != 1)
		return stats_bad(r, "n, inspect", err);
	if (read_doubles(r, "xtx", s->xtx, (p + 1) * (p + 1), err) ||
	    read_doubles(r, "xty", s->xty, p + 1, err))
		return -1;
	if (!(line = stats_line(r)) || sscanf(line, "vectors %zu", &vectors) != 1)
		return stats_bad(r, "vectors", err);
	for (size_t v = 0; v < vectors; v++) {
		size_t c[2], room = *cap; /* the vectors' and the counts' room */
		int used = 0;

		if (smart__array_reserve((void **)&s->vectors, &room, s->n_vectors,
					(p ? p : 1) * sizeof(double), 64) ||
		    smart__array_reserve((void **)&s->counts, cap, s->n_vectors, 2 * sizeof(size_t), 64))
			return smart_error_oom(err);
		memset(s->vectors + s->n_vectors * p, 0, p * sizeof(double));
		line = stats_line(r);
		if (!line || sscanf(line, "v %zu %zu%n", &c[0], &c[1], &used) != 2 || used == 0 ||
		    parse_doubles(line + used, s->vectors + s->n_vectors * p, p))
			return stats_bad(r, "a vector", err);
		s->counts[2 * s->n_vectors] = c[0];
		s->counts[2 * s->n_vectors + 1] = c[1];
		s->n_vectors++;
		got += c[0] + c[1];
	}
	if (!(line = stats_line(r)) || strcmp(line, "end") != 0 || *r->pos)
		return stats_bad(r, "no end line", err);
	if (got != n)
		return stats_bad(r, "the vectors' counts do not add up to n", err);
	s->n += n;
	s->inspect += inspect;
	return 0;
}

smart_train_stats *smart_train_stats_sum(const char *const *paths, size_t n_paths,
					 const char *const *names, size_t n_features,
					 const char *params, smart_error *err)
{
	smart_train_stats *s = stats_new(n_features, 0, params);
	size_t cap = 0, *tmp;

	if (!s) {
		smart_error_oom(err);
		return NULL;
	}
	for (size_t i = 0; i < n_paths; i++) {
		stats_reader r = { .path = paths[i] };
		size_t len;
		int rc;

		if (smart_file_read(paths[i], STATS_FILE_MAX, &r.text, &len, err))
			goto fail;
		r.pos = r.text;
		rc = stats_read_into(&r, s, names, &cap, err);
		free(r.text);
		if (rc)
			goto fail;
	}
	tmp = fold_buffer(s->n_vectors, n_features);
	if (!tmp) {
		smart_error_oom(err);
		goto fail;
	}
	stats_fold(s, tmp);
	free(tmp);
	return s;
fail:
	smart_train_stats_free(s);
	return NULL;
}

int smart_train_stats_dataset(smart_train_stats *s, const char *const *names,
			      smart_dataset *out, smart_error *err)
{
	size_t p = s->n_features, r = 0;

	free(s->rows);
	free(s->labels);
	s->rows = malloc((s->n ? s->n : 1) * p * sizeof(double) + 1);
	s->labels = malloc(s->n ? s->n : 1);
	if (!s->rows || !s->labels)
		return smart_error_oom(err);
	for (size_t v = 0; v < s->n_vectors; v++)
		for (int y = 0; y < 2; y++)
			for (size_t k = 0; k < s->counts[2 * v + y]; k++, r++) {
				memcpy(s->rows + r * p, s->vectors + v * p, p * sizeof(double));
				s->labels[r] = (unsigned char)y;
			}
	*out = (smart_dataset){ s->rows, s->labels, r, p, names };
	return 0;
}

void smart_train_stats_moments(const smart_train_stats *s, const double **xtx,
			       const double **xty, size_t *n)
{
	*xtx = s->xtx;
	*xty = s->xty;
	*n = s->n;
}
