/* Hand-built alignments (see fake_diff.h). Small documents only: O(n·m). */
#include "fake_diff.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support.h"

/* The forced moves ride in a side array after the two matching arrays. */
typedef struct fake {
	smart_diff diff;
	uint8_t *moved; /* per old node */
	size_t cap;
} fake;

/* The node's path with every position written out (/html[1]/body[1]/p[1]),
 * so that adding a second p does not rename the first one. */
static void full_path(const smart_tree *t, uint32_t i, char *buf, size_t size)
{
	char tmp[512];

	buf[0] = 0;
	for (; i != 0 && i != SMART_NONE; i = t->nodes[i].parent) {
		snprintf(tmp, sizeof(tmp), "/%s[%u]%s", t->nodes[i].name, t->nodes[i].name_position, buf);
		snprintf(buf, size, "%s", tmp);
	}
}

smart_diff *fake_diff_by_path(const smart_tree *o, const smart_tree *n)
{
	fake *f = calloc(1, sizeof(*f));
	char a[512], b[512];

	assert_non_null(f);
	f->diff.old_tree = o;
	f->diff.new_tree = n;
	f->diff.old_to_new = malloc(o->count * sizeof(uint32_t));
	f->diff.new_to_old = malloc(n->count * sizeof(uint32_t));
	f->moved = calloc(o->count, 1);
	assert_true(f->diff.old_to_new && f->diff.new_to_old && f->moved);
	memset(f->diff.old_to_new, 0xff, o->count * sizeof(uint32_t));
	memset(f->diff.new_to_old, 0xff, n->count * sizeof(uint32_t));
	for (uint32_t i = 0; i < o->count; i++) {
		if (!smart_node_is_content(&o->nodes[i]))
			continue;
		full_path(o, i, a, sizeof(a));
		for (uint32_t j = 0; j < n->count; j++) {
			if (n->nodes[j].kind != o->nodes[i].kind)
				continue;
			full_path(n, j, b, sizeof(b));
			if (strcmp(a, b) == 0) {
				f->diff.old_to_new[i] = j;
				f->diff.new_to_old[j] = i;
				break;
			}
		}
	}
	return &f->diff;
}

void fake_diff_pair(smart_diff *d, uint32_t o, uint32_t n)
{
	if (d->old_to_new[o] != SMART_NONE)
		d->new_to_old[d->old_to_new[o]] = SMART_NONE;
	if (d->new_to_old[n] != SMART_NONE)
		d->old_to_new[d->new_to_old[n]] = SMART_NONE;
	d->old_to_new[o] = n;
	d->new_to_old[n] = o;
}

void fake_diff_move(smart_diff *d, uint32_t o)
{
	((fake *)d)->moved[o] = 1;
}

static void push(fake *f, smart_op_kind kind, uint32_t o, uint32_t n, uint32_t size,
		 const char *name, const char *ov, const char *nv)
{
	if (f->diff.op_count == f->cap) {
		f->cap = f->cap ? 2 * f->cap : 16;
		f->diff.ops = realloc(f->diff.ops, f->cap * sizeof(smart_edit_op));
		assert_non_null(f->diff.ops);
	}
	f->diff.ops[f->diff.op_count++] = (smart_edit_op){ kind, o, n, size, name, ov, nv };
}

static uint32_t content_size(const smart_tree *t, uint32_t i)
{
	uint32_t c = 0;

	for (uint32_t k = i; k < i + t->nodes[i].size; k++)
		c += smart_node_is_content(&t->nodes[k]);
	return c;
}

