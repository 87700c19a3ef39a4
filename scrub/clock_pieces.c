/*
 * A form that offers the run's clock in pieces (scrub/internal.h,
 * smart__scrub_clock_pieces; part of smart_shapes_scrub). An edit form
 * defaults its date to now, one field per piece: WordPress's quick edit
 * prints the month as the selected <option> of a select, then day, year,
 * hour and minute inputs ("01" -> "15", "03" -> "07", "00" -> "42"). A
 * one- or two-digit number is no shape -- a quantity of "12" is content --
 * so, as for the clock's year, the evidence comes from the pair: the
 * moments that scrubbing took out of only one tree (a Unix epoch, an ISO
 * date-time) are that run's clock, and a control whose value is a piece of
 * the old clock in the old tree and the same piece of the new clock in the
 * new tree followed the clock.
 *
 * A list may print each row's own date the same way, in hidden elements
 * named by their class (<div class="jj">01</div>), and a row created
 * during the run carries the clock too: such an element counts as a
 * control named by its class.
 *
 * One number alone proves nothing (a count of 3 may become 7 when the
 * clock's month does), so a group -- the controls of one fieldset or form,
 * or else of one parent element -- follows the clock only when two or more
 * different pieces of it did. Then its other small numbers (0 to 59)
 * followed too: an hour cannot be checked, since the runs may print local
 * time in different zones, nor a second of a row created before the page
 * was printed.
 */
#include "smart/scrub.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "common/array.h"
#include "internal.h"

/* ---- the form controls that may hold a piece ---- */

/* A named control and the value it shows: an <input>'s value, the
 * selected <option> of a <select> (node: that option), or the lone number
 * of an element named by its class. */
typedef struct control {
	const char *name;
	uint32_t ordinal; /* among the tree's controls of that name */
	uint32_t node;
	uint32_t group;   /* the nearest fieldset or form, else the parent */
	const char **value_slot; /* NULL for an option */
	uint32_t *len_slot;      /* a text's length, or NULL */
	const char *value;
} control;

typedef struct controls {
	control *at;
	size_t n, cap;
} controls;

static const char *attr_value(const smart_tree *t, uint32_t i, const char *name)
{
	const smart_attr *a = smart_tree_attr(t, i, name);

	return a ? a->value : NULL;
}

static int is_named(const smart_tree *t, uint32_t i, const char *name)
{
	return t->nodes[i].kind == SMART_NODE_ELEMENT && strcmp(t->nodes[i].name, name) == 0;
}

static uint32_t group_of(const smart_tree *t, uint32_t i)
{
	for (uint32_t p = t->nodes[i].parent; p != SMART_NONE; p = t->nodes[p].parent)
		if (is_named(t, p, "fieldset") || is_named(t, p, "form"))
			return p;
	return t->nodes[i].parent;
}

/* The text node of element `i` when it is its only child and a number of
 * one, two or four digits; SMART_NONE otherwise. */
static uint32_t lone_number(const smart_tree *t, uint32_t i)
{
	uint32_t child = t->nodes[i].first_child;
	size_t len;

	if (t->nodes[i].kind != SMART_NODE_ELEMENT || t->nodes[i].child_count != 1 ||
	    t->nodes[child].kind != SMART_NODE_TEXT || !t->nodes[child].text)
		return SMART_NONE;
	len = t->nodes[child].text_len;
	return (len == 1 || len == 2 || len == 4) && smart__all_digits(t->nodes[child].text, len) ? child
											   : SMART_NONE;
}

/* The selected option of select `i` and its value (its text when it has
 * no value attribute); SMART_NONE when none is selected. */
static uint32_t selected_option(const smart_tree *t, uint32_t i, const char **value)
{
	for (uint32_t k = i + 1; k < i + t->nodes[i].size; k++) {
		uint32_t child;

		if (!is_named(t, k, "option") || !smart_tree_attr(t, k, "selected"))
			continue;
		*value = attr_value(t, k, "value");
		child = t->nodes[k].first_child;
		if (!*value && child != SMART_NONE && t->nodes[child].kind == SMART_NODE_TEXT)
			*value = t->nodes[child].text;
		return *value ? k : SMART_NONE;
	}
	return SMART_NONE;
}

static int push_control(controls *cs, const smart_tree *t, uint32_t i, const char *name,
			uint32_t node, const char **slot, uint32_t *len_slot, const char *value)
{
	if (smart__array_reserve((void **)&cs->at, &cs->cap, cs->n, sizeof(*cs->at), 16) < 0)
		return -1;
	cs->at[cs->n++] = (control){ name, 0, node, group_of(t, i), slot, len_slot, value };
	return 0;
}

