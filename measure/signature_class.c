/* The class of a change signature: the key under which a review decides
 * it together with alike changes (include/smart/signature.h,
 * smart/change_group.h, docs/signatures.md). */
#include "smart/signature.h"

#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "smart/shard.h"
#include "signature_internal.h"

/* The place class of a location (measure/signature_reorder.h): the last
 * element and what of it changed, so that alike changes of alike places
 * group wherever the element sits. */
const char *smart__signature_place_class(const char *location)
{
	const char *last = strrchr(location, '/');

	if (!last)
		return location;
	if (strcmp(last, "/text()") == 0)
		for (const char *p = last; p > location;)
			if (*--p == '/')
				return p + 1;
	return last + 1;
}

/* Whether `v` holds a masked shape ("{date}") and nothing else but white
 * space and punctuation, uncut. */
static int only_shapes(const char *v)
{
	int shapes = 0;
	size_t n = strlen(v);

	if (n >= 3 && strcmp(v + n - 3, "...") == 0)
		return 0;
	for (const char *p = v; *p;) {
		size_t name = *p == '{' ? strspn(p + 1, "abcdefghijklmnopqrstuvwxyz") : 0;

		if (name && p[1 + name] == '}') {
			shapes = 1;
			p += name + 2;
		} else if (isspace((unsigned char)*p) || ispunct((unsigned char)*p)) {
			p++;
		} else {
			return 0;
		}
	}
	return shapes;
}

/* Whether `v` is a clock's reading and nothing else: one or more masked
 * time shapes ("{date}", "{time}", "{reltime}", "{duration}"), white space,
 * punctuation and the words AM and PM, uncut. */
static int only_clock(const char *v)
{
	static const char *const clock[] = { "{date}", "{time}", "{reltime}", "{duration}" };
	int shapes = 0;
	size_t n = strlen(v);

	if (n >= 3 && strcmp(v + n - 3, "...") == 0)
		return 0;
	for (const char *p = v; *p;) {
		size_t k = 0, len = 0;

		for (; k < sizeof(clock) / sizeof(clock[0]); k++)
			if (!strncmp(p, clock[k], len = strlen(clock[k])))
				break;
		if (k < sizeof(clock) / sizeof(clock[0])) {
			shapes = 1;
			p += len;
		} else if ((!strncasecmp(p, "am", 2) || !strncasecmp(p, "pm", 2)) &&
			   !isalnum((unsigned char)p[2])) {
			p += 2;
		} else if (isspace((unsigned char)*p) || (ispunct((unsigned char)*p) && *p != '{')) {
			p++;
		} else {
			return 0;
		}
	}
	return shapes;
}

#define DRAWING_MARKS 4 /* marks a drawing holds at least */

/* Whether `v` is a drawing made of marks: ASCII punctuation and white
 * space only (no letter, digit or masked shape, nothing beyond ASCII),
 * with DRAWING_MARKS marks or more ("/_ |", an ASCII-art captcha), cut or
 * not. */
static int only_marks(const char *v)
{
	size_t marks = 0;

	for (const unsigned char *p = (const unsigned char *)v; *p; p++) {
		if (*p >= 0x80 || isalnum(*p))
			return 0;
		marks += ispunct(*p) != 0;
	}
	return marks >= DRAWING_MARKS;
}

/* Which rule makes signature s one class with others. */
typedef enum { OWN, CLOCK, SAME_SHAPE, SHAPES_CHANGED, DRAWING, ONLY_SHAPES } class_rule;

static class_rule rule_of(const smart_signature *s)
{
	int value = s->kind == SMART_OP_UPDATE || s->kind == SMART_OP_ATTR_CHANGE;

	/* the clock moved: a value that reads a time, read again ("{date}" ->
	 * "{date}", "{reltime}" -> "{duration}", "{date} AM" -> "{date} PM"),
	 * one class wherever it is */
	if (value && only_clock(s->old_shape) && only_clock(s->new_shape))
		return CLOCK;
	if (value && strcmp(s->old_shape, s->new_shape) == 0 && strchr(s->old_shape, '{'))
		return SAME_SHAPE;
	/* a value printed in another shape ("{reltime}" -> "{duration}"):
	 * one class with the same change of shapes wherever it is */
	if (value && only_shapes(s->old_shape) && only_shapes(s->new_shape))
		return SHAPES_CHANGED;
	/* a drawing redrawn (an ASCII-art captcha: its shape differs on every
	 * page): one class at a place of the same kind */
	if (value && only_marks(s->old_shape) && only_marks(s->new_shape))
		return DRAWING;
	if (s->kind == SMART_OP_INSERT || s->kind == SMART_OP_DELETE) {
		const char *v = s->kind == SMART_OP_INSERT ? s->new_shape : s->old_shape;
		const char *text = v[0] == '<' && strchr(v, '>') ? strchr(v, '>') + 1 : v;

		if (only_shapes(text))
			return ONLY_SHAPES;
	}
	return OWN;
}

uint64_t smart_signature_class(const smart_signature *s)
{
	char key[SMART_SIGNATURE_LOCATION + 2 * SMART_SIGNATURE_VALUE + 32];
	const char *kind = smart_op_name(s->kind);
	const char *v = s->kind == SMART_OP_INSERT ? s->new_shape : s->old_shape;
	int n = 0;

	switch (rule_of(s)) {
	case CLOCK:
		n = snprintf(key, sizeof(key), "clock\x1f%s", kind);
		break;
	case SAME_SHAPE:
		n = snprintf(key, sizeof(key), "same shape\x1f%s\x1f%s\x1f%s", kind,
			     smart__signature_place_class(s->location), s->old_shape);
		break;
	case SHAPES_CHANGED:
		n = snprintf(key, sizeof(key), "shapes changed\x1f%s\x1f%s\x1f%s", kind,
			     s->old_shape, s->new_shape);
		break;
	case DRAWING:
		n = snprintf(key, sizeof(key), "drawing\x1f%s\x1f%s", kind,
			     smart__signature_place_class(s->location));
		break;
	case ONLY_SHAPES:
		n = snprintf(key, sizeof(key), "only shapes\x1f%s\x1f%s", kind,
			     v[0] == '<' && strchr(v, '>') ? strchr(v, '>') + 1 : v);
		break;
	case OWN:
		break;
	}
	if (n <= 0)
		return s->id;
	return smart_shard_hash(key, (size_t)n < sizeof(key) ? (size_t)n : sizeof(key) - 1);
}

uint64_t smart_signature_accept_class(const smart_signature *s)
{
	char key[SMART_SIGNATURE_LOCATION + 32];
	int n;

	if (rule_of(s) != CLOCK)
		return s->class_id;
	/* the clock's class, bounded to the kind of place it was read at */
	n = snprintf(key, sizeof(key), "clock at\x1f%s\x1f%s", smart_op_name(s->kind),
		     smart__signature_place_class(s->location));
	assert(n > 0);
	return smart_shard_hash(key, (size_t)n < sizeof(key) ? (size_t)n : sizeof(key) - 1);
}

const char *smart_signature_class_place(const smart_signature *s)
{
	if (s->class_id == s->id)
		return s->location;
	switch (rule_of(s)) {
	case CLOCK: /* grouped anywhere, remembered at its kind of place */
		return smart__signature_place_class(s->location);
	case SHAPES_CHANGED:
	case ONLY_SHAPES:
		return "*";
	default: /* the same shape, a drawing, or a reordering (measure/signature_reorder.c) */
		return smart__signature_place_class(s->location);
	}
}
