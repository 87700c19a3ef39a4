/*
 * The "rescaled" scrubber (include/smart/scrub.h): rates a run computed
 * over its own time base. A monitoring page prints rates ("ø per hour:
 * 3,577,200", a column headed "ø per hour" over "2,835.6 k", "78 k") that
 * are counts divided by how long the server has been up; two clean runs
 * that count the same events over another uptime print every rate
 * multiplied by one factor (3/4 when the uptime grew by a third). No
 * single number shows it, but the pair does, as the clock's year and a
 * moved site's links are shown by the pair: when every text update that
 * differs only in its numbers is a rate (its own text, or the header of
 * its table column, says per second/minute/hour/day or /s, /min, /h),
 * they all agree on one factor other than 1, within the rounding of every
 * printed digit, and two or more numbers of different old values are
 * precise enough to say so, those numbers become "{rescaled}" in both
 * trees and their edits leave the script.
 *
 * A count is no rate: a seeded fault of gcovr doubles every "called N
 * times", another changes a covered count and its percentage together,
 * and without the rate check both were hidden (gcovr held out 0.9974 ->
 * 0.9759); a count that changed beside the rates refutes the rule too.
 * A rate beside an unchanged number in the same text ("25 of 300
 * requests per second" -> "25 of 225") refutes it (25 stayed 25), and so
 * does any rate that moved by another factor; one number alone, or
 * numbers too short to carry a factor ("3" -> "2"), prove nothing.
 * Issue 35, read from phpMyAdmin's server status pages: tuning until an
 * application nobody read confirms it (`--scrubbers -rescaled` turns it
 * off; tests/scrub/test_rescaled.c).
 */
#include "smart/scrub.h"
#include "smart/diffx.h"

#include <assert.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "internal.h"

/* The most numbers one text may hold for the rule to read it. */
#define MAX_NUMBERS 64
/* A number pair carries a factor when the factor's range is this narrow
 * (its upper bound over its lower): about two significant digits. */
#define PRECISE 1.25

static const char placeholder[] = "{rescaled}";

/* A number as printed: its value, the unit of its last digit, and where. */
typedef struct number {
	double value, unit;
	size_t start, end;
	const char *text;
} number;

static int is_digit(unsigned char c) { return c >= '0' && c <= '9'; }

static int is_word_byte(unsigned char c)
{
	return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
	       c >= 0x80;
}

/* Reads the number starting at s[i] (a digit): digits, thousands groups of
 * three after ',' ("3,577,200"), and a fraction after '.' (or after ','
 * when no group was read: "12,5"). Returns where it ends. */
static size_t read_number(const char *s, size_t i, number *n)
{
	size_t j = i, decimals = 0;
	double v = 0;
	int groups = 0;

	while (is_digit((unsigned char)s[j]))
		v = v * 10 + (s[j++] - '0');
	while (s[j] == ',' && is_digit((unsigned char)s[j + 1]) && is_digit((unsigned char)s[j + 2]) &&
	       is_digit((unsigned char)s[j + 3]) && !is_digit((unsigned char)s[j + 4])) {
		for (int k = 1; k <= 3; k++)
			v = v * 10 + (s[j + k] - '0');
		j += 4;
		groups = 1;
	}
	if ((s[j] == '.' || (s[j] == ',' && !groups)) && is_digit((unsigned char)s[j + 1])) {
		double scale = 1;

		for (j++; is_digit((unsigned char)s[j]); j++, decimals++) {
			scale /= 10;
			v += (s[j] - '0') * scale;
		}
	}
	n->value = v;
	n->unit = pow(10, -(double)decimals);
	n->start = i;
	n->end = j;
	n->text = s;
	return j;
}

/* The numbers of `s` that stand as words of their own (not "row_3",
 * "v2", "x1.5"), at most MAX_NUMBERS; -1 when there are more. */
static int numbers_of(const char *s, number *out)
{
	int n = 0;

	for (size_t i = 0; s[i];) {
		unsigned char prev = i ? (unsigned char)s[i - 1] : ' ';

		if (!is_digit((unsigned char)s[i]) || is_word_byte(prev) || prev == '.' || prev == ',') {
			i++;
			continue;
		}
		if (n == MAX_NUMBERS)
			return -1;
		i = read_number(s, i, &out[n++]);
	}
	return n;
}

/* Whether the texts `sa` and `sb` of n numbers each are equal around
 * them (the same bytes before, between and after). */
static int same_around(const char *sa, const number *a, const char *sb, const number *b, int n)
{
	size_t pa = 0, pb = 0;

	for (int k = 0; k <= n; k++) {
		size_t ea = k < n ? a[k].start : strlen(sa), eb = k < n ? b[k].start : strlen(sb);

		if (ea - pa != eb - pb || memcmp(sa + pa, sb + pb, ea - pa) != 0)
			return 0;
		if (k < n) {
			pa = a[k].end;
			pb = b[k].end;
		}
	}
	return 1;
}