static int by_name_then_order(const void *a, const void *b)
{
	const control *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	return c ? c : (x->node > y->node) - (x->node < y->node);
}

/* The named inputs and selects of `t` and its lone numbers named by a
 * class, sorted by name and then document order, each with its ordinal
 * within its name. */
static int collect_controls(smart_tree *t, controls *cs)
{
	for (uint32_t i = 0; i < t->count; i++) {
		const char *name, *class, *value = NULL;
		smart_attr *a;
		uint32_t option, text;

		if (t->nodes[i].kind != SMART_NODE_ELEMENT || t->nodes[i].attr_count == 0)
			continue;
		if (is_named(t, i, "input") && (name = attr_value(t, i, "name")) &&
		    (a = (smart_attr *)smart_tree_attr(t, i, "value")) && a->value &&
		    push_control(cs, t, i, name, i, &a->value, NULL, a->value))
			return -1;
		if (is_named(t, i, "select") && (name = attr_value(t, i, "name")) &&
		    (option = selected_option(t, i, &value)) != SMART_NONE &&
		    push_control(cs, t, i, name, option, NULL, NULL, value))
			return -1;
		if ((text = lone_number(t, i)) != SMART_NONE && (class = attr_value(t, i, "class")) &&
		    push_control(cs, t, i, class, text, &t->nodes[text].text, &t->nodes[text].text_len,
				 t->nodes[text].text))
			return -1;
	}
	if (cs->n)
		qsort(cs->at, cs->n, sizeof(*cs->at), by_name_then_order);
	for (size_t k = 1; k < cs->n; k++)
		if (strcmp(cs->at[k].name, cs->at[k - 1].name) == 0)
			cs->at[k].ordinal = cs->at[k - 1].ordinal + 1;
	return 0;
}

/* ---- which piece a value is ---- */

enum piece { PIECE_NONE = -1, PIECE_YEAR, PIECE_MONTH, PIECE_DAY, PIECE_MINUTE, PIECE_SECOND };

static int piece_of(const smart__moment *m, enum piece p)
{
	switch (p) {
	case PIECE_YEAR: return m->year;
	case PIECE_MONTH: return m->month;
	case PIECE_DAY: return m->day;
	case PIECE_MINUTE: return m->minute;
	case PIECE_SECOND: return m->second;
	default: return -1;
	}
}

/* The number a piece's value spells: one or two digits, or four for a
 * year; -1 otherwise. */
static int piece_number(const char *v, enum piece p)
{
	size_t len = strlen(v);

	if (!smart__all_digits(v, len) || !(p == PIECE_YEAR ? len == 4 : len == 1 || len == 2))
		return -1;
	return smart__digits_value(v, len);
}

/* Whether `v` is piece `p` of one of the moments in `only` (those of one
 * tree that the other lacks). A day or a month may be local: the same
 * moment's in any zone from UTC-12 to UTC+14 (Tokyo's midnight is still
 * yesterday in UTC). */
static int is_piece(const char *v, enum piece p, const smart__moment_set *only)
{
	int n = piece_number(v, p), local = p == PIECE_MONTH || p == PIECE_DAY;

	for (size_t i = 0; n >= 0 && i < only->n; i++) {
		const smart__moment *m = &only->at[i];
		smart__moment west = local ? smart__moment_shifted(m, -12 * 3600L) : *m;
		smart__moment east = local ? smart__moment_shifted(m, 14 * 3600L) : *m;

		if (piece_of(m, p) == n || piece_of(&west, p) == n || piece_of(&east, p) == n)
			return 1;
	}
	return 0;
}

/* The piece of the clock that a control's values followed, old -> new. */
static enum piece followed_piece(const char *old_value, const char *new_value,
				 const smart__moment_set *old_only, const smart__moment_set *new_only)
{
	for (enum piece p = PIECE_YEAR; p <= PIECE_SECOND; p++)
		if (is_piece(old_value, p, old_only) && is_piece(new_value, p, new_only))
			return p;
	return PIECE_NONE;
}

/* An hour or a second: a number of one or two digits up to 59. */
static int is_small_number(const char *v)
{
	int n = piece_number(v, PIECE_MINUTE);

	return n >= 0 && n <= 59;
}

/* The moments of `a` that `b` lacks. */
static void only_in(const smart__moment_set *a, const smart__moment_set *b, smart__moment_set *out)
{
	out->n = 0;
	for (size_t i = 0; i < a->n; i++) {
		size_t k = 0;

		while (k < b->n && !smart__moment_equal(&a->at[i], &b->at[k]))
			k++;
		if (k == b->n)
			out->at[out->n++] = a->at[i];
	}
}

/* ---- scrubbing the pieces ---- */

/* A control of the old tree and its twin (same name and ordinal) in the
 * new one, whose values differ. */
