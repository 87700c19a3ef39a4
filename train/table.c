/* The measured-pairs table of include/smart/train.h. */
#include "smart/train.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "common/array.h"

void smart_table_init(smart_table *t, const char *const *names, size_t n_features)
{
	memset(t, 0, sizeof(*t));
	t->names = names;
	t->n_features = n_features;
}

void smart_table_free(smart_table *t)
{
	free(t->rows);
	free(t->labels);
	free(t->bytes_differ);
	free(t->trees_differ);
	free(t->only_volatile);
	free(t->app);
	for (size_t i = 0; i < t->n_apps; i++)
		free(t->apps[i]);
	free(t->apps);
	free(t->comparator_fail);
	free(t->sig_ids);
	free(t->sig_cls);
	free(t->sig_kind);
	free(t->sig_n);
	free(t->sig_test);
	memset(t, 0, sizeof(*t));
}

/* Doubles one column of t->cap rows of `size` bytes (256 rows the first
 * time) through smart__array_reserve: the columns share t->cap. */
static int table_column(const smart_table *t, void **column, size_t size)
{
	size_t cap = t->cap;

	return smart__array_reserve(column, &cap, t->n_rows, size, 256);
}

/* Grows every column to hold at least one more row. */
static int table_grow(smart_table *t)
{
	if (table_column(t, (void **)&t->rows,
			 (t->n_features ? t->n_features : 1) * sizeof(double)) ||
	    table_column(t, (void **)&t->labels, sizeof(*t->labels)) ||
	    table_column(t, (void **)&t->bytes_differ, sizeof(*t->bytes_differ)) ||
	    table_column(t, (void **)&t->trees_differ, sizeof(*t->trees_differ)) ||
	    table_column(t, (void **)&t->only_volatile, sizeof(*t->only_volatile)) ||
	    table_column(t, (void **)&t->app, sizeof(*t->app)) ||
	    (t->n_comparators &&
	     table_column(t, (void **)&t->comparator_fail, t->n_comparators)) ||
	    (t->signatures &&
	     (table_column(t, (void **)&t->sig_ids, SMART_TABLE_SIGNATURES * sizeof(*t->sig_ids)) ||
	      table_column(t, (void **)&t->sig_cls, SMART_TABLE_SIGNATURES * sizeof(*t->sig_cls)) ||
	      table_column(t, (void **)&t->sig_kind, SMART_TABLE_SIGNATURES) ||
	      table_column(t, (void **)&t->sig_n, sizeof(*t->sig_n)) ||
	      table_column(t, (void **)&t->sig_test, sizeof(*t->sig_test)))))
		return -1;
	t->cap = t->cap ? t->cap * 2 : 256;
	return 0;
}

/* The index of application `name`, added when new. Linear: corpora hold
 * a handful of applications. */
static long table_app(smart_table *t, const char *name)
{
	char **apps;

	for (size_t i = 0; i < t->n_apps; i++)
		if (!strcmp(t->apps[i], name))
			return (long)i;
	/* One at a time on purpose: the public smart_table has no capacity
	 * for apps, and a corpus names a handful of applications. */
	apps = realloc(t->apps, (t->n_apps + 1) * sizeof(*apps));
	if (!apps)
		return -1;
	t->apps = apps;
	t->apps[t->n_apps] = strdup(name);
	if (!t->apps[t->n_apps])
		return -1;
	return (long)t->n_apps++;
}

int smart_table_add(smart_table *t, const smart_table_row *row, smart_error *err)
{
	long a;

	if (t->n_rows == t->cap && table_grow(t))
		return smart_error_oom(err);
	a = table_app(t, row->app);
	if (a < 0)
		return smart_error_oom(err);
	memcpy(t->rows + t->n_rows * t->n_features, row->values, t->n_features * sizeof(double));
	t->labels[t->n_rows] = row->label != 0;
	t->bytes_differ[t->n_rows] = row->bytes_differ != 0;
	t->trees_differ[t->n_rows] = row->trees_differ != 0;
	t->only_volatile[t->n_rows] = row->only_volatile != 0;
	t->app[t->n_rows] = (uint32_t)a;
	if (t->signatures) {
		unsigned n = row->sig_n < SMART_TABLE_SIGNATURES ? row->sig_n
								 : SMART_TABLE_SIGNATURES;

		if (n)
			memcpy(t->sig_ids + t->n_rows * SMART_TABLE_SIGNATURES, row->sig_ids,
			       n * sizeof(*t->sig_ids));
		if (n)
			memcpy(t->sig_cls + t->n_rows * SMART_TABLE_SIGNATURES,
			       row->sig_cls ? row->sig_cls : row->sig_ids, n * sizeof(*t->sig_cls));
		memset(t->sig_kind + t->n_rows * SMART_TABLE_SIGNATURES, SMART_TABLE_KIND_UNKNOWN,
		       SMART_TABLE_SIGNATURES);
		if (n && row->sig_kind)
			memcpy(t->sig_kind + t->n_rows * SMART_TABLE_SIGNATURES, row->sig_kind, n);
		t->sig_n[t->n_rows] = (unsigned char)n;
		t->sig_test[t->n_rows] = row->sig_test;
	}
	t->n_rows++;
	return 0;
}

smart_table_row smart_table_row_at(const smart_table *t, size_t i)
{
	assert(i < t->n_rows);
	return (smart_table_row){ .values = t->rows + i * t->n_features,
				  .label = t->labels[i],
				  .app = t->apps[t->app[i]],
				  .bytes_differ = t->bytes_differ[i],
				  .trees_differ = t->trees_differ[i],
				  .only_volatile = t->only_volatile[i],
				  .sig_ids = t->signatures ? t->sig_ids + i * SMART_TABLE_SIGNATURES
							   : NULL,
				  .sig_cls = t->signatures ? t->sig_cls + i * SMART_TABLE_SIGNATURES
							   : NULL,
				  .sig_kind = t->signatures ? t->sig_kind + i * SMART_TABLE_SIGNATURES
							    : NULL,
				  .sig_n = t->signatures ? t->sig_n[i] : 0,
				  .sig_test = t->signatures ? t->sig_test[i] : 0 };
}

void smart_table_set_verdicts(smart_table *t, const unsigned char *fails)
{
	assert(t->n_rows > 0);
	memcpy(t->comparator_fail + (t->n_rows - 1) * t->n_comparators, fails,
	       t->n_comparators);
}

void smart_table_comparator_confusion(const smart_table *t, size_t k,
				      smart_confusion *c)
{
	assert(k < t->n_comparators);
	memset(c, 0, sizeof(*c));
	for (size_t i = 0; i < t->n_rows; i++)
		smart_confusion_add(c, t->comparator_fail[i * t->n_comparators + k],
				    t->labels[i]);
}

smart_dataset smart_table_dataset(const smart_table *t)
{
	smart_dataset d = { .rows = t->rows,
			    .labels = t->labels,
			    .n_rows = t->n_rows,
			    .n_features = t->n_features,
			    .names = t->names };

	return d;
}
