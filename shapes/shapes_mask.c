/*
 * Masking values with shapes (smart_shapes_mask: every token becomes
 * "{shape}") and comparing the shape tokens of two values
 * (smart_shapes_count_changes), over the matcher of shapes.c.
 */
#include "smart/shapes.h"
#include "internal.h"

#include <stdlib.h>
#include <string.h>

#include "common/strbuf.h"

/* Appends literal text, doubling braces (see smart_shapes_mask). */
static int append_literal(smart_strbuf *b, const char *s, size_t n)
{
	size_t from = 0;

	for (size_t i = 0; i < n; i++) {
		if (s[i] != '{' && s[i] != '}')
			continue;
		if (smart__strbuf_append(b, s + from, i + 1 - from) ||
		    smart__strbuf_append(b, s + i, 1))
			return -1;
		from = i + 1;
	}
	return smart__strbuf_append(b, s + from, n - from);
}

/* The state of smart_shapes_mask while it scans. */
typedef struct masker {
	const char *text;
	int merge_moments;
	size_t done;  /* bytes of text written so far */
	smart_strbuf out;
	unsigned met;
	int last_shape;    /* shape of the last placeholder written, or -1 */
	size_t last_start; /* where it starts in `out` */
	size_t last_end;   /* where it ends in `out` */
} masker;

/* Dates, clocks and zone names all tell a moment. */
static int is_moment(int shape)
{
	return shape == SMART_SHAPE_DATE || shape == SMART_SHAPE_TIME || shape == SMART_SHAPE_TZNAME;
}

/* True when text[from, to) only separates two parts of one moment: spaces
 * and commas, at least one. */
static int joins_moment(const char *text, size_t from, size_t to)
{
	for (size_t i = from; i < to; i++)
		if (text[i] != ' ' && text[i] != ',')
			return 0;
	return to > from;
}

/* Writes the placeholder of one token. The parts of one moment written
 * side by side ("Mon Jan 01 2024 00:00:00 GMT+0000 (Coordinated
 * Universal Time)": a date, a clock and a zone name) become one
 * placeholder, {date} when a date is among them, in the scrubbed set: the
 * same moment printed in another format ("2024-01-01T00:00:00.000Z") then
 * masks alike. */
static int mask_token(void *ctx, int shape, size_t so, size_t eo)
{
	masker *mk = ctx;

	if (mk->merge_moments && is_moment(shape) && mk->last_shape >= 0 && is_moment(mk->last_shape) &&
	    mk->last_end == mk->out.len && joins_moment(mk->text, mk->done, so)) {
		int merged = shape == SMART_SHAPE_DATE ? shape : mk->last_shape;

		mk->out.len = mk->last_start;
		mk->out.data[mk->out.len] = '\0';
		if (smart__strbuf_printf(&mk->out, "{%s}", smart__shapes_table[merged].name))
			return -1;
		mk->last_shape = merged;
	} else {
		if (append_literal(&mk->out, mk->text + mk->done, so - mk->done))
			return -1;
		mk->last_start = mk->out.len;
		if (smart__strbuf_printf(&mk->out, "{%s}", smart__shapes_table[shape].name))
			return -1;
		mk->last_shape = shape;
	}
	mk->last_end = mk->out.len;
	mk->done = eo;
	mk->met |= 1u << shape;
	return 0;
}

char *smart_shapes_mask(const smart_shapes *s, const char *text, size_t len,
			unsigned *found, smart_error *err)
{
	masker mk = { text, s->merge_moments, 0, { 0 }, 0, -1, 0, 0 };

	if (smart__shapes_scan(s, text, len, mask_token, &mk) < 0 ||
	    append_literal(&mk.out, text + mk.done, len - mk.done) ||
	    (!mk.out.data && smart__strbuf_append(&mk.out, "", 0))) {
		smart__strbuf_free(&mk.out);
		smart_error_oom(err);
		return NULL;
	}
	if (found)
		*found = mk.met;
	return mk.out.data;
}

/* The tokens of one text, for smart_shapes_count_changes. */
typedef struct token_list {
	int shape[SMART_SHAPES_MAX_TOKENS];
	size_t so[SMART_SHAPES_MAX_TOKENS], eo[SMART_SHAPES_MAX_TOKENS];
	size_t n;
} token_list;

static int collect_token(void *ctx, int shape, size_t so, size_t eo)
{
	token_list *l = ctx;

	if (l->n == SMART_SHAPES_MAX_TOKENS)
		return 1; /* enough: stop scanning */
	l->shape[l->n] = shape;
	l->so[l->n] = so;
	l->eo[l->n++] = eo;
	return 0;
}

int smart_shapes_count_changes(const smart_shapes *s, const char *old_text,
			       const char *new_text, unsigned counts[SMART_SHAPE_COUNT])
{
	token_list *a, *b;
	int changed = 0;

	/* a side without any token leaves no pair of tokens to compare */
	if (!smart_shapes_any(s, old_text) || !smart_shapes_any(s, new_text))
		return 0;
	a = malloc(sizeof(*a)); /* 5 KB each: not zeroed, only a->n counts */
	b = malloc(sizeof(*b));
	if (a)
		a->n = 0;
	if (b)
		b->n = 0;
	if (!a || !b || smart__shapes_scan(s, old_text, strlen(old_text), collect_token, a) < 0 ||
	    smart__shapes_scan(s, new_text, strlen(new_text), collect_token, b) < 0) {
		free(a);
		free(b);
		return -1;
	}
	for (size_t k = 0; k < a->n && k < b->n; k++) {
		size_t la = a->eo[k] - a->so[k], lb = b->eo[k] - b->so[k];

		if (la == lb && memcmp(old_text + a->so[k], new_text + b->so[k], la) == 0)
			continue;
		counts[b->shape[k]]++;
		changed++;
	}
	free(a);
	free(b);
	return changed;
}
