/* Value shapes of change signatures: a value reduced to the way it
 * recurs across pages and runs (include/smart/signature.h,
 * measure/signature_internal.h, docs/signatures.md). */
#include "smart/signature.h"

#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "smart/shapes.h"
#include "signature_internal.h"

#define TOKEN_MIN 6       /* letters and digits mixed, this long: a token */
#define SHAPE_WIDE 4096   /* bytes of a value shaped before its common start is cut */
#define SHAPE_CONTEXT 16  /* bytes kept before where an old and a new value differ */

static int word_byte(unsigned char c)
{
	return isalnum(c) || c == '_';
}

/* Copies `value` into a new string with each word that mixes letters and
 * digits, TOKEN_MIN long or more, replaced by TOKEN_MARK: the random ids
 * and tokens no shape names, which would otherwise make every page's
 * change a change of its own. NULL when out of memory. */
static char *mark_tokens(const char *value, size_t len)
{
	char *out = malloc(len + 1), *w = out;

	if (!out)
		return NULL;
	for (size_t i = 0; i < len;) {
		size_t j = i;
		int letter = 0, digit = 0;

		while (j < len && word_byte((unsigned char)value[j])) {
			letter |= isalpha((unsigned char)value[j]) != 0;
			digit |= isdigit((unsigned char)value[j]) != 0;
			j++;
		}
		if (j > i && letter && digit && j - i >= TOKEN_MIN) {
			*w++ = TOKEN_MARK;
		} else if (j > i) {
			memcpy(w, value + i, j - i);
			w += j - i;
		} else {
			/* a control byte of the value itself is not a mark */
			*w++ = value[j] == TOKEN_MARK ? ' ' : value[j];
			j++;
		}
		i = j;
	}
	*w = '\0';
	return out;
}

/* Appends `s` (n bytes) to out at *at, keeping room for "..." and the
 * NUL; 0 when it all fit, 1 when it was cut (at a UTF-8 boundary). */
static int put(char *out, size_t size, size_t *at, const char *s, size_t n)
{
	size_t room = size - 4 - *at;

	if (n <= room) {
		memcpy(out + *at, s, n);
		*at += n;
		return 0;
	}
	while (room > 0 && ((unsigned char)s[room] & 0xC0) == 0x80)
		room--;
	memcpy(out + *at, s, room);
	*at += room;
	return 1;
}

/* The masked value a shape is cut from (measure/signature_internal.h): the
 * tokens marked first, so that no shape takes a piece of one. */
char *smart__signature_mask(const char *value, size_t len, smart_error *err)
{
	const smart_shapes *shapes = smart_shapes_all(err);
	char *plain, *marked = NULL, *masked = NULL;
	size_t plain_len = 0;

	if (!shapes)
		return NULL;
	plain = smart__signature_plain_spaces(value, len, &plain_len);
	marked = plain ? mark_tokens(plain, plain_len) : NULL;
	free(plain);
	if (!marked) {
		smart_error_oom(err);
		return NULL;
	}
	masked = smart_shapes_mask(shapes, marked, strlen(marked), NULL, err);
	free(marked);
	if (masked)
		smart__signature_absorb_paths(masked);
	return masked;
}

int smart_signature_shape(const char *value, size_t len, char *out, size_t size,
			  smart_error *err)
{
	char *masked;
	size_t at = 0;
	int cut = 0, space = 0;

	assert(size >= 8);
	out[0] = '\0';
	if (!(masked = smart__signature_mask(value, len, err)))
		return -1;
	for (const char *p = masked; *p && !cut; p++) {
		if (isspace((unsigned char)*p)) {
			space = at > 0;
			continue;
		}
		if (space)
			cut = put(out, size, &at, " ", 1);
		space = 0;
		/* an epoch is a number of ten digits: a value that is one on
		 * some pages and a shorter number on others is one shape */
		if (!cut && !strncmp(p, "{epoch}", 7)) {
			cut = put(out, size, &at, "{number}", 8);
			p += 6;
		} else if (!cut) {
			cut = *p == TOKEN_MARK ? put(out, size, &at, "{token}", 7)
					       : put(out, size, &at, p, 1);
		}
	}
	/* each byte was put alone: a character cut in two is taken out whole */
	for (size_t lead = at; cut && lead > 0;) {
		unsigned char c = (unsigned char)out[--lead];

		if ((c & 0xC0) == 0x80)
			continue;
		if (c >= 0xC0 && at - lead < (c >= 0xF0 ? 4u : c >= 0xE0 ? 3u : 2u))
			at = lead;
		break;
	}
	strcpy(out + at, cut ? "..." : "");
	free(masked);
	return 0;
}

/* The shape of a value that may be absent ("" then). */
static int value_shape(const char *v, char *out, size_t size, smart_error *err)
{
	out[0] = '\0';
	return v ? smart_signature_shape(v, strlen(v), out, size, err) : 0;
}

/* `from` into `to` (size bytes), cut whole characters with "..." after. */
static void copy_cut(char *to, size_t size, const char *from, int dots_before)
{
	size_t at = 0;

	if (dots_before)
		at = (size_t)snprintf(to, size, "...");
	if (put(to, size, &at, from, strlen(from)))
		strcpy(to + at, "...");
	else
		to[at] = '\0';
}

/* The shapes of an old and a new value (either may be NULL: "") into the
 * signature, from a little before where they first differ: two long
 * scripts or styles that differ past the bytes a signature keeps would
 * otherwise read the same, and another change in them would be this one. */
int smart__signature_pair_shapes(const char *ov, const char *nv, smart_signature *s,
				  smart_error *err)
{
	char o[SHAPE_WIDE], n[SHAPE_WIDE];
	size_t p = 0;

	if (value_shape(ov, o, sizeof(o), err) || value_shape(nv, n, sizeof(n), err))
		return -1;
	while (o[p] && o[p] == n[p])
		p++;
	if (!ov || !nv || p <= SHAPE_CONTEXT) {
		copy_cut(s->old_shape, sizeof(s->old_shape), o, 0);
		copy_cut(s->new_shape, sizeof(s->new_shape), n, 0);
		return 0;
	}
	p -= SHAPE_CONTEXT;
	while (p > 0 && ((unsigned char)o[p] & 0xC0) == 0x80)
		p--;
	copy_cut(s->old_shape, sizeof(s->old_shape), o + p, 1);
	copy_cut(s->new_shape, sizeof(s->new_shape), n + p, 1);
	return 0;
}