/* Whether two numbers are printed alike. */
static int printed_alike(const number *a, const number *b)
{
	return a->end - a->start == b->end - b->start &&
	       memcmp(a->text + a->start, b->text + b->start, a->end - a->start) == 0;
}

/* What the updates that differ only in their numbers say of one factor:
 * its range [lo, hi], and the old values of the precise changed numbers
 * (two distinct ones are enough). */
typedef struct factor {
	double lo, hi;
	double first_old;
	int precise, distinct;
} factor;

/* Narrows f by the number a -> b: every factor b/a may be, each printed
 * value within one unit of its last digit of the true one (rounded or
 * cut). */
static void narrow(factor *f, const number *a, const number *b)
{
	double lo = (b->value - b->unit) / (a->value + a->unit);
	double hi = a->value - a->unit > 0 ? (b->value + b->unit) / (a->value - a->unit) : INFINITY;

	if (lo < 0)
		lo = 0;
	if (lo > f->lo)
		f->lo = lo;
	if (hi < f->hi)
		f->hi = hi;
	if (printed_alike(a, b) || !(lo > 0) || hi / lo > PRECISE)
		return;
	if (f->precise++ == 0)
		f->first_old = a->value;
	else if (a->value != f->first_old)
		f->distinct = 1;
}

/* Whether `s` names a rate per unit of time: "per hour", "per second",
 * "/s", "/min" (case aside), the unit ending a word. */
static int names_a_rate(const char *s)
{
	static const char *const units[] = { "seconds", "second", "sec", "s", "minutes", "minute",
					     "min", "hours", "hour", "hr", "h", "days", "day" };

	for (const char *p = s; *p; p++) {
		const char *u;

		if (*p == '/')
			u = p + 1;
		else if (strncasecmp(p, "per ", 4) == 0 && (p == s || !is_word_byte((unsigned char)p[-1])))
			u = p + 4;
		else
			continue;
		while (*u == ' ')
			u++;
		for (size_t k = 0; k < sizeof(units) / sizeof(units[0]); k++) {
			size_t len = strlen(units[k]);

			if (strncasecmp(u, units[k], len) == 0 && !is_word_byte((unsigned char)u[len]))
				return 1;
		}
	}
	return 0;
}

/* Whether a text node of the subtree of node i of t names a rate. */
static int subtree_names_a_rate(const smart_tree *t, uint32_t i)
{
	for (uint32_t k = i; k < i + t->nodes[i].size; k++)
		if (t->nodes[k].kind == SMART_NODE_TEXT && t->nodes[k].text && names_a_rate(t->nodes[k].text))
			return 1;
	return 0;
}

/* Whether element i of t is a table cell. */
static int is_cell(const smart_tree *t, uint32_t i)
{
	const char *name = t->nodes[i].name;

	return t->nodes[i].kind == SMART_NODE_ELEMENT && (strcmp(name, "td") == 0 || strcmp(name, "th") == 0);
}

/* The cell at position `column` (counting cells only) of row `row`, or
 * SMART_NONE. */
static uint32_t cell_at(const smart_tree *t, uint32_t row, uint32_t column)
{
	for (uint32_t c = t->nodes[row].first_child; c != SMART_NONE; c = t->nodes[c].next_sibling) {
		if (!is_cell(t, c))
			continue;
		if (column-- == 0)
			return c;
	}
	return SMART_NONE;
}

/* Whether the header of the table column that holds cell `cell` names a
 * rate: the cell at the same position of the table's first row, when
 * that row comes before the cell's own and the cell there is a <th>.
 * Only the first row is read, so that a long table costs one look per
 * cell, not one per row above it. */
static int column_names_a_rate(const smart_tree *t, uint32_t cell)
{
	uint32_t row = t->nodes[cell].parent, table = row, column = 0;

	for (uint32_t c = t->nodes[row].first_child; c != cell; c = t->nodes[c].next_sibling)
		column += is_cell(t, c);
	while (table != SMART_NONE && strcmp(t->nodes[table].name, "table") != 0)
		table = t->nodes[table].parent;
	if (table == SMART_NONE)
		return 0;
	for (uint32_t k = table + 1; k < row; k++) {
		uint32_t head;

		if (t->nodes[k].kind != SMART_NODE_ELEMENT || strcmp(t->nodes[k].name, "tr") != 0)
			continue;
		head = cell_at(t, k, column);
		return head != SMART_NONE && strcmp(t->nodes[head].name, "th") == 0 &&
		       subtree_names_a_rate(t, head);
	}
	return 0;
}

/* Whether text node i of t is a rate: its own text names one ("ø per
 * hour: 3,577,200"), or it lies in a table cell (at most three elements
 * up) whose column's header does ("ø per hour" over "2,835.6 k"). */