typedef struct twin {
	control *old_c, *new_c;
	enum piece piece; /* the piece of the clock it followed, or PIECE_NONE */
} twin;

static int same_group(const twin *a, const twin *b)
{
	return a->old_c->group == b->old_c->group && a->new_c->group == b->new_c->group;
}

/* The pieces of the clock that the group of tw[i] followed, as bits. */
static unsigned group_pieces(const twin *tw, size_t n, size_t i)
{
	unsigned kinds = 0;

	for (size_t k = 0; k < n; k++)
		if (tw[k].piece != PIECE_NONE && same_group(&tw[k], &tw[i]))
			kinds |= 1u << tw[k].piece;
	return kinds;
}

/* Whether twin `t`, in a group that followed the pieces `kinds`, may be
 * an hour or a second: a small number that is not the group's day or
 * month gone wrong (the old clock's day in the old tree while no field of
 * the group followed the day). */
static int may_be_hour_or_second(const twin *t, unsigned kinds, const smart__moment_set *old_only)
{
	const char *v = t->old_c->value;

	if (!is_small_number(v) || !is_small_number(t->new_c->value))
		return 0;
	return !(is_piece(v, PIECE_DAY, old_only) && !(kinds & (1u << PIECE_DAY))) &&
	       !(is_piece(v, PIECE_MONTH, old_only) && !(kinds & (1u << PIECE_MONTH)));
}

static int scrub_control(smart_tree *t, const control *c, smart_scrub_log *log)
{
	if (c->value_slot)
		return smart_scrub_log_set(log, c->value_slot, c->len_slot, "{clock}");
	return smart__scrub_remove_attribute(t, c->node, "selected", log);
}

/* The twins of the two sorted lists whose values differ. */
static size_t find_twins(controls *olds, controls *news, twin *tw,
			 const smart__moment_set *old_only, const smart__moment_set *new_only)
{
	size_t n = 0, i = 0, k = 0;

	while (i < olds->n && k < news->n) { /* a merge of the two sorted lists */
		control *a = &olds->at[i], *b = &news->at[k];
		int c = strcmp(a->name, b->name);

		if (!c)
			c = (a->ordinal > b->ordinal) - (a->ordinal < b->ordinal);
		i += c <= 0;
		k += c >= 0;
		if (c == 0 && strcmp(a->value, b->value) != 0)
			tw[n++] = (twin){ a, b, followed_piece(a->value, b->value, old_only, new_only) };
	}
	return n;
}

/* Pairs the controls, finds the groups that followed the clock, and
 * scrubs their pieces, hours and seconds; returns how many controls, or
 * -1 when out of memory. */
static int scrub_twins(smart_tree *old_clean, smart_tree *new_clean, controls *olds,
		       controls *news, const smart__moment_set *old_only,
		       const smart__moment_set *new_only, smart_scrub_log *log)
{
	twin *tw = malloc((olds->n ? olds->n : 1) * sizeof(*tw));
	size_t n = tw ? find_twins(olds, news, tw, old_only, new_only) : 0;
	int scrubbed = tw ? 0 : -1;

	for (size_t j = 0; j < n && scrubbed >= 0; j++) {
		unsigned kinds = group_pieces(tw, n, j);

		if (!(kinds & (kinds - 1))) /* fewer than two pieces: no clock */
			continue;
		if (tw[j].piece == PIECE_NONE && !may_be_hour_or_second(&tw[j], kinds, old_only))
			continue;
		if (scrub_control(old_clean, tw[j].old_c, log) || scrub_control(new_clean, tw[j].new_c, log))
			scrubbed = -1;
		else
			scrubbed++;
	}
	free(tw);
	return scrubbed;
}

int smart__scrub_clock_pieces(smart_tree *old_clean, smart_tree *new_clean,
			      const smart__moment_set *old_moments,
			      const smart__moment_set *new_moments, smart_scrub_log *log,
			      smart_error *err)
{
	smart__moment_set old_only, new_only;
	controls olds = { 0 }, news = { 0 };
	int scrubbed = 0;

	if (old_clean->format != SMART_FORMAT_HTML)
		return 0;
	only_in(old_moments, new_moments, &old_only);
	only_in(new_moments, old_moments, &new_only);
	if (!old_only.n || !new_only.n)
		return 0; /* no clock moved between the runs */
	if (collect_controls(old_clean, &olds) || collect_controls(new_clean, &news))
		scrubbed = -1;
	else
		scrubbed = scrub_twins(old_clean, new_clean, &olds, &news, &old_only, &new_only, log);
	free(olds.at);
	free(news.at);
	return scrubbed < 0 ? smart_error_oom(err) : scrubbed;
}
