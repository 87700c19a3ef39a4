/* The class of a change that only reorders a value
 * (measure/signature_internal.h, docs/signatures.md). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smart/shard.h"
#include "signature_internal.h"

/* One word, shape, mark or punctuation byte of a masked value. */
typedef struct piece {
	const char *at;
	size_t len;
} piece;

/* Whether byte c belongs to a word (a byte of a UTF-8 character too, so
 * that a character is never split). */
static int word_byte(unsigned char c)
{
	return isalnum(c) || c == '_' || c >= 0x80;
}

/* The pieces of masked value v, in order, into a new array (*n of them):
 * each word, each masked shape ("{date}"; "{epoch}" read as "{number}",
 * as shapes print it), each token mark and each other byte that is not
 * white space. NULL when out of memory. */
static piece *pieces_of(const char *v, size_t *n)
{
	size_t len = strlen(v);
	piece *p = malloc((len ? len : 1) * sizeof(*p));

	*n = 0;
	for (size_t i = 0; p && i < len;) {
		size_t name = v[i] == '{' ? strspn(v + i + 1, "abcdefghijklmnopqrstuvwxyz") : 0, j = i;

		if (isspace((unsigned char)v[i])) {
			i++;
			continue;
		}
		if (name && v[i + 1 + name] == '}') {
			j = i + name + 2;
			p[*n] = strncmp(v + i, "{epoch}", 7) ? (piece){ v + i, j - i }
							      : (piece){ "{number}", 8 };
		} else {
			while (j < len && word_byte((unsigned char)v[j]))
				j++;
			j += j == i; /* a mark or punctuation byte alone */
			p[*n] = (piece){ v + i, j - i };
		}
		(*n)++;
		i = j;
	}
	return p;
}

static int by_text(const void *pa, const void *pb)
{
	const piece *a = pa, *b = pb;
	int c = memcmp(a->at, b->at, a->len < b->len ? a->len : b->len);

	return c ? c : (a->len > b->len) - (a->len < b->len);
}

/* Whether the n pieces a and b are the same, in order. */
static int same_pieces(const piece *a, const piece *b, size_t n)
{
	for (size_t k = 0; k < n; k++)
		if (by_text(&a[k], &b[k]))
			return 0;
	return 1;
}

/* The hash of the sorted pieces p[0 .. n): the content, whatever its order. */
static uint64_t bag_hash(const piece *p, size_t n, int *oom)
{
	size_t len = 0, at = 0;
	char *all;
	uint64_t h;

	for (size_t k = 0; k < n; k++)
		len += p[k].len + 1;
	if (!(all = malloc(len ? len : 1))) {
		*oom = 1;
		return 0;
	}
	for (size_t k = 0; k < n; k++) {
		memcpy(all + at, p[k].at, p[k].len);
		at += p[k].len;
		all[at++] = '\x1f';
	}
	h = smart_shard_hash(all, at);
	free(all);
	return h;
}

int smart__signature_reorder_class(const smart_signature *s, const char *ov, const char *nv,
				   uint64_t *cls, smart_error *err)
{
	char *mo, *mn = NULL, key[SMART_SIGNATURE_LOCATION + 64];
	piece *po = NULL, *pn = NULL;
	size_t no = 0, nn = 0;
	int rc = 0, oom = 0;

	if (!ov || !nv)
		return 0;
	if (!(mo = smart__signature_mask(ov, strlen(ov), err)) ||
	    !(mn = smart__signature_mask(nv, strlen(nv), err))) {
		free(mo);
		return -1;
	}
	po = pieces_of(mo, &no);
	pn = pieces_of(mn, &nn);
	oom = !po || !pn;
	/* the same pieces in another order: not the same sequence, the same
	 * sorted */
	if (!oom && no == nn && no > 1 && !same_pieces(po, pn, no)) {
		qsort(po, no, sizeof(*po), by_text);
		qsort(pn, nn, sizeof(*pn), by_text);
		if (same_pieces(po, pn, no)) {
			uint64_t bag = bag_hash(po, no, &oom);
			int n = snprintf(key, sizeof(key), "reordered\x1f%s\x1f%s\x1f%016llx",
					 smart_op_name(s->kind),
					 smart__signature_place_class(s->location),
					 (unsigned long long)bag);

			*cls = smart_shard_hash(key, (size_t)n < sizeof(key) ? (size_t)n
									     : sizeof(key) - 1);
			rc = 1;
		}
	}
	free(po);
	free(pn);
	free(mo);
	free(mn);
	return oom ? smart_error_oom(err) : rc;
}