static int is_rate(const smart_tree *t, uint32_t i)
{
	uint32_t up = t->nodes[i].parent;

	if (t->nodes[i].text && names_a_rate(t->nodes[i].text))
		return 1;
	for (int level = 0; level < 3 && up != SMART_NONE; level++, up = t->nodes[up].parent)
		if (is_cell(t, up))
			return t->nodes[t->nodes[up].parent].kind == SMART_NODE_ELEMENT &&
			       column_names_a_rate(t, up);
	return 0;
}

/* What edit `op` of d is: 0 anything but a text update whose texts
 * differ only in their numbers; 1 such an update of a rate, whose numbers
 * then narrow f; -1 such an update of a number that is no rate (a count
 * that changed: then the pair is not only another time base). */
static int rate_update(const smart_diff *d, const smart_edit_op *op, factor *f, number *a, number *b)
{
	int na, nb, changed = 0;

	if (op->kind != SMART_OP_UPDATE || !op->old_value || !op->new_value)
		return 0;
	na = numbers_of(op->old_value, a);
	nb = numbers_of(op->new_value, b);
	if (na <= 0 || nb != na || !same_around(op->old_value, a, op->new_value, b, na))
		return 0;
	for (int k = 0; k < na; k++)
		changed |= !printed_alike(&a[k], &b[k]);
	if (!changed)
		return 0;
	if (!is_rate(d->old_tree, op->old_node))
		return -1;
	for (int k = 0; k < na; k++)
		narrow(f, &a[k], &b[k]);
	return 1;
}

/* `text` with each of its n numbers as the placeholder, in the log's
 * arena; NULL when out of memory. */
static char *masked(smart_scrub_log *log, const char *text, const number *nums, int n)
{
	size_t len = strlen(text), size = len + (size_t)n * sizeof(placeholder) + 1, at = 0, from = 0;
	char *out = smart_scrub_log_alloc(log, size);

	if (!out)
		return NULL;
	for (int k = 0; k < n; k++) {
		memcpy(out + at, text + from, nums[k].start - from);
		at += nums[k].start - from;
		memcpy(out + at, placeholder, sizeof(placeholder) - 1);
		at += sizeof(placeholder) - 1;
		from = nums[k].end;
	}
	memcpy(out + at, text + from, len - from);
	out[at + len - from] = '\0';
	assert(at + len - from < size);
	return out;
}

/* Sets the text of update `op` to its numbers' placeholders in both trees. */
static int scrub_update(smart_tree *old_clean, smart_tree *new_clean, const smart_edit_op *op,
			smart_scrub_log *log, number *a)
{
	int n = numbers_of(op->old_value, a);
	char *text = n > 0 ? masked(log, op->old_value, a, n) : NULL;
	smart_node *o = &old_clean->nodes[op->old_node], *w = &new_clean->nodes[op->new_node];

	if (!text)
		return -1;
	if (smart_scrub_log_set(log, &o->text, &o->text_len, text) ||
	    smart_scrub_log_set(log, &w->text, &w->text_len, text))
		return -1;
	return 0;
}

int smart_scrub_rescaled(smart_tree *old_clean, smart_tree *new_clean, smart_diff *d,
			 smart_scrub_log *log, smart_error *err)
{
	factor f = { .lo = 0, .hi = INFINITY };
	number *a, *b;
	unsigned char *drop;
	size_t kept = 0, found = 0;
	int removed = 0, counts_changed = 0;

	assert(d->old_tree == old_clean && d->new_tree == new_clean);
	if (d->op_count == 0)
		return 0;
	a = malloc(2 * MAX_NUMBERS * sizeof(*a));
	drop = calloc(d->op_count, 1);
	if (!a || !drop) {
		free(a);
		free(drop);
		return smart_error_oom(err);
	}
	b = a + MAX_NUMBERS;
	for (size_t i = 0; i < d->op_count; i++) {
		int kind = rate_update(d, &d->ops[i], &f, a, b);

		drop[i] = kind > 0;
		found += kind > 0;
		counts_changed |= kind < 0;
	}
	/* every changed number a rate, and one factor, other than 1, that two
	 * precise ones agree on */
	if (!found || counts_changed || !f.distinct || f.lo > f.hi || (f.lo <= 1 && f.hi >= 1))
		memset(drop, 0, d->op_count);
	for (size_t i = 0; i < d->op_count; i++) {
		if (drop[i] && scrub_update(old_clean, new_clean, &d->ops[i], log, a)) {
			free(a);
			free(drop);
			return smart_error_oom(err);
		}
	}
	for (size_t i = 0; i < d->op_count; i++) {
		if (drop[i])
			removed++;
		else
			d->ops[kept++] = d->ops[i];
	}
	free(a);
	free(drop);
	assert(d->summary.updates >= (uint32_t)removed);
	d->op_count = kept;
	d->summary.updates -= (uint32_t)removed;
	return removed;
}
