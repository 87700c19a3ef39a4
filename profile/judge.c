/*
 * Judging the edits of a pair (include/smart/profile.h,
 * smart_profile_judge): every DiffX edit is judged expected noise
 * ("volatile") or not, once, by the measuring stage, before the features
 * count them (features/volatility.c).
 *
 * An edit is volatile when
 *  - its location is in the profile (for all tests or for this test) and
 *    the values on both sides fit one of the location's patterns (values
 *    masked with every shape); structural edits (insert, delete, move)
 *    need a "/\*" entry at the parent, or a "/\*\*" region around it; or
 *  - it changes a text or attribute value only inside value shapes: both
 *    values are equal once the volatile shapes (the profile's, or the
 *    built-in ones without a profile) are masked ("Updated 10:41" ->
 *    "Updated 10:42"). A real change beside such a token is not masked
 *    away: "price 10 at 10:41" -> "price 12 at 10:42" is stable, and the
 *    masked values are kept so that its changed words can be counted word
 *    by word.
 */
#include "smart/profile.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "smart/diffx.h"

/* The per-pair state of the judgement. */
typedef struct judge {
	const smart_profile *p;
	const smart_diff *d;
	const smart_shapes *shapes; /* volatile everywhere */
	const smart_shapes *all;    /* for the profile's patterns; NULL without one */
	const smart_profile_test *test;
	smart_error *err;
} judge;

/* True when the profile accepts the change of `loc` from `old_value` to
 * `new_value` (either may be NULL: absent), the entry that does into *by.
 * -1 when out of memory. */
static int judge_profile_accepts(judge *j, const char *loc, const char *old_value,
				 const char *new_value, const smart_profile_entry **by)
{
	char *om = NULL, *nm = NULL;
	int yes = -1;

	*by = NULL;
	if (!j->p)
		return 0;
	if (old_value && !(om = smart__profile_mask(j->all, old_value, NULL, j->err)))
		goto done;
	if (new_value && !(nm = smart__profile_mask(j->all, new_value, NULL, j->err)))
		goto done;
	*by = smart_profile_entries_find(j->p->all, j->p->n_all, loc, om, nm);
	if (!*by && j->test)
		*by = smart_profile_entries_find(j->test->entries, j->test->n_entries, loc, om, nm);
	yes = *by != NULL;
done:
	free(om);
	free(nm);
	return yes;
}

/* A value edit: volatile (1), stable (0) or out of memory (-1); a stable
 * text update hands its values, volatile shapes masked, to *old_masked
 * and *new_masked (else they stay NULL); *by is the profile's entry that
 * explained it (NULL: none, or the value shapes alone). */
static int judge_value(judge *j, const smart_edit_op *op, char **old_masked, char **new_masked,
		       const smart_profile_entry **by)
{
	char *loc = smart_location_of_op(j->d, op), *om = NULL, *nm = NULL;
	int verdict = -1;

	*by = NULL;
	if (!loc) {
		smart_error_oom(j->err);
		return -1;
	}
	if (op->old_value && op->new_value) {
		om = smart_shapes_mask(j->shapes, op->old_value, strlen(op->old_value), NULL, j->err);
		nm = om ? smart_shapes_mask(j->shapes, op->new_value, strlen(op->new_value), NULL,
					    j->err)
			: NULL;
		if (!nm)
			goto done;
		if (strcmp(om, nm) == 0) {
			verdict = 1;
			goto done;
		}
	}
	verdict = judge_profile_accepts(j, loc, op->old_value, op->new_value, by);
	/* kept too where a bounded entry explained it: judge_limits may yet
	 * find the pair past that entry's limit and call it stable */
	if (op->kind == SMART_OP_UPDATE &&
	    (verdict == 0 || (verdict == 1 && smart_profile_entry_limit(*by) != SIZE_MAX))) {
		*old_masked = om;
		*new_masked = nm;
		om = nm = NULL;
	}
done:
	free(loc);
	free(om);
	free(nm);
	return verdict;
}

/* A structural edit: an insert or delete is volatile when the profile
 * says the parent's children come and go ("…/\*"), a move when they do or
 * when their order varies ("…/\*order"); *by is the entry that says so. */
