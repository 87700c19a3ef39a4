/* Output-level perturbation: every operator does what its label promises. */
#include "../support/support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PAGES "tests/fixtures/perturb/pages"

static char *read_fixture(const char *name, size_t *len)
{
	char path[256], *data;
	smart_error err;

	snprintf(path, sizeof(path), "%s/%s", PAGES, name);
	assert_int_equal(smart_file_read(path, 1 << 20, &data, len, &err), 0);
	return data;
}

/* Applies `op` to the page with the first seed (of 50) for which it
 * applies; fails the test when none does. */
static void apply_some_seed(const char *page, smart_format format,
			    smart_perturb_op op, smart_perturbation *out)
{
	size_t len;
	char *data = read_fixture(page, &len);
	smart_error err;
	int rc = 0;

	for (uint64_t seed = 1; seed <= 50 && rc == 0; seed++)
		rc = smart_perturb_apply(&(smart_document){ data, len, page }, format, op, seed,
					 out, &err);
	free(data);
	if (rc != 1)
		fail_msg("%s does not apply to %s", smart_perturb_op_name(op), page);
}

/* Checks the promise of one operator on one page: change operators give a
 * different tree, reformatting operators the same tree in other text. */
static void check_op(const char *page, smart_format format, smart_perturb_op op)
{
	smart_perturbation p;
	smart_tree *a, *b;
	smart_error err;

	apply_some_seed(page, format, op, &p);
	assert_non_null(p.where);
	assert_false(p.old_len == p.new_len && memcmp(p.old_text, p.new_text, p.old_len) == 0);
	a = smart_tree_parse(p.old_text, p.old_len, p.format, "old", &err);
	b = smart_tree_parse(p.new_text, p.new_len, p.format, "new", &err);
	assert_non_null(a);
	assert_non_null(b);
	if (smart_perturb_op_is_format(op))
		assert_true(smart_tree_equal(a, b));
	else
		assert_false(smart_tree_equal(a, b));
	smart_tree_free(a);
	smart_tree_free(b);
	smart_perturbation_release(&p);
}

static void perturb_every_operator_keeps_its_promise_on_html(void **state)
{
	(void)state;
	for (int op = 0; op < SMART_PERTURB_OP_COUNT; op++)
		check_op("shop.html", SMART_FORMAT_HTML, (smart_perturb_op)op);
}

static void perturb_every_operator_but_tag_case_keeps_its_promise_on_xml(void **state)
{
	(void)state;
	for (int op = 0; op < SMART_PERTURB_OP_COUNT; op++)
		if (op != SMART_PERTURB_TAG_CASE)
			check_op("feed.xml", SMART_FORMAT_XML, (smart_perturb_op)op);
}

static void perturb_tag_case_never_applies_to_xml(void **state)
{
	size_t len;
	char *data = read_fixture("feed.xml", &len);
	smart_perturbation p;
	smart_error err;

	(void)state;
	for (uint64_t seed = 1; seed <= 10; seed++)
		assert_int_equal(smart_perturb_apply(&(smart_document){ data, len, "feed.xml" },
						     SMART_FORMAT_XML, SMART_PERTURB_TAG_CASE,
						     seed, &p, &err), 0);
	free(data);
}

static void perturb_default_labels_are_the_documented_table(void **state)
{
	(void)state;
	for (int op = 0; op < SMART_PERTURB_OP_COUNT; op++) {
		smart_perturb_op back;
		const char *want = smart_perturb_op_is_format((smart_perturb_op)op) ||
				   op == SMART_PERTURB_TEXT_DATE ? "ignore" : "inspect";

		assert_string_equal(smart_perturb_default_label((smart_perturb_op)op), want);
		assert_int_equal(smart_perturb_op_from_name(
				 smart_perturb_op_name((smart_perturb_op)op), &back), 0);
		assert_int_equal(back, op);
	}
}

