/* The respelling walk (scrub/respell.c) that six scrubbers share: it
 * offers the rule every text or every attribute value as asked, with its
 * length and (for a value) its attribute; it stores exactly the values the
 * rule respells, counts them, and the log's undo gives every value back
 * (the same pointer); a rule that runs out of memory stops the walk with
 * -1 and the error set. */
#include "../support/support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scrub/internal.h"

static const char PAGE[] = "<html><body><p class=\"x1\">x text</p><p>plain</p>"
			   "<a href=\"x.html\" title=\"none\">x link</a></body></html>";

/* What the test rule saw. */
typedef struct seen {
	unsigned texts, attrs, wrong_length;
	int fail; /* return NULL (out of memory) on the first value */
} seen;

/* A rule that makes each value starting with "x" "{x}", and checks the
 * length it is given. */
static const char *x_respelled(smart_scrub_log *log, const char *v, size_t len,
			       const smart_attr *attr, void *ctx)
{
	seen *s = ctx;

	(void)log;
	if (s->fail)
		return NULL;
	s->texts += !attr;
	s->attrs += attr != NULL;
	s->wrong_length += len != strlen(v) || (attr && attr->value != v);
	return v[0] == 'x' ? "{x}" : v;
}

/* How many of `t`'s texts and attribute values are "{x}". */
static unsigned respelled_values(const smart_tree *t)
{
	unsigned n = 0;

	for (uint32_t i = 0; i < t->count; i++) {
		const smart_node *node = &t->nodes[i];

		n += node->kind == SMART_NODE_TEXT && node->text && strcmp(node->text, "{x}") == 0;
		for (uint32_t k = 0; node->kind == SMART_NODE_ELEMENT && k < node->attr_count; k++)
			n += strcmp(t->attrs[node->attr_first + k].value, "{x}") == 0;
	}
	return n;
}

/* Walks a fresh tree of PAGE over `where`; checks the count, what the rule
 * was offered and that undo restores the tree. */
static void walk_and_check(unsigned where, unsigned want_texts, unsigned want_attrs,
			   unsigned want_changed)
{
	smart_error err = { { 0 } };
	smart_tree *t = parse_html(PAGE);
	smart_scrub_log *log = smart_scrub_log_new(&err);
	smart_node *before = malloc(t->count * sizeof(*before));
	smart_attr *attrs_before = malloc(t->attr_total * sizeof(*attrs_before));
	seen s = { 0 };

	assert_non_null(log);
	assert_non_null(before);
	assert_non_null(attrs_before);
	memcpy(before, t->nodes, t->count * sizeof(*before));
	memcpy(attrs_before, t->attrs, t->attr_total * sizeof(*attrs_before));
	assert_int_equal(smart__scrub_respell_tree(t, log, where, x_respelled, &s), (int)want_changed);
	assert_int_equal(s.texts, want_texts);
	assert_int_equal(s.attrs, want_attrs);
	assert_int_equal(s.wrong_length, 0);
	assert_int_equal(respelled_values(t), want_changed);
	smart_scrub_log_undo(log);
	assert_memory_equal(before, t->nodes, t->count * sizeof(*before));
	assert_memory_equal(attrs_before, t->attrs, t->attr_total * sizeof(*attrs_before));
	free(before);
	free(attrs_before);
	smart_scrub_log_free(log);
	smart_tree_free(t);
}

static void texts_only_offers_every_text_and_no_attribute(void **state)
{
	(void)state;
	/* texts: "x text", "plain", "x link"; two start with x */
	walk_and_check(SMART__RESPELL_TEXTS, 3, 0, 2);
}

static void attributes_only_offers_every_value_with_its_attribute(void **state)
{
	(void)state;
	/* values: "x1", "x.html", "none"; two start with x */
	walk_and_check(SMART__RESPELL_ATTRS, 0, 3, 2);
}

static void both_count_every_respelled_value_and_undo_restores_them(void **state)
{
	(void)state;
	walk_and_check(SMART__RESPELL_TEXTS | SMART__RESPELL_ATTRS, 3, 3, 4);
}

static void a_rule_out_of_memory_stops_the_walk_with_the_error_set(void **state)
{
	smart_error err = { { 0 } };
	smart_tree *a = parse_html(PAGE), *b = parse_html(PAGE);
	smart_scrub_log *log = smart_scrub_log_new(&err);
	seen s = { .fail = 1 };

	(void)state;
	assert_non_null(log);
	assert_int_equal(smart__scrub_respell_tree(a, log, SMART__RESPELL_TEXTS, x_respelled, &s), -1);
	assert_int_equal(smart__scrub_respell_trees(a, b, log, SMART__RESPELL_ATTRS, x_respelled, &s,
						    &err), -1);
	assert_true(err.message[0] != '\0');
	smart_scrub_log_free(log);
	smart_tree_free(a);
	smart_tree_free(b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(texts_only_offers_every_text_and_no_attribute),
		cmocka_unit_test(attributes_only_offers_every_value_with_its_attribute),
		cmocka_unit_test(both_count_every_respelled_value_and_undo_restores_them),
		cmocka_unit_test(a_rule_out_of_memory_stops_the_walk_with_the_error_set),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