static void attribute_ops(fake *f, uint32_t o, uint32_t n)
{
	const smart_tree *ot = f->diff.old_tree, *nt = f->diff.new_tree;
	const smart_attr *x = ot->attrs + ot->nodes[o].attr_first;
	const smart_attr *xe = x + ot->nodes[o].attr_count;
	const smart_attr *y = nt->attrs + nt->nodes[n].attr_first;
	const smart_attr *ye = y + nt->nodes[n].attr_count;

	while (x < xe || y < ye) {
		int c = x == xe ? 1 : y == ye ? -1 : strcmp(x->name, y->name);

		if (c < 0) {
			push(f, SMART_OP_ATTR_DELETE, o, n, 1, x->name, x->value, NULL);
			x++;
		} else if (c > 0) {
			push(f, SMART_OP_ATTR_INSERT, o, n, 1, y->name, NULL, y->value);
			y++;
		} else {
			if (strcmp(x->value, y->value) != 0)
				push(f, SMART_OP_ATTR_CHANGE, o, n, 1, x->name, x->value, y->value);
			x++;
			y++;
		}
	}
}

void fake_diff_finish(smart_diff *d)
{
	fake *f = (fake *)d;
	const smart_tree *ot = d->old_tree, *nt = d->new_tree;
	smart_diff_summary *s = &d->summary;

	for (uint32_t i = 1; i < ot->count; i++) {
		uint32_t p = ot->nodes[i].parent, m = d->old_to_new[i];

		if (!smart_node_is_content(&ot->nodes[i]))
			continue;
		if (m == SMART_NONE && d->old_to_new[p] != SMART_NONE) {
			push(f, SMART_OP_DELETE, i, SMART_NONE, content_size(ot, i), NULL, NULL, NULL);
			s->deletes += content_size(ot, i);
		}
	}
	for (uint32_t j = 1; j < nt->count; j++) {
		uint32_t p = nt->nodes[j].parent, m = d->new_to_old[j];

		if (!smart_node_is_content(&nt->nodes[j]))
			continue;
		if (m == SMART_NONE && d->new_to_old[p] != SMART_NONE) {
			push(f, SMART_OP_INSERT, SMART_NONE, j, content_size(nt, j), NULL, NULL, NULL);
			s->inserts += content_size(nt, j);
		} else if (m != SMART_NONE &&
			   (f->moved[m] || d->old_to_new[ot->nodes[m].parent] != p)) {
			push(f, SMART_OP_MOVE, m, j, content_size(ot, m), NULL, NULL, NULL);
			s->moves += content_size(ot, m);
		}
	}
	for (uint32_t i = 0; i < ot->count; i++) {
		uint32_t m = d->old_to_new[i];

		if (m == SMART_NONE)
			continue;
		if (ot->nodes[i].kind == SMART_NODE_TEXT && strcmp(ot->nodes[i].text, nt->nodes[m].text)) {
			push(f, SMART_OP_UPDATE, i, m, 1, NULL, ot->nodes[i].text, nt->nodes[m].text);
			s->updates++;
		} else if (ot->nodes[i].kind == SMART_NODE_ELEMENT) {
			size_t before = d->op_count;

			attribute_ops(f, i, m);
			s->attribute_changes += (uint32_t)(d->op_count - before);
		}
	}
}

void fake_diff_free(smart_diff *d)
{
	fake *f = (fake *)d;

	if (!f)
		return;
	free(d->old_to_new);
	free(d->new_to_old);
	free(d->ops);
	free(f->moved);
	free(f);
}

double feature_of(const smart_tree *o, const smart_tree *n, const smart_diff *d,
		  const char *name)
{
	double values[64];
	smart_error err = { { 0 } };
	long k = smart_feature_index(name);
	smart_measure m = { .values = values };

	assert_true(k >= 0);
	assert_true(smart_feature_count() <= 64);
	assert_ptr_equal(d->old_tree, o);
	assert_ptr_equal(d->new_tree, n);
	if (smart_measure_aligned(d, &m, &err) < 0)
		fail_msg("features: %s", err.message);
	return values[k];
}

double fake_feature(const char *old_html, const char *new_html, const char *name)
{
	smart_tree *o = parse_html(old_html), *n = parse_html(new_html);
	smart_diff *d = fake_diff_by_path(o, n);
	double v;

	fake_diff_finish(d);
	v = feature_of(o, n, d, name);
	fake_diff_free(d);
	smart_tree_free(n);
	smart_tree_free(o);
	return v;
}