static int judge_structure(judge *j, const smart_edit_op *op, const smart_profile_entry **by)
{
	char *loc = smart_location_of_op(j->d, op);
	int verdict;

	*by = NULL;
	if (!loc) {
		smart_error_oom(j->err);
		return -1;
	}
	verdict = judge_profile_accepts(j, loc, NULL, NULL, by);
	if (verdict == 0 && op->kind == SMART_OP_MOVE) {
		loc[strlen(loc) - strlen("order")] = '\0'; /* "…/\*order" -> "…/\*" */
		verdict = judge_profile_accepts(j, loc, NULL, NULL, by);
	}
	free(loc);
	return verdict;
}

/* An edit the profile explained, and the entry that did. */
typedef struct judged {
	const smart_profile_entry *by;
	size_t edit;
} judged;

/* An entry explains no more edits of one pair than its runs made there,
 * twice over (smart_profile_entry_limit): a fault that reorders a whole
 * list where the runs swapped two items, or rewrites every cell of a
 * column where the runs changed one, is not what the runs do. The edits
 * of an entry past its limit are stable, all of them. */
static int by_entry(const void *a, const void *b)
{
	uintptr_t x = (uintptr_t)((const judged *)a)->by, y = (uintptr_t)((const judged *)b)->by;

	return x < y ? -1 : x > y;
}

static int judge_limits(smart_edit_verdicts *out, const smart_profile_entry **by,
			smart_error *err)
{
	judged *v = malloc((out->n ? out->n : 1) * sizeof(*v));
	size_t n = 0;

	if (!v)
		return smart_error_oom(err);
	for (size_t i = 0; i < out->n; i++)
		if (by[i] && out->noise[i] && smart_profile_entry_limit(by[i]) != SIZE_MAX)
			v[n++] = (judged){ by[i], i };
	qsort(v, n, sizeof(*v), by_entry); /* the edits of one entry side by side */
	for (size_t at = 0, end; at < n; at = end) {
		for (end = at; end < n && v[end].by == v[at].by; end++)
			;
		if (end - at > smart_profile_entry_limit(v[at].by))
			for (size_t k = at; k < end; k++)
				out->noise[v[k].edit] = 0;
	}
	free(v);
	return 0;
}

int smart_profile_judge(const smart_profile *p, const char *test, const smart_diff *d,
			smart_edit_verdicts *out, smart_error *err)
{
	judge j = { .p = p, .d = d, .err = err };
	size_t n = d->op_count;
	const smart_profile_entry **by;

	memset(out, 0, sizeof(*out));
	j.shapes = p ? smart_shapes_of_thread(p->shapes, err) : smart_shapes_builtin(err);
	/* Only a profile's patterns need every shape: without one, compiling
	 * that set was a third of each thread's start on a corpus of small
	 * pages (cmark: 25 of its 1 460 million instructions, twice on two
	 * threads). */
	j.all = p ? smart_shapes_all(err) : NULL;
	if (!j.shapes || (p && !j.all))
		return -1;
	j.test = smart_profile_find_test(p, test);
	out->noise = calloc(n ? n : 1, 1);
	out->old_masked = calloc(n ? n : 1, sizeof(*out->old_masked));
	out->new_masked = calloc(n ? n : 1, sizeof(*out->new_masked));
	out->n = n;
	by = calloc(n ? n : 1, sizeof(*by));
	if (!out->noise || !out->old_masked || !out->new_masked || !by) {
		free(by);
		smart_edit_verdicts_free(out);
		return smart_error_oom(err);
	}
	for (size_t i = 0; i < n; i++) {
		const smart_edit_op *op = &d->ops[i];
		int v;

		switch (op->kind) {
		case SMART_OP_MOVE:
		case SMART_OP_INSERT:
		case SMART_OP_DELETE:
			v = judge_structure(&j, op, &by[i]);
			break;
		default: /* text updates and attribute edits */
			v = judge_value(&j, op, &out->old_masked[i], &out->new_masked[i], &by[i]);
			break;
		}
		if (v < 0) {
			free(by);
			smart_edit_verdicts_free(out);
			return -1;
		}
		out->noise[i] = (unsigned char)v;
	}
	if (judge_limits(out, by, err)) {
		free(by);
		smart_edit_verdicts_free(out);
		return -1;
	}
	free(by);
	return 0;
}

void smart_edit_verdicts_free(smart_edit_verdicts *v)
{
	for (size_t i = 0; i < v->n; i++) {
		free(v->old_masked ? v->old_masked[i] : NULL);
		free(v->new_masked ? v->new_masked[i] : NULL);
	}
	free(v->noise);
	free(v->old_masked);
	free(v->new_masked);
	memset(v, 0, sizeof(*v));
}