static void perturb_same_seed_same_pairs_and_labels_follow_table(void **state)
{
	smart_perturb_op ops[SMART_PERTURB_OP_COUNT];
	smart_perturb_options o = SMART_PERTURB_OPTIONS_INIT;
	smart_perturb_summary s1, s2;
	smart_error err;
	char *a, *b;
	size_t la, lb;

	(void)state;
	for (int i = 0; i < SMART_PERTURB_OP_COUNT; i++)
		ops[i] = (smart_perturb_op)i;
	o.in = PAGES;
	o.ops = ops;
	o.op_count = SMART_PERTURB_OP_COUNT;
	o.pairs = 30;
	o.seed = 5;
	o.app = "shop";
	o.labels[SMART_PERTURB_ATTR_CHANGE] = "ignore";
	assert_int_equal(smart_perturb_run(&o, &a, &la, &s1, &err), 0);
	assert_int_equal(smart_perturb_run(&o, &b, &lb, &s2, &err), 0);
	assert_int_equal(s1.pairs, 30);
	assert_int_equal(s1.unreadable, 1); /* broken.xml */
	assert_int_equal(s1.inspect + s1.ignore, 30);
	assert_int_equal(la, lb);
	assert_memory_equal(a, b, la);
	/* every record: origin perturb, the label the (overridden) table gives */
	for (char *line = a; line < a + la;) {
		char *end = strchr(line, '\n');
		const char *note = strstr(line, "\"note\":\"");
		smart_perturb_op op;
		char name[32];
		int n = 0;

		assert_non_null(end);
		*end = '\0';
		assert_non_null(strstr(line, "\"origin\":\"perturb\""));
		assert_non_null(note);
		sscanf(note + 8, "%31[a-z-]%n", name, &n);
		assert_true(n > 0);
		assert_int_equal(smart_perturb_op_from_name(name, &op), 0);
		assert_non_null(strstr(line, op == SMART_PERTURB_ATTR_CHANGE ? "\"label\":\"ignore\""
					     : smart_perturb_default_label(op)[1] == 'n'
					     ? "\"label\":\"inspect\"" : "\"label\":\"ignore\""));
		line = end + 1;
	}
	free(a);
	free(b);
}

static void perturb_labels_file_overrides_and_rejects_unknown_operators(void **state)
{
	const char *labels[SMART_PERTURB_OP_COUNT] = { 0 };
	static const char table[] = "{\"attr-change\": \"ignore\", \"reindent\": \"inspect\"}";
	static const char unknown[] = "{\"frobnicate\": \"ignore\"}";
	static const char maybe[] = "{\"text-date\": \"maybe\"}";
	const char *good = write_temp_file("labels.json", table, strlen(table));
	smart_error err;

	(void)state;
	assert_int_equal(smart_perturb_labels_load(good, labels, &err), 0);
	assert_string_equal(labels[SMART_PERTURB_ATTR_CHANGE], "ignore");
	assert_string_equal(labels[SMART_PERTURB_REINDENT], "inspect");
	assert_null(labels[SMART_PERTURB_TEXT_DELETE]);
	good = write_temp_file("bad.json", unknown, strlen(unknown));
	assert_int_equal(smart_perturb_labels_load(good, labels, &err), -1);
	assert_non_null(strstr(err.message, "unknown operator 'frobnicate'"));
	good = write_temp_file("bad2.json", maybe, strlen(maybe));
	assert_int_equal(smart_perturb_labels_load(good, labels, &err), -1);
	assert_non_null(strstr(err.message, "bad2.json"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(perturb_every_operator_keeps_its_promise_on_html),
		cmocka_unit_test(perturb_every_operator_but_tag_case_keeps_its_promise_on_xml),
		cmocka_unit_test(perturb_tag_case_never_applies_to_xml),
		cmocka_unit_test(perturb_default_labels_are_the_documented_table),
		cmocka_unit_test(perturb_same_seed_same_pairs_and_labels_follow_table),
		cmocka_unit_test(perturb_labels_file_overrides_and_rejects_unknown_operators),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
