/*
 * The change classes a held-out application's adaptation pairs accept
 * (docs/adaptation.md, "Adaptation accepts change classes"): a pair
 * labelled ignore is two clean runs, so each residual change it holds
 * (its change signature's class, measure/signature_class.c) is a way this
 * application varies; a class also held by a pair labelled inspect is
 * never accepted, so a fault's change is never learnt as noise. A scored
 * pair the model flags whose every residual change is of an accepted
 * class is ignored, as `smart review --by-change` ignores a pair whose
 * changes were all accepted.
 */
#include "adapt_rows.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Sorted-array order of classes. */
static int by_class(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* Whether `c` is among the sorted v[0 .. n). */
static int holds(const uint64_t *v, size_t n, uint64_t c)
{
	return n && bsearch(&c, v, n, sizeof(c), by_class) != NULL;
}

/* Whether signature k of row i is the own id of a pair whose signature
 * set was cut short (train/load.c puts it last): it stands for the
 * changes nobody saw, no class to accept. */
static int is_own_id(const smart_table *t, size_t i, unsigned k)
{
	return k + 1u == t->sig_n[i] &&
	       t->sig_ids[i * SMART_TABLE_SIGNATURES + k] == SMART_TABLE_OWN_ID(i);
}

/* Whether signature k of row i is a move: a change that carries no value,
 * only "this element stands elsewhere now". Clean reruns that list
 * items of one timestamp in another order and faults that sort a list
 * wrongly hold the same move signature (pelican's and eleventy's feeds
 * and sitemaps), so an ignore pair's move is never accepted. */
static int is_order_only(const smart_table *t, size_t i, unsigned k)
{
	return t->sig_kind[i * SMART_TABLE_SIGNATURES + k] == SMART_OP_MOVE;
}

/* Sorts v[0 .. *n) and drops repeats. */
static void sort_unique(uint64_t *v, size_t *n)
{
	size_t m = 0;

	if (*n == 0)
		return;
	qsort(v, *n, sizeof(*v), by_class);
	for (size_t i = 0; i < *n; i++)
		if (m == 0 || v[m - 1] != v[i])
			v[m++] = v[i];
	*n = m;
}

/* The classes the ignore-labelled rows of use[] hold less those the
 * inspect-labelled ones hold (adapt_rows.h): what the five pairs teach. */
int smart__adapt_accept_classes(const smart_table *t, const unsigned char *use,
				uint64_t **out, size_t *n_out, smart_error *err)
{
	size_t n_ok = 0, n_bad = 0, n_acc = 0;
	uint64_t *ok, *bad = NULL;

	assert(t->signatures);
	*out = NULL;
	*n_out = 0;
	ok = malloc((t->n_rows ? t->n_rows : 1) * SMART_TABLE_SIGNATURES * sizeof(*ok));
	bad = malloc((t->n_rows ? t->n_rows : 1) * SMART_TABLE_SIGNATURES * sizeof(*bad));
	if (!ok || !bad) {
		free(ok);
		free(bad);
		return smart_error_oom(err);
	}
	for (size_t i = 0; i < t->n_rows; i++) {
		const uint64_t *cls = t->sig_cls + i * SMART_TABLE_SIGNATURES;

		if (!use[i])
			continue;
		for (unsigned k = 0; k < t->sig_n[i]; k++) {
			/* a move says only that the order changed: a clean
			 * rerun's shuffle and a sorting fault hold the same one */
			if (is_own_id(t, i, k) ||
			    (t->labels[i] == 0 && is_order_only(t, i, k)))
				continue;
			if (t->labels[i])
				bad[n_bad++] = cls[k];
			else
				ok[n_ok++] = cls[k];
		}
	}
	sort_unique(ok, &n_ok);
	sort_unique(bad, &n_bad);
	/* a class a fault holds stays flagged: a fault is never hidden */
	for (size_t i = 0; i < n_ok; i++)
		if (!holds(bad, n_bad, ok[i]))
			ok[n_acc++] = ok[i];
	free(bad);
	*out = ok;
	*n_out = n_acc;
	return 0;
}

/* Whether every residual change of row i is of an accepted class, as
 * smart_accepted_covers asks of a classified pair. */
int smart__adapt_accept_covers(const smart_table *t, size_t i, const uint64_t *classes,
			       size_t n)
{
	const uint64_t *cls = t->sig_cls + i * SMART_TABLE_SIGNATURES;

	assert(t->signatures && i < t->n_rows);
	if (n == 0 || t->sig_n[i] == 0)
		return 0;
	for (unsigned k = 0; k < t->sig_n[i]; k++)
		if (is_own_id(t, i, k) || !holds(classes, n, cls[k]))
			return 0;
	return 1;
}

/* The classes as the "accepted" object a model carries, so that classify
 * reads them as it reads .smart/accepted.json. */
char *smart__adapt_accept_json(const uint64_t *classes, size_t n, smart_error *err)
{
	static const char head[] = "{\"format\":\"smart-accepted\",\"version\":1,"
				   "\"review\":\"smart train --adapt\",\"changes\":[";
	/* one entry: {"class":"<16 hex>"}, and a comma */
	size_t size = sizeof(head) + n * 32 + 4, len;
	char *text = malloc(size);

	if (!text) {
		smart_error_oom(err);
		return NULL;
	}
	len = (size_t)snprintf(text, size, "%s", head);
	for (size_t i = 0; i < n; i++)
		len += (size_t)snprintf(text + len, size - len, "%s{\"class\":\"%016llx\"}",
					i ? "," : "", (unsigned long long)classes[i]);
	snprintf(text + len, size - len, "]}");
	return text;
}

/* The change classes the adaptation rows of fold f accept (eval
 * --adapt, train/evaluate.c): what its ignore-labelled pairs hold and none of
 * its inspect-labelled pairs does. */
int smart__adapt_accept_fold_classes(const smart_table *t, const size_t *fold, size_t f,
				     const unsigned char *chosen, uint64_t **classes,
				     size_t *n_classes, smart_error *err)
{
	unsigned char *use = calloc(t->n_rows ? t->n_rows : 1, 1);
	int rc;

	if (!use)
		return smart_error_oom(err);
	for (size_t i = 0; i < t->n_rows; i++)
		use[i] = fold[i] == f && chosen[i];
	rc = smart__adapt_accept_classes(t, use, classes, n_classes, err);
	free(use);
	return rc;
}
